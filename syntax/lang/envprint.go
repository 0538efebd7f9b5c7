package lang

import (
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// envPrinters are, per language, the calls that write their arguments to
// the program's output, as each language's documentation names them.
var envPrinters = lazy.Value[map[Lang]map[string]bool]{New: func() map[Lang]map[string]bool {
	return map[Lang]map[string]bool{
		Python: {"print": true, "pprint": true, "pprint.pprint": true, "pprint.pp": true, "sys.stdout.write": true, "sys.stderr.write": true},
		JS: {"console.log": true, "console.info": true, "console.error": true, "console.warn": true, "console.debug": true,
			"console.dir": true, "console.table": true, "process.stdout.write": true, "process.stderr.write": true},
		Ruby: {"p": true, "pp": true, "puts": true, "print": true, "warn": true, "$stdout.puts": true, "$stdout.write": true,
			"$stdout.print": true, "STDOUT.puts": true, "STDOUT.write": true, "$stderr.puts": true, "STDERR.puts": true},
		Perl: {"print": true, "say": true, "printf": true, "warn": true, "die": true},
		PHP:  {"echo": true, "print": true, "print_r": true, "var_dump": true, "var_export": true, "printf": true, "fwrite": true},
	}
}}

// envInStrings are the spellings of an environment read inside an
// interpolating string (f"{os.environ['K']}", `${process.env.K}`,
// "#{ENV['K']}", "$ENV{K}", "{$_ENV['K']}"): the lexer keeps such a string
// whole, so its text is searched for them.
var envInStrings = []string{"environ", "getenv", "process.env", "Deno.env", "ENV[", "ENV{", "ENV.", "$_ENV", "$_SERVER"}

// envPrint finds, in a program of Python, JavaScript, Ruby, Perl or PHP,
// reads of the environment inside the arguments of a call that prints
// them (print(os.environ), console.log(process.env.KEY), p ENV, print
// %ENV, print_r($_ENV)): the variables' values reach the program's
// output. A read outside a printer's arguments (x = os.environ["K"];
// print("ok")) is not one, nor a name in a plain string or a comment.
func envPrint(p *parser) (Effect, bool) {
	printers, ok := envPrinters.Get()[p.l]
	if !ok {
		return Effect{}, false
	}
	names := map[string]bool{}
	all := false
	call, off := "", -1
	varCall, varOff := "", -1 // the first printer of a value only run time knows
	for i := 0; i < len(p.toks); i++ {
		full, _, isCall, ok := p.nameAt(i)
		if !ok || !printers[full] {
			continue
		}
		t := p.toks[i]
		var end int
		if isCall {
			end = p.closeOf(p.toks, i+1)
			if end < 0 {
				continue
			}
		} else {
			_, end = p.bareArgs(i + 1)
		}
		found := false
		for j := i + 1; j < end && j < len(p.toks); j++ {
			a := p.toks[j]
			if varOff < 0 && (a.kind == tIdent && !envReductions.Get()[a.text] || a.kind == tString && !a.lit) {
				varCall, varOff = strings.ReplaceAll(full, "::", "."), t.off
			}
			if a.kind == tString && !a.lit {
				for _, s := range envInStrings {
					if strings.Contains(a.text, s) {
						all, found = true, true
						break
					}
				}
				continue
			}
			full, first, isCall, ok := p.nameAt(j)
			if !ok {
				continue
			}
			n, every, ok := p.envRead(j, full, isCall)
			if !ok || p.envReduced(i+1, first, full) {
				continue
			}
			found = true
			if every || p.l == Ruby && n != "" && n[0] >= 'a' && n[0] <= 'z' {
				all = true // ENV.to_h, ENV.inspect: a method, not a name
				continue
			}
			names[n] = true
		}
		if found && off < 0 {
			call, off = strings.ReplaceAll(full, "::", "."), t.off
		}
		i = max(i, end-1)
	}
	if off < 0 && p.tableRead() {
		// The whole environment copied or walked, and a printer of
		// values only run time knows: env = dict(os.environ);
		// print(env), for k, v in os.environ.items(): print(k, v).
		call, off, all = varCall, varOff, true
	}
	if off < 0 {
		return Effect{}, false
	}
	var argv []string
	for n := range names {
		argv = append(argv, n)
	}
	sort.Strings(argv)
	e := Effect{Kind: Print, Call: call, Argv: argv, Offset: off}
	if all {
		e.Text = "*"
	}
	return e, true
}

// EnvReads returns the environment variables program text in language l
// reads by a literal name, sorted, and whether it reads the whole table
// or a name only known at run time (all): the value of node -p's
// expression is printed, so what it reads is what it prints.
func EnvReads(l Lang, src string) (names []string, all bool) {
	if _, ok := envPrinters.Get()[l]; !ok {
		return nil, false
	}
	src, _, _ = programText(l, src)
	src = pySource(l, src)
	p := &parser{src: src, toks: lex(l, src), l: l}
	p.consts = p.constants()
	p.indirect()
	seen := map[string]bool{}
	for i := 0; i < len(p.toks); i++ {
		t := p.toks[i]
		if t.kind == tString && !t.lit {
			for _, s := range envInStrings {
				if strings.Contains(t.text, s) {
					all = true
				}
			}
			continue
		}
		full, first, call, ok := p.nameAt(i)
		if !ok {
			continue
		}
		n, every, ok := p.envRead(i, full, call)
		switch {
		case !ok || p.envReduced(0, first, full):
		case every:
			all = true
		case !seen[n]:
			seen[n] = true
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names, all
}

// envReductions are the calls, methods and operators whose result does
// not carry a variable's value: its length, a test, the names alone
// (print(len(os.environ["K"])), print("K" in os.environ),
// console.log(Object.keys(process.env)), p ENV.keys, print keys %ENV,
// print_r(array_keys($_ENV))).
var envReductions = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"len": true, "hash": true, "bool": true, "type": true, "id": true, "isinstance": true,
		"callable": true, "hasattr": true, "keys": true, "Object.keys": true, "array_keys": true, "count": true, "sizeof": true,
		"isset": true, "empty": true, "array_key_exists": true, "defined": true, "exists": true, "scalar": true, "length": true,
		"size": true, "has_key": true, "key?": true, "include?": true, "Boolean": true, "in": true, "not": true, "typeof": true,
		"strlen": true, "is_null": true, "Number": true}
}}

// envReduced reports that the environment read whose dotted name
// starts at token first (full once resolved) is reduced before a printer
// whose arguments start at token start prints it: an operator or a call
// of envReductions stands before it, inside the same parentheses, or it
// is a method of theirs (os.environ.keys(), ENV.keys).
func (p *parser) envReduced(start, first int, full string) bool {
	if dot := strings.LastIndexByte(full, '.'); dot > 0 && envReductions.Get()[full[dot+1:]] {
		return true
	}
	prev := p.tok(first - 1)
	if prev.kind == tPunct && (prev.text == "%" || prev.text == "@") {
		prev = p.tok(first - 2) // Perl's keys %ENV, lexed as an operator
	}
	if prev.kind == tIdent && envReductions.Get()[prev.text] && !(prev.text == "in" && p.forHeader(first-1)) {
		return true
	}
	depth := 0
	for k := first - 1; k >= start; k-- {
		t := p.toks[k]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case ")", "]", "}":
			depth++
		case "(", "[", "{":
			if depth > 0 {
				depth--
				continue
			}
			if t.text != "(" || p.tok(k-1).kind != tIdent {
				return false
			}
			name, _ := p.dotted(k - 1)
			return envReductions.Get()[p.al.resolve(name)]
		}
	}
	return false
}

// tableRead reports a read of the whole environment (os.environ,
// process.env, ENV, %ENV, $_ENV, getenv()) that is not reduced to its
// names or size: the program holds every variable's value.
func (p *parser) tableRead() bool {
	for i := 0; i < len(p.toks); i++ {
		full, first, call, ok := p.nameAt(i)
		if !ok || p.l == Python && p.importLine(first) {
			continue
		}
		n, all, ok := p.envRead(i, full, call)
		if ok && (all || p.l == Ruby && n != "" && n[0] >= 'a' && n[0] <= 'z') && !p.envReduced(0, first, full) {
			return true
		}
	}
	return false
}

// forHeader reports whether the "in" at token i belongs to a for loop's
// header (for k in os.environ), not a membership test, looking back on
// its line.
func (p *parser) forHeader(i int) bool {
	for j := i - 1; j >= 0 && i-j < 64; j-- {
		t := p.toks[j]
		if t.kind == tNewline || t.kind == tPunct && (t.text == ";" || t.text == "(" || t.text == "[") {
			return false
		}
		if t.kind == tIdent && t.text == "for" {
			return true
		}
	}
	return false
}
