package syntax

import (
	"strings"
)

// gitConfigStored models what a setting git config keeps makes a later
// git command do, judged now: the agent runs that command in a following
// call, where the setting no longer shows (git config alias.up 'push
// --force origin main', then git up). Each is walked as the git command
// it turns the later one into (verified with git 2.39):
//
//   - alias.NAME=VALUE, VALUE not starting with "!" (gitConfig walks a
//     shell alias): git NAME runs git with VALUE's words, split as git
//     splits an alias (quotes and backslashes, no expansion), so
//     git VALUE;
//   - remote.NAME.push=REFSPEC: a git push NAME, or a plain git push to
//     that remote, pushes REFSPEC (+main:main forces, :main deletes), so
//     git push NAME REFSPEC;
//   - remote.NAME.mirror=true (any value git reads as true): a git push
//     NAME is git push --mirror NAME, which overwrites the remote's refs
//     and deletes those it has alone;
//   - clean.requireForce=false: a git clean deletes without -f, so git
//     clean -f.
//
// Section and variable names are compared without case, as git does; the
// subsection (the remote's name) keeps it.
func (w *walker) gitConfigStored(c scope, call *Call, key, val *Arg) {
	if !key.Static {
		return
	}
	section, rest, ok := strings.Cut(key.Value, ".")
	if !ok || rest == "" {
		return
	}
	if strings.EqualFold(section, "alias") {
		if !val.Static || strings.HasPrefix(val.Value, "!") {
			return // gitConfig: a shell alias, or one only run time knows
		}
		argv, ok := gitSplitCmdline(val.Value)
		if !ok || len(argv) == 0 {
			return // git refuses it: "unclosed quote", "empty alias"
		}
		w.child(c, call, "git "+quoteArgv(argv), nil, "git config alias."+rest, false)
		return
	}
	if strings.EqualFold(section, "clean") && strings.EqualFold(rest, "requireForce") {
		// clean.requireForce=false: a later git clean deletes without
		// -f, as git clean -f does.
		if !val.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Raw,
				What: "git config " + key.Value + " " + clip(val.Raw, 20) + " can make a later git clean delete without -f"})
			return
		}
		if on, ok := GitConfigBool(val.Value); ok && !on {
			w.child(c, call, "git clean -f", nil, "git config "+key.Value, false)
		}
		return
	}
	i := strings.LastIndexByte(rest, '.')
	if !strings.EqualFold(section, "remote") || i <= 0 {
		return
	}
	remote, name := rest[:i], strings.ToLower(rest[i+1:])
	switch name {
	case "push":
		if !val.Static {
			if gitRefspecMayForce(val) {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Raw,
					What: "git config " + key.Value + " sets what a later git push " + remote + " pushes to " + clip(val.Raw, 40) +
						", only known at run time, which can force or delete the remote's branches"})
			}
			return
		}
		if val.Value == "" {
			return
		}
		w.child(c, call, "git push "+quoteArgv([]string{remote, val.Value}), nil, "git config "+key.Value, false)
	case "mirror":
		if !val.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Raw,
				What: "git config " + key.Value + " " + clip(val.Raw, 20) + " can make a later git push " + remote +
					" a git push --mirror, which overwrites and deletes the remote's refs"})
			return
		}
		if on, _ := GitConfigBool(val.Value); on {
			w.child(c, call, "git push --mirror "+quoteArgv([]string{remote}), nil, "git config "+key.Value, false)
		}
	}
}

// gitSplitCmdline splits an alias's value into words as git's
// split_cmdline does: blanks separate words, single and double quotes
// group, a backslash outside single quotes takes the next character as
// it is; nothing is expanded. ok is false where git fails (an unclosed
// quote, a backslash at the end).
func gitSplitCmdline(s string) (argv []string, ok bool) {
	var b strings.Builder
	in := false // a word is started
	var quote byte
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote == 0 && (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f'):
			if in {
				argv = append(argv, b.String())
				b.Reset()
				in = false
			}
		case quote == 0 && (ch == '\'' || ch == '"'):
			quote, in = ch, true
		case ch == quote:
			quote = 0
		default:
			if ch == '\\' && quote != '\'' {
				i++
				if i == len(s) {
					return nil, false
				}
				ch = s[i]
			}
			b.WriteByte(ch)
			in = true
		}
	}
	if quote != 0 {
		return nil, false
	}
	if in {
		argv = append(argv, b.String())
	}
	return argv, true
}

// GitConfigBool reads a git configuration value as a boolean as git's
// git_config_bool does (git config --type=bool prints it): true, yes
// and on in any case are true; false, no, off and the empty value are
// false; else an integer as strtol reads it with base 0 (leading blanks,
// a sign, 0x hexadecimal, 0 octal) with an optional k, m or g unit,
// within a C int, is true when it is not zero. ok is false for any other
// value, on which git dies ("bad boolean config value"); on is false
// then. A key given with no "=" at all (git -c key, a bare "key" line in
// a file) has no value and is true; callers see that before calling.
func GitConfigBool(v string) (on, ok bool) {
	switch strings.ToLower(v) {
	case "true", "yes", "on":
		return true, true
	case "", "false", "no", "off":
		return false, true
	}
	n, ok := gitParseInt(v)
	return ok && n != 0, ok
}

// gitParseInt reads v as git's git_parse_int does: strtoimax(v, &end, 0),
// at least one digit, then nothing or one unit letter (k, m, g in any
// case) multiplying by 1024, 1024², 1024³, and the product within
// -2147483647..2147483647.
func gitParseInt(v string) (int64, bool) {
	const max = 1<<31 - 1
	i := 0
	for i < len(v) && strings.IndexByte(" \t\n\v\f\r", v[i]) >= 0 {
		i++
	}
	neg := false
	if i < len(v) && (v[i] == '+' || v[i] == '-') {
		neg = v[i] == '-'
		i++
	}
	base := 10
	switch {
	case i+2 < len(v) && v[i] == '0' && (v[i+1] == 'x' || v[i+1] == 'X') && hexDigit(v[i+2]) >= 0:
		base, i = 16, i+2
	case i < len(v) && v[i] == '0':
		base = 8
	}
	var n int64
	digits := 0
	for ; i < len(v); i++ {
		d := hexDigit(v[i])
		if d < 0 || d >= base {
			break
		}
		digits++
		if n <= max { // past it the value is out of range whatever follows
			n = n*int64(base) + int64(d)
		}
	}
	if digits == 0 {
		return 0, false
	}
	factor := int64(1)
	switch strings.ToLower(v[i:]) {
	case "":
	case "k":
		factor = 1 << 10
	case "m":
		factor = 1 << 20
	case "g":
		factor = 1 << 30
	default:
		return 0, false
	}
	if n > max/factor {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n * factor, true
}

// gitRefspecMayForce reports a refspec word only known at run time that
// can start with "+" (a forced update) or ":" (a deletion): any word but
// one whose first character is literal and neither of them
// ("refs/heads/$B:refs/heads/$B", "$B" is not).
func gitRefspecMayForce(a *Arg) bool {
	raw := strings.TrimLeft(a.Raw, `"'`)
	if raw == "" {
		return true
	}
	ch := raw[0]
	return !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '/' || ch == '_' || ch == '.' || ch == '^')
}
