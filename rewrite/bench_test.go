package rewrite

import (
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/corpus"
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

// BenchmarkCheckCorpora measures parse + decide over the shared corpora on
// one core; the target is at least 20,000 commands per second.
func BenchmarkCheckCorpora(b *testing.B) {
	cmds := benchCommands(b)
	env := map[string]string{"HOME": corpus.Home, EnvProject: corpus.Project}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, corpus.Project)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		Check(cfg, cmds[i%len(cmds)])
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "commands/s")
}
