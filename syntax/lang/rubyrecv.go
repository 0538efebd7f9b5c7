package lang

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Ruby runners called on a receiver corral cannot name (red team rc).
//
// Kernel's system, exec and spawn are private methods of every object and
// public singleton methods of the module Kernel; IO.popen is a singleton
// method of IO and of every subclass of it (File.popen); Open3's functions
// are module functions of Open3. A call with an explicit receiver reaches
// one of them when the receiver is that module, and the receiver can be
// found while the program runs: ObjectSpace.each_object(Module).find{…},
// [Kernel].first, mods[0], $stdout.class, method(:puts).owner.

// rubyRecvRunners maps a method name to the runner of the table
// (rubyShell) that a receiver found at run time can make it: system to
// Kernel.system, popen to IO.popen, capture2 to Open3.capture2. Where
// several modules answer a name (Kernel.spawn, Process.spawn, PTY.spawn)
// the first in order stands for all: they run a command alike.
var rubyRecvRunners = lazy.Value[map[string]string]{New: func() map[string]string {
	out := map[string]string{}
	names := make([]string, 0, len(rubyShell.Get()))
	for name := range rubyShell.Get() {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if m := lastSegment(name); m != name && out[m] == "" {
			out[m] = name
		}
	}
	return out
}}

// rubyRecvRunner is the runner that a method of name runs when its
// receiver is the module that has it: "" for other names.
func rubyRecvRunner(name string) string {
	return rubyRecvRunners.Get()[name]
}

// rubyRecvPipe is the function of Kernel or IO that opens a pipe to a
// command given as "|cmd", for a method of name called on a receiver
// found at run time: open is Kernel.open, read, readlines, foreach and
// binread are IO's (File's, inherited, open no pipe; an object's own
// read takes no such path, and its write writes the text as data).
func rubyRecvPipe(name string) string {
	switch name {
	case "open":
		return "Kernel.open"
	case "read", "readlines", "foreach", "binread":
		return "IO." + name
	}
	return ""
}

// rubyRecvUnnamed reports a call whose receiver corral cannot name: a
// call's or a block's value, a variable, or a chain after a constant
// (Kernel.itself.open), not a constant's own method (File.read).
func rubyRecvUnnamed(c call) bool {
	root, _, dotted := strings.Cut(c.name, ".")
	if !dotted {
		return c.method
	}
	return root != "" && (root[0] < 'A' || root[0] > 'Z') || strings.Count(c.name, ".") >= 2
}

// rubyModuleSources are the constants whose methods can give one of the
// runners' modules: the modules themselves (Kernel.itself, IO.dup),
// File (a subclass of IO), and Ruby's reflection (Object.const_get,
// ObjectSpace.each_object, Module.constants).
var rubyModuleSources = lazy.Value[map[string]bool]{New: func() map[string]bool {
	out := map[string]bool{"File": true, "ObjectSpace": true, "Object": true, "BasicObject": true, "Module": true, "Class": true}
	for name := range rubyShell.Get() {
		if mod, _, ok := strings.Cut(name, "."); ok {
			out[mod] = true
		}
	}
	return out
}}

// rubyReflection are the methods that give a module or a class: the
// object's class (IO for $stdout.class), a Method's owner or receiver
// (Kernel for method(:puts).owner), ancestors and superclasses, the
// constants of a module, and calls of a method named by a value.
var rubyReflection = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"class": true, "singleton_class": true, "owner": true, "receiver": true, "superclass": true,
		"ancestors": true, "included_modules": true, "const_get": true, "constants": true, "instance_variable_get": true,
		"class_variable_get": true, "send": true, "public_send": true, "__send__": true, "method": true, "binding": true}
}}

// rubyUnnamedRunner judges c, a method named like a runner (to) called on
// a receiver corral cannot name. With literal arguments the call is
// judged as to itself (judge: the shell text goes through the engine, so
// x.system("ls") passes and x.system("rm -rf ~") is denied, whatever x
// is). Without arguments it runs nothing (Kernel.system() raises
// ArgumentError), and x.system is then some object's attribute. With
// other arguments it asks, naming the call, when the receiver can be a
// module found at run time (rubyModuleLookup); an object the program made
// (conn = PG.connect(…); conn.exec(sql)) is not one, and passes.
func (p *parser) rubyUnnamedRunner(c call, to string) (*Effect, bool) {
	var pos []arg
	for _, a := range positional(c.args) {
		if t := strings.TrimSpace(a.text); strings.HasPrefix(t, "{") || isKeywordArg(t) || strings.Contains(t, "=>") && !a.lit {
			continue // the environment hash, chdir: d, exception: true
		}
		pos = append(pos, a)
	}
	if len(pos) == 0 {
		return nil, false
	}
	if strings.HasPrefix(c.name, "self.") && strings.Count(c.name, ".") == 1 && !isP(p.tok(c.first-1), ".") {
		// self.system(c): since Ruby 2.7 a private method can be called
		// on self written out, so it is the bare system(c).
		return nil, true
	}
	literal := true
	for _, a := range pos {
		if !a.lit && !a.isList || strings.HasPrefix(strings.TrimSpace(a.text), "*") {
			literal = false
		}
	}
	if literal {
		return nil, true
	}
	start, end := p.rubyRecvRange(c)
	if start < 0 || !p.rubyModuleLookup(start, end) {
		return nil, false
	}
	recv := p.src[p.toks[start].off : p.toks[end].off+len(p.toks[end].text)]
	if len(recv) > 60 {
		recv = recv[:57] + "…"
	}
	var texts []string
	for _, a := range c.args {
		texts = append(texts, a.text)
	}
	return &Effect{Kind: Hidden, Call: recv + "." + lastSegment(c.name), Text: strings.Join(texts, ", "), Offset: c.off}, false
}

// rubyRecvRange is the range of tokens of c's receiver: the names and the
// calls, indexes and blocks of the chain before the method's name.
func (p *parser) rubyRecvRange(c call) (int, int) {
	name := c.next - 1
	if !isP(p.tok(name-1), ".") && !isP(p.tok(name-1), "::") {
		return -1, -1
	}
	end := name - 2
	return p.rubyChainStart(end), end
}

// rubyChainStart is the first token of the chain of names, calls, indexes
// and blocks that ends at token end, or -1.
func (p *parser) rubyChainStart(end int) int {
	j := end
	for n := 0; n < maxSegments && j >= 0; n++ {
		switch t := p.tok(j); {
		case isP(t, ")") || isP(t, "]") || isP(t, "}"):
			o := p.matchBack(j)
			if o < 0 {
				return -1
			}
			j = o
			if b := p.tok(j - 1); b.kind == tIdent && b.off+len(b.text) == p.toks[j].off {
				j-- // f(…), a[…], find{…}
			}
		case t.kind == tIdent && t.text == "end":
			// … do … end: a block's value, from the name before its do.
			depth := 0
			for k := j; k >= 0; k-- {
				if u := p.tok(k); u.kind == tIdent && u.text == "end" {
					depth++
				} else if u.kind == tIdent && u.text == "do" {
					if depth--; depth == 0 {
						return max(0, k-1)
					}
				}
			}
			return j
		case t.kind != tIdent && t.kind != tString:
			return -1
		}
		if s := p.tok(j - 1); (isP(s, ".") || isP(s, "::")) && j >= 2 {
			j -= 2
			continue
		}
		return j
	}
	return -1
}

// rubyBlockOwner is the range of the expression whose block takes name
// as a parameter, for a use of name at token use: ObjectSpace.each_object
// (Module) in ObjectSpace.each_object(Module) { |m| m.system(c) }. The
// block calls it with the values that expression gives. -1 when name is
// no block's parameter.
func (p *parser) rubyBlockOwner(name string, use int) (int, int) {
	if len(name) == 2 && name[0] == '_' && name[1] >= '1' && name[1] <= '9' || name == "it" {
		// Kernel.then { _1.system(c) }: a numbered parameter (Ruby
		// 2.7), or it (Ruby 3.4), of the innermost block around it.
		depth := 0
		for k := use - 1; k >= 1 && use-k < 4096; k-- {
			switch t := p.toks[k]; {
			case isP(t, "}") || isI(t, "end"):
				depth++
			case isP(t, "{") || isI(t, "do"):
				if depth--; depth < 0 {
					if end := k - 1; end >= 0 {
						return p.rubyChainStart(end), end
					}
					return -1, -1
				}
			}
		}
		return -1, -1
	}
	for k := use - 1; k >= 1 && use-k < 4096; k-- {
		if !isP(p.toks[k], "|") || !isP(p.tok(k-1), "{") && !isI(p.tok(k-1), "do") {
			continue
		}
		for m := k + 1; m < len(p.toks) && m < k+16 && !isP(p.toks[m], "|"); m++ {
			if t := p.toks[m]; t.kind == tIdent && t.text == name {
				end := k - 2
				if end < 0 {
					return -1, -1
				}
				return p.rubyChainStart(end), end
			}
		}
	}
	return -1, -1
}

// rubyModuleLookup reports whether the receiver in tokens start to end can
// be a module found at run time: a value picked from a collection or by
// a block (find{…}, [Kernel].first, mods[0]), a chain that names a
// runner's module or reflection (Kernel.itself, ObjectSpace._id2ref(n),
// $stdout.class, m.owner), or a name the code binds to one of those or
// that a block takes from one (ObjectSpace.each_object(Module) { |m| … }).
func (p *parser) rubyModuleLookup(start, end int) bool {
	if rubyLookupTokens(p.toks[start : end+1]) {
		return true
	}
	root := p.toks[start]
	if root.kind != tIdent || start != end && !isP(p.tok(start+1), ".") {
		return false
	}
	for _, v := range p.assignedFurther(slices.Clone(p.assigned[root.text]), map[string]bool{root.text: true}) {
		if rubyLookupTokens(lex(Ruby, v)) {
			return true
		}
	}
	if s, e := p.rubyBlockOwner(root.text, start); s >= 0 && s <= e {
		return rubyLookupTokens(p.toks[s : e+1])
	}
	return false
}

// rubyLookupTokens is rubyModuleLookup's test on the tokens of one
// expression.
func rubyLookupTokens(toks []token) bool {
	for i, t := range toks {
		switch {
		case isP(t, "{") || isP(t, "["):
			return true
		case t.kind != tIdent:
		case t.text == "do" || t.text == "end":
			return true
		case rubyModuleSources.Get()[t.text] && (i == 0 || !isP(toks[i-1], ".")):
			return true
		case rubyReflection.Get()[t.text] && i > 0 && isP(toks[i-1], "."):
			return true
		}
	}
	return false
}
