package rewrite

import "testing"

// TestDownloaderStartupFiles: wget --config FILE (wget(1), "Startup
// File") and WGETRC, and curl's default .curlrc found through CURL_HOME,
// XDG_CONFIG_HOME or HOME (curl(1), -K), are options corral must see: a
// startup file it can read (named by --config or WGETRC) that only sets other commands passes (the -P
// corral adds overrides dir_prefix); one that sets output_document or
// input, that it cannot read, or that the command writes first, asks.
func TestDownloaderStartupFiles(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/tries.wgetrc": "# retry\ntries = 3\nrobots = off\n",
		"proj/dir.wgetrc":   "dir_prefix = /tmp/elsewhere\n",
		"proj/out.wgetrc":   "Output_Document = /tmp/elsewhere/.bashrc\n",
		"proj/in.wgetrc":    "input = urls.txt\n",
		"proj/odd.wgetrc":   "no_such_command = 1\n",
		"proj/curl.cfg":     "retry = 3\n",
	})
	tests := []struct{ cmd, want string }{
		{"wget --config=out.wgetrc https://x.io/a", "ask"},
		{"wget --config in.wgetrc", "ask"},
		{"wget --config=odd.wgetrc https://x.io/a", "ask"},
		{"wget --config=missing.wgetrc https://x.io/a", "ask"},
		{"echo 'output_document = /tmp/x' > tries.wgetrc; wget --config=tries.wgetrc https://x.io/a", "ask"},
		{"WGETRC=out.wgetrc wget https://x.io/a", "ask"},
		{"export WGETRC=odd.wgetrc; wget https://x.io/a", "ask"},
		{"CURL_HOME=. curl -o a https://x.io/a", "ask"},
		{"XDG_CONFIG_HOME=/tmp/c curl https://x.io/a > a", "ask"},
		{"echo 'output=/tmp/x' > curl.cfg; curl -K curl.cfg https://x.io/a", "ask"},
		// Look-alikes.
		{"wget --config=tries.wgetrc https://x.io/a", "rewrite"},
		// WGETRC names the file read instead of ~/.wgetrc: judged by
		// its text as --config's (TestConfigReadNotChanged).
		{"export WGETRC=tries.wgetrc; wget https://x.io/a", "rewrite"},
		{"wget --config=dir.wgetrc https://x.io/a", "rewrite"},
		{"wget --no-config https://x.io/a", "rewrite"},
		{"wget --config=out.wgetrc --no-config https://x.io/a", "rewrite"},
		{"CURL_HOME=. curl -q -o a https://x.io/a", "rewrite"},
		{"curl -K curl.cfg -o a https://x.io/a", "rewrite"},
	}
	for _, tt := range tests {
		r := Check(cfg, tt.cmd)
		if got := r.Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, r.Findings)
		}
	}
}
