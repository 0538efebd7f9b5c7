package rewrite

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/corral-dev/corral/syntax"
)

// dockerCall is one request the docker client sent the scripted engine.
type dockerCall struct {
	method, path, query string
	body                map[string]any
}

// scriptedEngine serves the Docker Engine API on a unix socket under
// dir, just enough for the docker client to send what it would run: the
// ping, an existing running container c1 created with -i (inspect), and
// a refusal of everything else, recorded (container create, exec create,
// attach, start). Nothing runs: no container engine is involved.
func scriptedEngine(t *testing.T, dir string) (sock string, calls func() []dockerCall) {
	t.Helper()
	sock = filepath.Join(dir, "engine.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Skipf("no unix socket here: %v", err)
	}
	var mu sync.Mutex
	var got []dockerCall
	version := regexp.MustCompile(`^/v[0-9.]+`)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path := version.ReplaceAllString(r.URL.Path, "")
		w.Header().Set("Api-Version", "1.45")
		w.Header().Set("Ostype", "linux")
		w.Header().Set("Content-Type", "application/json")
		switch {
		case path == "/_ping":
			_, _ = io.WriteString(w, "OK")
			return
		case r.Method == http.MethodGet && path == "/containers/c1/json":
			_, _ = io.WriteString(w, `{"Id":"c1","Name":"/c1","State":{"Status":"running","Running":true},`+
				`"Config":{"Image":"alpine","Cmd":["sh"],"OpenStdin":true,"AttachStdin":true,"StdinOnce":true}}`)
			return
		}
		c := dockerCall{method: r.Method, path: path, query: r.URL.RawQuery}
		if b, _ := io.ReadAll(r.Body); len(b) > 0 {
			_ = json.Unmarshal(b, &c.body)
		}
		mu.Lock()
		got = append(got, c)
		mu.Unlock()
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = io.WriteString(w, `{"message":"scripted engine: stop here"}`)
	})}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return sock, func() []dockerCall {
		mu.Lock()
		defer mu.Unlock()
		return append([]dockerCall(nil), got...)
	}
}

// strs returns a JSON array of strings as a slice (nil for null).
func strs(v any) []string {
	a, _ := v.([]any)
	var out []string
	for _, x := range a {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

// TestShellTextReadsStdinOracle runs the real sh with each -c text and
// a canary script on stdin, as a container's shell runs them: where a
// shell inside the text reads the outer stdin (cat | sh, cd /; exec sh,
// { sh -s; }) the canary is touched, and corral must deny docker run -i
// with that text and rm -rf /u on stdin (/usr at /u); where the text
// only copies or counts it, corral must pass.
func TestShellTextReadsStdinOracle(t *testing.T) {
	shell, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh here")
	}
	dir := t.TempDir()
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "home/.bashrc": ""})
	for i, text := range []string{`cat | sh`, `cd /; exec "sh"`, `{ sh -s; }`, `true; bash`, `wc -l`, `cat > /dev/null`, `sh -c 'echo hi'`} {
		canary := filepath.Join(dir, "canary-"+strings.Repeat("x", i))
		cmd := exec.Command(shell, "-c", text)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}
		cmd.Stdin = strings.NewReader("touch " + canary + "\n")
		out, _ := cmd.CombinedOutput()
		_, statErr := os.Stat(canary)
		ran := statErr == nil
		if ran != (i < 4) {
			t.Errorf("sh -c %q ran its stdin: %v, want %v (%s)", text, ran, i < 4, out)
		}
		judged := "docker run -i -v /usr:/u alpine sh -c " + syntax.Quote(text) + " <<EOF\nrm -rf /u\nEOF"
		want := Allow
		if ran {
			want = Deny
		}
		if d := Check(cfg, judged).Decision; d != want {
			t.Errorf("sh -c %q ran its stdin: %v (%s); %s: %v, want %v", text, ran, out, judged, d, want)
		}
	}
}

// TestContainerExecStdinOracle runs the real docker client against a
// scripted engine on a unix socket to show what TestContainerExecStdin
// models on the client's side: the program a container runs (docker run
// sends --entrypoint E as Entrypoint [E] and the words after the image
// as Cmd, its arguments; --entrypoint "" clears it; docker exec sends
// its words as the exec's Cmd, which the engine runs alone) and whether
// the client's stdin is handed to it (run -i: OpenStdin and AttachStdin;
// exec -i: AttachStdin, and not with -d; start -a -i: an attach with
// stdin=1). Where that program is a shell given no script and stdin
// reaches it, corral must deny the same shape with rm -rf /u on stdin
// and a host directory at /u (for exec and start, in a container the
// command made earlier), and pass it otherwise.
func TestContainerExecStdinOracle(t *testing.T) {
	docker, err := exec.LookPath("docker")
	if err != nil {
		t.Skip("the docker client is not installed here")
	}
	dir := t.TempDir()
	sock, calls := scriptedEngine(t, dir)
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "home/.bashrc": ""})
	const made = "docker run -d --name c1 -v /usr:/u alpine sleep 1d && "
	rows := []struct {
		name   string
		args   string // the docker client's words, split at spaces (EMPTY is "")
		judged string // the shape corral judges; STDIN is replaced by the script
	}{
		{"run-entrypoint-sh", "run -i --entrypoint sh alpine", "docker run -i --entrypoint sh -v /usr:/u alpine STDIN"},
		{"run-entrypoint-bash-s", "run -i --entrypoint /bin/bash alpine -s", "docker run -i --entrypoint /bin/bash -v /usr:/u alpine -s STDIN"},
		{"run-entrypoint-cleared", "run -i --entrypoint EMPTY alpine sh", "docker run -i --entrypoint= -v /usr:/u alpine sh STDIN"},
		{"run-entrypoint-c", "run -i --entrypoint sh alpine -c true", "docker run -i --entrypoint sh -v /usr:/u alpine -c true STDIN"},
		{"run-entrypoint-cat", "run -i --entrypoint cat alpine", "docker run -i --entrypoint cat -v /usr:/u alpine STDIN"},
		{"run-no-i", "run --entrypoint sh alpine", "docker run --entrypoint sh -v /usr:/u alpine STDIN"},
		{"exec-i-sh", "exec -i c1 sh", made + "docker exec -i c1 sh STDIN"},
		{"exec-interactive-bash-s", "exec --interactive c1 bash -s", made + "docker exec --interactive c1 bash -s STDIN"},
		{"exec-no-i", "exec c1 sh", made + "docker exec c1 sh STDIN"},
		{"exec-detached", "exec -d -i c1 sh", made + "docker exec -d -i c1 sh STDIN"},
		{"exec-i-cat", "exec -i c1 cat", made + "docker exec -i c1 cat STDIN"},
		{"start-ai", "start -a -i c1", "docker create -i --name c1 -v /usr:/u alpine sh && docker start -a -i c1 STDIN"},
		{"start-a", "start -a c1", "docker create -i --name c1 -v /usr:/u alpine sh && docker start -a c1 STDIN"},
		{"attach", "attach c1", "docker run -dit --name c1 -v /usr:/u alpine sh && docker attach c1 STDIN"},
		{"attach-no-stdin", "attach --no-stdin c1", "docker run -dit --name c1 -v /usr:/u alpine sh && docker attach --no-stdin c1 STDIN"},
	}
	isShell := regexp.MustCompile(`^(/bin/|/usr/bin/)?(sh|bash|dash|ash)$`)
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			before := len(calls())
			var words []string
			for _, w := range strings.Fields(row.args) {
				if w == "EMPTY" {
					w = ""
				}
				words = append(words, w)
			}
			cmd := exec.Command(docker, words...)
			cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "DOCKER_CONFIG=" + filepath.Join(dir, "cfg"),
				"DOCKER_HOST=unix://" + sock, "DOCKER_CLI_HINTS=false"}
			cmd.Stdin = strings.NewReader("touch canary\n")
			done := make(chan []byte, 1)
			go func() { out, _ := cmd.CombinedOutput(); done <- out }()
			var out []byte
			select {
			case out = <-done:
			case <-time.After(30 * time.Second):
				_ = cmd.Process.Kill()
				t.Fatalf("docker %s did not finish", row.args)
			}
			var program []string
			attached, seen := false, false
			for _, c := range calls()[before:] {
				switch {
				case c.method == http.MethodPost && c.path == "/containers/create":
					entry, argv := strs(c.body["Entrypoint"]), strs(c.body["Cmd"])
					if len(entry) == 1 && entry[0] == "" {
						entry = nil // --entrypoint "": cleared, the command runs alone
					}
					program = append(entry, argv...)
					attached = c.body["OpenStdin"] == true && c.body["AttachStdin"] == true
					seen = true
				case c.method == http.MethodPost && c.path == "/containers/c1/exec":
					program = strs(c.body["Cmd"])
					attached = c.body["AttachStdin"] == true && c.body["Detach"] != true
					seen = true
				case c.method == http.MethodPost && c.path == "/containers/c1/attach":
					program = []string{"sh"} // the command c1 was created with (inspect)
					attached = strings.Contains(c.query, "stdin=1") || strings.Contains(c.query, "stdin=true")
					seen = true
				case c.method == http.MethodPost && c.path == "/containers/c1/start" && !seen:
					program, seen = []string{"sh"}, true // started without an attach of stdin
				}
			}
			if !seen {
				t.Fatalf("docker %s sent no create, exec, attach or start: %v\n%s", row.args, calls()[before:], out)
			}
			script := len(program) > 0 && isShell.MatchString(program[0]) && (len(program) == 1 || len(program) == 2 && program[1] == "-s")
			runs := attached && script
			t.Logf("docker %s: program %q, stdin attached %v", row.args, program, attached)
			judged := strings.Replace(row.judged, "STDIN", "<<EOF\nrm -rf /u\nEOF", 1)
			want := Allow
			if runs {
				want = Deny
			}
			if d := Check(cfg, judged).Decision; d != want {
				t.Errorf("%s: %v, want %v (the client runs %q with stdin attached: %v)", judged, d, want, program, attached)
			}
		})
	}
}
