package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// promoteTemp models what export, readonly, and declare/typeset with -x
// or -r do to a name the same command assigns as a prefix: d=~ export d
// (readonly d, declare -x d, export -p d, command export d) finds d in
// the command's temporary environment and gives the shell's own d that
// value, so it outlives the command, exported or read-only (bash 5.2;
// in a function the variable export finds is the one in scope, a local
// included). export -n/-f, readonly -f, declare +x, -g, -a, -A, -f and a
// declare in a function (which makes a local) leave the shell's d as it
// was; so does d=~ export x (red team scope3: d=~ export d; rm -rf "$d"
// was allow, the prefix taken as the command's only).
func (w *walker) promoteTemp(call *Call, ce *sh.CallExpr, cmdState, st *state) {
	if ce == nil || len(ce.Assigns) == 0 || cmdState == st {
		return
	}
	decl := false
	switch call.Name {
	case "export", "readonly":
	case "declare", "typeset":
		decl = true
	default:
		return
	}
	for _, wr := range call.Wrappers {
		if wr != "command" && wr != "builtin" {
			return
		}
	}
	attr, opts := !decl, true
	var names []string
	for _, a := range call.Args {
		if !a.Static {
			return // a name or an option only run time knows
		}
		v := a.Value
		if opts && v == "--" {
			opts = false
			continue
		}
		if opts && len(v) > 1 && (v[0] == '-' || v[0] == '+') {
			flags := v[1:]
			if v[0] == '+' || strings.ContainsAny(flags, "fFnaAg") && (decl || strings.ContainsAny(flags, "fn")) {
				return
			}
			if strings.ContainsAny(flags, "xr") {
				attr = true
			}
			continue
		}
		opts = false
		if !strings.Contains(v, "=") {
			names = append(names, v)
		}
	}
	if !attr || decl && len(w.frames) > 0 {
		return
	}
	for _, n := range names {
		for _, as := range ce.Assigns {
			if as.Name == nil || as.Name.Value != n || as.Index != nil || as.Array != nil {
				continue
			}
			if v, ok := cmdState.vars[n]; ok {
				st.setVar(n, v)
			}
		}
	}
}

// elemTarget reports a name read, printf -v or mapfile is given that is
// an array element (a[1], a[$i]): the value goes to an element of a.
func elemTarget(n string) bool {
	base, sub, cut := strings.Cut(n, "[")
	return cut && isName(base) && strings.HasSuffix(sub, "]")
}
