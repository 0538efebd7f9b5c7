package syntax

import (
	"errors"
	"strings"
	"testing"
)

// bashC nests cmd in depth levels of bash -c with double quotes, as a
// person would write it: bash -c "bash -c \"rm -rf /\"". Each level doubles
// the backslashes, so only 18 levels fit in MaxSource.
func bashC(cmd string, depth int) string {
	for i := 0; i < depth; i++ {
		r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`")
		cmd = `bash -c "` + r.Replace(cmd) + `"`
	}
	return cmd
}

// heredocs nests cmd in depth here-documents fed to bash, which grows
// linearly: 50 levels are a few hundred bytes.
func heredocs(cmd string, depth int) string {
	var open, close []string
	for i := 0; i < depth; i++ {
		d := "E" + strings.Repeat("x", i)
		open = append(open, "bash <<'"+d+"'")
		close = append([]string{d}, close...)
	}
	return strings.Join(open, "\n") + "\n" + cmd + "\n" + strings.Join(close, "\n") + "\n"
}

// A pathological input and what must come of it. Time and memory are
// measured by BenchmarkPathological, not asserted.
type pathologicalCase struct {
	name string
	src  func() string
	// tooLarge: Analyze must refuse it with ErrTooLarge before parsing.
	tooLarge bool
	// parseErr: Analyze must refuse it with a ParseError.
	parseErr bool
	// check runs on the model otherwise.
	check func(t *testing.T, m *Model)
}

func calls(n int, truncated bool) func(t *testing.T, m *Model) {
	return func(t *testing.T, m *Model) {
		t.Helper()
		if len(m.Calls) != n || m.Truncated != truncated {
			t.Errorf("%d calls, truncated %v; want %d, %v", len(m.Calls), m.Truncated, n, truncated)
		}
	}
}

// deepest asserts that the innermost rm -rf / is found, depth scripts
// down, or that the walk says it stopped (Truncated) when depth is beyond
// MaxDepth.
func deepest(depth int) func(t *testing.T, m *Model) {
	return func(t *testing.T, m *Model) {
		t.Helper()
		var rm *Call
		for _, c := range m.Calls {
			if c.Name == "rm" {
				rm = c
			}
		}
		switch {
		case depth <= MaxDepth && (rm == nil || rm.Script.Depth != depth || strings.Join(rm.Words(), " ") != "-rf /"):
			t.Errorf("rm -rf / at depth %d not found: %+v", depth, rm)
		case depth <= MaxDepth && m.Truncated:
			t.Errorf("depth %d reported as truncated", depth)
		case depth > MaxDepth && (rm != nil || !m.Truncated):
			t.Errorf("depth %d beyond MaxDepth %d: rm found %v, truncated %v", depth, MaxDepth, rm != nil, m.Truncated)
		}
	}
}

var pathological = []pathologicalCase{
	{name: "1MiB-word", src: func() string { return "echo " + strings.Repeat("a", MaxSource-5) },
		check: func(t *testing.T, m *Model) {
			if len(m.Calls) != 1 || len(m.Calls[0].Args) != 1 || len(m.Calls[0].Args[0].Value) != MaxSource-5 {
				t.Errorf("1 MiB echo: %d calls", len(m.Calls))
			}
		}},
	{name: "1MiB+1", src: func() string { return "echo " + strings.Repeat("a", MaxSource-4) }, tooLarge: true},
	// 262,144 statements would take a quarter of a gigabyte to model:
	// refused before parsing (MaxStatements).
	{name: "1MiB-list", src: func() string { return strings.Repeat("ls; ", MaxSource/4) }, tooLarge: true},
	{name: "1MiB-lines", src: func() string { return strings.Repeat("x\n", MaxSource/2) }, tooLarge: true},
	{name: "list-20k", src: func() string { return strings.Repeat("ls; ", MaxStatements) }, check: calls(MaxStatements, false)},
	{name: "list-20k+1", src: func() string { return strings.Repeat("ls; ", MaxStatements+1) }, tooLarge: true},
	{name: "lines-20k", src: func() string { return strings.Repeat("x\n", MaxStatements) }, check: calls(MaxStatements, false)},
	// A list inside a block is counted the same way.
	{name: "block-list-1MiB", src: func() string { return "{ " + strings.Repeat("ls; ", MaxSource/4-2) + "}" }, tooLarge: true},
	// Strings parsed again are bounded by MaxCalls in total: each eval of
	// a 10,000-line string adds 10,000 calls.
	{name: "eval-many-lines", src: func() string {
		return "x='" + strings.Repeat("ls\n", 10000) + "'" + strings.Repeat("; eval \"$x\"", 8)
	}, check: calls(MaxCalls, true)},
	{name: "nested-subshells-10k", src: func() string { return strings.Repeat("(", 10000) + "ls" + strings.Repeat(")", 10000) }, tooLarge: true},
	{name: "nested-cmdsubst-10k", src: func() string { return strings.Repeat("$(", 10000) + "ls" + strings.Repeat(")", 10000) }, tooLarge: true},
	// Unspaced, (((( is arithmetic; spaced, subshells.
	{name: "nested-subshells-1000", src: func() string { return strings.Repeat("( ", MaxNesting) + "ls" + strings.Repeat(" )", MaxNesting) }, check: calls(1, false)},
	{name: "nested-subshells-1001", src: func() string { return strings.Repeat("( ", MaxNesting+1) + "ls" + strings.Repeat(" )", MaxNesting+1) }, tooLarge: true},
	{name: "nested-cmdsubst-500", src: func() string { return "echo " + strings.Repeat("$(echo ", 500) + "x" + strings.Repeat(")", 500) }, check: calls(501, false)},
	// A filter at every depth: each was once resolved again by a fresh
	// resolver at every level above it (n³).
	{name: "nested-cat-subst-300", src: func() string { return "echo " + strings.Repeat("$(cat ", 300) + "x" + strings.Repeat(")", 300) }, check: calls(301, false)},
	{name: "pipeline-100k", src: func() string { return "ls" + strings.Repeat(" | cat", 100000) }, tooLarge: true},
	{name: "pipeline-20k", src: func() string { return "ls" + strings.Repeat(" | cat", 20000) },
		check: func(t *testing.T, m *Model) {
			last := m.Calls[len(m.Calls)-1]
			if len(m.Calls) != 20001 || last.Pipe == nil || last.PipeIndex != 20000 || last.Pipe.Stage(0).Name != "ls" {
				t.Errorf("20k pipeline: %d calls, last stage %d", len(m.Calls), last.PipeIndex)
			}
		}},
	{name: "and-chain-100k", src: func() string { return strings.Repeat("true && ", 100000) + "true" }, tooLarge: true},
	// The 90,000-link chain of issue 12: refused before parsing, in
	// bounded time, without overflowing the stack.
	{name: "and-chain-90k", src: func() string { return strings.Repeat("true && ", 90000) + "true" }, tooLarge: true},
	{name: "or-chain-10k", src: func() string { return strings.Repeat("cd /tmp || ", 10000) + "ls" }, check: calls(10001, false)},
	// Long lists that grow the shell state: assignments, functions,
	// aliases, descriptors. The walk stays linear.
	{name: "assignments-20k", src: func() string {
		var b strings.Builder
		for i := 0; i < MaxStatements; i++ {
			b.WriteString("v")
			b.WriteString(strings.Repeat("x", i%7))
			b.WriteString("=1; ")
		}
		b.WriteString("ls")
		return b.String()
	}, check: calls(1, false)},
	{name: "if-list-6k", src: func() string { return strings.Repeat("if a; then x=1; fi; ", 6000) }, check: calls(6000, false)},
	{name: "exec-list-15k", src: func() string { return strings.Repeat("exec 3>f; ", 15000) }, check: calls(15000, false)},
	{name: "func-calls-19k", src: func() string { return "f() { g; }; " + strings.Repeat("f; ", 19000) }, check: calls(19001, false)},
	{name: "nested-loops-6", src: func() string {
		return strings.Repeat("for i in a b; do x=$i; ", 6) + "ls $x" + strings.Repeat("; done", 6)
	}, check: calls(1, false)},
	{name: "and-chain-10k", src: func() string { return strings.Repeat("true && ", 10000) + "true" }, check: calls(10001, false)},
	// Trees deepened without brackets: keywords, arithmetic, prefixes.
	{name: "if-nest-100k", src: func() string { return strings.Repeat("if ", 100000) + "true" + strings.Repeat("; then :; fi", 100000) }, tooLarge: true},
	{name: "if-nest-5k", src: func() string { return strings.Repeat("if ", 5000) + "true" + strings.Repeat("; then :; fi", 5000) }, check: calls(5001, false)},
	{name: "elif-chain-50k", src: func() string { return "if a; then :; " + strings.Repeat("elif a; then :; ", 50000) + "fi" }, tooLarge: true},
	{name: "while-nest-100k", src: func() string {
		return strings.Repeat("while ", 100000) + "true" + strings.Repeat("; do :; done", 100000)
	}, tooLarge: true},
	{name: "ternary-250k", src: func() string {
		return "echo $((" + strings.Repeat("1?", 250000) + "1" + strings.Repeat(":1", 250000) + "))"
	}, tooLarge: true},
	{name: "arith-sum-500k", src: func() string { return "echo $((" + strings.Repeat("1-", 500000) + "1))" }, tooLarge: true},
	{name: "arith-unary-500k", src: func() string { return "echo $((" + strings.Repeat("- ", 500000) + "1))" }, tooLarge: true},
	{name: "let-sum-500k", src: func() string { return "let x=" + strings.Repeat("1/", 500000) + "1" }, tooLarge: true},
	{name: "test-not-500k", src: func() string { return "[[ " + strings.Repeat("! ", 500000) + "a ]]" }, tooLarge: true},
	{name: "functions-200k", src: func() string { return strings.Repeat("f() ", 200000) + "{ :; }" }, tooLarge: true},
	{name: "time-200k", src: func() string { return strings.Repeat("time ", 200000) + "true" }, tooLarge: true},
	{name: "coproc-200k", src: func() string { return strings.Repeat("coproc ", 100000) + "true" }, tooLarge: true},
	{name: "continued-keywords", src: func() string {
		return strings.Repeat("i\\\nf ", 30000) + "true" + strings.Repeat("; then :; fi", 30000)
	}, tooLarge: true},
	// Strings parsed again: MaxDepth levels are followed, deeper ones
	// reported as truncated.
	{name: "bash-c-dquote-8", src: func() string { return bashC("rm -rf /", 8) }, check: deepest(8)},
	{name: "bash-c-dquote-9", src: func() string { return bashC("rm -rf /", 9) }, check: deepest(9)},
	{name: "bash-c-dquote-18", src: func() string { return bashC("rm -rf /", 18) }, check: deepest(18)},
	{name: "bash-c-dquote-19", src: func() string { return bashC("rm -rf /", 19) }, tooLarge: true}, // over a MiB
	{name: "bash-c-quote-50", src: func() string {
		cmd := "rm -rf /"
		for i := 0; i < 50 && len(cmd) < MaxSource/4; i++ {
			cmd = "bash -c " + Quote(cmd)
		}
		return cmd
	}, check: deepest(MaxDepth + 1)},
	{name: "heredoc-bash-50", src: func() string { return heredocs("rm -rf /", 50) }, check: deepest(50)},
	{name: "heredoc-bash-8", src: func() string { return heredocs("rm -rf /", 8) }, check: deepest(8)},
	{name: "eval-50", src: func() string { return strings.Repeat("eval ", 50) + "rm -rf /" }, check: deepest(50)},
	// eval eval … over a megabyte: the strings parsed again are bounded
	// in total by MaxSource, not parsed MaxDepth times.
	{name: "eval-1MiB", src: func() string { return strings.Repeat("eval ", MaxSource/5-2) + "true" }, tooLarge: true}, // MaxWords
	{name: "eval-40k", src: func() string { return strings.Repeat("eval ", 40000) + "true" }, check: calls(6, true)},   // five 200 KB strings parsed again fill MaxSource
	{name: "invalid-utf8", src: func() string { return "echo \xff\xfe \xc3\x28 && git clone \xe2\x82 x" }, parseErr: true},
	// The parser refuses invalid UTF-8 even inside quotes: the engine asks
	// when such a command holds a risky word.
	{name: "invalid-utf8-quoted", src: func() string { return "git clone 'https://x/\xff' d" }, parseErr: true},
	// NUL bytes cannot reach bash (argv is a C string); the parser drops
	// them, so rm -rf \x00/ is seen as rm -rf /, the safe reading.
	{name: "nul-bytes", src: func() string { return "echo a\x00b; rm -rf \x00/" },
		check: func(t *testing.T, m *Model) {
			if len(m.Calls) != 2 || m.Calls[1].Name != "rm" || strings.Join(m.Calls[1].Words(), " ") != "-rf /" {
				t.Errorf("NUL bytes: %d calls", len(m.Calls))
			}
		}},
	{name: "only-nul", src: func() string { return strings.Repeat("\x00", 1000) }, check: calls(0, false)},
	{name: "many-heredocs", src: func() string { return strings.Repeat("cat <<EOF\nx\nEOF\n", 2000) }, check: calls(2000, false)},
	// Here-document bodies are text, not code: their operators do not
	// count (issue 9), once the parser has confirmed each body.
	{name: "1MiB-heredoc-python", src: func() string { return pythonHeredoc("'EOF'", MaxSource) }, check: pythonFound},
	{name: "1MiB-heredoc-python-unquoted", src: func() string { return pythonHeredoc("EOF", MaxSource) }, check: pythonFound},
	{name: "1MiB-heredoc-python-dash", src: func() string { return strings.Replace(pythonHeredoc("'EOF'", MaxSource), "<<", "<<-", 1) }, check: pythonFound},
	{name: "1MiB-heredoc-two-on-a-line", src: func() string {
		body := strings.Repeat("x = (1 - 2) * 3 | 4\n", MaxSource/50)
		return "cat <<'A' <<'B'\n" + body + "A\n" + body + "B\nls\n"
	}, check: calls(2, false)},
	// An unquoted body with expansions is parsed for them: it counts.
	{name: "1MiB-heredoc-unquoted-expansions", src: func() string {
		return "cat <<EOF\n" + strings.Repeat("$x (1-2) | ", MaxSource/12) + "\nEOF\n"
	}, tooLarge: true},
	// Text that only looks like a here-document is code, and counts.
	{name: "quoted-fake-heredoc", src: func() string {
		return "echo '<<E'\n" + strings.Repeat("true && ", 30000) + "true\nE\n"
	}, tooLarge: true},
	{name: "arith-fake-heredoc", src: func() string {
		return "echo $((1<<E))\n" + strings.Repeat("true && ", 30000) + "true\nE\n"
	}, tooLarge: true},
	{name: "comment-fake-heredoc", src: func() string {
		return "# cat <<E\n" + strings.Repeat("true && ", 30000) + "true\nE\n"
	}, tooLarge: true},
	{name: "backquote-heredoc", src: func() string {
		return "echo `cat <<'E'\n" + strings.Repeat("x` && ", 30000) + "\nE\n`"
	}, tooLarge: true},
	// After the body, code counts again.
	{name: "heredoc-then-chain", src: func() string {
		return "cat <<'E'\n" + strings.Repeat("(", 5000) + "\nE\n" + strings.Repeat("true && ", 30000) + "true\n"
	}, tooLarge: true},
	{name: "unterminated-heredoc", src: func() string { return "bash <<EOF\n" + strings.Repeat("rm -rf / && ", 1000) }, parseErr: true},
	{name: "unterminated-quote", src: func() string { return "echo '" + strings.Repeat("(", 5000) }, tooLarge: true},
}

// pythonHeredoc is python3 fed a here-document of about size bytes of
// python whose last line deletes a directory.
func pythonHeredoc(delim string, size int) string {
	head := "python3 <<" + delim + "\nimport shutil\n"
	tail := "shutil.rmtree('/srv/data')\nEOF\n"
	line := "total = sum([(i * 2 - 1) % 7 for i in range(10)]) | 3  # a < b, c > d\n"
	n := (size - len(head) - len(tail)) / len(line)
	return head + strings.Repeat(line, n) + tail
}

// pythonFound asserts that the python lexer read the whole body: the
// deletion on its last line is modelled as rm -rf.
func pythonFound(t *testing.T, m *Model) {
	t.Helper()
	for _, c := range m.Calls {
		if c.Name == "rm" && strings.Join(c.Words(), " ") == "-rf -- /srv/data" {
			return
		}
	}
	t.Errorf("shutil.rmtree at the end of the body not found in %d calls", len(m.Calls))
}

func TestPathological(t *testing.T) {
	t.Parallel()
	for _, tc := range pathological {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.src()
			if len(src) > MaxSource && !tc.tooLarge {
				t.Fatalf("test input of %d bytes is over MaxSource", len(src))
			}
			m, err := Analyze(src, opts)
			var pe *ParseError
			switch {
			case tc.tooLarge:
				if !errors.Is(err, ErrTooLarge) {
					t.Errorf("want ErrTooLarge, got %v", err)
				}
			case tc.parseErr:
				if !errors.As(err, &pe) {
					t.Errorf("want a ParseError, got %v", err)
				}
			case err != nil:
				t.Errorf("want a model, got %v", err)
			default:
				tc.check(t, m)
			}
			// Valid agrees with Analyze.
			if (Valid(src) == nil) != (err == nil) {
				t.Errorf("Valid and Analyze disagree: %v", err)
			}
		})
	}
}

func BenchmarkPathological(b *testing.B) {
	for _, tc := range pathological {
		src := tc.src()
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			for i := 0; i < b.N; i++ {
				Analyze(src, opts)
			}
		})
	}
}
