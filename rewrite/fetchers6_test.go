package rewrite

import (
	"strings"
	"testing"
)

// TestTorrentFetchers: webtorrent TORRENT with no command downloads into
// the working directory, as webtorrent download does, and is moved into
// the sandbox; transmission-cli --finish runs a script, read as one.
func TestTorrentFetchers(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/README":  "x\n",
		"proj/done.sh": "#!/bin/sh\nrm -rf ~\n",
		"proj/ok.sh":   "#!/bin/sh\necho done\n",
	})
	for _, cmd := range []string{"webtorrent 'magnet:?xt=urn:btih:abc'", "webtorrent https://e.x/a.torrent --select 0", "webtorrent downloadmeta 'magnet:?xt=urn:btih:abc'"} {
		r := Check(cfg, cmd)
		if r.Decision.String() != "rewrite" || !strings.Contains(r.Rewritten, " -o ") {
			t.Errorf("%s: %s %q, want a rewrite with -o (%v)", cmd, r.Decision, r.Rewritten, r.Findings)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"transmission-cli -w /tmp/dl -f ./done.sh x.torrent", "deny"},
		{"transmission-cli -w /tmp/dl --finish=./done.sh x.torrent", "deny"},
		{"transmission-cli -w /tmp/dl -f \"$S\" x.torrent", "ask"},
		// Look-alikes.
		{"transmission-cli -w /tmp/dl -f ./ok.sh x.torrent", "rewrite"},
		{"webtorrent seed README", "allow"},
		{"webtorrent info x.torrent", "allow"},
		{"webtorrent create README", "allow"},
		{"webtorrent --help", "allow"},
	})
}
