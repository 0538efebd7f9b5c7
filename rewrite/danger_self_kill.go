package rewrite

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// A hook that dies, or stops until the agent gives up waiting for it,
// is no objection: Claude Code and the other agents run the tool call
// when their hook exits with an error or times out. So a signal to
// corral's own process — pkill -f 'corral hook' in a loop started in the
// background, killall corral, kill -STOP $(pgrep corral) — switches corral
// off for the commands that follow, and is denied as the other ways of
// doing so are. Signal 0 (a probe) and CONT pass; so do patterns and
// names that cannot select corral's process, and a pattern every process
// matches (pkill -9 .), which ends the agent too and which power asks
// about.

// selfKill reports a pkill, killall or kill of looked-up pids that
// signals corral's own process, and what it does.
func selfKill(p *Pass, c *syntax.Call) (string, bool) {
	names, lines, paths := selfProcesses(p)
	switch c.Name {
	case "pkill", "killall":
		if _, every := killsByPattern(c); every {
			return "", false // every process, the agent's too: power asks
		}
		if what, ok := signalsSelf(c, names, lines, paths); ok {
			return what, true
		}
	case "kill":
		signal, _ := killTargets(c)
		if harmlessSignal(signal) {
			return "", false
		}
		for _, k := range lookedUpKillers(p, c) {
			if _, every := killsByPattern(&k.same); every {
				continue
			}
			if what, ok := signalsSelf(&k.same, names, lines, paths); ok {
				return "kill of the pids " + k.src.Name + " prints: " + what, true
			}
		}
	}
	return "", false
}

// selfProcesses returns the name corral's hook process has, the command
// lines it runs with (corral hook, PATH hook) and the paths of its
// program (the files named corral among corral's own).
func selfProcesses(p *Pass) (names, lines, paths []string) {
	names = []string{"corral"}
	lines = []string{"corral hook"}
	for _, f := range p.Config.Protected {
		if filepath.Base(f) != "corral" || !filepath.IsAbs(f) {
			continue
		}
		lines = append(lines, f+" hook")
		paths = append(paths, f)
	}
	return names, lines, paths
}

// harmlessSignal reports a signal that neither ends nor stops a process:
// 0 (kill -0 probes), CONT, and those whose default action is to be
// ignored (WINCH, CHLD, URG).
func harmlessSignal(s string) bool {
	s = strings.TrimPrefix(strings.ToUpper(s), "SIG")
	return s == "0" || s == "CONT" || s == "18" || s == "WINCH" || s == "CHLD" || s == "CLD" || s == "URG"
}

// pkillValues are pkill's (and pgrep's) short options that take a value.
const pkillValues = "gGPsuUtFd"

// pkillWords are the words of pkill or killall as they select and
// signal processes: the signal as written ("" for the default, TERM),
// the operands (patterns or names) and the matching options.
type pkillWords struct {
	signal                           string
	ops                              []syntax.Arg
	full, exact, fold, regex, negate bool
}

// readPkill reads pkill's or killall's words.
func readPkill(c *syntax.Call) pkillWords {
	w := pkillWords{regex: c.Name == "pkill"}
	args := c.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if !a.Static {
			if len(w.ops) == 0 && !strings.HasPrefix(a.Raw, "-") {
				w.ops = append(w.ops, a)
			}
			continue
		}
		switch {
		case len(w.ops) > 0 || v == "-" || !strings.HasPrefix(v, "-"):
			w.ops = append(w.ops, a)
		case v == "--":
			w.ops = append(w.ops, args[i+1:]...)
			i = len(args)
		case v == "--signal" || c.Name == "killall" && v == "-s":
			if i+1 < len(args) {
				w.signal = args[i+1].Value
			}
			i++
		case strings.HasPrefix(v, "--signal="):
			w.signal = strings.TrimPrefix(v, "--signal=")
		case v == "--full":
			w.full = true
		case v == "--exact":
			w.exact = true
		case v == "--ignore-case":
			w.fold = true
		case v == "--regexp":
			w.regex = true
		case v == "--inverse":
			w.negate = true
		case strings.HasPrefix(v, "--"):
			if !strings.Contains(v, "=") && i+1 < len(args) && takesValue(c.Name, v) {
				i++
			}
		case signalWord(v[1:]):
			w.signal = v[1:]
		default:
			for k := 1; k < len(v); k++ {
				l := v[k]
				if c.Name == "pkill" && strings.IndexByte(pkillValues, l) >= 0 || c.Name == "killall" && strings.IndexByte("suoyn", l) >= 0 {
					if l == 's' && c.Name == "killall" {
						if k+1 < len(v) {
							w.signal = v[k+1:]
						} else if i+1 < len(args) {
							w.signal = args[i+1].Value
						}
					}
					if k+1 == len(v) {
						i++
					}
					break
				}
				switch {
				case l == 'f' && c.Name == "pkill":
					w.full = true
				case l == 'x' && c.Name == "pkill", l == 'e' && c.Name == "killall":
					w.exact = true
				case l == 'i' && c.Name == "pkill", l == 'I' && c.Name == "killall":
					w.fold = true
				case l == 'r' && c.Name == "killall":
					w.regex = true
				case l == 'v' && c.Name == "pkill":
					w.negate = true
				}
			}
		}
	}
	return w
}

// signalsSelf reports pkill PATTERN or killall NAME… that selects a
// process with one of names (its name, at most 15 bytes as the kernel
// keeps it), with pkill -f one of the command lines, or with killall of
// a name holding a "/" one of the program's paths.
func signalsSelf(c *syntax.Call, names, lines, paths []string) (string, bool) {
	w := readPkill(c)
	full, exact, fold, regex, ops := w.full, w.exact, w.fold, w.regex, w.ops
	if harmlessSignal(w.signal) || w.negate {
		return "", false
	}
	if c.Name == "pkill" && len(ops) > 1 {
		ops = ops[:1]
	}
	for _, op := range ops {
		if !op.Static {
			continue // a pattern only run time knows: not judged here
		}
		targets, whole := names, full
		switch {
		case full:
			targets = lines
		case c.Name == "killall" && !regex && strings.Contains(op.Value, "/"):
			targets, whole = paths, true // killall /path/to/prog: that program's processes
		}
		if matchesProcess(op.Value, targets, whole, exact, fold, regex) {
			return c.Name + " " + op.Raw + " signals corral's own hook process: an agent whose hook dies or hangs runs the tool call unchecked", true
		}
	}
	return "", false
}

// signalWord reports the signal of an option -SIGNAL (-9, -KILL,
// -SIGSTOP, -RTMIN+1).
func signalWord(s string) bool {
	if s == "" {
		return false
	}
	if s[0] >= '0' && s[0] <= '9' {
		return strings.Trim(s, "0123456789") == ""
	}
	return strings.ToUpper(s) == s && strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-") == ""
}

// takesValue reports a long option of pkill or killall that takes the
// next word as its value.
func takesValue(prog, opt string) bool {
	if prog == "killall" {
		return slices.Contains([]string{"--user", "--older-than", "--younger-than", "--ns", "--context"}, opt)
	}
	return slices.Contains([]string{"--pgroup", "--group", "--parent", "--session", "--euid", "--uid", "--terminal",
		"--pidfile", "--ns", "--nslist", "--older", "--newer", "--delimiter", "--cgroup", "--env"}, opt)
}

// matchesProcess reports whether pattern selects one of targets as the
// program does: an extended regular expression anywhere in the name or
// line (pkill; killall -r), or the whole name (killall, pkill -x); a
// name is cut to the 15 bytes the kernel keeps. A pattern the regexp
// package cannot read selects by its text.
func matchesProcess(pattern string, targets []string, full, exact, fold, regex bool) bool {
	for _, t := range targets {
		if !full && len(t) > 15 {
			t = t[:15]
		}
		if !regex {
			if pattern == t || fold && strings.EqualFold(pattern, t) {
				return true
			}
			continue
		}
		expr := pattern
		if exact {
			expr = "^(?:" + expr + ")$"
		}
		if fold {
			expr = "(?i)" + expr
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			if strings.Contains(strings.ToLower(t), strings.ToLower(pattern)) {
				return true
			}
			continue
		}
		if re.MatchString(t) {
			return true
		}
	}
	return false
}
