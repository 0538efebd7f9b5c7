package rewrite

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// benchCommands are every shared real-world command (tldr, NL2Bash).
func benchCommands(b *testing.B) []string {
	data := sharedData(b)
	var out []string
	for _, name := range []string{"tldr.jsonl", "nl2bash.jsonl"} {
		for _, l := range readLines(b, filepath.Join(data, name)) {
			out = append(out, l.Command)
		}
	}
	return out
}

// BenchmarkCheckCorpora measures parse + decide (Check: parsing,
// modelling, every rule, fixes, the re-check of a rewrite) over the shared
// corpora, one command per iteration. Run it on one core (-cpu 1); the
// target is at least 20,000 commands per second.
func BenchmarkCheckCorpora(b *testing.B) {
	cmds := benchCommands(b)
	cfg := realWorldConfig()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Check(cfg, cmds[i%len(cmds)])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commands/s")
}

// BenchmarkCheck measures single representative commands: the ordinary
// case, a rewrite (which is checked twice), a denial and a write through
// the path guards.
func BenchmarkCheck(b *testing.B) {
	cfg := realWorldConfig()
	for _, bc := range []struct{ name, cmd string }{
		{"ls", "ls -la"},
		{"pipeline", "grep -rn TODO src | sort | uniq -c | sort -rn | head -20"},
		{"git-clone", "git clone https://github.com/acme/widget.git && cd widget && make"},
		{"curl-o", "curl -fsSLo tool.tgz https://example.com/tool.tgz && tar xzf tool.tgz"},
		{"rm-rf-home", "sudo rm -rf ~"},
		{"redirect-outside", "echo 'export X=1' >> ~/.bashrc"},
		{"bash-c", `bash -c "cd /tmp && git clone https://github.com/a/b.git"`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				Check(cfg, bc.cmd)
			}
		})
	}
}

// BenchmarkLargeCommands measures the largest commands the limits of
// package syntax let through, of the costliest shapes, and one they
// refuse before parsing (time and, with -benchmem, allocation; the peak
// memory of the hook process is asserted by cmd/corral's TestHookMemory).
func BenchmarkLargeCommands(b *testing.B) {
	cfg := realWorldConfig()
	for _, bc := range []struct{ name, cmd string }{
		{"1MiB-list-refused", strings.Repeat("ls; ", syntax.MaxSource/4)},
		{"list-20k", strings.Repeat("ls; ", syntax.MaxStatements)},
		{"words-50k", "echo " + strings.Repeat("a ", syntax.MaxWords-2)},
		{"variables-50k", "echo " + strings.Repeat("$a ", syntax.MaxWords-2)},
		{"curl-16k-outputs", "curl" + strings.Repeat(" -o x https://h/x", syntax.MaxWords/3-1)},
		{"clone-50k-words", "git clone https://github.com/a/b " + strings.Repeat("x ", syntax.MaxWords-10)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bc.cmd)))
			for i := 0; i < b.N; i++ {
				Check(cfg, bc.cmd)
			}
		})
	}
}

// BenchmarkManyClones measures a command of 1,000 clones, each followed by
// a cd into it: following moved paths must stay linear. The target is well
// under a second per command.
func BenchmarkManyClones(b *testing.B) {
	cmd := manyClones(1000)
	cfg := realWorldConfig()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Check(cfg, cmd)
	}
}

// BenchmarkPushdChains measures long chains of pushd, joined by ; and by
// && (each && a path that may stop, so the directory stacks split): the
// shell state must stay near linear in the chain's length.
func BenchmarkPushdChains(b *testing.B) {
	cfg := realWorldConfig()
	for _, sep := range []string{"; ", " && "} {
		for _, n := range []int{500, 1000} {
			var sb strings.Builder
			for i := range n {
				if i > 0 {
					sb.WriteString(sep)
				}
				fmt.Fprintf(&sb, "pushd d%d", i)
			}
			cmd := sb.String()
			name := fmt.Sprintf("seq-%d", n)
			if sep != "; " {
				name = fmt.Sprintf("and-%d", n)
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					Check(cfg, cmd)
				}
			})
		}
	}
}

// BenchmarkFilteredPipes measures 2,000 pipes whose listing reaches xargs
// rm through an editor and a compound stage (line_filters.go). The
// rules index each pipe's ends once per pass; the for loops a word may
// take values from and the script's control bytes are found once per
// script (they were searched again for every call: 31 s of CPU for this
// command, 4.6 s after). What remains is mostly the shell model
// following each while stage's text (syntax's producedText).
func BenchmarkFilteredPipes(b *testing.B) {
	var sb strings.Builder
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&sb, "find d%d -name '*.o' | sed p | while read f; do echo \"$f\"; done | xargs rm -f; ", i)
	}
	cmd := sb.String()
	cfg := realWorldConfig()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Check(cfg, cmd)
	}
}

// BenchmarkTangledPipes measures a chain of 60 compound stages of three
// copiers each: every stage's output is read by three calls of the next,
// so a walk that reads a stage again for each of them does 3^60 reads.
// The walks count the reads of each stage and stop past a bound
// (maxStageVisits, syntax's maxTextVisits); the command then asks.
func BenchmarkTangledPipes(b *testing.B) {
	cmd := "find ~/.ssh" + strings.Repeat(" | { cat; cat; cat; }", 60) + " | xargs rm"
	cfg := realWorldConfig()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Check(cfg, cmd)
	}
}

// BenchmarkBlankFieldInputs measures 2,000 statements whose xargs reads
// a here-string known only in part, and 2,000 echo producers of such a
// word: each run-time part is read through the substitution it holds
// (blankfields.go, substProduced).
func BenchmarkBlankFieldInputs(b *testing.B) {
	var sb strings.Builder
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&sb, "xargs rm <<< \"$(cat f) a%d\"; echo \"$(cat g) b%d\" | xargs rm; ", i, i)
	}
	cmd := sb.String()
	cfg := realWorldConfig()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Check(cfg, cmd)
	}
}
