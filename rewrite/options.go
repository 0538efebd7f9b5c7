package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// optSpec describes a command's options: which take a value.
type optSpec struct {
	// shortVal lists the one-letter options that take a value.
	shortVal string
	// longVal lists the long options (without "--") that take a value.
	longVal map[string]bool
	// longEq reports that long options also take "--name=value".
	longEq bool
}

// option is one option found by scan.
type option struct {
	// name is the letter ("o") or the long name ("output").
	name string
	long bool
	// idx is the index of the word holding the option.
	idx int
	// val is the value, with its word; attached reports that the value is
	// part of the option's own word (-ofile, -fsSLofile, --output=file),
	// after prefix.
	val      syntax.Arg
	hasVal   bool
	attached bool
	prefix   string
}

// scan splits args into options and operands.
func scan(args []syntax.Arg, spec optSpec) (opts []option, operands []int) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if !a.Static {
			operands = append(operands, i)
			continue
		}
		switch {
		case v == "--":
			for j := i + 1; j < len(args); j++ {
				operands = append(operands, j)
			}
			return
		case strings.HasPrefix(v, "--") && len(v) > 2:
			name, val, eq := strings.Cut(v[2:], "=")
			o := option{name: name, long: true, idx: i}
			switch {
			case eq && spec.longEq:
				o.val, o.hasVal, o.attached, o.prefix = a, true, true, "--"+name+"="
				o.val.Value = val
			case eq:
				// The command has no --name=value form (curl): the word
				// is an unknown option, and the next word is not its value.
				o.name = name + "="
			case spec.longVal[name] && i+1 < len(args):
				i++
				o.val, o.hasVal = args[i], true
			}
			opts = append(opts, o)
		case strings.HasPrefix(v, "-") && len(v) > 1:
			for j := 1; j < len(v); j++ {
				c := v[j : j+1]
				o := option{name: c, idx: i}
				if strings.Contains(spec.shortVal, c) {
					if j+1 < len(v) {
						o.val, o.hasVal, o.attached, o.prefix = a, true, true, v[:j+1]
						o.val.Value = v[j+1:]
					} else if i+1 < len(args) {
						o.val, o.hasVal = args[i+1], true
						i++
					}
					opts = append(opts, o)
					break
				}
				opts = append(opts, o)
			}
		default:
			operands = append(operands, i)
		}
	}
	return
}

// has reports whether an option with one of the names was given.
func has(opts []option, names ...string) bool {
	for _, o := range opts {
		for _, n := range names {
			if o.name == n {
				return true
			}
		}
	}
	return false
}

// find returns the options with one of the names, in order.
func find(opts []option, names ...string) []option {
	var out []option
	for _, o := range opts {
		for _, n := range names {
			if o.name == n && o.hasVal {
				out = append(out, o)
			}
		}
	}
	return out
}

// setValue returns the edit that makes option o's value text (already
// quoted as needed).
func setValue(c *syntax.Call, o option, text string) syntax.Edit {
	if o.attached {
		return Replace(c, o.val, syntax.Quote(o.prefix)+text)
	}
	return Replace(c, o.val, text)
}

// sandboxed returns the sandbox path for value a (a file or directory
// name), and its shell text. A dynamic value keeps its run-time part under
// the sandbox.
func (p *Pass) sandboxed(a syntax.Arg, fallback string) (dest, text string) {
	if a.Static {
		dest = p.SandboxPath(a.Value, fallback)
		return dest, syntax.Quote(dest)
	}
	raw := a.Raw
	if strings.HasPrefix(raw, "-") {
		raw = syntax.Quote(a.Value)
	}
	return p.Config.Sandbox + "/" + a.Value, syntax.Quote(p.Config.Sandbox+"/") + raw
}

// urlName is the file name a URL's last path segment gives (curl -O).
func urlName(u string) string {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
		if j := strings.Index(u, "/"); j >= 0 {
			u = u[j:]
		} else {
			u = ""
		}
	}
	u = strings.TrimRight(u, "/")
	if i := strings.LastIndex(u, "/"); i >= 0 {
		u = u[i+1:]
	}
	return u
}

// relocate records that name, relative to dir, now lives at dest.
func relocate(c *syntax.Call, dir syntax.Dir, name, dest string) []Relocation {
	if name == "" {
		return nil
	}
	from := dir.Join(name)
	if !from.Known {
		return nil
	}
	return []Relocation{{Script: c.Script, After: c.End, From: from.Path, To: dest}}
}
