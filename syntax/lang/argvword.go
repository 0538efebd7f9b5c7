package lang

import (
	"sort"
	"strconv"
	"strings"
)

// Words of the argument vector only known at run time (red team 19,
// issue 12 class 4).
//
// A word the shell only knows at run time ("$(command echo ~/.bashrc)",
// "${x:-$HOME/.bashrc}") reaches the program as the word it expands to,
// so python3 -c 'open(sys.argv[1], "w")' WORD writes the file cp F WORD
// writes. The shell model knows of such a word what it knows of any:
// the candidates of a ${x:-d} default, the paths a substitution's text
// mentions, that a quoted substitution is one path a program chose.
// AnalyzeArgv therefore reads the program a second time with each such
// word (Arg.Shell) bound to its ArgvMark, as a known word is bound to
// its value, and reports the writes, reads, deletions, loads and runs
// whose path or argument holds a mark (ArgvWords): the walker judges
// each as the shell command that does the same to the word as written
// (: > WORD, rm -f -- WORD, cat -- WORD). The first reading's effects
// are kept as they were.

// argvMarkOpen and argvMarkClose delimit a mark: NUL, which no path or
// shell word of the command holds.
const (
	argvMarkOpen  = "\x00argv"
	argvMarkClose = "\x00"
)

// ArgvMark is the text that stands for the word at index i of the
// argument vector in the effects of a reading with run-time words bound.
func ArgvMark(i int) string {
	return argvMarkOpen + strconv.Itoa(i) + argvMarkClose
}

// ArgvPart is a piece of a text holding marks: literal Text, or (Word
// >= 0) the word of the argument vector at that index.
type ArgvPart struct {
	Text string
	Word int
}

// ArgvParts cuts s at its marks; ok is false when s holds none.
func ArgvParts(s string) (parts []ArgvPart, ok bool) {
	for {
		i := strings.Index(s, argvMarkOpen)
		if i < 0 {
			break
		}
		rest := s[i+len(argvMarkOpen):]
		j := strings.Index(rest, argvMarkClose)
		n, err := strconv.Atoi(rest[:max(j, 0)])
		if j <= 0 || err != nil || n < 0 {
			break
		}
		if i > 0 {
			parts = append(parts, ArgvPart{Text: s[:i], Word: -1})
		}
		parts = append(parts, ArgvPart{Word: n})
		ok = true
		s = rest[j+len(argvMarkClose):]
	}
	if !ok {
		return nil, false
	}
	if s != "" {
		parts = append(parts, ArgvPart{Text: s, Word: -1})
	}
	return parts, true
}

// hasArgvMark reports whether e's path, text or argument vector holds
// a mark.
func hasArgvMark(e Effect) bool {
	if strings.Contains(e.Path, argvMarkOpen) || strings.Contains(e.Text, argvMarkOpen) {
		return true
	}
	for _, a := range e.Argv {
		if strings.Contains(a, argvMarkOpen) {
			return true
		}
	}
	return false
}

// markedArgv returns argv with each word that has a shell form bound to
// its mark, and whether there was one.
func markedArgv(argv []Arg) ([]Arg, bool) {
	var out []Arg
	for i, a := range argv {
		if a.Known || a.Shell == "" {
			continue
		}
		if out == nil {
			out = make([]Arg, len(argv))
			copy(out, argv)
		}
		out[i] = Arg{Value: ArgvMark(i), Known: true}
	}
	return out, out != nil
}

// withRunTimeWords adds to effects, the reading of a program with
// argv, the effects of reading it again (read) with its run-time words
// bound to their marks that hold a mark: writes, reads, deletions,
// loads of a file (not a module looked up by name), and runs. Each is
// marked ArgvWords. Effects are in the order of their offsets.
func withRunTimeWords(l Lang, src string, effects []Effect, argv []Arg, read func([]Arg) []Effect) []Effect {
	marked, ok := markedArgv(argv)
	if !ok || !mentionsArgv(l, src) {
		return effects
	}
	n := len(effects)
	for _, e := range read(marked) {
		switch e.Kind {
		case Write, Read, Delete, Exec, Shell:
		case Include:
			if e.Search {
				continue
			}
		default:
			continue
		}
		if !hasArgvMark(e) {
			continue
		}
		e.ArgvWords = true
		effects = append(effects, e)
	}
	if len(effects) > n {
		// Stable: the first reading's effect comes before the second's
		// at the same offset.
		sort.SliceStable(effects, func(i, j int) bool { return effects[i].Offset < effects[j].Offset })
	}
	return effects
}

// mentionsArgv reports whether program text in language l can refer to
// its argument vector, so that a second reading can find more: a
// language whose reader binds the vector, whose text holds the name
// it is reached by.
func mentionsArgv(l Lang, src string) bool {
	switch l {
	case Python, JS, PHP:
		return strings.Contains(src, "argv")
	case Ruby:
		return strings.Contains(src, "ARGV")
	case Perl:
		return strings.Contains(src, "ARGV") || strings.Contains(src, "shift")
	case CSharp:
		return strings.Contains(src, "Args")
	case Swift:
		return strings.Contains(src, "arguments")
	case D, JVM:
		return strings.Contains(src, "main")
	}
	return false
}

// ImportsArgv is Imports for program text run with the argument vector
// argv (loop: in a -n/-p loop, AnalyzeLoopArgv): a load of a word of
// the vector (require(process.argv[1]), load ARGV[0], include
// $argv[1]) loads the file the word names, as if the code named it.
func ImportsArgv(l Lang, src string, argv []Arg, loop bool) []Effect {
	if len(argv) == 0 {
		return Imports(l, src)
	}
	read := func(argv []Arg) []Effect {
		return imports(l, src, func(p *parser) {
			p.loopArgv = loop && (l == Perl || l == Ruby)
			p.bindArgv(argv)
		})
	}
	return withRunTimeWords(l, src, read(argv), argv, read)
}
