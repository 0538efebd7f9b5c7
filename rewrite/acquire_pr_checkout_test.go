package rewrite

import (
	"strings"
	"testing"
)

func TestPullURL(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		url, repo, number string
		ok                bool
	}{
		{"https://github.com/acme/widget/pull/42", "acme/widget", "42", true},
		{"https://github.com/acme/widget/pull/42/files", "acme/widget", "42", true},
		{"https://github.com/acme/widget/issues/42", "", "", false},
		{"42", "", "", false},
		{"https://github.com/acme", "", "", false},
	} {
		repo, n, ok := pullURL(tc.url)
		if repo != tc.repo || n != tc.number || ok != tc.ok {
			t.Errorf("pullURL(%q) = %q %q %v", tc.url, repo, n, ok)
		}
	}
}

func TestPrCheckoutReason(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	sb := cfg.Sandbox
	for cmd, want := range map[string]string{
		"gh pr checkout 42":                                    "gh repo clone <owner>/<repo> '" + sb + "/<repo>' && cd '" + sb + "/<repo>' && gh pr checkout 42",
		"gh pr checkout -R acme/widget 42":                     "gh repo clone acme/widget " + sb + "/widget && cd " + sb + "/widget && gh pr checkout 42",
		"gh pr checkout --repo=acme/widget --detach 42":        "gh repo clone acme/widget " + sb + "/widget && cd " + sb + "/widget && gh pr checkout 42",
		"gh pr checkout https://github.com/acme/widget/pull/9": "gh repo clone acme/widget " + sb + "/widget && cd " + sb + "/widget && gh pr checkout 9",
		"gh pr checkout -b review 42":                          "gh pr checkout 42",
		"gh -R acme/widget pr checkout 42":                     "gh repo clone acme/widget",
	} {
		r := Check(cfg, cmd)
		if r.Decision != Deny || len(r.Findings) != 1 || !strings.Contains(r.Findings[0].Message, want) {
			t.Errorf("%s: %s %+v\nwant a reason containing %q", cmd, r.Decision, r.Findings, want)
		}
	}
	for _, cmd := range []string{
		"cd agent_sandbox/widget && gh pr checkout 42",
		"gh repo clone acme/widget && cd widget && gh pr checkout 42",
		"git clone https://github.com/acme/widget.git w && cd w/src && gh pr checkout 42",
		"gh pr view 42",
	} {
		if r := Check(cfg, cmd); r.Decision == Deny {
			t.Errorf("%s: denied: %+v", cmd, r.Findings)
		}
	}
}
