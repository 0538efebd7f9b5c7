package rewrite

import "testing"

// TestUgrepFilterAckrc (issue 12, class 4): ugrep --filter=EXTS:COMMAND
// runs COMMAND for each file of those extensions (the file as "%", else
// on its standard input), judged as rg --pre's find -exec; ug reads
// .ugrep, ugrep --config=FILE the file; ugrep --pager=CMD is shell text.
// ack reads --pager=CMD from ~/.ackrc (or ACKRC's file), --ackrc=FILE and
// ACK_OPTIONS unless --noenv; a project .ackrc cannot set it (ack 2.12
// and later refuse it there). All were allowed. Neither program is
// installed where the tests run (no oracle); the behaviour is their
// manuals'.
func TestUgrepFilterAckrc(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.ugrep":     "filter=*:rm %\n",
		"proj/plain.conf": "# ugrep\nignore-case\nfilter=pdf:pdftotext % -\n",
		"proj/evil.conf":  "filter=txt:sh\n",
		"proj/.ackrc":     "--pager=rm -rf ~\n",
		"proj/sub/x.txt":  "hi\n",
		"proj/ack.rc":     "--ignore-case\n",
		"proj/evilack.rc": "--nopager\n--pager\nrm -rf ~\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"ugrep --filter='pdf:rm -rf /' TODO docs", "deny"},
		{"ugrep --filter='*:rm %' TODO ~/.ssh", "deny"},
		{"ugrep -r --filter='*:sh' TODO .", "ask"},
		{"ugrep --filter='pdf:pdftotext % -,odt,doc:rm -rf /' TODO", "deny"},
		{"ug TODO", "deny"},
		{"ugrep --config TODO", "deny"},
		{"ugrep --config=evil.conf TODO", "ask"},
		{"ugrep --pager='rm -rf ~' TODO", "deny"},
		{"ACKRC=.ackrc ack TODO", "deny"},
		{"ACK_OPTIONS='--pager=sh' ack TODO", "ask"},
		{"ack --noenv --ackrc=evilack.rc TODO", "deny"},
		// look-alikes
		{"ugrep --filter='pdf:pdftotext % -' TODO docs", "allow"},
		{"ugrep TODO", "allow"},
		{"ugrep --config=plain.conf TODO", "allow"},
		{"ugrep+ TODO", "allow"},
		{"ugrep --pager TODO", "allow"},
		{"ack --noenv TODO", "allow"},
		// A project .ackrc cannot set --pager: ack stops with an error.
		{"ack TODO", "allow"},
		{"cd sub && ack TODO", "allow"},
		{"ACKRC=.ackrc ack --noenv TODO", "allow"},
		{"ack --nopager TODO", "allow"},
		{"ack --noenv --ackrc=ack.rc TODO", "allow"},
	})
}
