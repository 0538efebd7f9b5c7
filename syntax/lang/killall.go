package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// killCalls are the calls that send a signal to process ids, per
// language, with the index of the first pid argument: os.kill(pid, sig),
// process.kill(pid, sig), posix_kill(pid, sig); Ruby's Process.kill(sig,
// *pids) and Perl's kill SIG, LIST (whose fat comma, kill 9 => -1 or
// kill KILL => -1, is a comma too).
var killCalls = lazy.Value[map[Lang]map[string]int]{New: func() map[Lang]map[string]int {
	return map[Lang]map[string]int{
		Python: {"os.kill": 0, "os.killpg": 0},
		JS:     {"process.kill": 0},
		Ruby:   {"Process.kill": 1},
		Perl:   {"kill": 1},
		PHP:    {"posix_kill": 0},
	}
}}

// killAll finds the signals program code sends to pid -1, every process
// the user may signal (kill(2)): the same as kill -9 -1 at the shell, an
// Exec effect the shell rules judge. os.killpg(0, …) signals the
// program's own group and is not one.
func killAll(p *parser) []Effect {
	names := killCalls.Get()[p.l]
	if names == nil {
		return nil
	}
	resolve := func(n string) string {
		if p.l == Python && p.al != nil {
			return p.al.resolve(n)
		}
		return n
	}
	var out []Effect
	for _, c := range p.findCalls(p.l == Perl || p.l == Ruby, func(n string) bool { _, ok := names[resolve(n)]; return ok }) {
		first := names[resolve(c.name)]
		var texts []string
		for _, a := range positional(c.args) {
			if p.l == Perl {
				// => is a comma that also quotes a bareword on its left.
				texts = append(texts, strings.Split(a.text, "=>")...)
			} else {
				texts = append(texts, a.text)
			}
		}
		for i := first; i < len(texts); i++ {
			if t := strings.Join(strings.Fields(texts[i]), ""); t == "-1" || t == "(-1)" {
				out = append(out, Effect{Kind: Exec, Call: resolve(c.name), Argv: []string{"kill", "-9", "-1"}, Offset: c.off})
				break
			}
		}
	}
	return out
}
