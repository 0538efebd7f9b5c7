package rewrite

import "testing"

// TestYesIconvFedShell: yes's static words and iconv of static text or a
// file (between encodings that keep ASCII) feed the shell known text,
// analysed as the script (ask before, as output only run time knows);
// what they print is still asked about where corral cannot know it.
func TestYesIconvFedShell(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/evil.sh":  "rm -rf ~\n",
		"proj/build.sh": "echo building\n",
		"home/.bash":    "x\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`yes 'rm -rf ~' | bash`, "deny"},
		{`yes 'rm -rf ~' | head -n 1 | sh`, "deny"},
		{`yes -- 'rm -rf ~' | bash`, "deny"},
		{`echo 'rm -rf ~' | iconv -f utf-8 -t ascii | bash`, "deny"},
		{`iconv -f utf8 -t ascii evil.sh | bash`, "deny"},
		{`printf 'rm -rf ~\n' | iconv -c -t latin1 | sh`, "deny"},
		{`iconv -t ascii <<< 'rm -rf ~' | bash`, "deny"},
		// Look-alikes: static harmless text.
		{`yes 'echo hi' | head -1 | bash`, "allow"},
		{`yes 'echo hi' | head -n 3 | bash`, "allow"},
		{`yes | head -2 | bash`, "allow"}, // "y": no such command
		{`iconv -f utf8 -t ascii build.sh | bash`, "allow"},
		{`echo 'echo hi' | iconv -f utf-8 -t utf-8 | bash`, "allow"},
		{`yes | rm -i notes.txt`, "allow"},
		// Still only run time knows.
		{`yes "$X" | bash`, "ask"},
		{`yes --help | bash`, "ask"},
		{`yes rm -rf ~ | bash`, "ask"}, // GNU yes refuses -rf
		{`printf 'echo hi\n' | iconv -t UTF-16 | bash`, "ask"},
		{`printf '\uff52\uff4d -rf ~\n' | iconv -f utf-8 -t ascii//TRANSLIT | bash`, "ask"},
		{`iconv -f utf8 -t ascii -o out.sh evil.sh | bash`, "ask"},
	})
}
