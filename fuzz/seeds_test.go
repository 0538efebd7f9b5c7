package fuzz

import (
	"bufio"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/corral-dev/corral/corpus"
	"github.com/corral-dev/corral/rewrite"
)

// skipKnown makes the targets pass over failures already reported and not
// yet fixed (knownGaps), so that a fuzzing run looks for new ones; plain go
// test replays them and fails. scripts/fuzz.sh sets it.
var skipKnown = os.Getenv("CORRAL_FUZZ_SKIP_KNOWN") != ""

// knownGaps are the reported failures, by name, with where they are.
var knownGaps = map[string]string{}

// known reports whether a failure matches the known gap name and is to be
// passed over; name must be in knownGaps.
func known(t *testing.T, name string, matches bool) bool {
	if _, ok := knownGaps[name]; !ok {
		t.Fatalf("unknown gap %q", name)
	}
	return matches && skipKnown
}

// sharedData returns ../shared/data beside the module root, or "" when it
// is absent: the shared data only adds seeds.
func sharedData() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	data := filepath.Join(filepath.Dir(dir), "shared", "data")
	if _, err := os.Stat(data); err != nil {
		return ""
	}
	return data
}

// interesting picks the shared commands that exercise the rules: every
// one of them is a seed; of the rest, one in sampleEvery.
var interesting = regexp.MustCompile(`\b(git|gh|curl|wget2?|svn|hg|scp|rsync|rm|dd|mkfs|chmod|chown|kubectl|docker|systemctl|bash|sh|eval|sudo|xargs|find|tee|cp|mv|ln|sed)\b|>|<<`)

const sampleEvery = 25

// fuzzSeeds is the most command seeds a target is given when it fuzzes
// (go test -fuzz). Before the first new input, the fuzzer runs every seed
// once with coverage: with all 15,000 seeds (1,500 corpus commands and the
// shared sample) that baseline takes minutes on two cores, so a CI run of
// 20 s never got past it and executed nothing new. A few hundred seeds,
// spread evenly over the corpus and the shared commands, take a few
// seconds. Plain go test (no -fuzz) still replays every seed.
const fuzzSeeds = 300

// fuzzing reports whether the test binary runs a fuzz target (-test.fuzz
// is set), as opposed to replaying the seeds as tests.
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

// spread returns at most n of seeds, evenly spaced and in order.
func spread(seeds []string, n int) []string {
	if len(seeds) <= n || n <= 0 {
		return seeds
	}
	out := make([]string, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, seeds[i*len(seeds)/n])
	}
	return out
}

// commandSeeds returns the Bash commands of the corpus and a sample of the
// shared real-world commands (tldr, NL2Bash, READMEs); when fuzzing, at
// most fuzzSeeds of them, half from each source.
func commandSeeds(tb testing.TB) []string {
	corpusCmds, shared := allCommandSeeds(tb)
	if fuzzing() {
		n := fuzzSeeds / 2
		if len(shared) < n {
			n = fuzzSeeds - len(shared)
		}
		corpusCmds = spread(corpusCmds, n)
		shared = spread(shared, fuzzSeeds-len(corpusCmds))
	}
	return append(corpusCmds, shared...)
}

// allCommandSeeds returns every corpus command and the shared sample.
func allCommandSeeds(tb testing.TB) (corpusCmds, shared []string) {
	cases, err := corpus.Load()
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, c := range cases {
		if c.Cmd != "" && (c.Tool == "" || c.Tool == "Bash") {
			corpusCmds = append(corpusCmds, c.Cmd)
		}
	}
	data := sharedData()
	if data == "" {
		tb.Logf("shared data not found beside the module root: seeding from the corpus only")
		return corpusCmds, nil
	}
	for _, name := range []string{"tldr.jsonl", "nl2bash.jsonl", "readmes.jsonl"} {
		f, err := os.Open(filepath.Join(data, name))
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for i := 0; sc.Scan(); i++ {
			var l struct {
				Command  string `json:"command"`
				Keypress bool   `json:"keypress"`
			}
			if json.Unmarshal(sc.Bytes(), &l) != nil || l.Keypress {
				continue
			}
			if interesting.MatchString(l.Command) || i%sampleEvery == 0 {
				out = append(out, l.Command)
			}
		}
		f.Close()
	}
	return corpusCmds, out
}

// machine is one configuration of the virtual machine the corpus runs on,
// in rewrite mode and in block mode.
type machine struct {
	name           string
	rewrite, block *rewrite.Config
}

// machines are the configurations a fuzzed command runs in: the default
// sandbox inside the project, and one in the home directory, each from the
// project root and from a subdirectory.
var machines = func() []machine {
	var out []machine
	for _, sandbox := range []string{"", "~/work/sandbox"} {
		for _, cwd := range []string{corpus.Project, corpus.Project + "/src"} {
			cfg := func(mode rewrite.Mode) *rewrite.Config {
				env := map[string]string{"HOME": corpus.Home, rewrite.EnvProject: corpus.Project,
					rewrite.EnvMode: string(mode), rewrite.EnvSandbox: sandbox}
				c, notes := rewrite.NewConfig(func(k string) string { return env[k] }, cwd)
				if len(notes) > 0 {
					panic(notes)
				}
				// A virtual machine: what this machine's /tmp holds must not
				// change the answer between two checks.
				c.NoGlobMatches, c.NoScriptFiles = true, true
				return c
			}
			out = append(out, machine{name: "sandbox=" + sandbox + " cwd=" + cwd, rewrite: cfg(rewrite.ModeRewrite), block: cfg(rewrite.ModeBlock)})
		}
	}
	return out
}()

// machineFor picks a configuration from the command itself, so that a
// crasher replays in the configuration it was found in.
func machineFor(cmd string) machine {
	return machines[len(cmd)%len(machines)]
}
