package rewrite

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSecretContentNotReported: a secret file the analysis reads (read,
// mapfile, a loop's input, source) gives values that land in paths a
// finding names; none of its content may reach a report, which the agent
// sees in a refusal or by running corral rewrite explain (found while
// closing red team 7's read/mapfile class: "rm deletes
// /API_KEY=sk-live-…"). The decision stays what it was.
func TestSecretContentNotReported(t *testing.T) {
	t.Parallel()
	const canary = "sk-live-canary4567"
	cfg := scratchProject(t, map[string]string{
		"home/.claude/settings.json": "{}",
		"proj/.env":                  "API_KEY=" + canary + "\nexport DB_PASSWORD='hunter2hunter2'\n",
		"proj/notes.txt":             "API_KEY=not-a-secret-value\n",
	})
	for _, cmd := range []string{
		`read -r t < .env; rm -rf "/$t"`,
		`mapfile -t L < .env; rm -rf "/${L[0]}"`,
		`while read -r l; do touch "/x/$l"; done < .env`,
		`source .env; rm -rf "/$API_KEY"`,
		`. ./.env; cp notes.txt "/srv/$DB_PASSWORD"`,
		`set -a; . ./.env; set +a; $API_KEY`,
	} {
		r := Check(cfg, cmd)
		if r.Decision != Deny {
			t.Errorf("%s: %s, want deny (it reads .env)", cmd, r.Decision)
		}
		out, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		for _, leak := range []string{canary, "hunter2hunter2"} {
			if strings.Contains(string(out), leak) {
				t.Errorf("%s: the report holds the secret %q: %s", cmd, leak, out)
			}
		}
	}
	// A file that is no secret is reported as it is: the values name the
	// paths the command really touches.
	r := Check(cfg, `read -r t < notes.txt; rm -rf "/$t"`)
	out, _ := json.Marshal(r)
	if !strings.Contains(string(out), "not-a-secret-value") {
		t.Errorf("a plain file's value is missing from the report: %s", out)
	}
}

// TestSecretDerivedNotReported: a value the command cuts or changes from
// a secret it read (${t:3:8}, ${t^^}, ${t//a/b}, a copy of a part) is
// taken out of the report as the secret's own text is: every word whose
// variables hold a secret's content has the parts of its value that the
// command did not write itself scrubbed. Words with no secret in them,
// and the decision, are as before.
func TestSecretDerivedNotReported(t *testing.T) {
	t.Parallel()
	const canary = "skliveCANARYabcdefgh"
	cfg := scratchProject(t, map[string]string{
		"home/.claude/settings.json": "{}",
		"proj/.env":                  "API_KEY=" + canary + "\n",
	})
	for _, tt := range []struct{ cmd, leak string }{
		{`read -r t < .env; rm -rf "/${t:14:6}"`, "CANARY"},
		{`read -r t < .env; rm -rf "/x/${t:20:2}"`, "ab"},
		{`read -r t < .env; rm -rf "/${t^^}"`, "SKLIVECANARYABCDEFGH"},
		{`read -r t < .env; rm -rf "/${t//CANARY/-}"`, "API_KEY=sklive-abcdefgh"},
		{`source .env; k=${API_KEY:6:6}; rm -rf "/srv/$k"`, "CANARY"},
		{`source .env; rm -rf "/srv/${API_KEY,,}/data"`, "skliveCANARYabcdefgh"},
	} {
		r := Check(cfg, tt.cmd)
		if r.Decision != Deny {
			t.Errorf("%s: %s, want deny (it reads .env)", tt.cmd, r.Decision)
		}
		out, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		low := strings.ToLower(string(out))
		for _, leak := range []string{tt.leak, strings.ToLower(canary)} {
			if strings.Contains(low, strings.ToLower(leak)) && len(leak) >= 4 || len(leak) < 4 && strings.Contains(string(out), "/x/"+leak) {
				t.Errorf("%s: the report holds %q, derived from the secret: %s", tt.cmd, leak, out)
			}
		}
	}
	// Words the command wrote itself stay: the path it deletes is named.
	r := Check(cfg, `read -r t < .env; rm -rf "/srv/data/${t:0:2}"`)
	out, _ := json.Marshal(r)
	if !strings.Contains(string(out), "/srv/data/") {
		t.Errorf("the command's own text is missing from the report: %s", out)
	}
}
