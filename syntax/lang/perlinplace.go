package lang

import (
	"slices"
	"strings"
)

// Perl edits files in place when $^I (the variable behind -i) is
// defined: each file the ARGV handle then opens (<>, <<>>, <ARGV>, eof(),
// -n and -p's loop) is renamed away or unlinked and written anew with
// what the program prints, whatever set it: -i, $^I = "" in a BEGIN
// block, local ($^I, @ARGV) = ("", F). The files are @ARGV's: the
// command's operands, or the names the code puts there.

// maxNameList bounds the tokens of a list of names assigned to
// (local ($^I, @ARGV) = …) that perlInPlaceScan reads, so that nested
// parentheses are not read again for every level.
const maxNameList = 64

// perlInPlaceOn reports whether the code defines $^I: an assignment of
// anything but undef ($^I = "", $^I = ".bak"), or a list assignment
// whose list holds $^I (local ($^I, @ARGV) = ("", F)) and gives it a
// value.
func (p *parser) perlInPlaceOn() bool {
	on, _, _ := p.perlInPlaceScan()
	return on
}

// perlIsInPlaceVar reports the tokens $ ^ I at i.
func (p *parser) perlIsInPlaceVar(i int) bool {
	return isP(p.tok(i), "$") && isP(p.tok(i+1), "^") && p.tok(i+2).kind == tIdent && p.tok(i+2).text == "I"
}

// perlInPlaceScan returns whether the code defines $^I and the values
// it puts in @ARGV (@ARGV = (…), push/unshift @ARGV, …, and the @ARGV
// of a list assignment with $^I).
func (p *parser) perlInPlaceScan() (bool, []arg, []arg) {
	if !strings.Contains(p.src, "^I") {
		return false, nil, nil // code that never names $^I leaves it undefined
	}
	return p.perlArgvScan()
}

// perlArgvScan is perlInPlaceScan without its first test: the values
// the code puts in @ARGV whether or not it names $^I.
func (p *parser) perlArgvScan() (bool, []arg, []arg) {
	on := false
	var files, suffixes []arg
	defined := func(v *arg) bool {
		return v != nil && v.text != "undef" && v.text != "()"
	}
	for i := 0; i < len(p.toks); i++ {
		t := p.toks[i]
		switch {
		case p.perlIsInPlaceVar(i) && isP(p.tok(i+3), "=") && !isP(p.tok(i+4), "="):
			vals, _ := p.bareArgs(i + 4)
			if len(vals) > 0 && defined(&vals[0]) {
				on = true
				suffixes = append(suffixes, vals[0])
			}
		case t.kind == tIdent && t.text == "@ARGV" && isP(p.tok(i+1), "=") && !isP(p.tok(i+2), "=") && !isP(p.tok(i-1), ")"):
			vals, _ := p.bareArgs(i + 2)
			files = append(files, perlFlatten(vals)...)
		case t.kind == tIdent && (t.text == "push" || t.text == "unshift"):
			j := i + 1
			if isP(p.tok(j), "(") {
				j++
			}
			if p.tok(j).kind == tIdent && p.tok(j).text == "@ARGV" && isP(p.tok(j+1), ",") {
				var vals []arg
				if j == i+2 {
					all, _ := p.args(i+1, ")")
					if len(all) > 1 {
						vals = all[1:]
					}
				} else {
					vals, _ = p.bareArgs(j + 2)
				}
				files = append(files, perlFlatten(vals)...)
			}
		case isP(t, "("):
			// (…, $^I, …, @ARGV) = (…): the names in order, @ARGV
			// taking the rest.
			end := p.closeOf(p.toks, i)
			if end < 0 || end-i > maxNameList || !isP(p.tok(end+1), "=") || isP(p.tok(end+2), "=") {
				continue // not a short list of names assigned to
			}
			iAt, argvAt, k := -1, -1, 0
			for j := i + 1; j < end; j++ {
				switch {
				case isP(p.tok(j), ","):
					k++
				case p.perlIsInPlaceVar(j):
					iAt = k
				case p.tok(j).kind == tIdent && p.tok(j).text == "@ARGV":
					argvAt = k
				}
			}
			if iAt < 0 && argvAt < 0 {
				continue
			}
			vals, _ := p.bareArgs(end + 2)
			vals = perlFlatten(vals)
			if iAt >= 0 && iAt < len(vals) && defined(&vals[iAt]) {
				on = true
				suffixes = append(suffixes, vals[iAt])
			}
			if argvAt >= 0 && argvAt < len(vals) {
				files = append(files, vals[argvAt:]...)
			}
		}
	}
	return on, files, suffixes
}

// perlFlatten spreads the literal lists among vals (("a", "b"), qw(a
// b)) into their items; other values stay as they are.
func perlFlatten(vals []arg) []arg {
	var out []arg
	for _, v := range vals {
		if v.isList {
			for _, s := range v.list {
				out = append(out, arg{lit: true, str: s, text: s})
			}
			continue
		}
		out = append(out, v)
	}
	return out
}

// perlInPlace is the in-place edit of the files the code itself puts in
// @ARGV while $^I is defined: each is written (renamed over), a name only
// known at run time as a write of a run-time path.
func (p *parser) perlInPlace() []Effect {
	on, files, _ := p.perlInPlaceScan()
	if !on {
		return nil
	}
	var out []Effect
	for _, f := range files {
		f := f
		c := call{name: "$^I", off: 0}
		if e, ok := pathEffect(c, Write, &f, false); ok {
			out = append(out, e)
		}
	}
	return out
}

// perlArgvReads is the reading of the files the code itself puts in
// @ARGV (@ARGV = ("$ENV{HOME}/.ssh/id_rsa"); print <>): the ARGV handle
// opens each in turn when the code reads it (<>, <<>>, <ARGV>,
// readline ARGV, eof()) or, in a BEGIN block, when -n or -p's loop
// does. Names put there for another use (local @ARGV = @args;
// GetOptions) are not read.
func (p *parser) perlArgvReads() []Effect {
	if !strings.Contains(p.src, "@ARGV") || !p.perlReadsArgv() && !strings.Contains(p.src, "BEGIN") {
		return nil
	}
	inPlace, files, _ := p.perlArgvScan()
	if inPlace {
		return nil // edited in place: what it prints goes to the files (perlInPlace)
	}
	var out []Effect
	for _, f := range files {
		f := f
		if f.lit && (f.str == "-" || f.str == "") {
			continue // standard input
		}
		c := call{name: "<> of @ARGV", off: 0}
		if e, ok := readEffect(c, &f); ok {
			out = append(out, e)
		}
	}
	return out
}

// perlReadsArgv reports whether the code reads the ARGV handle: <>,
// <<>>, <ARGV>, readline(ARGV) or *ARGV, eof() and eof(ARGV).
func (p *parser) perlReadsArgv() bool {
	for i, t := range p.toks {
		switch {
		case isP(t, "<") && isP(p.tok(i+1), ">"),
			isP(t, "<<") && isP(p.tok(i+1), ">") && isP(p.tok(i+2), ">"),
			isP(t, "<") && p.tok(i+1).kind == tIdent && p.tok(i+1).text == "ARGV" && isP(p.tok(i+2), ">"):
			return true
		case t.kind == tIdent && (t.text == "readline" || t.text == "eof"):
			for j := i + 1; j < i+4; j++ {
				if n := p.tok(j); n.kind == tIdent && (n.text == "ARGV" || n.text == "*ARGV") {
					return true
				}
			}
			if t.text == "eof" && isP(p.tok(i+1), "(") && isP(p.tok(i+2), ")") {
				return true
			}
		}
	}
	return false
}

// PerlSetsInPlace reports whether Perl code defines $^I, so that the
// files the ARGV handle opens (the command's operands under -n, -p or
// <>) are edited in place as -i edits them.
func PerlSetsInPlace(src string) bool {
	p := &parser{l: Perl, src: src, toks: lex(Perl, src)}
	return p.perlInPlaceOn()
}

// PerlInPlaceSuffixes returns the values Perl code gives $^I, the
// backup suffix of its in-place edits ($^I = ".bak" keeps FILE.bak, as
// -i.bak does): the literal ones, sorted, and whether some value is
// only known at run time ($^I = $ENV{S}). An empty literal keeps no
// backup and is left out.
func PerlInPlaceSuffixes(src string) (lits []string, dynamic bool) {
	p := &parser{l: Perl, src: src, toks: lex(Perl, src)}
	_, _, vals := p.perlInPlaceScan()
	for _, v := range vals {
		switch {
		case v.lit && v.str != "":
			lits = append(lits, v.str)
		case !v.lit:
			dynamic = true
		}
	}
	slices.Sort(lits)
	return slices.Compact(lits), dynamic
}
