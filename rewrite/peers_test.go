package rewrite

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/corral-dev/corral/corpus"
)

type peerCase struct {
	Tool     string `json:"tool"`
	Command  string `json:"command"`
	Expect   string `json:"expect"`
	Category string `json:"category"`
	Context  *struct {
		Cwd string            `json:"cwd"`
		Env map[string]string `json:"env"`
	} `json:"context"`
}

// peerDisagreements are the places where corral decides differently from
// a peer on purpose: a pattern of peer cases and the reason. The two peers
// contradict each other in places (cc-safety-net allows rm -rf build in a
// project, dcg blocks rm -rf ./build); corral follows its seeds.
var peerDisagreements = []struct {
	tool, expect string
	pattern      *regexp.Regexp
	reason       string
}{
	{"dcg", "block", regexp.MustCompile(`^rm (-rf|-r -f|-f -r|--recursive --force|--force --recursive) \./build$|^rm -rf (node_modules|src)$`),
		"deleting a build directory inside the project is ordinary work (cc-safety-net agrees); src is warned by seed 001"},
	{"", "block", regexp.MustCompile(`\$\{?TMPDIR|\$\{TMPDIR_NOT\}|'\$TMPDIR|\x60pwd\x60`),
		"a run-time path is judged by its known part; corral asks only when that part is a root or climbs out with .."},
	{"", "", regexp.MustCompile(`(^|&& |; )(python3?|node|ruby|perl)\b.*(-c|-e|<<)`),
		"program text of another language is data to corral, not shell"},
	{"", "block", regexp.MustCompile(`^(\d\w*|[A-Za-z-]+-\w*|)=\d+ git`),
		"not an assignment: bash runs a command named 1A=2, not git"},
	{"", "block", regexp.MustCompile(`^command -\w*[vV]`), "command -v only looks a command up"},
	{"", "block", regexp.MustCompile(`^tool `), "tool is a peer-configured wrapper, unknown to corral"},
	{"", "block", regexp.MustCompile(`^git (RESET --HARD|reset ‐‐hard)|^git reset(\n|\\n)--hard|^GIT CHECKOUT`),
		"git rejects upper-case subcommands and unicode dashes; a newline ends the command, and \\n in a word is the letter n (git reset\\n--hard runs the unknown subcommand resetn--hard)"},
	{"", "block", regexp.MustCompile(`^echo yes \| rm -rf && echo done$`),
		"rm -rf without operands deletes nothing (rm reads no names from stdin)"},
	{"dcg", "block", regexp.MustCompile(`^\s*cat <<\\?EOF\n`),
		"a here-document fed to cat is printed, not run: it is data (dcg's own heredoc_data cases agree)"},
	{"cc-safety-net", "block", regexp.MustCompile(`find [./a-z]+ (-name|-execdir)|find \. -name '\*\.tmp' -exec|find /tmp`),
		"a find that deletes selected files, or under /tmp, is ordinary work; corral denies find -delete of a root"},
	{"cc-safety-net", "allow", regexp.MustCompile(`^find \. -exec rm -[rf] \{\} \\;$`),
		"find . -exec rm on every file of the project root deletes the project"},
	{"cc-safety-net", "block", regexp.MustCompile(`^(git clean -nf|cd /tmp && bash -c "rm -rf foo"|pushd /x && parallel rm -rf ::: foo|rm -rf (7|123) >)`),
		"dry runs, rm without operands, and deletes under /tmp or of relative names are harmless"},
	{"cc-safety-net", "allow", regexp.MustCompile(`^rm -[rRf]+ /some/path$|^rm -f file\.txt$|^rm -rf (build|\./dist|\./subdir)|xargs rm -- -rf|^parallel (busybox )?rm -rf \{\} ::: build( dist node_modules)?$`),
		"seed 002 asks before rm outside the project, the sandbox, safe paths and git repositories (here: the home directory is no project)"},
	{"cc-safety-net", "block", regexp.MustCompile(`^'rm -rf /tmp/cache$`),
		"no shell parses it, so nothing runs; with its quote repaired it deletes under /tmp, a safe path where corral allows rm"},
	{"cc-safety-net", "", regexp.MustCompile(`^parallel bash -c( 'echo hi' \{\} ::: a| 'rm -rf \{\}' ::: build)?$`),
		"a script or target that arrives at run time is asked about only when rm -rf or a shell gets it blind"},
	{"dcg", "block", regexp.MustCompile(`^git push --force-with-lease-if-includes`), "a lease-guarded push"},
	{"cc-safety-net", "allow", regexp.MustCompile(`^git push (--force|-f) --force-with-lease$`),
		"--force overrides the lease whatever the order: with origin/main stale, git 2.39 force-pushed over a newer remote commit for both --force --force-with-lease and --force-with-lease --force (--force-with-lease alone was rejected, stale info) (2026-11-23)"},
	{"", "allow", regexp.MustCompile(`^(TMPDIR=\S+ )?rm -rf ("?\$\{?TMPDIR(:-/tmp)?\}?/[\w-]+"?)$`),
		"$TMPDIR is only known at run time: empty or unset, rm -rf $TMPDIR/x is rm -rf /x (issue 8, unknown path roots); a TMPDIR=… prefix does not change what $TMPDIR expands to in the same command (bash expands the words first), and ${TMPDIR:-/tmp} is whatever TMPDIR holds when it is set"},
	{"cc-safety-net", "allow", regexp.MustCompile(`^git checkout --recurse-submodules (checkout|on-demand) main$`),
		"--recurse-submodules takes its optional mode only attached (=checkout), as git's parse-options reads every optional value: the two words are operands, <commit> <paths>, and git 2.39 checks out the paths checkout and main over uncommitted changes (2026-11-23)"},
	{"cc-safety-net", "block", regexp.MustCompile(`^git checkout --track main file\.txt$`),
		"git refuses --track with paths (git 2.39: \"fatal: missing branch name; try -b\", exit 128, the file untouched): nothing is discarded (2026-11-23)"},
}

// deliberate returns the reason of the first deliberate disagreement that
// matches c, and records that it was used.
func deliberate(c peerCase, used map[int]bool) (string, bool) {
	for i, d := range peerDisagreements {
		if (d.tool == "" || d.tool == c.Tool) && (d.expect == "" || d.expect == c.Expect) && d.pattern.MatchString(c.Command) {
			used[i] = true
			return d.reason, true
		}
	}
	return "", false
}

// peerUncovered are the peer categories whose verdicts corral does not
// compare itself with, and why. Every other category is covered:
// catastrophic deletes (rm -rf, find -delete/-exec rm), history-destroying
// git, the seed's dangerous commands, wrappers and nested shells, quoting
// and obfuscation, and data that must pass (heredoc data, commit messages,
// grep patterns, substrings).
var peerUncovered = []struct{ tool, category, reason string }{
	{"dcg", "corpus/edge_cases/future_packs", "dcg does not judge docker and kubectl yet (packs to come): its allow is no verdict; corral asks as seed 002 does"},
	{"cc-safety-net", "explainCommand paranoid mode", "a cc-safety-net mode (SAFETY_NET_PARANOID) with no counterpart in corral"},
	{"cc-safety-net", "explainCommand strict mode inner commands", "a cc-safety-net mode (SAFETY_NET_STRICT) with no counterpart in corral"},
}

// peerCovered reports whether a peer case is about something corral
// covers (see peerUncovered). Interpreter one-liners that delete files
// from Python or Node code (shutil.rmtree in python -c) are program text
// corral does not analyse, and are not covered either, whatever their
// category; nor are cases run in a peer-specific mode.
func peerCovered(c peerCase) bool {
	for _, u := range peerUncovered {
		if u.tool == c.Tool && strings.HasPrefix(c.Category, u.category) {
			return false
		}
	}
	cmd := c.Command
	for _, lang := range []string{"python", "node ", "ruby", "perl -e", "php -r", "lua -e"} {
		if strings.Contains(cmd, lang) && !strings.Contains(cmd, "rm -") && !strings.Contains(cmd, "git ") {
			return false
		}
	}
	if c.Context != nil && c.Context.Env != nil {
		for k := range c.Context.Env {
			if strings.HasPrefix(k, "SAFETY_NET") || strings.HasPrefix(k, "DCG") {
				return false // a peer-specific mode (strict, paranoid)
			}
		}
	}
	return true
}

// peerRawBaseline is the ratchet: how many of each peer suite's cases
// corral decides as the peer does, raw — every case of the file, with no
// deliberate disagreement or uncovered category taken out. TestPeers
// fails when agreement falls below it; raise it when it grows.
var peerRawBaseline = map[string]int{
	// 446 (raised from 445 after the final merges of 2026-11-23); 445:
	// lowered from 448 on 2026-11-23 by the options scanner work:
	// git checkout --recurse-submodules checkout|on-demand main now asks
	// and git checkout --track main file.txt passes (see
	// peerDisagreements: what git 2.39 does with them, run).
	// 452 on 2026-11-30 (fp1): a "<fresh temp dir>" cwd whose HOME is
	// not that directory is the peer's workspace, read as the project (it
	// had been read as the home directory, where seed 002 asks before rm):
	// rm -rf build, rm -rf ./dist, parallel rm -rf {} ::: build pass there.
	"cc-safety-net.jsonl": 452,
	// dcg: 699 on 2026-11-30 (fp1): git checkout -b NAME START PATHS is
	// refused by git (nothing overwritten) and passes; 698 had been raised
	// from 697 on 2026-11-28 by that day's rules.
	"dcg.jsonl": 699,
}

// TestPeers runs both peer suites through the engine and reports raw
// agreement on every case; beside it, the disagreements corral makes on
// purpose (peerDisagreements, with reasons), the cases of categories it
// does not judge (peerUncovered) and the rest, each counted and listed.
// Nothing is left out of the raw number.
func TestPeers(t *testing.T) {
	data := sharedData(t)
	env := map[string]string{"HOME": corpus.Home, EnvProject: corpus.Project}
	used := map[int]bool{}
	defer func() {
		// A listed disagreement that no case needs any more is stale.
		for i, d := range peerDisagreements {
			if !used[i] && !t.Failed() {
				t.Errorf("deliberate disagreement %q (%s) matches no disagreement any more: remove it", d.pattern, d.reason)
			}
		}
	}()
	for _, name := range []string{"cc-safety-net.jsonl", "dcg.jsonl"} {
		f, err := os.Open(filepath.Join(data, "peers", name))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		raw, all := 0, 0
		perCat := map[string][2]int{}
		var misses, deliberateLog, uncoveredLog []string
		for sc.Scan() {
			var c peerCase
			if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
				t.Fatal(err)
			}
			all++
			cwd := corpus.Project
			e := map[string]string{}
			for k, v := range env {
				e[k] = v
			}
			if c.Context != nil {
				// "<fresh temp dir>" as both cwd and HOME: a home directory
				// that is not a project. "<fresh temp dir>" as the cwd
				// alone is the directory the peer's agent works in, which
				// is not the home directory (the peer's HOME stays the
				// user's): the project. "<$HOME>" is the home directory.
				if c.Context.Cwd != "" {
					switch {
					case strings.HasPrefix(c.Context.Cwd, "/"):
						cwd = c.Context.Cwd
					case c.Context.Cwd == "<fresh temp dir>" && c.Context.Env["HOME"] != c.Context.Cwd:
						cwd = corpus.Project
					default:
						cwd = "/home/user"
					}
				}
				for k, v := range c.Context.Env {
					if k == "HOME" && !strings.HasPrefix(v, "/") {
						v = "/home/user"
					}
					e[k] = v
				}
				if cwd == e["HOME"] {
					e[EnvProject] = ""
				}
			}
			cfg, _ := NewConfig(func(k string) string { return e[k] }, cwd)
			cfg.NoGlobMatches, cfg.NoScriptFiles = true, true
			r := Check(cfg, c.Command)
			got := "allow"
			if r.Decision >= Ask {
				got = "block"
			}
			cat := strings.TrimSpace(strings.SplitN(strings.SplitN(c.Category, ">", 2)[0], ":", 2)[0])
			pc := perCat[cat]
			pc[1]++
			line := c.Expect + " expected, corral " + r.Decision.String()
			switch {
			case got == c.Expect:
				raw++
				pc[0]++
			case !peerCovered(c):
				uncoveredLog = append(uncoveredLog, line+" (category not judged: "+c.Category+"): "+c.Command)
			default:
				if reason, ok := deliberate(c, used); ok {
					deliberateLog = append(deliberateLog, line+" on purpose ("+reason+"): "+c.Command)
				} else {
					misses = append(misses, line+": "+c.Command)
				}
			}
			perCat[cat] = pc
		}
		f.Close()
		cats := make([]string, 0, len(perCat))
		for k := range perCat {
			cats = append(cats, k)
		}
		sort.Strings(cats)
		for _, k := range cats {
			t.Logf("%s %-48s %3d/%3d raw", name, k, perCat[k][0], perCat[k][1])
		}
		t.Logf("%s: raw agreement %d of %d cases (%.1f%%); of the %d disagreements, %d deliberate (listed with reasons), %d in categories corral does not judge, %d not explained",
			name, raw, all, 100*float64(raw)/float64(all), all-raw, len(deliberateLog), len(uncoveredLog), len(misses))
		for _, u := range peerUncovered {
			if strings.HasPrefix(name, u.tool) {
				t.Logf("%s: not judged: %s (%s)", name, u.category, u.reason)
			}
		}
		for _, m := range deliberateLog {
			t.Logf("  deliberate: %s", m)
		}
		for _, m := range uncoveredLog {
			t.Logf("  not judged: %s", m)
		}
		for _, m := range misses {
			t.Logf("  disagreement: %s", m)
		}
		switch base := peerRawBaseline[name]; {
		case raw < base:
			t.Errorf("%s: raw agreement %d of %d fell below the committed baseline %d", name, raw, all, base)
		case raw > base:
			t.Logf("%s: raw agreement %d is above the baseline %d: raise peerRawBaseline", name, raw, base)
		}
	}
}
