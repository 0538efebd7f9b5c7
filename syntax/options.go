package syntax

import (
	"slices"
	"sort"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// OptSpec describes a program's options, as data: which take a value,
// which long options the program knows, and whether it accepts an
// abbreviation. It is the one option scanner's input (ScanOptions): the
// model's own readers here (docker run, make, …) and every rule in
// rewrite read options through it.
type OptSpec struct {
	// ShortVal lists the one-letter options that take a value.
	ShortVal string
	// ShortOpt lists the one-letter options whose value is optional and
	// only attached: the rest of the word, maybe empty (sed -i.bak,
	// perl -i, perl -l0).
	ShortOpt string
	// LongVal lists the long options (without "--") that take a value.
	// The lists are slices, not maps, so that specs written as package
	// variables are static data the compiler builds, not maps made at
	// every start of the hook; they are short enough to scan.
	LongVal []string
	// LongFlag lists the long options that take none. With LongVal it is
	// the whole list the program knows, which abbreviation needs.
	LongFlag []string
	// LongEq reports that long options also take "--name=value".
	LongEq bool
	// Abbrev reports that the program accepts any unambiguous prefix of
	// a long option, as GNU getopt_long and git's parse-options do (rm
	// --recu --forc is rm --recursive --force; spf13/pflag, docker's,
	// does not). An exact name wins over a longer one it is a prefix of.
	Abbrev bool
	// Stop reports that options end at the first operand, which with
	// every word after it is an operand: a program's global options
	// before its subcommand (git -C d clone …), docker run's before the
	// image.
	Stop bool
	// Plus reports that a word beginning with "+" is a cluster of
	// options too, as bash and set read +o NAME, +e (Option.Plus).
	Plus bool
	// ShortNext lists the one-letter options whose value is always a
	// word of its own, the next one not yet taken, while the letters
	// after them in the cluster are still options: bash -oc NAME CMD,
	// set -eo pipefail, bash -O extglob.
	ShortNext string
	// LongOne reports that a long option may be written with one dash
	// too when the rest of the word is its exact name (bash -norc,
	// -rcfile F); any other word with one dash is a cluster.
	LongOne bool
	// ValNoDash reports that a value in a word of its own never begins
	// with "-": node's parser refuses one ("requires an argument"), and
	// expands -p/--print to --print --eval only when the next word is no
	// option, so node -p -e CODE is --print, then -e CODE.
	ValNoDash bool
	// End lists the options (letters or long names) after which every
	// word is an operand: python -c CMD and -m MOD end python's options,
	// R --args ends R's.
	End []string
}

// Resolve returns the long option name stands for: itself when it is
// known or the program takes no abbreviations, the one option it is a
// prefix of, or, when it is a prefix of several, name with every
// candidate (the program refuses it as ambiguous, but a version with
// fewer options would not: a reader looking for a dangerous option sees
// each candidate).
func (s OptSpec) Resolve(name string) (string, []string) {
	if !s.Abbrev || slices.Contains(s.LongVal, name) || slices.Contains(s.LongFlag, name) || name == "" {
		return name, nil
	}
	var cands []string
	for _, set := range [...][]string{s.LongVal, s.LongFlag} {
		for _, n := range set {
			if strings.HasPrefix(n, name) {
				cands = append(cands, n)
			}
		}
	}
	switch len(cands) {
	case 0:
		return name, nil
	case 1:
		return cands[0], nil
	}
	sort.Strings(cands)
	return name, cands
}

// Option is one option ScanOptions found.
type Option struct {
	// Name is the letter ("o") or the long name ("output"), resolved
	// when abbreviated.
	Name string
	Long bool
	// Idx is the index of the word holding the option.
	Idx int
	// Val is the value, with its word; Attached reports that the value is
	// part of the option's own word (-ofile, -fsSLofile, --output=file),
	// after Prefix.
	Val    Arg
	HasVal bool
	// ValIdx is the index of the word holding the value (Idx when it is
	// attached).
	ValIdx   int
	Attached bool
	Prefix   string
	// Plus reports a letter given with "+" (OptSpec.Plus): bash +o
	// NAME, +n turn an option off.
	Plus bool
	// Ambiguous are the long options an ambiguous abbreviation could
	// stand for.
	Ambiguous []string
}

// ScanOptions splits args into options and operands (their indexes), as
// getopt reads them with spec: clusters of letters (-fsSLo f), attached
// and separate values, --name=value, abbreviations, "--". A word only
// known at run time is an operand, unless it is written as an option
// whose letters before the run-time part are literal: "--name=$V" and
// "-p$N" (or "-fp$N") are that option with a value only run time knows.
func ScanOptions(args []Arg, spec OptSpec) (opts []Option, operands []int) {
	// Room for one option per word that starts with "-" (clusters may
	// need more): a command of thousands of options does not grow its
	// slice a dozen times.
	n := 0
	for _, a := range args {
		if len(a.Value) > 1 && a.Value[0] == '-' {
			n++
		}
	}
	if n > 0 {
		opts = make([]Option, 0, n)
	}
	rest := func(i int) {
		operands = slices.Grow(operands, len(args)-i)
		for j := i; j < len(args); j++ {
			operands = append(operands, j)
		}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if !a.Static && spec.LongEq && strings.HasPrefix(v, "--") {
			// --name=$VALUE: the option is known, its value is not (git
			// clone --template=$T URL: the URL is still the operand).
			given, val, eq := strings.Cut(v[2:], "=")
			if raw := strings.TrimLeft(a.Raw, `"'`); eq && given != "" && !strings.ContainsAny(given, "$`\\{}*?[") && strings.HasPrefix(raw, "--"+given+"=") {
				if name, cands := spec.Resolve(given); slices.Contains(spec.LongVal, name) || slices.Contains(spec.LongFlag, name) || len(cands) > 0 {
					o := Option{Name: name, Long: true, Idx: i, ValIdx: i, Ambiguous: cands, Val: a, HasVal: true, Attached: true, Prefix: "--" + given + "="}
					o.Val.Value = val
					o.Val.Word = attachedSubst(a.Word, o.Prefix)
					opts = append(opts, o)
					if slices.Contains(spec.End, o.Name) {
						rest(i + 1)
						return
					}
					continue
				}
			}
		}
		if !a.Static {
			if o, ok := spec.runTimeShort(a, v, i); ok {
				// patch "-p$N": the option is known, its value is not.
				opts = append(opts, o...)
				continue
			}
			operands = append(operands, i)
			if spec.Stop {
				rest(i + 1)
				return
			}
			continue
		}
		switch {
		case v == "--":
			rest(i + 1)
			return
		case strings.HasPrefix(v, "--") && len(v) > 2 || spec.LongOne && len(v) > 2 && v[0] == '-' && v[1] != '-' &&
			(slices.Contains(spec.LongVal, v[1:]) || slices.Contains(spec.LongFlag, v[1:])):
			given, val, eq := strings.Cut(strings.TrimPrefix(v[1:], "-"), "=")
			name, cands := spec.Resolve(given)
			o := Option{Name: name, Long: true, Idx: i, ValIdx: i, Ambiguous: cands}
			switch {
			case eq && spec.LongEq:
				o.Val, o.HasVal, o.Attached, o.Prefix = a, true, true, v[:len(v)-len(val)]
				o.Val.Value = val
			case eq:
				// The command has no --name=value form (curl): the word
				// is an unknown option, and the next word is not its value.
				o.Name = name + "="
			case slices.Contains(spec.LongVal, name) && i+1 < len(args) && spec.takes(args[i+1]):
				i++
				o.Val, o.HasVal, o.ValIdx = args[i], true, i
			}
			opts = append(opts, o)
			if slices.Contains(spec.End, o.Name) {
				rest(i + 1)
				return
			}
		case len(v) > 1 && (v[0] == '-' || spec.Plus && v[0] == '+'):
			idx := i  // the cluster's word
			next := i // the last word a ShortNext letter took
			for j := 1; j < len(v); j++ {
				c := v[j : j+1]
				o := Option{Name: c, Idx: i, ValIdx: i, Plus: v[0] == '+'}
				if strings.Contains(spec.ShortNext, c) {
					if next+1 < len(args) && spec.takes(args[next+1]) {
						next++
						o.Val, o.HasVal, o.ValIdx = args[next], true, next
					}
					opts = append(opts, o)
					continue
				}
				if strings.Contains(spec.ShortOpt, c) {
					o.Val, o.HasVal, o.Attached, o.Prefix = a, true, true, v[:j+1]
					o.Val.Value = v[j+1:]
					opts = append(opts, o)
					break
				}
				if strings.Contains(spec.ShortVal, c) {
					if j+1 < len(v) {
						o.Val, o.HasVal, o.Attached, o.Prefix = a, true, true, v[:j+1]
						o.Val.Value = v[j+1:]
					} else if next+1 < len(args) && spec.takes(args[next+1]) {
						next++
						o.Val, o.HasVal, o.ValIdx = args[next], true, next
					}
					opts = append(opts, o)
					break
				}
				opts = append(opts, o)
			}
			i = max(i, next)
			if last := opts[len(opts)-1]; last.Idx == idx && slices.Contains(spec.End, last.Name) {
				rest(i + 1)
				return
			}
		default:
			operands = append(operands, i)
			if spec.Stop {
				rest(i + 1)
				return
			}
		}
	}
	return
}

// takes reports whether a word of its own can be an option's value: any
// word, but with ValNoDash none that begins with "-".
func (s OptSpec) takes(a Arg) bool {
	return !s.ValNoDash || !a.Static || !strings.HasPrefix(a.Value, "-")
}

// runTimeShort reads a word only run time knows that is written as a
// cluster of short options with a literal start, whose value letter is
// followed by the run-time part ("-p$N", -fp"$N": the option p, its
// value unknown). The flags before it are literal letters the program
// takes without a value; anything else (a run-time part among the
// flags, "-$x") is not read here.
func (s OptSpec) runTimeShort(a Arg, v string, i int) ([]Option, bool) {
	raw := a.Raw
	if strings.HasPrefix(raw, `"`) || strings.HasPrefix(raw, "'") {
		raw = raw[1:]
	}
	if len(raw) < 3 || raw[0] != '-' || raw[1] == '-' {
		return nil, false
	}
	var opts []Option
	for j := 1; j < len(raw); j++ {
		c := raw[j]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return nil, false
		}
		l := string(c)
		if strings.Contains(s.ShortNext, l) {
			return nil, false
		}
		o := Option{Name: l, Idx: i, ValIdx: i}
		if strings.Contains(s.ShortOpt, l) {
			// sed -i"$X", perl -i"$SUF": an optional value is attached
			// only, so the rest of the word, run-time part and all, is
			// it (an empty one too: sed -i"$E" edits in place).
			o.Val, o.HasVal, o.Attached, o.Prefix = a, true, true, raw[:j+1]
			o.Val.Value = strings.TrimPrefix(v, raw[:j+1])
			o.Val.Word = attachedSubst(a.Word, o.Prefix)
			return append(opts, o), true
		}
		if strings.Contains(s.ShortVal, l) {
			if j+1 >= len(raw) {
				return nil, false
			}
			o.Val, o.HasVal, o.Attached, o.Prefix = a, true, true, raw[:j+1]
			o.Val.Value = strings.TrimPrefix(v, raw[:j+1])
			o.Val.Word = attachedSubst(a.Word, o.Prefix)
			return append(opts, o), true
		}
		opts = append(opts, o)
	}
	return nil, false
}

// attachedSubst returns the word of an attached value that is a process
// substitution written right after the option's literal letters
// (xargs -a<(find …), --arg-file=<(…), wget -O>(sh)): bash opens the
// pipe there too, and the value is its /dev/fd path. The word is then
// the substitution alone, so that the value reads as the pipe it is;
// any other word is returned as it is.
func attachedSubst(wd *sh.Word, prefix string) *sh.Word {
	if wd == nil || len(wd.Parts) < 2 {
		return wd
	}
	ps, ok := wd.Parts[len(wd.Parts)-1].(*sh.ProcSubst)
	if !ok {
		return wd
	}
	var lit strings.Builder
	for _, p := range wd.Parts[:len(wd.Parts)-1] {
		switch p := p.(type) {
		case *sh.Lit:
			if strings.Contains(p.Value, "\\") {
				return wd
			}
			lit.WriteString(p.Value)
		case *sh.SglQuoted:
			if p.Dollar {
				return wd
			}
			lit.WriteString(p.Value)
		case *sh.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*sh.Lit)
				if !ok || strings.ContainsAny(l.Value, "\\$`") {
					return wd
				}
				lit.WriteString(l.Value)
			}
		default:
			return wd
		}
	}
	if lit.String() != prefix {
		return wd
	}
	return &sh.Word{Parts: []sh.WordPart{ps}}
}
