package rewrite

import (
	"path"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// pyModuleReader is a module of Python's standard library whose command
// line (python3 -m MODULE) prints a file it is given: its options that
// take a value, and whether only the first operand is read (json.tool
// INFILE OUTFILE writes the second; base64 reads only its first).
type pyModuleReader struct {
	spec  optSpec
	first bool
}

// pyModuleReaders are the standard library's command lines that print
// what a file holds, from the modules' own argument parsing: json.tool
// (and json, its name from 3.14) reformats the JSON document, base64,
// quopri and uu encode or decode to stdout, tokenize lists every token
// with its text, pickletools disassembles a pickle and pickle prints the
// objects it holds, dis and ast show a module's code with its string
// constants. Listing an archive (zipfile -l, tarfile -l) shows names
// only, and gzip writes FILE.gz beside FILE: neither is here.
var pyModuleReaders = lazy.Value[map[string]pyModuleReader]{New: func() map[string]pyModuleReader {
	return map[string]pyModuleReader{
		"json.tool":   {spec: optSpec{longVal: longOpts("indent"), longEq: true}, first: true},
		"json":        {spec: optSpec{longVal: longOpts("indent"), longEq: true}, first: true},
		"base64":      {first: true},
		"quopri":      {},
		"uu":          {first: true},
		"tokenize":    {first: true},
		"pickletools": {spec: optSpec{shortVal: "olp", longVal: longOpts("output", "indentlevel", "preamble"), longEq: true}},
		"pickle":      {},
		"dis":         {spec: optSpec{shortVal: "O", longEq: true}, first: true},
		"ast":         {spec: optSpec{shortVal: "miO", longVal: longOpts("mode", "indent", "feature-version", "optimize"), longEq: true}, first: true},
	}
}}

// pythonModuleReads judges python3 -m MODULE ARGS… for the standard
// library's readers (pyModuleReaders): a secret among the files it
// prints is read as cat reads it (python3 -m json.tool
// ~/.docker/config.json, python3 -m base64 ~/.ssh/id_rsa). python3 -m
// netrc prints the parsed ~/.netrc, passwords included. It reports
// whether it found one.
func (p *Pass) pythonModuleReads(c *syntax.Call, module string, args []syntax.Arg) bool {
	if module == "netrc" {
		if p.Config.Home == "" {
			return false
		}
		f := path.Join(p.Config.Home, ".netrc")
		return p.secretOperand(c, syntax.Arg{Value: f, Raw: f, Static: true, Start: c.Start, End: c.End}, false, false, nil)
	}
	r, ok := pyModuleReaders.Get()[module]
	if !ok {
		return false
	}
	_, operands := scan(args, r.spec)
	for n, i := range operands {
		if r.first && n > 0 {
			break
		}
		a := args[i]
		if a.Static && a.Value == "-" {
			continue
		}
		if p.secretOperand(c, a, false, false, nil) {
			return true
		}
	}
	return false
}
