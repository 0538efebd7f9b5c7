package syntax

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"

	"github.com/corral-dev/corral/internal/lazy"
)

// contentProgram is a program that prints the content of the files it is
// given, or of its input when it is given none: what a variable set from
// its output may hold (KEY=$(cat .env), export $(grep -v '^#' .env |
// xargs)).
type contentProgram struct {
	// val are the short options that take a value (-n 5).
	val string
	// script: the first operand is a program or pattern, not a file
	// (grep PAT FILE, sed SCRIPT FILE), unless one of scriptOpts gives it.
	script     bool
	scriptOpts string
}

// contentPrograms are the programs whose output is (part of) the content
// of their operands or input, as their manuals describe them. A program
// that prints something else (wc, sha256sum, test) is not listed: its
// output holds no file's content.
var contentPrograms = lazy.Value[map[string]contentProgram]{New: func() map[string]contentProgram {
	return map[string]contentProgram{
		"cat":      {},
		"tac":      {val: "s"},
		"head":     {val: "nc"},
		"tail":     {val: "ncs"},
		"grep":     {val: "efmABCdD", script: true, scriptOpts: "ef"},
		"egrep":    {val: "efmABCdD", script: true, scriptOpts: "ef"},
		"fgrep":    {val: "efmABCdD", script: true, scriptOpts: "ef"},
		"sed":      {val: "efl", script: true, scriptOpts: "ef"},
		"awk":      {val: "fvF", script: true, scriptOpts: "f"},
		"gawk":     {val: "fvF", script: true, scriptOpts: "f"},
		"mawk":     {val: "fvF", script: true, scriptOpts: "f"},
		"cut":      {val: "dfbc"},
		"sort":     {val: "ktoST"},
		"uniq":     {val: "fsw"},
		"base64":   {val: "w"},
		"tr":       {},
		"strings":  {val: "nt"},
		"xxd":      {val: "clsgo"},
		"jq":       {script: true},
		"envsubst": {},
		"dos2unix": {},
	}
}}

// stdinOnly are the content programs that read no file operand.
var stdinOnly = lazy.Value[map[string]bool]{New: func() map[string]bool { return map[string]bool{"tr": true, "envsubst": true} }}

// contentFiles returns the files, sorted, whose content call c may print
// on its standard output: its file operands when it is a content program,
// and what its input holds when it reads its input (no file operand, or
// -), as inputFiles finds it. xargs with no command (or echo) prints the
// words of its input. hops bounds how far back a pipeline is followed.
func contentFiles(c *Call, hops int) []string {
	if c == nil || hops > 16 {
		return nil
	}
	if c.Name == "xargs" || len(c.Wrappers) > 0 && c.Wrappers[len(c.Wrappers)-1] == "xargs" && c.Name == "echo" {
		return inputFiles(c, 0, hops+1)
	}
	if c.Name == "echo" || c.Name == "printf" {
		// The words it prints: a variable set from a file holds its
		// content (printf %s "$KEY" | …). printf -v prints nothing.
		var files []string
		for _, a := range c.Args {
			if c.Name == "printf" && a.Static && strings.HasPrefix(a.Value, "-v") {
				return nil
			}
			files = append(files, a.From()...)
		}
		return sortedCopy(files)
	}
	p, ok := contentPrograms.Get()[c.Name]
	if !ok || len(c.Wrappers) > 0 {
		return nil
	}
	var files []string
	operands, script, stdin := 0, p.script, false
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		if a.Static && len(v) > 1 && v[0] == '-' && operands == 0 {
			if strings.HasPrefix(v, "--") {
				if v == "--" {
					operands = -1
				}
				continue
			}
			for j := 1; j < len(v); j++ {
				if strings.IndexByte(p.scriptOpts, v[j]) >= 0 {
					script = false
				}
				if strings.IndexByte(p.val, v[j]) >= 0 {
					if j == len(v)-1 {
						i++
					}
					break
				}
			}
			continue
		}
		if operands < 0 {
			operands = 0
		}
		operands++
		if script {
			script = false
			continue
		}
		if stdinOnly.Get()[c.Name] {
			continue
		}
		if a.Static && v == "-" {
			stdin = true
			continue
		}
		if a.Static && v != "" {
			files = append(files, sourcedPath(c.Dir, v))
		}
	}
	if len(files) == 0 || stdin {
		files = append(files, inputFiles(c, 0, hops+1)...)
	}
	return sortedCopy(files)
}

// inputFiles returns the files, sorted, whose content descriptor fd of c
// reads: the file of an input redirection (< .env, a loop's done < .env),
// the text of a here-document or here-string (its From), or what the
// stage before it in a pipeline prints.
func inputFiles(c *Call, fd int, hops int) []string {
	if c == nil || hops > 16 {
		return nil
	}
	s := c.Fd(fd)
	switch s.Kind {
	case StreamFile:
		r := s.Redirect
		if r.Node != nil && (r.Node.Op == sh.RdrIn || r.Node.Op == sh.RdrInOut) && r.Target.Static && r.Target.Value != "" {
			return []string{sourcedPath(r.Dir, r.Target.Value)}
		}
	case StreamPipe:
		if _, _, ok := s.Text(); ok {
			return s.Redirect.From
		}
		if s.Pipe != nil {
			return contentFiles(s.Pipe.Stage(s.Stage-1), hops+1)
		}
	}
	return nil
}

// InputFiles returns the files, sorted, whose content the standard input
// of c may hold: an input redirection's file, a here-document or
// here-string that holds a variable set from a file (<<< "$KEY" after
// source .env), or what the stage before prints when that is a file's
// content (cat .env | …, printf %s "$KEY" | …).
func (c *Call) InputFiles() []string {
	return inputFiles(c, 0, 0)
}

// OutputFiles returns the files, sorted, whose content c may print: the
// operands of a content program (cat, grep, sed, head …) or, when it
// reads its input, what InputFiles finds.
func (c *Call) OutputFiles() []string {
	return contentFiles(c, 0)
}

// sortedCopy returns s sorted, without repeats, in a new array.
func sortedCopy(s []string) []string {
	out := slices.Clone(s)
	sort.Strings(out)
	return slices.Compact(out)
}

// readFd is the descriptor read or mapfile reads: 0, or N of -u N.
func readFd(c *Call) int {
	// The options of read and mapfile that take a value: -u's is the
	// descriptor, the others' is skipped (read -t 5 -u 3 x).
	valued := "adinNptu"
	if c.Name == "mapfile" || c.Name == "readarray" {
		valued = "dnOsuCc"
	}
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		if !a.Static || len(a.Value) < 2 || a.Value[0] != '-' || a.Value == "--" {
			break
		}
		for j := 1; j < len(a.Value); j++ {
			if !strings.ContainsRune(valued, rune(a.Value[j])) {
				continue
			}
			v := a.Value[j+1:]
			if v == "" && i+1 < len(c.Args) {
				i++
				v = c.Args[i].Value
			}
			if a.Value[j] == 'u' {
				if n, err := strconv.Atoi(v); err == nil && n >= 0 {
					return n
				}
				return -1
			}
			break
		}
	}
	return 0
}

// envSources lists, sorted by name, the variables of a program's
// environment that may hold a file's content: the exported ones of st
// (prefix assignments included) and env's NAME=value words among
// wrapperWords.
func envSources(st *state, wrapperWords []Arg) []VarSource {
	var out []VarSource
	for _, v := range st.sources() {
		if v.Exported {
			out = append(out, v)
		}
	}
	for _, a := range wrapperWords {
		name, _, ok := strings.Cut(a.Value, "=")
		if !ok || !isName(name) || len(a.From()) == 0 {
			continue
		}
		out = append(out, VarSource{Name: name, Files: a.From(), Exported: true})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
