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

// TestCurlConfigFile reads real config files: one that only sets headers
// and a URL (the download goes to stdout) passes, one that names an
// output, a remote name or another config asks, as does one that is
// absent, a directory, or read from stdin.
func TestCurlConfigFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := map[string]string{
		"quiet.cfg":   "# fetch quietly\nsilent\nheader = \"Accept: application/json\"\nurl = \"https://example.com/a\"\n",
		"out.cfg":     "url = \"https://example.com/a\"\noutput = \"a.json\"\n",
		"dashed.cfg":  "--url https://example.com/a\n--output-dir /tmp/x\n",
		"bundle.cfg":  "-sO\nurl https://example.com/a\n",
		"short.cfg":   "-o a.json\n",
		"nested.cfg":  "config = other.cfg\n",
		"remote.cfg":  "remote-name\n",
		"colon.cfg":   "output: a.json\n",
		"comment.cfg": "# output = a.json\nretry = 3\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "adir"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Cwd: dir, Project: dir, Home: "/home/u", Sandbox: filepath.Join(dir, "agent_sandbox"), Mode: ModeRewrite, Approve: ApproveAuto}
	for cmd, want := range map[string]Decision{
		"curl -K quiet.cfg":               Allow,
		"curl -K comment.cfg https://x/a": Allow,
		"curl --config=quiet.cfg | jq .":  Allow,
		"curl -K out.cfg":                 Ask,
		"curl -K dashed.cfg":              Ask,
		"curl -K bundle.cfg":              Ask,
		"curl -K short.cfg":               Ask,
		"curl -K nested.cfg":              Ask,
		"curl -K remote.cfg":              Ask,
		"curl --config colon.cfg":         Ask,
		"curl -K missing.cfg":             Ask,
		"curl -K adir":                    Ask,
		"curl -K - < quiet.cfg":           Ask,
		"curl -K \"$CFG\"":                Ask,
		"curl -K quiet.cfg > page.json":   Rewrite,
		"curl -sK quiet.cfg -o a.json":    Rewrite,
		"cd adir && curl -K ../out.cfg":   Ask,
		"cd adir && curl -K ../quiet.cfg": Allow,
	} {
		if got := Check(cfg, cmd).Decision; got != want {
			t.Errorf("%s: decision %s, want %s", cmd, got, want)
		}
	}
	// A readable, harmless config still runs options corral did not
	// see on the command line: the rewrite is not auto-approved.
	if r := Check(cfg, "curl -K quiet.cfg -o a.json"); r.Decision != Rewrite || r.Approve {
		t.Errorf("curl -K quiet.cfg -o a.json: decision %s approve %v, want rewrite, not approved", r.Decision, r.Approve)
	}
}

// TestConfigWrittenOutsideRedirs (issue 12): a config file on disk that
// the command rewrites before the program reads it holds the new text,
// not the one corral reads now. A write through a call's own redirection
// was seen (printf … > c.cfg; curl -K c.cfg asked); one through a block's
// or a loop's redirection, exec > f, tee or program code was not, and
// the harmless text on disk let curl -K and wget --config pass (allow ->
// ask): the shell model's record of the files the command writes counts
// too. Look-alikes: the config alone, another file written first.
func TestConfigWrittenOutsideRedirs(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/c.cfg": "silent\n", "proj/rc": "tries = 3\n"})
	u := " https://example.com/x"
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"{ echo output=~/.ssh/x; } > c.cfg; curl -K c.cfg" + u, "ask"},
		{"( echo output=x ) > c.cfg; curl -K c.cfg" + u, "ask"},
		{"for i in 1; do echo output=x; done > c.cfg; curl -K c.cfg" + u, "ask"},
		{"exec 3>&1 > c.cfg; echo output=x; exec >&3; curl -K c.cfg" + u, "ask"},
		{"echo output=x | tee c.cfg; curl -K c.cfg" + u, "ask"},
		{`python3 -c "open('c.cfg','w').write('output=x')"; curl -K c.cfg` + u, "ask"},
		{"{ echo output_document=x; } > rc; wget --config=rc" + u, "ask"},
		{"printf 'output=x\\n' > c.cfg; curl -K c.cfg" + u, "ask"},
		// Look-alikes.
		{"curl -K c.cfg" + u, "allow"},
		{"{ echo hi; } > notes.txt; curl -K c.cfg" + u, "allow"},
		{"wget --config=rc -O - " + u + " | jq .", "allow"},
	})
}

// writtenConfigRows: a config the command writes with text the shell
// knows before curl -K or wget --config reads it is read as that text
// (before, any such write asked): one that only sets quiet options
// passes (ask -> allow), one that saves a file still asks. The file is
// not on disk when the hook runs (new.cfg).
var writtenConfigRows = []struct{ cmd, want string }{
	{"printf 'silent\\n' > new.cfg; curl -K new.cfg URL/a", "allow"},
	{"printf 'silent\\n' > new.cfg; curl --config=new.cfg URL/a", "allow"},
	{"{ echo silent; echo 'header = \"A: b\"'; } > new.cfg; curl -K new.cfg URL/a", "allow"},
	{"echo 'tries = 3' > new.rc; wget -q --config=new.rc -O - URL/a | cat", "allow"},
	{"printf 'output = \"x.txt\"\\n' > new.cfg; curl -K new.cfg URL/a", "ask"},
	{"printf 'remote-name\\n' > new.cfg; curl -K new.cfg URL/a.txt", "ask"},
	{"{ echo output=y.txt; } > new.cfg; curl -K new.cfg URL/a", "ask"},
	{"echo silent > new.cfg; echo '-o z.txt' >> new.cfg; curl -K new.cfg URL/a", "ask"},
	{"echo 'output_document = w.txt' > new.rc; wget -q --config=new.rc URL/a", "ask"},
	{"echo silent > new.cfg; cat other.cfg >> new.cfg; curl -K new.cfg URL/a", "ask"},
}

func TestWrittenConfigText(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/other.cfg": "output = \"v.txt\"\n"})
	rows := make([]struct{ cmd, want string }, 0, len(writtenConfigRows))
	for _, r := range writtenConfigRows {
		rows = append(rows, struct{ cmd, want string }{strings.ReplaceAll(r.cmd, "URL", "https://example.com"), r.want})
	}
	checkDecisions(t, cfg, rows)
}

// TestWrittenConfigTextOracle runs each row with the real curl and wget
// against a loopback server: corral asks exactly where the program saved
// a file the config named.
func TestWrittenConfigTextOracle(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"bash", "curl", "wget"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " is not installed")
		}
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("body\n")) }))
	defer srv.Close()
	for _, row := range writtenConfigRows {
		t.Run(row.cmd, func(t *testing.T) {
			cfg := scratchProject(t, map[string]string{"proj/other.cfg": "output = \"v.txt\"\n"})
			cmd := strings.ReplaceAll(row.cmd, "URL", srv.URL)
			r := Check(cfg, cmd)
			run := exec.Command("bash", "-c", cmd)
			run.Dir = cfg.Project
			run.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + cfg.Project, "CURL_HOME=" + cfg.Project}
			_, _ = run.CombinedOutput()
			entries, _ := os.ReadDir(cfg.Project)
			saved := false
			for _, e := range entries {
				switch e.Name() {
				case "new.cfg", "new.rc", "other.cfg":
				default:
					saved = true
				}
			}
			if (r.Decision == Ask) != saved {
				t.Errorf("%s: the program saved a file: %v; corral: %s (%v)", cmd, saved, r.Decision, r.Findings)
			}
		})
	}
}
