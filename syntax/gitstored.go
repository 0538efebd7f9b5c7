package syntax

import (
	"strconv"
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
//     and deletes those it has alone.
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
		if gitConfigTrue(val.Value) {
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

// gitConfigTrue reports a value git's config reads as a true boolean
// (git_config_bool): true, yes, on in any case, or a number other than
// zero (with an optional k, m or g unit; 0x and 0 prefixes as strtol
// reads them). Any other value is false or makes git fail.
func gitConfigTrue(v string) bool {
	switch strings.ToLower(v) {
	case "true", "yes", "on":
		return true
	case "", "false", "no", "off":
		return false
	}
	if n := len(v); n > 1 && strings.ContainsRune("kKmMgG", rune(v[n-1])) {
		v = v[:n-1]
	}
	n, err := strconv.ParseInt(strings.TrimSpace(v), 0, 64)
	return err == nil && n != 0
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
