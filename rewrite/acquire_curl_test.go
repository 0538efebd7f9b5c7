package rewrite

import (
	"strings"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// callOf parses cmd and returns its first call.
func callOf(t *testing.T, cmd string) *syntax.Call {
	t.Helper()
	m, err := syntax.Analyze(cmd, syntax.Options{Cwd: "/home/u/proj", Home: "/home/u"})
	if err != nil || len(m.Calls) == 0 {
		t.Fatalf("%q: %v (%d calls)", cmd, err, len(m.Calls))
	}
	return m.Calls[0]
}

// curlScanCases are curl command lines whose options are easy to misread:
// bundles, attached values, values that look like options or URLs.
var curlScanCases = []struct {
	cmd      string
	outputs  []string // -o/--output values, in order
	remote   bool     // -O, --remote-name(-all)
	operands []string
}{
	{"curl -fsSLo f https://x/a", []string{"f"}, false, []string{"https://x/a"}},
	{"curl -sLodata.json https://x/a", []string{"data.json"}, false, []string{"https://x/a"}},
	{"curl -ofile https://x/a", []string{"file"}, false, []string{"https://x/a"}},
	{"curl -sLO https://x/a", nil, true, []string{"https://x/a"}},
	{"curl -#O https://x/a", nil, true, []string{"https://x/a"}},
	{"curl -fsSLOJ https://x/a", nil, true, []string{"https://x/a"}},
	{"curl -sSLH 'X: -o y' -o f https://x/a", []string{"f"}, false, []string{"https://x/a"}},
	{"curl -H -o -o f https://x/a", []string{"f"}, false, []string{"https://x/a"}},
	{"curl -d @body.json -X POST https://x/a", nil, false, []string{"https://x/a"}},
	{"curl -o a https://x/1 -o b https://x/2", []string{"a", "b"}, false, []string{"https://x/1", "https://x/2"}},
	{"curl --output=f https://x/a", nil, false, []string{"https://x/a"}},
	{"curl --output f --remote-name-all https://x/a", []string{"f"}, true, []string{"https://x/a"}},
	{"curl -u user:pass -e ref -A agent -w '%{http_code}' https://x/a", nil, false, []string{"https://x/a"}},
	{"curl -K cfg -T up.txt https://x/a", nil, false, []string{"https://x/a"}},
	{"curl -s -- -o", nil, false, []string{"-o"}},
	{"curl -Y 100 -y 30 -m 5 -C - -o f https://x/a", []string{"f"}, false, []string{"https://x/a"}},
}

func TestCurlScan(t *testing.T) {
	t.Parallel()
	for _, tc := range curlScanCases {
		c := callOf(t, tc.cmd)
		opts, operands := scan(c.Args, specFor("curl"))
		var outs []string
		for _, o := range find(opts, "o", "output") {
			outs = append(outs, o.val.Value)
		}
		var ops []string
		for _, i := range operands {
			ops = append(ops, c.Args[i].Value)
		}
		if strings.Join(outs, ",") != strings.Join(tc.outputs, ",") {
			t.Errorf("%s: outputs %q, want %q", tc.cmd, outs, tc.outputs)
		}
		if got := has(opts, "O", "remote-name", "remote-name-all"); got != tc.remote {
			t.Errorf("%s: remote = %v, want %v", tc.cmd, got, tc.remote)
		}
		if strings.Join(ops, ",") != strings.Join(tc.operands, ",") {
			t.Errorf("%s: operands %q, want %q", tc.cmd, ops, tc.operands)
		}
	}
}

// TestCurlOutputDir checks that -o values are made relative to an
// --output-dir, which curl prepends even to absolute paths.
func TestCurlOutputDir(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	sb := cfg.Sandbox
	for _, tc := range []struct{ cmd, want string }{
		{"curl -O https://x/a -o b https://x/b", "curl --output-dir " + sb + " -O https://x/a -o b https://x/b"},
		{"curl -O https://x/a -o /tmp/b https://x/b", "curl --output-dir " + sb + " -O https://x/a -o b https://x/b"},
		{"curl -O https://x/a -o agent_sandbox/s/b https://x/b", "curl --output-dir " + sb + " -O https://x/a -o s/b https://x/b"},
		{"curl --output-dir dl -o f https://x/a", "curl --output-dir " + sb + " -o f https://x/a"},
		{"curl --output-dir agent_sandbox -o ../f https://x/a", "curl --output-dir agent_sandbox -o f https://x/a"},
		{"curl --output-dir dl --create-dirs -o a/b https://x/a", "curl --output-dir " + sb + " --create-dirs -o a/b https://x/a"},
		{"curl -O -o - https://x/a https://x/b", "curl --output-dir " + sb + " -O -o - https://x/a https://x/b"},
		{`curl -O https://x/a -o "$f" https://x/b`, "curl --output-dir " + sb + ` -O https://x/a -o "$f" https://x/b`},
	} {
		r := Check(cfg, tc.cmd)
		if r.Decision != Rewrite || r.Rewritten != tc.want {
			t.Errorf("%s:\n got %s %q\nwant rewrite %q", tc.cmd, r.Decision, r.Rewritten, tc.want)
		}
	}
	if r := Check(cfg, "curl -O https://x/a -o /dev/null https://x/b"); r.Decision != Ask {
		t.Errorf("-O with -o /dev/null: %s, want ask", r.Decision)
	}
}

// TestCurlRecords checks which of curl's side files move.
func TestCurlRecords(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	moved := map[string]bool{
		"curl -D h.txt https://x/a":            true,
		"curl --dump-header=h.txt https://x/a": false, // no = form in curl: unknown option
		"curl --dump-header h.txt https://x/a": true,
		"curl --trace t.log https://x/a":       true,
		"curl --trace-ascii t.log https://x/a": true,
		"curl -D - https://x/a":                false,
		"curl -D % https://x/a":                false,
		"curl -c jar.txt https://x/a":          false,
		"curl --hsts hsts.txt https://x/a":     false,
		"curl --alt-svc svc.txt https://x/a":   false,
		"curl --etag-save e.txt https://x/a":   false,
		"curl --libcurl src.c https://x/a":     false,
		"curl --stderr err.txt https://x/a":    false,
	}
	for cmd, want := range moved {
		r := Check(cfg, cmd)
		if got := r.Decision == Rewrite; got != want {
			t.Errorf("%s: %s %q, want moved=%v", cmd, r.Decision, r.Rewritten, want)
		}
	}
}
