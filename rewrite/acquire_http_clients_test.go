package rewrite

import "testing"

// TestHTTPClients: httpie and xh (http(1): -o FILE, --download), curlie,
// the text browsers' -dump/-source and gh api (gh-api(1): the answer on
// stdout) download as curl does: a saved file or a redirected answer moves
// into the sandbox, --download without -o asks; what they print and
// nothing saves, and their other commands, pass.
func TestHTTPClients(t *testing.T) {
	t.Parallel()
	testRule(t, "http-client", []ruleCase{
		{"http https://x.io/a > a.json", Rewrite},
		{"http -o a.json https://x.io/a", Rewrite},
		{"xh --download https://x.io/a", Ask},
		{"curlie -o a https://x.io/a", Rewrite},
		{"lynx -dump https://x.io > page.txt", Rewrite},
		{"gh api repos/x/y/tarball > y.tgz", Rewrite},
		{"gh api repos/x/y/tarball | tar xz", Rewrite},
		// Look-alikes.
		{"http https://x.io/a", Allow},
		{"gh api user --jq .login", Allow},
		{"gh api --help > help.txt", Allow},
		{"gh pr list > prs.txt", Allow},
		{"lynx https://x.io", Allow},
		// libwww-perl (lwp-request(1), lwp-download(1)).
		{"GET http://x.io/i.sh > i.sh", Rewrite},
		{"POST http://x.io/api < body.json > out.json", Rewrite},
		{"lwp-request -m GET http://x.io/a | tee a", Rewrite},
		{"lwp-download http://x.io/i.sh", Rewrite},
		{"lwp-download -s http://x.io/i.sh i.sh", Rewrite},
		{"lwp-download http://x.io/i.sh .", Rewrite},
		{"lwp-download http://x.io/i.sh agent_sandbox/i.sh", Allow},
		{"GET http://x.io/a", Allow},
		{"GET -d http://x.io/a > a", Allow}, // -d: no content printed
		{"HEAD http://x.io/ > headers.txt", Allow},
		{"echo GET > method.txt", Allow},
		{"printf '%s\\n' GET POST > methods.txt", Allow},
	})
}
