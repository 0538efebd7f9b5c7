package syntax

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// escapeWords are words whose backslashes bash removes by its quoting
// rules: in an unquoted word \c is c for every c, inside double quotes a
// backslash goes only before $, `, ", \ and a newline, inside single
// quotes none does; an operator's word inside ${…} follows the quoting
// the expansion stands in.
var escapeWords = []string{
	`\/etc/passwd`,
	`\/\e\t\c/\p\a\s\s\w\d`,
	`\r\m`,
	`a\ b`,
	`\$HOME`,
	`\$\(rm\ -rf\ \~\)`,
	`\~`,
	`\~/x`,
	`~\/x`,
	`\\`,
	`\\\\`,
	`x\\y`,
	`\'`,
	`\"`,
	`\{a,b\}`,
	`x\*y`,
	`\[a]`,
	`\#x`,
	`\;`,
	`\&\|\<\>`,
	`"a\\b"`,
	`"\a\/"`,
	`"\$x"`,
	`"\""`,
	`"\~"`,
	`"a\b\\c\$d\"e"`,
	`'\a\\'`,
	`'\$x'"\$x"\$x`,
	`$'\\x'\\x`,
	`${u:-\/etc}`,
	`"${u:-\/etc}"`,
	`"${u:-\$y}"`,
	`"${u:-\\}"`,
	`${u:-\$\(x\)}`,
	`${u:-"\/"}`,
	`${u:-'\/'}`,
	`${u:-\~}`,
	`${a:+\/x}`,
	`"${a:+\/x}"`,
	`${u-\\x}`,
	`x=\~`,
	`\x=~`,
	`--opt=\/etc`,
	`\/{a,b}`,
	`\-\r\f`,
	`~\x/y`,
	`"${u:-\}}"`,
	`${u:-\}}`,
	`"${u:-\"}"`,
	`"${u:-\a}"`,
	`${u:-"\}"}`,
	`${u:-\'}`,
	`${u:-${u:-\/x}}`,
	`"${u:-${u:-\$x}}"`,
	`${a/x/\/}`,
	`"${a/x/\q}"`,
}

// escapeWordsDynamic are escaped words corral may leave to run time
// (bashEscapes' limits); a value it calls static must be bash's.
var escapeWordsDynamic = []string{
	`${u:-a\ b}`,
	`${u:-\*}`,
	`"${u:-"\/"}"`,
	`x=~\:~`,
	`${a#\x}`,
	`"${a%\y}"`,
	`${a/\x/\y}`,
	`${u:-~\/x}`,
}

// runBash runs script in real bash after the oracle's prelude, with
// globbing off, and returns the fields it prints between START and END.
func runBash(t testing.TB, bash, dir, script string) ([]string, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", "ulimit -v 400000; set -f; "+oraclePrelude+script)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C"}
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return nil, false
	}
	fields := strings.Split(strings.TrimSuffix(out.String(), "\x00"), "\x00")
	if len(fields) < 2 || fields[0] != "START" || fields[len(fields)-1] != "END" {
		return nil, false
	}
	return fields[1 : len(fields)-1], true
}

// TestEscapeOracle resolves escaped words in each place a word is read —
// a command's argument, an assignment's value, a redirection's target —
// in corral and in real bash: every value corral calls static is bash's,
// byte for byte, and these words are all static.
func TestEscapeOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	dynamicOK := map[string]bool{}
	for _, w := range escapeWordsDynamic {
		dynamicOK[w] = true
	}
	for _, w := range append(escapeWords[:len(escapeWords):len(escapeWords)], escapeWordsDynamic...) {
		if !oracleSafe(w) {
			t.Fatalf("%s: not a word the oracle may run", w)
		}
		// As a command's argument.
		b, ok := bashFields(t, bash, dir, w)
		if !ok {
			t.Fatalf("%s: bash failed", w)
		}
		got, static, ok := corralFields(t, dir, w)
		switch {
		case !ok:
			t.Errorf("%s: corral did not model printf", w)
		case !static:
			if dynamicOK[w] {
				break
			}
			t.Errorf("%s: argument dynamic (%q), want bash's %q", w, got, b)
		default:
			if diff := cmp.Diff(b, got); diff != "" {
				t.Errorf("%s: argument differs from bash (-bash +corral):\n%s", w, diff)
			}
		}
		// As an assignment's value.
		assign := "v=" + w + "; "
		ba, ok := runBash(t, bash, dir, assign+`printf '%s\0' START "$v" END`)
		if !ok {
			t.Fatalf("v=%s: bash failed", w)
		}
		got, static, ok = corralFieldsAfter(t, dir, oraclePrelude+assign, `"$v"`)
		switch {
		case !ok:
			t.Errorf("v=%s: corral did not model printf", w)
		case !static:
			if dynamicOK[w] {
				break
			}
			t.Errorf("v=%s: value dynamic (%q), want bash's %q", w, got, ba)
		default:
			if diff := cmp.Diff(ba, got); diff != "" {
				t.Errorf("v=%s: value differs from bash (-bash +corral):\n%s", w, diff)
			}
		}
		// As a redirection's target: bash expands it as an argument
		// that must give one field (globbing is off in the oracle).
		if len(b) != 1 {
			continue
		}
		m, err := Analyze(oraclePrelude+": > "+w, Options{Cwd: dir, Home: "/home/u"})
		if err != nil || len(m.Redirs) == 0 {
			t.Errorf(">%s: corral did not model the redirection", w)
			continue
		}
		tg := m.Redirs[len(m.Redirs)-1].Target
		if !tg.Static {
			if dynamicOK[w] {
				continue
			}
			t.Errorf(">%s: target dynamic (%q), want bash's %q", w, tg.Value, b[0])
		} else if tg.Value != b[0] {
			t.Errorf(">%s: target %q, bash's %q", w, tg.Value, b[0])
		}
	}
}

// escapePieces are the bits TestEscapeGrammar joins into words:
// backslashes unquoted, in double quotes and in operators' words, beside
// tildes, quotes, braces and expansions.
var escapePieces = []string{
	`\/`, `\~`, `\$`, `\\`, `\ `, `\*`, `\{`, `\}`, `\'`, `\"`, `\:`, `\x`, `\-`, `~`, `~/`, `x`, `/`, `:`, `=`, `A=`, `-o`, `{a,b}`,
	`"\/"`, `"\$x"`, `"\\"`, `"\""`, `"\~"`, `'\x'`, `$'\\'`, `"$a"`, `$d`, `$u`,
	`${u:-\/}`, `"${u:-\/}"`, `"${u:-\$}"`, `${a:+\x}`, `"${u:-\}}"`, `${u-\ }`, `${u:-\\}`, `"${b:-\"}"`, `${a/x/\/}`, `"${a/ /\q}"`,
	`${u:-a\/b}`, `"${a:+\a\$}"`, `${u=\x}`, `${a#\x}`, `"${a%\y}"`, `${u:-"\/"}`, `${u:-'\/'}`, `${u:-\~}`,
}

// TestEscapeGrammar expands words joined from escapePieces (a fixed
// seed; CORRAL_GRAMMAR_WORDS and CORRAL_GRAMMAR_SEED try more) in corral
// and in real bash: every word corral calls static is bash's fields.
func TestEscapeGrammar(t *testing.T) {
	t.Parallel()
	n, seed := 400, uint64(5)
	if v, err := strconv.Atoi(os.Getenv("CORRAL_GRAMMAR_WORDS")); err == nil {
		n = v
	}
	if v, err := strconv.ParseUint(os.Getenv("CORRAL_GRAMMAR_SEED"), 10, 64); err == nil {
		seed = v
	}
	checkGrammarFrom(t, oraclePrelude, escapePieces, n, seed)
}

// hdocEscapeBodies are unquoted here-document bodies with backslashes:
// bash removes one only before $, `, \ and a newline.
var hdocEscapeBodies = []string{
	`echo \$(rm -rf ~)`,
	"a\\b \\\\ \\$x \\` \\\" \\'",
	"rm -rf \\\n~/x",
	"rm -rf \\\\\n~/x",
	`~/x \~ ~`,
	`$a \$a "$a" '$a'`,
	`tab\there`,
}

// TestHdocEscapeOracle expands unquoted here-document bodies in corral
// (the body a reader of the redirection sees) and in real bash (what
// cat prints of it).
func TestHdocEscapeOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	for _, body := range hdocEscapeBodies {
		script := "cat <<EOF\n" + body + "\nEOF\n"
		b, ok := runBash(t, bash, dir, "printf '%s\\0' START \"$("+script+")\" END")
		if !ok || len(b) != 1 {
			t.Fatalf("%q: bash failed", body)
		}
		m, err := Analyze(oraclePrelude+script, Options{Cwd: dir, Home: "/home/u"})
		if err != nil || len(m.Redirs) == 0 || m.Redirs[len(m.Redirs)-1].expanded == nil {
			t.Errorf("%q: corral did not model the here-document", body)
			continue
		}
		e := m.Redirs[len(m.Redirs)-1].expanded
		got := strings.TrimSuffix(strings.TrimSuffix(e.Value, "EOF"), "\n")
		if !e.Static {
			t.Errorf("%q: body dynamic (%q), want bash's %q", body, got, b[0])
		} else if got != b[0] {
			t.Errorf("%q: body %q, bash's %q", body, got, b[0])
		}
	}
}
