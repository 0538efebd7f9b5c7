package rewrite

import "testing"

// TestEscapedWordDecisions: a backslash in an unquoted word only quotes
// the character after it (bash's quote removal), so an escaped spelling
// is judged as the plain one: a redirection's target, an assignment's
// value that eval runs, a command name, a parameter's default word. The
// look-alikes keep the backslash's meaning: \$HOME is the text $HOME,
// "a\\b" one backslash, \~ and ~\/x no home directory.
func TestEscapedWordDecisions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.ssh/id_rsa": "k\n", "home/.bashrc": "#\n"})
	pairs := []struct{ escaped, plain, want string }{
		{`echo hi > \/etc/passwd`, `echo hi > /etc/passwd`, "deny"},
		{`echo hi >> /\e\t\c/\p\a\s\s\w\d`, `echo hi >> /etc/passwd`, "deny"},
		{`x=\/etc\/passwd; echo hi > $x`, `x=/etc/passwd; echo hi > $x`, "deny"},
		{`x=\$\(rm\ -rf\ \~\); eval "$x"`, `eval '$(rm -rf ~)'`, "deny"},
		{`x=rm\ -rf\ \~/.ssh; eval "$x"`, `eval 'rm -rf ~/.ssh'`, "deny"},
		{`eval \$\(rm\ -rf\ \~/.ssh\)`, `eval '$(rm -rf ~/.ssh)'`, "deny"},
		{`bash -c rm\ -rf\ \~/.ssh`, `bash -c 'rm -rf ~/.ssh'`, "deny"},
		{`\r\m -rf ~/.ssh`, `rm -rf ~/.ssh`, "deny"},
		{`unset PS4; set -x; : ${PS4:=\$(rm\ -rf\ \~/.ssh)}; echo hi`, `unset PS4; set -x; : ${PS4:='$(rm -rf ~/.ssh)'}; echo hi`, "deny"},
		{`echo hi > ${NOPE:-\/etc/passwd}`, `echo hi > ${NOPE:-/etc/passwd}`, "ask"},
		{`echo hi > ${NOPE:-/e\tc/passwd}`, `echo hi > ${NOPE:-/etc/passwd}`, "ask"},
		{`v=x; echo hi > ${v:+\/etc/passwd}`, `echo hi > /etc/passwd`, "deny"},
		{`cp x \/etc/\passwd`, `cp x /etc/passwd`, "deny"},
		{`echo \$HOME > out.txt`, `echo '$HOME' > out.txt`, "allow"},
		{`printf '%s\n' \*`, `printf '%s\n' '*'`, "allow"},
		{`grep \\. file`, `grep '\.' file`, "allow"},
		{`echo "a\\b" > out.txt`, `echo 'a\b' > out.txt`, "allow"},
		{`x=\$\(date\); echo "$x"`, `x='$(date)'; echo "$x"`, "allow"},
		// In double quotes the backslash before / stays: a name under
		// a directory \ in the working directory.
		{`echo hi > "${NOPE:-\/etc/passwd}"`, `echo hi > './\/etc/passwd'`, "allow"},
		// Bash leaves a tilde prefix holding a quoted character as
		// text: ./~/.bashrc.
		{`echo hi > ~\/.bashrc`, `echo hi > './~/.bashrc'`, "allow"},
		{`echo hi > \~/.bashrc`, `echo hi > './~/.bashrc'`, "allow"},
		{`rm -rf ~\/.ssh`, `rm -rf './~/.ssh'`, "allow"},
		{`x=~\/.ssh; rm -rf "$x"`, `rm -rf './~/.ssh'`, "allow"},
		// A declaration builtin the parser reads as a plain command
		// (its name escaped, quoted, behind builtin or command, or in a
		// variable) is the same builtin: its NAME=VALUE arguments
		// assign, its options (quoted or escaped too) apply.
		{`x=ok; \declare -n x=HOME; rm -rf "$x/.ssh"`, `x=ok; declare -n x=HOME; rm -rf "$x/.ssh"`, "deny"},
		{`x=ok; "declare" -n x=HOME; rm -rf "$x/.ssh"`, `x=ok; declare -n x=HOME; rm -rf "$x/.ssh"`, "deny"},
		{`x=ok; builtin declare -n x=HOME; rm -rf "$x/.ssh"`, `x=ok; declare -n x=HOME; rm -rf "$x/.ssh"`, "deny"},
		{`x=ok; command declare -n x=HOME; rm -rf "$x/.ssh"`, `x=ok; declare -n x=HOME; rm -rf "$x/.ssh"`, "deny"},
		{`x=ok; d=declare; $d -n x=HOME; rm -rf "$x/.ssh"`, `x=ok; declare -n x=HOME; rm -rf "$x/.ssh"`, "deny"},
		{`x=ok; \typeset -n x=HOME; rm -rf "$x/.ssh"`, `x=ok; typeset -n x=HOME; rm -rf "$x/.ssh"`, "deny"},
		{`f(){ local x=ok; \local -n x=HOME; rm -rf "$x/.ssh"; }; f`, `f(){ local x=ok; local -n x=HOME; rm -rf "$x/.ssh"; }; f`, "deny"},
		{`x=ok; \export x=$HOME; rm -rf "$x/.ssh"`, `x=ok; export x=$HOME; rm -rf "$x/.ssh"`, "deny"},
		{`x=ok; \readonly x=$HOME; rm -rf "$x/.ssh"`, `x=ok; readonly x=$HOME; rm -rf "$x/.ssh"`, "deny"},
		{`x=ok; declare '-n' 'x=HOME'; rm -rf "$x/.ssh"`, `x=ok; declare -n x=HOME; rm -rf "$x/.ssh"`, "deny"},
		{`x=ok; declare \-n x=HOME; rm -rf "$x/.ssh"`, `x=ok; declare -n x=HOME; rm -rf "$x/.ssh"`, "deny"},
		{`\export FOO=bar; echo "$FOO" > out.txt`, `export FOO=bar; echo "$FOO" > out.txt`, "allow"},
		{`"declare" -i n=5; echo $n > out.txt`, `declare -i n=5; echo $n > out.txt`, "allow"},
		{`x=ok; \declare -p x`, `x=ok; declare -p x`, "allow"},
		// env's NAME=VALUE words are read after quote removal.
		{`env GIT_\DIR=/tmp/x git clone https://github.com/a/b`, `env GIT_DIR=/tmp/x git clone https://github.com/a/b`, "ask"},
		{`env 'GIT_DIR=/tmp/x' git clone https://github.com/a/b`, `env GIT_DIR=/tmp/x git clone https://github.com/a/b`, "ask"},
		// An unquoted here-document's body loses a backslash before $,
		// `, \ and a newline before the shell it feeds reads it.
		{"bash <<EOF\necho \\`rm -rf ~/.ssh\\`\nEOF", "bash <<'EOF'\necho `rm -rf ~/.ssh`\nEOF", "deny"},
		{"bash <<EOF\nrm -rf \\\\\n~/.ssh\nEOF", "bash <<'EOF'\nrm -rf ~/.ssh\nEOF", "deny"},
		{"cat > s.sh <<EOF\necho \\$(rm -rf ~/.ssh)\nEOF\nbash s.sh", "cat > s.sh <<'EOF'\necho $(rm -rf ~/.ssh)\nEOF\nbash s.sh", "deny"},
		{"bash <<EOF\necho \\$HOME \\`date\\`\nEOF", "bash <<'EOF'\necho $HOME `date`\nEOF", "allow"},
		{"cat > out.txt <<EOF\nprice: \\$5 a\\b\nEOF", "cat > out.txt <<'EOF'\nprice: $5 a\\b\nEOF", "allow"},
	}
	for _, p := range pairs {
		plain := Check(cfg, p.plain).Decision.String()
		if plain != p.want {
			t.Errorf("%s: %s, want %s", p.plain, plain, p.want)
		}
		if r := Check(cfg, p.escaped); r.Decision.String() != p.want {
			t.Errorf("%s: %s, want %s as %s (%v)", p.escaped, r.Decision, p.want, p.plain, r.Findings)
		}
	}
}
