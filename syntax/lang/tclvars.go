package lang

import "strings"

// Tcl words built at run time: a script can name the command it runs
// with a variable (set c ex; append c ec; $c rm -rf ~) or a substitution
// ([string cat ex ec] rm -rf ~), as Python's getattr(os, "sys"+"tem")
// does. tclEnv follows the variables the script sets to values it shows,
// and tclValue computes a word from them and from the few string commands
// whose result is known ([string cat …], [join …], [list …]): such a word
// is read as that literal. A command word only known at run time, given
// arguments, is Hidden (tcl.go).

// tclEnv is what the script's variables hold.
type tclEnv struct {
	// root is the whole script: a variable is followed only when every
	// place that names it bare (set NAME, append NAME, gets ch NAME,
	// foreach NAME, a procedure's parameter) is an assignment read here.
	root string
	vars map[string]string
	// known reports a variable whose value vars holds; seen counts the
	// assignments of each name read.
	known map[string]bool
	seen  map[string]int
	bare  map[string]int
	// nested are the names assigned in a body or a substitution: code
	// that may run any number of times, or never, or later.
	nested map[string]bool
}

func newTclEnv(root string) *tclEnv {
	return &tclEnv{root: root, vars: map[string]string{}, known: map[string]bool{}, seen: map[string]int{}, nested: map[string]bool{}}
}

// maxTclValue bounds the length of a value computed.
const maxTclValue = 4096

// bareCount is how many times name stands in the root script as a word
// of its own, not after $ (counted for every name in one pass).
func (e *tclEnv) bareCount(name string) int {
	if e.bare == nil {
		e.bare = map[string]int{}
		src := e.root
		for j := 0; j < len(src); {
			if !isIdent(src[j]) {
				j++
				continue
			}
			k := j
			for k < len(src) && isIdent(src[k]) {
				k++
			}
			dollar := j > 0 && (src[j-1] == '$' || src[j-1] == '{' && j > 1 && src[j-2] == '$' || src[j-1] == ':' && j > 1 && src[j-2] == ':')
			if !dollar {
				e.bare[src[j:k]]++
			}
			j = k
		}
	}
	return e.bare[name]
}

// value returns a variable's value when the script shows it.
func (e *tclEnv) value(name string) (string, bool) {
	name = strings.TrimPrefix(name, "::")
	if !e.known[name] || e.nested[name] || e.seen[name] != e.bareCount(name) {
		return "", false
	}
	return e.vars[name], true
}

// assign reads set NAME VALUE and append NAME VALUE… at depth (0: the
// script's own straight line).
func (e *tclEnv) assign(words []tclWord, depth int) {
	if len(words) < 2 || !words[0].lit || !words[1].lit || words[1].brace {
		return
	}
	name := strings.TrimPrefix(words[1].val, "::")
	if depth > 0 && (words[0].val == "set" && len(words) == 3 || words[0].val == "append") {
		e.nested[name] = true
	}
	switch words[0].val {
	case "set":
		if len(words) != 3 {
			return
		}
		e.seen[name]++
		e.vars[name], e.known[name] = words[2].val, words[2].lit
	case "append":
		e.seen[name]++
		v := e.vars[name]
		if !e.known[name] && e.seen[name] > 1 {
			return
		}
		for _, w := range words[2:] {
			if !w.lit {
				e.known[name] = false
				return
			}
			v += w.val
		}
		e.vars[name], e.known[name] = v, len(v) <= maxTclValue
	}
}

// resolve gives each word the script shows the value of that value.
func (e *tclEnv) resolve(words []tclWord) []tclWord {
	out := words
	for i, w := range words {
		if w.lit {
			continue
		}
		if v, ok := e.wordValue(w.raw, 0); ok {
			if &out[0] == &words[0] {
				out = append([]tclWord(nil), words...)
			}
			out[i].val, out[i].lit = v, true
		}
	}
	return out
}

// wordValue computes the value of a word's source text (quoted or bare)
// from the variables and the string commands known, or reports it
// unknown.
func (e *tclEnv) wordValue(raw string, depth int) (string, bool) {
	if depth > 8 || strings.HasPrefix(raw, "{*}") {
		return "", false
	}
	if strings.HasPrefix(raw, "{") && strings.HasSuffix(raw, "}") {
		return raw[1 : len(raw)-1], true
	}
	if len(raw) >= 2 && raw[0] == '"' && raw[len(raw)-1] == '"' {
		raw = raw[1 : len(raw)-1]
	}
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case c == '\\' && i+1 < len(raw):
			i++
			switch raw[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(raw[i])
			}
		case c == '$' && i+1 < len(raw) && raw[i+1] == '{':
			end := strings.IndexByte(raw[i:], '}')
			if end < 0 {
				return "", false
			}
			v, ok := e.value(raw[i+2 : i+end])
			if !ok {
				return "", false
			}
			b.WriteString(v)
			i += end
		case c == '$' && i+1 < len(raw) && (isIdent(raw[i+1]) || raw[i+1] == ':'):
			j := i + 1
			for j < len(raw) && (isIdent(raw[j]) || raw[j] == ':') {
				j++
			}
			if j < len(raw) && raw[j] == '(' {
				return "", false // an array element
			}
			v, ok := e.value(raw[i+1 : j])
			if !ok {
				return "", false
			}
			b.WriteString(v)
			i = j - 1
		case c == '[':
			depthB, j := 0, i
			for ; j < len(raw); j++ {
				if raw[j] == '\\' {
					j++
					continue
				}
				if raw[j] == '[' {
					depthB++
				} else if raw[j] == ']' {
					depthB--
					if depthB == 0 {
						break
					}
				}
			}
			if j >= len(raw) {
				return "", false
			}
			v, ok := e.commandValue(raw[i+1:j], depth+1)
			if !ok {
				return "", false
			}
			b.WriteString(v)
			i = j
		default:
			b.WriteByte(c)
		}
		if b.Len() > maxTclValue {
			return "", false
		}
	}
	return b.String(), true
}

// commandValue is the result of the script of a [command] substitution
// when it is one of the string commands whose result its words give:
// string cat, string reverse, string tolower, string toupper, join,
// list, set NAME.
func (e *tclEnv) commandValue(src string, depth int) (string, bool) {
	r := &tclReader{src: src}
	words, _ := r.command()
	if strings.TrimSpace(src[r.i:]) != "" || len(words) == 0 {
		return "", false
	}
	vals := make([]string, len(words))
	for i, w := range words {
		v, ok := w.val, w.lit
		if !ok {
			v, ok = e.wordValue(w.raw, depth)
		}
		if !ok {
			return "", false
		}
		vals[i] = v
	}
	switch {
	case len(vals) >= 2 && vals[0] == "string" && vals[1] == "cat":
		return strings.Join(vals[2:], ""), true
	case len(vals) == 3 && vals[0] == "string":
		switch vals[1] {
		case "reverse":
			return reverseString(vals[2]), true
		case "tolower":
			return strings.ToLower(vals[2]), true
		case "toupper":
			return strings.ToUpper(vals[2]), true
		}
	case (len(vals) == 2 || len(vals) == 3) && vals[0] == "join":
		sep := " "
		if len(vals) == 3 {
			sep = vals[2]
		}
		parts := tclList(vals[1], 0)
		s := make([]string, 0, len(parts))
		for _, p := range parts {
			if !p.lit {
				return "", false
			}
			s = append(s, p.val)
		}
		return strings.Join(s, sep), true
	case vals[0] == "list":
		s := make([]string, 0, len(vals)-1)
		for _, v := range vals[1:] {
			if v == "" || strings.ContainsAny(v, " \t\n;$[]\\\"{}") {
				if strings.ContainsAny(v, "{}\\") {
					return "", false
				}
				v = "{" + v + "}"
			}
			s = append(s, v)
		}
		return strings.Join(s, " "), true
	case len(vals) == 2 && vals[0] == "set":
		return e.value(vals[1])
	}
	return "", false
}

// expand replaces each {*} word whose value the script shows with the
// elements of that list, as Tcl does before it runs the command: set c
// exec; {*}[list $c rm x] is exec rm x, and so is set l {exec rm x};
// {*}$l. A {*} word only known at run time stays one word, not a
// literal: as the command word, a command (and its arguments) named at
// run time.
func (e *tclEnv) expand(words []tclWord) []tclWord {
	has := false
	for _, w := range words {
		has = has || w.expand
	}
	if !has {
		return words
	}
	out := make([]tclWord, 0, len(words))
	for _, w := range words {
		if !w.expand {
			out = append(out, w)
			continue
		}
		v, ok := w.val, w.lit
		if !ok {
			v, ok = e.wordValue(strings.TrimPrefix(w.raw, "{*}"), 0)
		}
		if !ok || strings.ContainsAny(v, "$[\\") {
			// Unknown, or elements tclList would read as substitutions:
			// list elements are data, never substituted.
			w.lit = false
			out = append(out, w)
			continue
		}
		for _, el := range tclList(v, 0) {
			out = append(out, tclWord{val: el.val, raw: el.raw, lit: true, off: w.off})
		}
		if len(out) > 4096 {
			break
		}
	}
	return out
}

// tclRaw is the source text of words.
func tclRaw(words []tclWord) string {
	raw := make([]string, len(words))
	for i, w := range words {
		raw[i] = w.raw
	}
	return strings.Join(raw, " ")
}
