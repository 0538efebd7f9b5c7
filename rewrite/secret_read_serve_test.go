package rewrite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeReasonNamesTheWayOn: a static file server of a directory that
// holds a secret (the project, with a git-ignored .env) is refused as a
// read of it is, and the reason says that the server hands the file to
// any client and how to serve a directory without it; serving the built
// site passes.
func TestServeReasonNamesTheWayOn(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.env":            "K=1\n",
		"proj/.gitignore":      ".env\n",
		"proj/dist/index.html": "hi",
	})
	for _, tt := range []struct{ cmd, hint string }{
		{"python3 -m http.server 8000", "python3 -m http.server --directory dist"},
		{"python3 -m http.server --bind 127.0.0.1", "python3 -m http.server --directory dist"},
		{"php -S localhost:8000", "php -S localhost:8000 -t public"},
		{"npx serve", "serve dist"},
		{"darkhttpd . --port 8080", "darkhttpd dist"},
		{"miniserve -H -p 8080 .", "miniserve dist"},
		{"sfz -a -I", "sfz dist"},
		{"updog -p 9090", "updog -d dist"},
		{"caddy file-server --listen :8080", "caddy file-server --root dist"},
		{"python3 -m uploadserver 8000", "python3 -m uploadserver --directory dist"},
	} {
		r := Check(cfg, tt.cmd)
		if r.Decision != Deny || len(r.Findings) == 0 {
			t.Errorf("%s: %s, want deny", tt.cmd, r.Decision)
			continue
		}
		msg := r.Findings[0].Message
		if !strings.Contains(msg, "serves everything under") || !strings.Contains(msg, "to any client") || !strings.Contains(msg, tt.hint) {
			t.Errorf("%s: reason %q does not say what the server does and how to go on (%q)", tt.cmd, msg, tt.hint)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"python3 -m http.server --directory dist", "allow"},
		{"python3 -m http.server -d dist 8000", "allow"},
		{"cd dist && python3 -m http.server", "allow"},
		{"darkhttpd dist --port 8080", "allow"},
		{"updog -d dist", "allow"},
		{"caddy file-server --root dist", "allow"},
		{"python3 -m uploadserver --directory dist", "allow"},
		{"cat .env", "deny"},
	})
}

// TestServeMoreStaticServers: the other common static file servers, each
// read as its documentation and source give its directory (darkhttpd
// DIR, its first argument; miniserve [PATH] and sfz [PATH], the working
// directory by default, and both leave out hidden files unless -H or -a;
// updog -d DIR; caddy file-server --root DIR; python -m uploadserver
// -d DIR, with argparse's abbreviations): serving the home directory or
// ~/.ssh is denied, with the options that take a value (a port, an
// address) skipped, not taken for the directory; a plain directory such
// as ~/site passes, and so does the working directory of a project that
// holds no secret. caddy run and caddy start, which serve what a config
// says, are left alone.
func TestServeMoreStaticServers(t *testing.T) {
	t.Parallel()
	cfg := secretScratch(t)
	if err := os.MkdirAll(filepath.Join(cfg.Home, "site"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg.Home, "site", "index.html"), []byte("hi"), 0o644); err != nil {
		t.Fatal(err)
	}
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		{`darkhttpd ~`, Deny},
		{`darkhttpd ~/.ssh --port 8080 --addr 0.0.0.0`, Deny},
		{`darkhttpd $HOME --log /tmp/access.log --maxconn 4`, Deny},
		{`darkhttpd --port 8080 ~/.ssh`, Deny}, // darkhttpd itself stops at 8080; judged all the same
		{`darkhttpd .`, Deny},                  // the project's .env
		{`miniserve ~/.ssh`, Deny},
		{`miniserve -p 8080 -i 0.0.0.0 ~/.ssh`, Deny},
		{`miniserve --port=8080 -H ~`, Deny},
		{`miniserve --hidden --title home ~`, Deny},
		{`miniserve -z -p 8080 ~`, Deny}, // the zip download packs hidden files too
		{`miniserve -u -p 8080 ~/.ssh`, Deny},
		{`miniserve -u -- ~/.ssh`, Deny},
		{`miniserve -u uploads ~/.ssh`, Deny},
		{`miniserve -o rename ~/.ssh`, Deny},
		{`miniserve --auth joe:123 ~/.ssh/id_ed25519`, Deny},
		{`MINISERVE_PATH=~/.ssh miniserve`, Deny},
		{`cd ~ && miniserve -H`, Deny},
		{`miniserve -H .`, Deny},
		{`sfz ~/.ssh`, Deny},
		{`sfz -p 8080 -b 0.0.0.0 -c 60 ~/.ssh`, Deny},
		{`sfz -a ~`, Deny},
		{`sfz --all --port 8080 ~`, Deny},
		{`updog -d ~`, Deny},
		{`updog -p 9090 --password pw -d ~/.ssh`, Deny},
		{`updog --dir $HOME`, Deny},
		{`cd ~ && updog -p 9090`, Deny},
		{`updog`, Deny}, // the project's .env
		{`python3 -m updog -d ~`, Deny},
		{`caddy file-server --root ~`, Deny},
		{`caddy file-server --listen :8080 --browse --root ~/.ssh`, Deny},
		{`caddy file-server -l :8080 -r ~`, Deny},
		{`cd ~ && caddy file-server --browse`, Deny},
		{`cd ~ && python3 -m uploadserver`, Deny},
		{`python3 -m uploadserver 8080 --directory ~/.ssh`, Deny},
		{`python3 -m uploadserver -b 0.0.0.0 -d ~ 8000`, Deny},
		{`python3 -m uploadserver --basic-auth u:p --dir ~`, Deny},
		{`python3 -m uploadserver 8000`, Deny}, // the project's .env
		// Look-alikes.
		{`darkhttpd ~/site --port 8080`, Allow},
		{`darkhttpd --help`, Allow},
		{`miniserve -p 8080 ~/site`, Allow},
		{`miniserve -i 0.0.0.0 -p 8080 ~/site`, Allow},
		{`miniserve -u -p 8080 ~/site`, Allow},
		{`miniserve ~`, Allow}, // hidden files are not served
		{`miniserve .`, Allow}, // nor the project's .env
		{`miniserve --help`, Allow},
		{`sfz -p 8080 -b 0.0.0.0 ~/site`, Allow},
		{`sfz ~`, Allow},
		{`sfz`, Allow},
		{`updog -p 9090 -d ~/site`, Allow},
		{`updog --version`, Allow},
		{`caddy file-server -l :8080 -r ~/site`, Allow},
		{`caddy file-server export-template`, Allow},
		{`caddy run --config Caddyfile`, Allow},
		{`caddy start`, Allow},
		{`python3 -m uploadserver --bind 0.0.0.0 --directory ~/site 8000`, Allow},
		{`cd ~/site && python3 -m uploadserver`, Allow},
	})
	ordinary := scratchProject(t, map[string]string{
		"proj/a.go":            "package a\n",
		"proj/README.md":       "r\n",
		"home/.ssh/id_ed25519": "k",
		"home/site/index.html": "hi",
	})
	testRuleWith(t, ordinary, "secret-read", []ruleCase{
		{`darkhttpd . --port 8080`, Allow},
		{`miniserve -H -p 8080 .`, Allow},
		{`sfz -a -p 8080`, Allow},
		{`updog -p 9090`, Allow},
		{`caddy file-server --listen :8080 --browse`, Allow},
		{`python3 -m uploadserver 8000`, Allow},
		{`miniserve -p 8080 ~/site`, Allow},
		{`darkhttpd ~ --port 8080`, Deny},
		{`caddy file-server --root ~/.ssh`, Deny},
	})
}
