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
