package rewrite

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// maxRgConfig bounds the ripgrep configuration file corral reads.
const maxRgConfig = 64 << 10

// rgConfigOpts returns the options ripgrep takes from the file
// RIPGREP_CONFIG_PATH names when the command sets that variable (a prefix
// assignment, env NAME=…, an earlier export): ripgrep reads the file's
// lines, one argument each (blank lines and lines starting with # left
// out), as options before its own, so a file holding --hidden and
// --no-ignore makes a plain rg PAT read .env (red team 19 SG2, shown with
// the real ripgrep). The file is read at hook time; one corral cannot read
// (not there yet, written earlier in the command, a name only known at run
// time, too large) is judged as --hidden --no-ignore. rg --no-config reads
// none. The variable as the user's own environment sets it is the user's
// configuration and is not judged.
func (p *Pass) rgConfigOpts(c *syntax.Call, cli []option, spec optSpec) []option {
	if has(cli, "no-config") {
		return nil
	}
	v, known, set := c.Getenv("RIPGREP_CONFIG_PATH")
	if pv, ok := c.EnvValue("RIPGREP_CONFIG_PATH"); ok {
		v, known, set = pv, true, true
	}
	if !set || known && v == "" {
		return nil
	}
	unknown := []option{{name: "hidden", long: true}, {name: "no-ignore", long: true}}
	if !known {
		return unknown
	}
	if !filepath.IsAbs(v) {
		if !c.Dir.Known {
			return unknown
		}
		v = filepath.Join(c.Dir.Path, v)
	}
	if p.writtenEarlier(c, filepath.Clean(v)) {
		return unknown
	}
	info, err := os.Stat(v)
	if err != nil || !info.Mode().IsRegular() || info.Size() > maxRgConfig {
		return unknown
	}
	data, err := os.ReadFile(v)
	if err != nil {
		return unknown
	}
	var args []syntax.Arg
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		args = append(args, syntax.Arg{Value: line, Raw: line, Static: true})
	}
	opts, operands := scan(args, spec)
	if len(operands) > 0 {
		// A line that is not an option becomes ripgrep's pattern or a
		// path to search: what it reads is no longer what the command
		// line says.
		return unknown
	}
	return opts
}

// writesRgIgnore reports whether a call before c in the command writes a
// ripgrep ignore file (.ignore, .rgignore) anywhere: its lines, read by
// rg at run time, can whitelist hidden and git-ignored files
// (printf '!.env\n' > .rgignore; rg PAT reads .env), so the search is
// judged as one that reads them.
func (p *Pass) writesRgIgnore(c *syntax.Call) bool {
	for _, o := range p.Model.Calls {
		if o == c || o.Script != c.Script || o.End > c.Start {
			continue
		}
		var names []syntax.Arg
		for _, r := range o.Redirs {
			if r.Writes() {
				names = append(names, r.Target)
			}
		}
		for _, t := range writeTargets(o) {
			names = append(names, t.arg)
		}
		for _, a := range names {
			if !a.Static {
				continue
			}
			switch filepath.Base(a.Value) {
			case ".ignore", ".rgignore":
				return true
			}
		}
	}
	return false
}
