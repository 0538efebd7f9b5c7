package rewrite

import (
	"os"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// readIntoVariables reports whether all that c prints becomes the words
// of a builtin that assigns variables and prints nothing: export $(cat
// .env | xargs), declare $(grep -v '^#' .env | xargs) (not env $(cat
// .env), which prints them without a command). The file's lines are then
// set as variables, as source sets them, and none of them reaches the
// agent; so a project's own file is no more a read than source .env is
// (the variables it sets are followed as source's are). The reader and
// every stage after it must be a line filter in a form that writes
// nowhere else (no sort -o, sed w, xargs -t, tee).
func readIntoVariables(c *syntax.Call) bool {
	if !lineStage(c) {
		return false
	}
	last := c
	if c.Pipe != nil {
		if c.Pipe.Subst != "" {
			return false
		}
		for i := c.PipeIndex + 1; i < len(c.Pipe.Calls); i++ {
			s := c.Pipe.Calls[i]
			if s == nil || !lineStage(s) {
				return false
			}
			last = s
		}
		if c.PipeIndex+1 < len(c.Pipe.Calls) && c.Fd(1).Kind != syntax.StreamPipe {
			return false // its own output goes elsewhere (> f, 1>&2)
		}
	}
	if last.Subst != "$(" || last.HostDecl == "" || c.Trace.Xtrace || last.Trace.Xtrace {
		return false // set -x prints the assignments with their values
	}
	if out := last.Fd(1); out.Kind != syntax.StreamPipe || out.Pipe != nil || out.Redirect.Node != nil {
		return false
	}
	return true
}

// lineStage reports whether c only passes on (some of) the lines it
// reads, changed or not, and writes nothing but its stdout (and errors):
// cat, grep, head, tail, cut, tr, sort without -o, uniq with no output
// file, sed with substitutions and deletions only, xargs running no
// command of its own (or echo) and printing nothing on stderr.
func lineStage(c *syntax.Call) bool {
	if c.ExtraArgs || len(c.Redirs) > 0 {
		return false
	}
	for _, a := range c.Args {
		if !a.Static {
			return false
		}
	}
	switch c.Name {
	case "cat", "grep", "egrep", "fgrep", "head", "tail", "cut", "tr":
		return true
	case "sort":
		for _, a := range c.Args {
			if v := a.Value; strings.HasPrefix(v, "--o") || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "o") {
				return false // -o FILE writes the lines to a file
			}
		}
		return true
	case "uniq":
		operands := 0
		for _, a := range c.Args {
			if !strings.HasPrefix(a.Value, "-") {
				operands++
			}
		}
		return operands <= 1 // uniq IN OUT writes OUT
	case "sed":
		return sedOnlyEdits(c.Args)
	case "xargs":
		return xargsEchoes(c.Args)
	}
	return false
}

// sedOnlyEdits reports whether sed's words are scripts of substitutions
// (s/A/B/ with only g, I or a number as flags) and deletions (/RE/d,
// Nd), given bare or with -e, with no other option than -E, -r and -n:
// no w, e, r or an in-place edit, which write or read elsewhere.
func sedOnlyEdits(args []syntax.Arg) bool {
	scripts := 0
	for i := 0; i < len(args); i++ {
		switch v := args[i].Value; {
		case v == "-E" || v == "-r" || v == "-n" || v == "--regexp-extended":
		case v == "-e" && i+1 < len(args):
			i++
			if !sedEdit(args[i].Value) {
				return false
			}
			scripts++
		case strings.HasPrefix(v, "-"):
			return false
		case scripts == 0:
			if !sedEdit(v) {
				return false
			}
			scripts++
		default:
			// A file operand (sed 's/#.*//' .env).
		}
	}
	return scripts > 0
}

// sedEdit reports whether one sed script is a list of s/A/B/FLAGS and
// /RE/d commands (separated by ;) with nothing else in them.
func sedEdit(script string) bool {
	for _, cmd := range strings.Split(script, ";") {
		cmd = strings.TrimSpace(cmd)
		switch {
		case cmd == "":
		case strings.HasPrefix(cmd, "s") && len(cmd) > 1:
			parts := strings.Split(cmd[2:], cmd[1:2])
			if strings.Contains(cmd, `\`) || len(parts) != 3 || strings.Trim(parts[2], "gI0123456789") != "" {
				return false
			}
		case strings.HasPrefix(cmd, "/") && strings.HasSuffix(cmd, "/d") && strings.Count(cmd, "/") == 2 && !strings.Contains(cmd, `\`):
		default:
			return false
		}
	}
	return true
}

// xargsEchoes reports whether xargs runs no command of its own (or
// echo), so that it echoes its input words, with only the options that
// split or batch them (-0, -d, -r, -n, -L, -s, -E): not -t or -p, which
// print the command lines on stderr, nor -a, which reads another file.
func xargsEchoes(args []syntax.Arg) bool {
	for i := 0; i < len(args); i++ {
		switch v := args[i].Value; {
		case v == "-0" || v == "--null" || v == "-r" || v == "--no-run-if-empty":
		case v == "-d" || v == "-n" || v == "-L" || v == "-s" || v == "-E":
			i++
		case strings.HasPrefix(v, "--delimiter=") || strings.HasPrefix(v, "--max-args=") || strings.HasPrefix(v, "--max-lines="):
		case len(v) > 2 && (strings.HasPrefix(v, "-d") || strings.HasPrefix(v, "-n") || strings.HasPrefix(v, "-L")):
		case v == "echo" && i == len(args)-1:
		default:
			return false
		}
	}
	return true
}

// dropsComments reports whether a stage from c on removes comment lines
// (grep -v '^#', sed '/^#/d'), so that they never become words.
func dropsComments(c *syntax.Call) bool {
	stages := []*syntax.Call{c}
	if c.Pipe != nil {
		stages = c.Pipe.Calls[c.PipeIndex:]
	}
	for _, s := range stages {
		if s == nil {
			continue
		}
		invert, hash := false, false
		for _, a := range s.Args {
			v := a.Value
			switch {
			case (s.Name == "grep" || s.Name == "egrep") && strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "v"), v == "--invert-match":
				invert = true
			case strings.Contains(v, "#") && (s.Name != "sed" || strings.HasSuffix(v, "/d")):
				hash = true
			}
		}
		if hash && (invert || s.Name == "sed") {
			return true
		}
	}
	return false
}

// assignableLines reports whether the file at abs (a regular file of at
// most 64 KiB, read now) holds only lines that become valid assignment
// words when split: NAME=VALUE (or export NAME=VALUE) with no blank,
// quote, backslash or pattern character in VALUE, blank lines, and
// comment lines when the pipeline drops them. Any other word makes
// export print it in a "not a valid identifier" error (KEY="a b" prints
// b"), so such a file is a read.
func assignableLines(abs string, commentsDropped bool) bool {
	fi, err := os.Lstat(abs)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > 64<<10 {
		return false
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case strings.TrimSpace(line) == "":
			continue
		case strings.HasPrefix(strings.TrimSpace(line), "#"):
			if !commentsDropped {
				return false
			}
			continue
		}
		line = strings.TrimPrefix(line, "export ")
		name, value, ok := strings.Cut(line, "=")
		if !ok || !syntax.IsName(name) || strings.ContainsAny(value, " \t'\"\\*?[") {
			return false
		}
	}
	return true
}
