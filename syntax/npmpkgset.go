package syntax

import (
	"encoding/json"
	"sort"
	"strings"
)

// npm pkg set KEY=VALUE… writes package.json, and some of its keys hold
// shell text that runs later, outside the command: the package scripts
// (npm run, npm test, the install lifecycle), husky 4's husky.hooks,
// simple-git-hooks, yorkie's gitHooks and ghooks' config.ghooks (git
// runs them at commits once the manager's hook is installed),
// lint-staged's commands and nodemon's nodemonConfig.exec. KEY is npm's
// object path (lib/utils/queryable.js): dots and brackets, so
// scripts.test and scripts[test] are one key (scripts["test"] a script
// named with the quotes); with
// --json the value is JSON, and an object set at a parent
// (scripts={"test": …}, husky={"hooks": …}) holds the text below it.
// Every string that lands under one of those keys is judged as the
// command it is when it is set (red team 13: npm pkg set
// husky.hooks.pre-commit='rm -rf ~').

// pkgShellKeys are the package.json key paths whose strings below are
// shell text something runs later.
var pkgShellKeys = [][]string{
	{"scripts"}, {"husky", "hooks"}, {"simple-git-hooks"}, {"gitHooks"}, {"config", "ghooks"},
	{"lint-staged"}, {"nodemonConfig", "exec"},
}

// pkgKeyPath splits an npm pkg object path into its keys: a.b, a[b],
// a[0]; a["b"] is the key "b" with its quotes, as npm 9 stores it. ok is false for a path npm would refuse (an
// unclosed bracket).
func pkgKeyPath(key string) ([]string, bool) {
	var out []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	for i := 0; i < len(key); i++ {
		switch c := key[i]; c {
		case '.':
			flush()
		case '[':
			flush()
			end := strings.IndexByte(key[i:], ']')
			if end < 0 {
				return nil, false
			}
			out = append(out, key[i+1:i+end]) // quotes stay: npm names a script "lint" so
			i += end
		default:
			cur.WriteByte(c)
		}
	}
	flush()
	return out, len(out) > 0
}

// pkgShellTexts returns the shell texts setting path to value puts under
// a pkgShellKeys key, each with its key path, sorted by path; value is
// JSON when isJSON (a string that is not JSON is npm's error: nothing).
func pkgShellTexts(path []string, value string, isJSON bool) []pkgText {
	var v any = value
	if isJSON {
		if json.Unmarshal([]byte(value), &v) != nil {
			return nil
		}
	}
	var out []pkgText
	var walk func(p []string, v any)
	walk = func(p []string, v any) {
		switch x := v.(type) {
		case string:
			if pkgUnderShellKey(p) {
				out = append(out, pkgText{key: strings.Join(p, "."), text: x})
			}
		case map[string]any:
			for k, e := range x {
				walk(append(p[:len(p):len(p)], k), e)
			}
		case []any:
			for _, e := range x {
				walk(p, e) // lint-staged's list of commands
			}
		}
	}
	walk(path, v)
	sort.Slice(out, func(i, j int) bool {
		return out[i].key < out[j].key || out[i].key == out[j].key && out[i].text < out[j].text
	})
	return out
}

// pkgText is a shell text set in package.json and its key.
type pkgText struct{ key, text string }

// pkgUnderShellKey reports whether a string at key path p is shell text:
// below one of pkgShellKeys (scripts.test; not scripts itself, nor
// husky alone).
func pkgUnderShellKey(p []string) bool {
	for _, k := range pkgShellKeys {
		if len(p) > len(k) || len(p) == len(k) && k[len(k)-1] == "exec" {
			match := true
			for i := range k {
				match = match && p[i] == k[i]
			}
			if match {
				return true
			}
		}
	}
	return false
}

// npmPkgSetArgs returns the KEY=VALUE words of an npm pkg set call and
// whether --json is given, or ok false when call is none: npm's own
// options may come before pkg (npm --json pkg set …, npm -w a pkg set …)
// and anywhere after it.
func npmPkgSetArgs(call *Call) (sets []Arg, isJSON, ok bool) {
	if call.Name != "npm" {
		return nil, false, false
	}
	at := -1
	for i := 0; i+1 < len(call.Args); i++ {
		if call.Args[i].Value == "pkg" && call.Args[i+1].Value == "set" {
			at = i
			break
		}
		if v := call.Args[i].Value; !strings.HasPrefix(v, "-") && (i == 0 || !strings.HasPrefix(call.Args[i-1].Value, "-")) {
			return nil, false, false // another subcommand
		}
	}
	if at < 0 {
		return nil, false, false
	}
	for i, a := range call.Args {
		switch v := a.Value; {
		case v == "--json" || v == "--json=true":
			isJSON = true
		case i > at+1 && !strings.HasPrefix(v, "-") && strings.Contains(v, "="):
			sets = append(sets, a)
		}
	}
	return sets, isJSON, true
}

// npmSetScriptArgs returns the NAME and CMD of npm set-script NAME CMD,
// whose own options may come before set-script (npm --prefix DIR
// set-script …) and around its operands.
func npmSetScriptArgs(call *Call) (name string, cmd Arg, ok bool) {
	if call.Name != "npm" {
		return "", Arg{}, false
	}
	at := -1
	for i, a := range call.Args {
		v := a.Value
		if v == "set-script" {
			at = i
			break
		}
		if !strings.HasPrefix(v, "-") && (i == 0 || !strings.HasPrefix(call.Args[i-1].Value, "-") || strings.Contains(call.Args[i-1].Value, "=")) {
			return "", Arg{}, false // another subcommand
		}
	}
	if at < 0 {
		return "", Arg{}, false
	}
	var ops []Arg
	for _, a := range call.Args[at+1:] {
		if !strings.HasPrefix(a.Value, "-") || len(ops) == 1 {
			ops = append(ops, a)
		}
	}
	if len(ops) < 2 {
		return "", Arg{}, false
	}
	return ops[0].Value, ops[1], true
}

// npmPkgSetHooks judges every shell text an npm pkg set call puts into
// package.json (pkgShellTexts); a KEY=VALUE only known at run time whose
// key may be one asks through the nested script's own rules.
func (w *walker) npmPkgSetHooks(c scope, call *Call) {
	if name, cmd, ok := npmSetScriptArgs(call); ok {
		// npm set-script NAME CMD (npm 7 and 8) is npm pkg set
		// scripts.NAME=CMD.
		w.origin = "npm set-script " + clip(name, 40)
		w.child(c, call, cmd.Value, nil, "package.json scripts."+clip(name, 40), !cmd.Static)
		w.origin = ""
		return
	}
	sets, isJSON, ok := npmPkgSetArgs(call)
	if !ok {
		return
	}
	for _, a := range sets {
		key, val, _ := strings.Cut(a.Value, "=")
		path, ok := pkgKeyPath(key)
		if !ok {
			continue
		}
		for _, t := range pkgShellTexts(path, val, isJSON) {
			w.origin = "npm pkg set " + clip(t.key, 40)
			w.child(c, call, t.text, nil, "package.json "+clip(t.key, 40), !a.Static)
			w.origin = ""
		}
	}
}
