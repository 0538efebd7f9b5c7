package rewrite

import (
	"strings"
	"testing"
)

func TestSubmoduleAdd(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	for cmd, want := range map[string]string{
		"git submodule add https://github.com/acme/lib.git vendor/lib":         "git clone https://github.com/acme/lib.git " + cfg.Sandbox + "/lib",
		"git submodule add -b main --name l https://github.com/acme/lib.git":   "git clone https://github.com/acme/lib.git " + cfg.Sandbox + "/lib",
		"git -C sub submodule --quiet add --depth 1 git@github.com:acme/x.git": "git clone git@github.com:acme/x.git " + cfg.Sandbox + "/x",
	} {
		r := Check(cfg, cmd)
		if r.Decision != Ask || len(r.Findings) != 1 || !strings.Contains(r.Findings[0].Message, want) {
			t.Errorf("%s: %s %+v\nwant advice %q", cmd, r.Decision, r.Findings, want)
		}
	}
	for _, cmd := range []string{"git submodule update --init --recursive", "git submodule status", "git submodule foreach git pull"} {
		if r := Check(cfg, cmd); r.Decision != Allow {
			t.Errorf("%s: %s, want allow", cmd, r.Decision)
		}
	}
}
