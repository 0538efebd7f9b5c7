package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCodeFileServers: a file server started from code serves its
// directory as python3 -m http.server -d DIR does: Python's
// SimpleHTTPRequestHandler with directory=, Ruby's WEBrick with
// DocumentRoot, Node's express.static. Serving the home directory or
// ~/.ssh serves the secrets (before: allowed; red team of 2026-12-05).
// Look-alikes: servers of a project directory, the words in a string.
func TestCodeFileServers(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/public/index.html": "x", "home/.ssh/id_rsa": "k"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`python3 -c 'import http.server, functools, os; h = functools.partial(http.server.SimpleHTTPRequestHandler, directory=os.path.expanduser("~")); http.server.test(HandlerClass=h)'`, "deny"},
		{`ruby -e 'require "webrick"; WEBrick::HTTPServer.new(Port: 8000, DocumentRoot: Dir.home).start'`, "deny"},
		{`ruby -e 'require "webrick"; WEBrick::HTTPServer.new(:DocumentRoot => File.expand_path("~/.ssh"), :Port => 8000).start'`, "deny"},
		{`node -e 'const express = require("express"); const a = express(); a.use(express.static(require("os").homedir())); a.listen(3000)'`, "deny"},
		// Look-alikes.
		{`python3 -c 'import http.server, functools; h = functools.partial(http.server.SimpleHTTPRequestHandler, directory="public"); http.server.test(HandlerClass=h)'`, "allow"},
		{`ruby -e 'require "webrick"; WEBrick::HTTPServer.new(Port: 8000, DocumentRoot: "public").start'`, "allow"},
		{`node -e 'const express = require("express"); const a = express(); a.use(express.static("public")); a.listen(3000)'`, "allow"},
		{`ruby -e 'puts "WEBrick DocumentRoot: ~"'`, "allow"},
	})
}

// TestCodeFileServersCwd: SimpleHTTPRequestHandler with no directory=
// serves the program's working directory, so after os.chdir to the home
// directory (or cd ~ before the program) it serves the home directory
// (before: allowed; red team of 2026-12-05). Look-alikes: the same
// server in the project or after a chdir into a project directory.
func TestCodeFileServersCwd(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/public/index.html": "x", "home/.ssh/id_rsa": "k"})
	const serve = `import http.server, socketserver; socketserver.TCPServer(("", 8000), http.server.SimpleHTTPRequestHandler).serve_forever()`
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`python3 -c 'import os; os.chdir(os.path.expanduser("~")); ` + serve + `'`, "deny"},
		{`python3 -c 'import os, http.server; os.chdir(os.path.expanduser("~/.ssh")); http.server.test(HandlerClass=http.server.SimpleHTTPRequestHandler)'`, "deny"},
		{`cd ~ && python3 -c '` + serve + `'`, "deny"},
		// Look-alikes.
		{`python3 -c '` + serve + `'`, "allow"},
		{`python3 -c 'import os; os.chdir("public"); ` + serve + `'`, "allow"},
	})
}

// TestCodeFileServersOracle starts the real servers on a loopback port
// with HOME set to a directory holding a canary and fetches the canary
// through them: what they serve is the directory named.
func TestCodeFileServersOracle(t *testing.T) {
	const canary = "CANARY_3b9a"
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, "secret"), []byte(canary), 0o600); err != nil {
		t.Fatal(err)
	}
	rows := []struct{ prog, flag, code string }{
		{"python3", "-c", `import http.server, functools, os, threading, urllib.request
h = functools.partial(http.server.SimpleHTTPRequestHandler, directory=os.path.expanduser("~"))
s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), h)
threading.Thread(target=s.serve_forever, daemon=True).start()
print(urllib.request.urlopen("http://127.0.0.1:%d/secret" % s.server_address[1]).read().decode())
s.shutdown()`},
		// No directory=: the working directory, here HOME after chdir.
		{"python3", "-c", `import http.server, os, threading, urllib.request
os.chdir(os.path.expanduser("~"))
s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
threading.Thread(target=s.serve_forever, daemon=True).start()
print(urllib.request.urlopen("http://127.0.0.1:%d/secret" % s.server_address[1]).read().decode())
s.shutdown()`},
		{"ruby", "-e", `require "webrick"; require "net/http"
s = WEBrick::HTTPServer.new(Port: 0, BindAddress: "127.0.0.1", DocumentRoot: Dir.home, Logger: WEBrick::Log.new(File::NULL), AccessLog: [])
t = Thread.new { s.start }
puts Net::HTTP.get(URI("http://127.0.0.1:#{s.config[:Port]}/secret"))
s.shutdown; t.join`},
	}
	for _, r := range rows {
		bin, err := exec.LookPath(r.prog)
		if err != nil {
			t.Logf("%s not installed, skipped", r.prog)
			continue
		}
		cmd := exec.Command(bin, r.flag, r.code)
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "HOME="+home)
		out, err := cmd.CombinedOutput()
		if !strings.Contains(string(out), canary) {
			t.Errorf("%s: the server did not serve HOME's canary (%v, %s)", r.prog, err, out)
		}
	}
}
