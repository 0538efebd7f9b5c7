package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// rt5Config is a project with the default path policy (secret patterns).
func rt5Config(t *testing.T) *Config {
	t.Helper()
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	return &Config{Cwd: proj, Project: proj, Home: root, Sandbox: filepath.Join(proj, "agent_sandbox"), Mode: ModeRewrite, Approve: ApproveAuto,
		Paths: guards.DefaultPolicy(), NoGlobMatches: true}
}

// bashOutput runs script in a real bash (no start-up files) and returns
// its standard output; the test is skipped without bash.
func bashOutput(t *testing.T, script string) string {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	out, _ := exec.Command(bash, "--norc", "--noprofile", "-c", script).Output()
	return string(out)
}

// A ${…} that bash's parser accepts (it checks the operator only when it
// expands it) but mvdan's rejects is parsed as a value only run time
// knows, and the rest of the command is judged: it no longer hides a
// secret read, interpreter code, or a command name spelt by a case
// operator.
func TestOpaqueParamExpansion(t *testing.T) {
	// What bash does with these spellings (echo in place of the command).
	for _, tc := range []struct{ script, want string }{
		{`x=RM; ${x~~} -rf x`, "rm -rf x"},
		{`x=Rm; echo ${x~}`, "rm"},
		{`x=mV; echo ${x~~}`, "Mv"},
		{`echo before; : ${x!}; echo after`, "before"},
	} {
		script := tc.script
		if strings.HasPrefix(script, "x=RM; ") {
			script = "x=RM; echo $(echo ${x~~}) -rf x"
		}
		if got := strings.TrimSpace(bashOutput(t, script)); !strings.HasPrefix(got, tc.want) {
			t.Errorf("bash %q printed %q, want %q", script, got, tc.want)
		}
	}
	checkDecisions(t, rt5Config(t), []struct{ cmd, want string }{
		{`x=RM; ${x~~} -rf ~`, "deny"}, // the toggled value: rm
		{`${y~~} -rf ~`, "ask"},
		{`cat ~/.ssh/id_rsa; : ${x!}`, "deny"},
		{`: ${x~~}; cat .env`, "deny"},
		{`declare -A a=([k]=v); : ${a[k]~}; cat ~/.ssh/id_rsa`, "deny"},
		{`: ${#x[@]:1}; cat ~/.ssh/id_rsa`, "deny"},
		{`python3 -c 'import shutil, os; shutil.rmtree(os.path.expanduser("~"))'; : ${x!}`, "deny"},
		{`echo "${x~~}" "${y!}"; ls`, "allow"},
		{`x=abc; echo ${x~}`, "allow"},
		{`grep rm notes.txt; : ${x~}`, "allow"},
		// ${x$}: bash's parser closes it at the brace (a $ before a
		// brace is a plain $), so it is rewritten too and the rest is
		// judged as usual.
		{`cat ~/.ssh/id_rsa; : ${x$}`, "deny"},
		{`python3 -c 'import shutil; shutil.rmtree("/")'; : ${x$}`, "deny"},
		{`echo hi; : ${x$}`, "allow"},
		{`echo "a; cat .env" ${x$}`, "allow"},
		// One holding a command substitution keeps it in place: its
		// commands, which run when bash expands the word, are judged
		// with the rest, and the word's value is run time.
		{`cat ~/.ssh/id_rsa; : ${x~~$(echo a)}`, "deny"},
		{`echo hi; : ${x~~$(echo a)}`, "allow"},
		{`x=ab; : ${x~~$(rm -rf ~)}`, "deny"},
		{`x=ab; echo "${x~~"$(cat ~/.ssh/id_rsa)"}"`, "deny"},
		{"x=ab; : ${x~~`rm -rf ~`}", "deny"},
		{`x=ab; echo ${x~~$(echo a)}`, "allow"},
		{"x=ab; : ${x!\n}; rm -rf ~", "deny"},
		{"x=ab; : ${x~~\n$(echo a)}; ls", "allow"},
		// A process substitution in an operator's word runs when bash
		// expands it; mvdan's parser reads it as text.
		{`echo ${x:-<(rm -rf ~)}`, "deny"},
		{`echo ${x:->(cat ~/.ssh/id_rsa)}`, "deny"},
		{`x=ab; : ${x~~<(rm -rf ~)}`, "deny"},
		{`echo ${x:-<(echo })}; rm -rf ~`, "deny"},
		{`diff ${a:-<(sort a)} <(sort b)`, "allow"},
		{`echo ${x:-\<(rm -rf ~)} ${x:-'<(rm -rf ~)'}`, "allow"},
	})
}

// bash 5.2's patsub_replacement (on by default): an unquoted & in the
// replacement of ${x/pat/rep} is the matched text; \& and a quoted & are
// a literal &; shopt -u patsub_replacement turns it off.
func TestPatsubReplacement(t *testing.T) {
	for _, tc := range []struct{ script, want string }{
		{`x=r; echo ${x/r/&m}`, "rm"},
		{`x=.en; echo ${x/%n/&v} "${x/%n/&v}"`, ".env .env"},
		{`x=.en; echo ${x/%n/\&v} ${x/n/"&"}`, ".e&v .e&"},
		{`x=abc; y='&'; echo ${x/b/$y} ${x/b/"$y"} ${x//b/&&}`, "abc a&c abbc"},
		{`shopt -u patsub_replacement; x=abc; echo ${x/b/&}`, "a&c"},
	} {
		if got := strings.TrimSpace(bashOutput(t, tc.script)); got != tc.want {
			t.Errorf("bash %q printed %q, want %q", tc.script, got, tc.want)
		}
	}
	checkDecisions(t, rt5Config(t), []struct{ cmd, want string }{
		{`x=r; ${x/r/&m} -rf ~`, "deny"},
		{`x=.en; cat ${x/%n/&v}`, "deny"},
		{`x=.en; cat "${x/%n/&v}"`, "deny"},
		{`x=~/.bashr; echo hi >> ${x/%r/&c}`, "deny"},
		{`x=.en; cat ${x/%n/\&v}`, "allow"},
		{`shopt -u patsub_replacement; x=.en; cat ${x/%n/&v}`, "allow"},
		{`x=abc; echo ${x/b/&&}`, "allow"},
		// A computed value is globbed where the expansion is unquoted.
		{`x=abc; rm -rf ${x/abc/*}`, "deny"},
		{`x=abc; rm -rf ${x/#abc/*}`, "deny"},
		{`x=abc; rm -rf ${x/#[a-c]*/*}`, "deny"},
		{`x='*'; rm -rf ${x~~}`, "deny"},
		{`x=abc; rm -rf "${x/abc/*}"`, "allow"},
		{`x=abc; ls ${x/abc/*.txt}`, "allow"},
		// A value outside ASCII (both locales agree) and a pattern
		// from a known variable are computed.
		{`x=/é; rm -rf ${x/é/}`, "deny"},
		{`x=~/.sshé; rm -rf "${x%é}" "${x/é/}"`, "deny"},
		{`p='b*'; x=/b; rm -rf ${x/$p/}`, "deny"},
		{`x=buildé; rm -rf ${x/é/}`, "allow"},
		{`p='*'; x=abc; rm -rf ${x/$p/build}`, "allow"},
		// A negated group under extglob: any text but its alternatives.
		{`shopt -s extglob; x=zz; ${x/!(a)/rm} -rf ~`, "deny"},
		{`shopt -s extglob; x=zz; ${x/!(a)/echo} -rf ~`, "allow"},
	})
}

// ${x@P} expands x's value as a prompt: its $VAR parts are expanded, so a
// known value is judged as what it expands to, not as written.
func TestPromptExpansionValue(t *testing.T) {
	for _, tc := range []struct{ script, want string }{
		{`HOME=/h; x='$HOME'; echo ${x@P}`, "/h"},
		{`HOME=/h; x='cat $HOME/.ssh/id_rsa'; echo ${x@P}`, "cat /h/.ssh/id_rsa"},
		{`HOME=/h; x='"$HOME"'; echo ${x@P}`, `"/h"`},
		{`x=build; echo ${x@P}`, "build"},
	} {
		if got := strings.TrimSpace(bashOutput(t, tc.script)); got != tc.want {
			t.Errorf("bash %q printed %q, want %q", tc.script, got, tc.want)
		}
	}
	checkDecisions(t, rt5Config(t), []struct{ cmd, want string }{
		{`x='$HOME'; rm -rf ${x@P}`, "deny"},
		{`x='$HOME/.bashrc'; echo 'rm -rf /' >> "${x@P}"`, "deny"},
		{`x='cat $HOME/.ssh/id_rsa'; ${x@P}`, "deny"},
		{`x='$HOME/.ssh/id_rsa'; cat "${x@P}"`, "deny"},
		{`x='rm -rf $HOME'; ${x@P}`, "deny"},
		{`x='$(rm -rf ~)'; echo ${x@P}`, "deny"},
		{`x=build; rm -rf ${x@P}`, "allow"},
		{`x='$HOME'; echo ${x@P}`, "allow"},
		// \$ is # for the superuser, else a $ that expands nothing.
		{`x='\$HOME'; rm -rf ${x@P}`, "allow"},
		{`x='\$(rm -rf ~)'; echo ${x@P}`, "allow"},
		{`x='\$ $HOME'; rm -rf ${x@P}`, "deny"},
	})
}

// mapfile -C CALLBACK -c N evaluates CALLBACK INDEX 'LINE' every N lines:
// the line of a here-string is an argument of the callback's command.
func TestMapfileCallbackArgs(t *testing.T) {
	for _, tc := range []struct{ script, want string }{
		{`mapfile -t -C 'echo CB' -c 1 a <<< /h`, "CB 0 /h"},
		{`printf 'a\nb\nc\nd\n' | { mapfile -t -C 'echo CB' -c 2 a; }`, "CB 1 b\nCB 3 d"},
		{`mapfile -t -O 5 -C 'echo CB' -c 1 a <<< "x y"`, "CB 5 x y"},
		{`mapfile -t -C 'echo CB' a <<< x; echo none`, "none"},
	} {
		if got := strings.TrimSpace(bashOutput(t, tc.script)); got != tc.want {
			t.Errorf("bash %q printed %q, want %q", tc.script, got, tc.want)
		}
	}
	checkDecisions(t, rt5Config(t), []struct{ cmd, want string }{
		{`mapfile -t -C 'rm -rf' -c 1 a <<< ~`, "deny"},
		{`printf '%s\n' ~ | mapfile -t -C 'rm -rf' -c 1 a`, "deny"},
		{`mapfile -t -C 'truncate -s0' -c 1 a <<< ~/.claude/settings.json`, "deny"},
		{`mapfile -t -C cat -c 1 a <<< ~/.ssh/id_rsa`, "deny"},
		{`mapfile -t -C 'echo got' -c 1 a <<< hello`, "allow"},
		{`mapfile -t -C 'rm -rf' -c 2 a <<< ~`, "allow"},
		{`mapfile -t a <<< ~/.ssh/id_rsa`, "allow"},
	})
}

// mapfile -C over a file it redirects from with <: the callback gets each
// line of the file when corral can read it (a regular file, bounded), a
// line only known at run time otherwise.
func TestMapfileCallbackFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(bashOutput(t, "cd "+dir+" && mapfile -t -C 'echo CB' -c 1 a < f")); got != "CB 0 one\nCB 1 two" {
		t.Errorf("bash printed %q", got)
	}
	cfg := scratchProject(t, map[string]string{"home/.claude/settings.json": "{}", "home/.ssh/id_rsa": "k", "proj/notes.txt": "x"})
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(cfg.Project, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("roots.txt", "build\n/\n")
	write("keys.txt", cfg.Home+"/.ssh/id_rsa\n")
	write("plain.txt", "notes.txt\nREADME\n")
	if err := os.Mkdir(filepath.Join(cfg.Project, "adir"), 0o755); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`mapfile -t -C 'rm -rf' -c 1 a < roots.txt`, "deny"},
		{`mapfile -t -C cat -c 1 a < keys.txt`, "deny"},
		{`readarray -t -C 'truncate -s0' -c 1 a < keys.txt`, "deny"},
		{`mapfile -t -C 'echo got' -c 1 a < keys.txt`, "allow"},
		{`mapfile -t -C 'wc -l' -c 1 a < plain.txt`, "allow"},
		{`mapfile -t a < keys.txt`, "allow"},
		{`mapfile -t -C 'rm -rf' -c 2 a < keys.txt`, "allow"}, // one line: no call
		{`mapfile -t -C 'echo got' -c 1 a < adir`, "allow"},   // not a regular file: run time
	})
}
