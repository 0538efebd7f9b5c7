package rewrite

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// optSpec describes a program's options, as data: which take a value, which
// long options the program knows, and whether it accepts an abbreviation.
// Every rule reads options through scan with its program's spec (see
// programs.go), which hands them to the one scanner, syntax.ScanOptions.
type optSpec struct {
	// shortVal lists the one-letter options that take a value.
	shortVal string
	// shortOpt lists the one-letter options whose value is optional and
	// only attached: the rest of the word, maybe empty (sed -i.bak,
	// perl -i, perl -l0).
	shortOpt string
	// longVal lists the long options (without "--") that take a value.
	longVal optNames
	// longFlag lists the long options that take none. With longVal it is
	// the whole list the program knows, which abbreviation needs.
	longFlag optNames
	// longEq reports that long options also take "--name=value".
	longEq bool
	// abbrev reports that the program accepts any unambiguous prefix of
	// a long option, as GNU getopt_long and git's parse-options do:
	// rm --recu --forc is rm --recursive --force. An exact name wins over
	// a longer one it is a prefix of.
	abbrev bool
	// stop reports that options end at the first operand, which with
	// every word after it is an operand: a program's global options
	// before its subcommand (git -C d clone …, gh -R x pr checkout 1).
	stop bool
	// longOne reports long options written with one dash too
	// (keytool -keystore F), as syntax.OptSpec.LongOne.
	longOne bool
}

// optNames is a set of long option names (without "--"). It is a list,
// not a map, so that the specs written as package variables and in
// programs are static data, built by the compiler rather than at every
// start of the hook; the lists are short enough to scan.
type optNames []string

// longOpts returns names as a set of long options.
func longOpts(names ...string) optNames { return names }

// has reports whether name is in n.
func (n optNames) has(name string) bool { return slices.Contains(n, name) }

// fromCore is a spec the syntax package holds (syntax.TarOptions), as
// the rules read it.
func fromCore(s syntax.OptSpec) optSpec {
	return optSpec{shortVal: s.ShortVal, shortOpt: s.ShortOpt, longVal: s.LongVal, longFlag: s.LongFlag,
		longEq: s.LongEq, abbrev: s.Abbrev, stop: s.Stop, longOne: s.LongOne}
}

// core is the spec as the one option scanner reads it (syntax.OptSpec).
func (s optSpec) core() syntax.OptSpec {
	return syntax.OptSpec{ShortVal: s.shortVal, ShortOpt: s.shortOpt, LongVal: s.longVal, LongFlag: s.longFlag,
		LongEq: s.longEq, Abbrev: s.abbrev, Stop: s.stop, LongOne: s.longOne}
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
	// ambiguous are the long options an ambiguous abbreviation could
	// stand for.
	ambiguous []string
}

// scan splits args into options and operands, with the one option
// scanner (syntax.ScanOptions) that the model's own readers use too.
func scan(args []syntax.Arg, spec optSpec) (opts []option, operands []int) {
	found, operands := syntax.ScanOptions(args, spec.core())
	if len(found) > 0 {
		opts = make([]option, len(found))
	}
	for i, o := range found {
		opts[i] = option{name: o.Name, long: o.Long, idx: o.Idx, val: o.Val, hasVal: o.HasVal, attached: o.Attached,
			prefix: o.Prefix, ambiguous: o.Ambiguous}
	}
	return opts, operands
}

// has reports whether an option with one of the names was given, or an
// ambiguous abbreviation of one (fail safe for a dangerous option; an
// option that makes a command harmless is tested with given).
func has(opts []option, names ...string) bool {
	for _, o := range opts {
		for _, n := range names {
			if o.name == n || contains(o.ambiguous, n) {
				return true
			}
		}
	}
	return false
}

// given reports whether an option with one of the names was given
// unambiguously.
func given(opts []option, names ...string) bool {
	for _, o := range opts {
		for _, n := range names {
			if o.name == n && o.ambiguous == nil {
				return true
			}
		}
	}
	return false
}

// find returns the options with one of the names, in order. The list is
// counted first and made to size: on a call at the word limit it holds
// thousands of options, and append's spare room would be a third more.
func find(opts []option, names ...string) []option {
	n := 0
	for _, o := range opts {
		for _, name := range names {
			if o.name == name && o.hasVal {
				n++
			}
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]option, 0, n)
	for _, o := range opts {
		for _, name := range names {
			if o.name == name && o.hasVal {
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
