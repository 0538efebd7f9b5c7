package lang

import "strings"

// logging.config.dictConfig imports the dotted name a configuration
// dict gives under "()" (a handler's, formatter's or filter's factory)
// or "class" (a handler's class) and calls it with the dict's other
// keys as keyword arguments:
//
//	{"()": "os.system", "command": "rm -rf ~"}      os.system(command="rm -rf ~")
//	{"class": "subprocess.Popen", "args": "…", "shell": True}
//
// In code that configures logging from a dict, such a dict whose name
// is a function of a module that runs or deletes (pyModules) is read as
// that call. level, formatter and filters are the handler's own keys,
// and "." sets attributes of the result; neither is passed.

// pyDictConfigKeys are the keys dictConfig keeps from the factory.
func pyDictConfigKept(key string) bool {
	switch key {
	case "()", ".", "class", "level", "formatter", "filters":
		return true
	}
	return false
}

// pyDictFactory returns the call that the dict opening at in[i] stands
// for, and the index after the dict.
func (p *parser) pyDictFactory(in []token, i int) ([]token, int, bool) {
	if !isP(in[i], "{") || !strings.Contains(p.src, "dictConfig") && !strings.Contains(p.src, "DictConfigurator") {
		return nil, 0, false
	}
	end, sp := p.bracketArgs(in, i)
	if end < 0 {
		return nil, 0, false
	}
	type pair struct {
		key        string
		from, to   int
		name, text string
	}
	var pairs []pair
	factory := ""
	for _, s := range sp {
		k := in[s[0]]
		if s[1]-s[0] < 3 || k.kind != tString || !k.lit || !isP(in[s[0]+1], ":") {
			continue
		}
		pr := pair{key: k.text, from: s[0] + 2, to: s[1]}
		if v := in[s[0]+2]; s[1] == s[0]+3 && v.kind == tString && v.lit {
			pr.text = v.text
		}
		if (pr.key == "()" || pr.key == "class") && factory == "" {
			name := strings.ReplaceAll(pr.text, ":", ".")
			if root, _, dotted := strings.Cut(name, "."); dotted && nameLike(name) && pyModules.Get()[root] {
				factory = name
				continue
			}
		}
		pairs = append(pairs, pr)
	}
	if factory == "" {
		return nil, 0, false
	}
	off := in[i].off
	out := nameToks(factory, off)
	out = append(out, token{kind: tPunct, text: "(", off: off})
	n := 0
	for _, pr := range pairs {
		if pyDictConfigKept(pr.key) || !nameLike(pr.key) || strings.Contains(pr.key, ".") {
			continue
		}
		if n > 0 {
			out = append(out, token{kind: tPunct, text: ",", off: off})
		}
		out = append(out, ident(pr.key, off), token{kind: tPunct, text: "=", off: off})
		out = append(out, in[pr.from:pr.to]...)
		n++
	}
	out = append(out, token{kind: tPunct, text: ")", off: in[end].off})
	return out, end + 1, true
}
