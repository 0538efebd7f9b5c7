package rewrite

import "testing"

// TestCurlWriteOutText (red team 17 CW2 content): the text curl's -w
// format writes after %output{FILE} is the agent's, judged as the same
// text written with echo TEXT > FILE is: a script the command runs
// afterwards is read as that text, a memory file's @import of a secret
// is a secret read, a site-packages .pth's code runs at every Python
// start. A %{variable} in it, or two URLs, make the text unknown (a run
// of the file asks). Look-alikes: write-outs of variables, harmless text,
// a file nobody runs.
func TestCurlWriteOutText(t *testing.T) {
	t.Parallel()
	cfg := secretScratch(t)
	const u = " http://127.0.0.1:8717/f"
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`curl -s -o /dev/null -w '%output{x.sh}rm -rf ~\n'` + u + `; sh x.sh`, "deny"},
		{`curl -s -o /dev/null -w '%output{x.sh}rm -rf ~\n'` + u + ` && bash ./x.sh`, "deny"},
		{`curl -so /dev/null --write-out='%output{>>x.sh}rm -rf ~ # 100%%'` + u + `; sh x.sh`, "deny"},
		{`curl -s -o /dev/null -w '%output{CLAUDE.md}@~/.ssh/id_ed25519\n'` + u, "deny"},
		{`curl -o /dev/null -w '%output{>>CLAUDE.md}see @~/.ssh/id_ed25519'` + u, "deny"},
		{`curl -o /dev/null -w '%{http_code}%output{x.sh}rm -rf ~%{stdout}\n'` + u + `; sh x.sh`, "deny"},
		// Text only known at run time: running it asks.
		{`curl -o /dev/null -w '%output{x.sh}%{url_effective}'` + u + `; sh x.sh`, "ask"},
		{`curl -o /dev/null -w '%output{x.sh}echo hi'` + u + u + `; sh x.sh`, "ask"},
		// Look-alikes.
		{`curl -o /dev/null -w '%output{x.sh}echo hi\n'` + u + `; sh x.sh`, "allow"},
		{`curl -w '%{http_code}\n'` + u, "allow"},
		{`curl -o /dev/null -w '%output{agent_sandbox/t.txt}%{time_total}'` + u, "allow"},
		{`curl -o /dev/null -w '%output{notes.txt}rm -rf ~\n'` + u + `; cat notes.txt`, "allow"},
		{`curl -o /dev/null -w '%output{CLAUDE.md}see @README.md\n'` + u, "allow"},
	})
}

// TestCurlWriteOutServerFile: text the server chooses (a %header{…}, a
// response variable such as %{content_type} or %{json}) that the
// write-out format sends to a %output{FILE} outside the sandbox is
// content from outside landing in the project, as curl -o FILE would be
// (issue 12, where output really goes; allow -> ask). Look-alikes pass:
// the transfer's own numbers, the agent's URL, a file in the sandbox,
// and server text sent back to the terminal with %{stdout}.
func TestCurlWriteOutServerFile(t *testing.T) {
	t.Parallel()
	cfg := secretScratch(t)
	const u = " http://127.0.0.1:8717/f"
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`curl -s -o /dev/null -w '%output{notes.md}%header{x-note}'` + u, "ask"},
		{`curl -s -o /dev/null -w '%output{>>CLAUDE.md}%{content_type}'` + u, "ask"},
		{`curl -s -o /dev/null -w '%{http_code}%output{h.json}%{json}'` + u, "ask"},
		{`curl -s -o /dev/null --write-out '%output{../up.txt}%{redirect_url}'` + u, "ask"},
		// Look-alikes.
		{`curl -s -o /dev/null -w '%output{code.txt}%{http_code} %{time_total} %{url}'` + u, "allow"},
		{`curl -s -o /dev/null -w '%output{agent_sandbox/h.txt}%header{x-note}'` + u, "allow"},
		{`curl -s -o /dev/null -w '%output{code.txt}%{http_code}%{stdout}%header{x-note}'` + u, "allow"},
	})
}
