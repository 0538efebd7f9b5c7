package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// CMake is a CMake script (cmake -P FILE).
const CMake Lang = "cmake"

// cmakeArg is one argument of a CMake command: its value, whether it is
// known (no ${…} reference), and whether it was quoted.
type cmakeArg struct {
	v      string
	known  bool
	quoted bool
}

// cmakeCommands reads a CMake script (cmake-language(7)): command
// invocations NAME(ARGS), arguments separated by blanks, "…" quoted with
// \ escapes, [[…]] / [=[…]=] brackets, # and #[[…]] comments.
// execute_process runs each COMMAND's words as a program without a shell;
// exec_program runs its command line with the shell; file(REMOVE …) and
// file(REMOVE_RECURSE …) delete. A word with a ${…} reference is only
// known at run time.
func cmakeCommands(src string) []Effect {
	var out []Effect
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '#':
			if n := cmakeBracketLen(src[i+1:]); n > 0 {
				i += 1 + n
				continue
			}
			if k := strings.IndexByte(src[i:], '\n'); k >= 0 {
				i += k
			} else {
				i = len(src)
			}
			continue
		case isIdentStart(c):
			j := i
			for j < len(src) && isIdent(src[j]) {
				j++
			}
			name := strings.ToLower(src[i:j])
			k := j
			for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
				k++
			}
			if k >= len(src) || src[k] != '(' {
				i = j
				continue
			}
			args, end := cmakeArgs(src, k+1)
			out = append(out, cmakeEffects(name, args, i)...)
			i = end
			continue
		}
		i++
	}
	return out
}

// cmakeBracketLen returns the length of a bracket argument [=[…]=] at
// the start of s, or 0.
func cmakeBracketLen(s string) int {
	if !strings.HasPrefix(s, "[") {
		return 0
	}
	eq := 0
	for 1+eq < len(s) && s[1+eq] == '=' {
		eq++
	}
	if 1+eq >= len(s) || s[1+eq] != '[' {
		return 0
	}
	closing := "]" + strings.Repeat("=", eq) + "]"
	if k := strings.Index(s[2+eq:], closing); k >= 0 {
		return 2 + eq + k + len(closing)
	}
	return len(s)
}

// cmakeArgs reads the arguments from i to the closing parenthesis.
func cmakeArgs(src string, i int) ([]cmakeArg, int) {
	var out []cmakeArg
	depth := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '#':
			if n := cmakeBracketLen(src[i+1:]); n > 0 {
				i += 1 + n
				continue
			}
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == ')':
			if depth == 0 {
				return out, i + 1
			}
			depth--
			i++
		case c == '(':
			depth++
			i++
		case c == '"':
			v, j := backslashString(src, i+1)
			out = append(out, cmakeArg{v: v, known: !strings.Contains(v, "${") && !strings.Contains(v, "$ENV{"), quoted: true})
			i = j + 1
		case c == '[' && cmakeBracketLen(src[i:]) > 0:
			n := cmakeBracketLen(src[i:])
			body := src[i:min(i+n, len(src))]
			open := strings.IndexByte(body[1:], '[') + 2
			v := strings.TrimPrefix(body[open:max(open, len(body)-open)], "\n")
			out = append(out, cmakeArg{v: v, known: true, quoted: true})
			i += n
		default:
			j := i
			for j < len(src) && !strings.ContainsRune(" \t\r\n()#\"", rune(src[j])) {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(src))
			v := src[i:j]
			out = append(out, cmakeArg{v: v, known: !strings.Contains(v, "${") && !strings.Contains(v, "$ENV{")})
			i = j
		}
	}
	return out, len(src)
}

// cmakeProcessKeywords end a COMMAND's words in execute_process.
var cmakeProcessKeywords = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"COMMAND": true, "WORKING_DIRECTORY": true, "TIMEOUT": true, "RESULT_VARIABLE": true,
		"RESULTS_VARIABLE": true, "OUTPUT_VARIABLE": true, "ERROR_VARIABLE": true, "INPUT_FILE": true, "OUTPUT_FILE": true,
		"ERROR_FILE": true, "OUTPUT_QUIET": true, "ERROR_QUIET": true, "COMMAND_ECHO": true, "OUTPUT_STRIP_TRAILING_WHITESPACE": true,
		"ERROR_STRIP_TRAILING_WHITESPACE": true, "ENCODING": true, "ECHO_OUTPUT_VARIABLE": true, "ECHO_ERROR_VARIABLE": true,
		"COMMAND_ERROR_IS_FATAL": true}
}}

func cmakeEffects(name string, args []cmakeArg, off int) []Effect {
	var out []Effect
	switch name {
	case "execute_process":
		for k := 0; k < len(args); k++ {
			if args[k].quoted || args[k].v != "COMMAND" {
				continue
			}
			var argv []string
			known := true
			text := ""
			for k+1 < len(args) && !(cmakeProcessKeywords.Get()[args[k+1].v] && !args[k+1].quoted) {
				k++
				argv = append(argv, args[k].v)
				known = known && args[k].known
				text += " " + args[k].v
			}
			switch {
			case len(argv) == 0:
			case !known:
				out = append(out, Effect{Kind: Hidden, Call: name, Text: strings.TrimSpace(text), Offset: off})
			default:
				out = append(out, Effect{Kind: Exec, Call: name, Argv: argv, Offset: off})
			}
		}
	case "exec_program":
		if len(args) == 0 {
			break
		}
		text := args[0].v
		known := args[0].known
		for k := 1; k < len(args); k++ {
			if args[k].v == "ARGS" && !args[k].quoted {
				for k+1 < len(args) && !(args[k+1].v == "OUTPUT_VARIABLE" || args[k+1].v == "RETURN_VALUE") {
					k++
					text += " " + args[k].v
					known = known && args[k].known
				}
			}
		}
		if known {
			out = append(out, Effect{Kind: Shell, Call: name, Text: text, Offset: off})
		} else {
			out = append(out, Effect{Kind: Hidden, Call: name, Text: text, Offset: off})
		}
	case "file":
		if len(args) == 0 || args[0].quoted || args[0].v != "REMOVE" && args[0].v != "REMOVE_RECURSE" {
			break
		}
		for _, a := range args[1:] {
			for _, p := range strings.Split(a.v, ";") { // a CMake list
				if p == "" {
					continue
				}
				if !a.known {
					out = append(out, Effect{Kind: Hidden, Call: "file(" + args[0].v + ")", Text: a.v, Offset: off})
					break
				}
				out = append(out, Effect{Kind: Delete, Call: "file(" + args[0].v + ")", Path: p, Recursive: args[0].v == "REMOVE_RECURSE", Offset: off})
			}
		}
	}
	return out
}
