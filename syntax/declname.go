package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Names computed at run time in export, declare, typeset, readonly and
// local (red team 7, 0d). bash expands such a word (brace expansion,
// parameters, command substitutions) and then reads NAME=VALUE out of
// each field, so export "$n=./x.sh" with n=BASH_ENV, export
// BASH_E{NV,}=./x.sh and export "BASH_ENV=$x" set BASH_ENV as export
// BASH_ENV=… does. A name only run time knows may be any variable,
// among them the ones that make a later program load code.

// computedAssigns returns the assignments a declaration word makes when
// the names are known: every field of the word static (n=BASH_ENV;
// export "$n=./x.sh"; export {BASH_ENV,X}=./x.sh), or the text before
// its first literal "=" static with the value only known at run time
// (export "BASH_ENV=$x"). ok is false when a name is only known at run
// time. A field that is no NAME or NAME=VALUE is skipped (bash refuses
// it: "not a valid identifier"); with elems (declare, typeset, local) a
// NAME[SUB]=VALUE field assigns that element.
func (w *walker) computedAssigns(c scope, st *state, word *sh.Word, elems bool) ([]*sh.Assign, bool) {
	r := w.resolver(c, st)
	fields := r.fields(word)
	static := len(fields) > 0
	for _, f := range fields {
		static = static && f.Static && !f.Glob
	}
	pos, end := word.Pos(), word.End()
	lit := func(v string) *sh.Lit { return &sh.Lit{ValuePos: pos, ValueEnd: end, Value: v} }
	if static {
		var out []*sh.Assign
		for _, f := range fields {
			name, val, eq := strings.Cut(f.Value, "=")
			if elems && elemTarget(name) && eq {
				// declare "a[1]=$HOME", "a[\$X]=…": bash assigns the
				// element (red team scope3); export and readonly refuse
				// an element.
				v := &sh.Word{Parts: []sh.WordPart{&sh.SglQuoted{Left: pos, Right: end, Value: val}}}
				out = append(out, elemAssign(lit, name, v))
				continue
			}
			if !isName(name) {
				continue
			}
			if !eq {
				out = append(out, &sh.Assign{Name: lit(name), Naked: true})
				continue
			}
			v := &sh.Word{Parts: []sh.WordPart{&sh.SglQuoted{Left: pos, Right: end, Value: val}}}
			out = append(out, &sh.Assign{Name: lit(name), Value: v})
		}
		return out, true
	}
	nameParts, valueParts, ok := splitAtEquals(word.Parts)
	if !ok {
		return nil, false
	}
	nf := r.fields(&sh.Word{Parts: nameParts})
	if elems && len(nf) == 1 && nf[0].Static && elemTarget(nf[0].Value) {
		// x='a[$X]'; declare "$x=$HOME": the element.
		return []*sh.Assign{elemAssign(lit, nf[0].Value, &sh.Word{Parts: valueParts})}, true
	}
	if len(nf) != 1 || !nf[0].Static || !isName(nf[0].Value) || strings.ContainsAny(nf[0].Raw, "{") {
		return nil, false
	}
	return []*sh.Assign{{Name: lit(nf[0].Value), Value: &sh.Word{Parts: valueParts}}}, true
}

// elemAssign is the assignment NAME[SUB]=value of an element target
// (elemTarget) written in one word: the subscript is the literal text
// between the brackets, which a later reading evaluates (a number, a
// name) or takes as only known at run time.
func elemAssign(lit func(string) *sh.Lit, target string, v *sh.Word) *sh.Assign {
	base, sub, _ := strings.Cut(target, "[")
	sub = strings.TrimSuffix(sub, "]")
	return &sh.Assign{Name: lit(base), Index: &sh.Word{Parts: []sh.WordPart{lit(sub)}}, Value: v}
}

// splitAtEquals splits a word's parts at its first "=" written as such
// (in a literal, or a literal inside double quotes: "NAME=$x"): the
// parts before it and those after it, in the same quoting.
func splitAtEquals(parts []sh.WordPart) (before, after []sh.WordPart, ok bool) {
	for i, p := range parts {
		switch p := p.(type) {
		case *sh.Lit:
			if k := strings.IndexByte(p.Value, '='); k >= 0 {
				before = append(append(before, parts[:i]...), &sh.Lit{ValuePos: p.ValuePos, ValueEnd: p.ValueEnd, Value: p.Value[:k]})
				after = append([]sh.WordPart{&sh.Lit{ValuePos: p.ValuePos, ValueEnd: p.ValueEnd, Value: p.Value[k+1:]}}, parts[i+1:]...)
				return before, after, true
			}
		case *sh.SglQuoted:
			if k := strings.IndexByte(p.Value, '='); k >= 0 && !p.Dollar {
				before = append(append(before, parts[:i]...), &sh.SglQuoted{Left: p.Left, Right: p.Right, Value: p.Value[:k]})
				after = append([]sh.WordPart{&sh.SglQuoted{Left: p.Left, Right: p.Right, Value: p.Value[k+1:]}}, parts[i+1:]...)
				return before, after, true
			}
		case *sh.DblQuoted:
			if p.Dollar {
				return nil, nil, false
			}
			if b, a, ok := splitAtEquals(p.Parts); ok {
				before = append(append(before, parts[:i]...), &sh.DblQuoted{Left: p.Left, Right: p.Right, Parts: b})
				after = append([]sh.WordPart{&sh.DblQuoted{Left: p.Left, Right: p.Right, Parts: a}}, parts[i+1:]...)
				return before, after, true
			}
		}
	}
	return nil, nil, false
}

// codeLoadingVars are the variables that make a program started later
// load or run code from their value or from a file it names: the
// shells' start-up files and prompts, git's configuration and helper
// programs, make's extra makefiles, the interpreters' option and
// start-up variables, the dynamic linker's. Each has its reader
// elsewhere; a variable whose name only run time knows may be any of
// them. HOME is modelled apart (homeMayBeAssigned).
var codeLoadingVars = []string{
	"BASH_ENV", "EDITOR", "ENV", "GIT_ASKPASS", "GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS", "GIT_EDITOR",
	"GIT_EXEC_PATH", "GIT_PAGER", "GIT_SSH", "GIT_SSH_COMMAND", "LD_AUDIT", "LD_LIBRARY_PATH", "LD_PRELOAD",
	"LESSKEYIN", "LESSOPEN", "MAKEFILES", "NODE_OPTIONS", "PAGER", "PERL5LIB", "PERL5OPT", "PROMPT_COMMAND", "PS0", "PS1",
	"PS2", "PS4", "PYTEST_ADDOPTS", "PYTEST_PLUGINS", "PYTHONBREAKPOINT", "PYTHONPATH", "PYTHONSTARTUP",
	"PYTHONUSERBASE", "RUBYLIB", "RUBYOPT", "SHELL", "VISUAL", "ZDOTDIR",
}

// anyNameAssigned models a declaration word whose name only run time
// knows (export "$kv", export $(cat vars.txt), read -r n; export
// "$n=$v"): when its value may be a path or code, each code-loading
// variable may now hold a value a program chose, exported when the
// declaration exports. A value written out that is a plain word
// (export "$v=1", "$n=true") names no file and no code.
func (w *walker) anyNameAssigned(c scope, st *state, word *sh.Word, exported bool) {
	if word == nil {
		// printf -v "$n": the value is what printf formats.
	} else if _, after, ok := splitAtEquals(word.Parts); ok {
		if v := w.resolver(c, st).arg(&sh.Word{Parts: after}); v.Static && plainValue(v.Value) {
			return
		}
	}
	for _, name := range codeLoadingVars {
		old := st.get(name)
		st.setVar(name, variable{exported: exported || old.exported, printed: true})
	}
}

// homeMayBeAssigned models HOME after a declaration word whose name only
// run time knows (see anyNameAssigned), once every variable was made
// unknown: HOME may now hold a value a program chose (kv=HOME=/tmp/h;
// export "$kv"), not the home directory, so a later ~ path and each
// program that reads a file under $HOME (git's .gitconfig, a shell's
// start-up files) see a directory only run time knows. HOME stays
// exported, as bash keeps an assigned variable's attribute.
func (w *walker) homeMayBeAssigned(c scope, st *state, word *sh.Word) {
	if word != nil {
		if _, after, ok := splitAtEquals(word.Parts); ok {
			if v := w.resolver(c, st).arg(&sh.Word{Parts: after}); v.Static && plainValue(v.Value) {
				return
			}
		}
	}
	old := st.get("HOME")
	st.setVar("HOME", variable{exported: old.exported || old.forgotten, printed: true, from: old.from})
}

// plainValue reports a value that names no file and holds no code: a
// number, a flag word, letters and digits.
func plainValue(v string) bool {
	for _, r := range v {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_-+,:@%", r)) {
			return false
		}
	}
	return true
}
