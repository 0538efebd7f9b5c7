package rewrite

import (
	"path"
	"slices"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// stdinWriter describes a program that writes the text it reads (its
// input files, or its standard input when it is given none, or "-") to a
// file named by an option or an operand rather than to its stdout: sort
// -o, uniq IN OUT, iconv -o, shuf -o, csplit -f PREFIX, openssl -out,
// gpg -o, zip ARCHIVE -. It is the one table both readings use: the
// files they write go through the path guards (programWrites), and a
// download piped into one is followed to them (followStdinWriter), so
// the two cannot drift. Each reading is taken from the program's manual.
type stdinWriter struct {
	spec optSpec
	// out lists the options whose value is the file written.
	out []string
	// outOperand is the operand (from 0) that names the file written,
	// or -1; "-" there is stdout.
	outOperand int
	// inputs is how many operands, from the first, are files read; -1:
	// every operand but outOperand and the first skip ones.
	inputs int
	// skip is how many leading operands are neither (openssl's
	// subcommand).
	skip int
	// in lists the options whose value is the file read (openssl -in).
	in []string
	// noStdin lists the options with which the program reads neither its
	// stdin nor its input operands (shuf -e, sort -c, gpg --import).
	noStdin []string
	// dash reports that stdin is read only when an input names it ("-"):
	// csplit FILE, zip ARCHIVE -.
	dash bool
	// prefix is the default prefix of the files written when out names
	// a prefix (csplit's xx), and first the suffix of the first one.
	prefix, first string
	// ext is the suffix added to an output name that has none (zip).
	ext string
	// dashFile reports that an output named "-" is a file of that name,
	// not stdout (GNU sort -o - and shuf -o - create ./-).
	dashFile bool
	// notSub lists the subcommands (operand 0, with skip) that write no
	// content of their input (openssl dgst prints a digest).
	notSub []string
	// pairs lists the options that make the operands IN OUT pairs
	// (dos2unix -n IN OUT …); without one, operands are converted in
	// place (programWrites judges those) and stdin is read only when
	// there are none, to stdout.
	pairs []string
}

// compressorSpec are the options of zstd, lz4, brotli and lzop that take
// a value (zstd(1), lz4(1), brotli(1), lzop(1)).
var compressorSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "oDTBMLS", longEq: true, longVal: longOpts("output", "output-dir-flat", "output-dir-mirror",
		"patch-from", "memory", "threads", "suffix", "format", "trace", "filelist", "dictionary", "quality", "window", "large_window")}
}}

// stdinWriterPrograms are the programs of stdinWriters, so that a call of
// any other program (nearly every call: approvableCall asks about each)
// does not build the table (TestStdinWriterNames checks that they agree).
var stdinWriterPrograms = [...]string{"sort", "uniq", "iconv", "pv", "shuf", "csplit", "openssl", "gpg", "gpg2", "zip", "xxd", "lz4", "lz4c", "unlz4", "base64", "dos2unix", "unix2dos", "mac2unix", "unix2mac", "uudecode", "age"}

// stdinWriters is the table, by program name.
var stdinWriters = lazy.Value[map[string]stdinWriter]{New: func() map[string]stdinWriter {
	gpg := stdinWriter{spec: optSpec{shortVal: "ouraRfNzb", longEq: true, longVal: longOpts("output", "recipient", "local-user", "homedir",
		"default-key", "hidden-recipient", "encrypt-to", "trust-model", "keyring", "secret-keyring", "passphrase", "passphrase-file",
		"passphrase-fd", "cipher-algo", "digest-algo", "compress-algo", "set-filename", "comment", "status-fd", "logger-fd",
		"keyserver", "keyid-format", "pinentry-mode", "command-fd", "trusted-key", "default-recipient")},
		out: []string{"o", "output"}, outOperand: -1, inputs: -1,
		// Commands that read keys, check a signature, list or export
		// keys, or write only a signature.
		noStdin: []string{"import", "verify", "recv-keys", "fetch-keys", "export", "export-secret-keys", "list-keys", "k",
			"list-secret-keys", "K", "list-packets", "detach-sign", "b", "gen-key", "generate-key", "full-generate-key", "fingerprint",
			"card-status", "delete-keys", "delete-secret-keys", "edit-key", "sign-key", "lsign-key", "refresh-keys", "send-keys"}}
	newline := stdinWriter{spec: optSpec{shortVal: "cD", longEq: true, longVal: longOpts("convmode", "display-enc", "add-bom")},
		outOperand: -1, inputs: -1, pairs: []string{"n", "newfile"}, noStdin: []string{"i", "info"}}
	lz4 := stdinWriter{spec: compressorSpec.Get(), outOperand: 1, inputs: 1, noStdin: []string{"m", "multiple", "r", "t", "test", "list"}}
	return map[string]stdinWriter{
		// sort [OPTION]... [FILE]...: -o FILE gets the sorted text.
		"sort": {spec: specFor("sort"), out: []string{"o", "output"}, outOperand: -1, inputs: -1, dashFile: true,
			noStdin: []string{"files0-from", "c", "C", "check"}},
		// uniq [OPTION]... [INPUT [OUTPUT]].
		// --group[=METHOD] and --all-repeated[=METHOD] take their value
		// only attached (uniq --group IN OUT writes OUT), and GNU uniq
		// takes any unambiguous prefix of a long option.
		"uniq": {spec: optSpec{shortVal: "fsw", longVal: longOpts("skip-fields", "skip-chars", "check-chars"), longEq: true, abbrev: true,
			longFlag: longOpts("group", "all-repeated", "count", "repeated", "ignore-case", "unique", "zero-terminated", "help", "version")},
			outOperand: 1, inputs: 1},
		// iconv [OPTION...] [FILE...]: -o FILE.
		"iconv": {spec: optSpec{shortVal: "fto", longVal: longOpts("from-code", "to-code", "output"), longEq: true, abbrev: true},
			out: []string{"o", "output"}, outOperand: -1, inputs: -1, noStdin: []string{"l", "list"}},
		// pv [OPTION]... [FILE]...: the files (or stdin) copied to stdout,
		// or to -o FILE/--output FILE (pv 1.8 and later); -d PID[:FD]
		// and -R PID watch another process and copy nothing.
		"pv": {spec: optSpec{shortVal: "LBNsiwHFDRdAuoPx", longEq: true, longVal: longOpts("rate-limit", "buffer-size", "name", "size", "interval",
			"width", "height", "format", "delay-start", "remote", "watchfd", "last-written", "output", "pidfile", "bar-style", "extra-display", "store-and-forward")},
			out: []string{"o", "output"}, outOperand: -1, inputs: -1, noStdin: []string{"d", "watchfd", "R", "remote"}},
		// shuf [OPTION]... [FILE]; shuf -e ARG… and -i LO-HI read nothing.
		// -e takes no value (shuf -eo F A B writes F); GNU shuf takes any
		// unambiguous prefix of a long option (--out=F).
		"shuf": {spec: optSpec{shortVal: "ino", longEq: true, abbrev: true, longVal: longOpts("input-range", "head-count", "output", "random-source"),
			longFlag: longOpts("echo", "repeat", "zero-terminated", "help", "version")},
			out: []string{"o", "output"}, outOperand: -1, inputs: -1, dashFile: true, noStdin: []string{"e", "echo", "i", "input-range"}},
		// csplit [OPTION]... FILE PATTERN...: FILE "-" is stdin; the
		// pieces are PREFIX00, PREFIX01, … (-f, default xx).
		"csplit": {spec: optSpec{shortVal: "bfn", longVal: longOpts("suffix-format", "prefix", "digits"), longEq: true},
			out: []string{"f", "prefix"}, outOperand: -1, inputs: 1, dash: true, prefix: "xx", first: "00"},
		// openssl SUBCOMMAND [-in FILE] [-out FILE]: options are
		// single-dash words; without -in (or with -in -) the input is
		// stdin.
		"openssl": {spec: optSpec{shortVal: "SKk", longOne: true, longVal: longOpts("in", "out", "keyout", "sigfile", "pass", "passin",
			"passout", "iv", "md", "kfile", "inkey", "keyform", "inform", "outform", "engine", "certfile", "signer", "recip", "CAfile",
			"CApath", "config", "subj", "days", "set_serial", "name", "key", "cert", "cipher", "iter", "bufsize", "pkeyopt", "sigopt",
			"macopt", "certopt", "nameopt", "extensions", "extfile", "reqexts", "section", "newkey", "kdf", "kdfopt", "propquery")},
			out: []string{"out"}, outOperand: -1, inputs: 0, skip: 1, in: []string{"in"},
			notSub: []string{"dgst", "md5", "md4", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3-256", "sha3-512", "rmd160",
				"rand", "genrsa", "gendsa", "genpkey", "passwd", "prime", "speed", "version", "list", "help", "ciphers", "errstr",
				"s_client", "s_server", "s_time", "ocsp", "ecparam", "dhparam", "dsaparam"}},
		"gpg":  gpg,
		"gpg2": gpg,
		// base64 [-Dd] [-b COUNT] [-i FILE] [-o FILE] (macOS and the
		// BSDs): -o FILE gets the (de)coded text; GNU's base64 [FILE]
		// writes to stdout only (its -i is --ignore-garbage, its -w the
		// wrap width), which this reading leaves unchanged.
		// dos2unix [-n IN OUT …] (and unix2dos, mac2unix, unix2mac):
		// -n/--newfile writes each OUT from its IN, /dev/stdin there
		// reading stdin; -i/--info only reports.
		"dos2unix": newline,
		"unix2dos": newline,
		"mac2unix": newline,
		"unix2mac": newline,
		"base64": {spec: optSpec{shortVal: "biow", longEq: true, longVal: longOpts("break", "input", "output", "wrap")},
			out: []string{"o", "output"}, outOperand: -1, inputs: -1, in: []string{"input"}},
		// uudecode [-o FILE] [FILE…] (GNU sharutils 4.15, the BSDs):
		// -o/--output-file FILE gets the decoded bytes instead of the
		// name the encoded text gives; "/dev/stdout" is stdout.
		"uudecode": {spec: optSpec{shortVal: "o", longEq: true, abbrev: true, longVal: longOpts("output-file"),
			longFlag: longOpts("ignore-chmod", "help", "version")}, out: []string{"o", "output-file"}, outOperand: -1, inputs: -1},
		// age [-e|-d] [-r R | -R F | -i F | -p] [-a] [-o OUTPUT] [INPUT]
		// (age 1.1): the (de)crypted bytes go to -o/--output.
		"age": {spec: optSpec{shortVal: "orRi", longEq: true, longVal: longOpts("output", "recipient", "recipients-file", "identity"),
			longFlag: longOpts("encrypt", "decrypt", "passphrase", "armor", "help", "version")},
			out: []string{"o", "output"}, outOperand: -1, inputs: -1},
		// xxd [options] [infile [outfile]]: "-" is stdin as infile and
		// stdout as outfile; -r turns a dump back into the bytes.
		"xxd": {spec: optSpec{shortVal: "cglosnR"}, outOperand: 1, inputs: 1},
		// lz4 [options] [input [output]] (without -m/-r, which take every
		// operand as an input): "-" is stdin, or stdout as the output.
		"lz4":   lz4,
		"lz4c":  lz4,
		"unlz4": lz4,
		// zip [OPTIONS] ARCHIVE [FILE...]: a FILE "-" is stdin, stored
		// as a member; -O FILE writes the archive there instead; an
		// ARCHIVE without a suffix gets .zip. Its options are the
		// output table's (writes_outputs.go), which guards the archive.
		"zip": {spec: outputFileSpec("zip"), out: []string{"O", "output-file"}, outOperand: 0, inputs: -1, dash: true, ext: ".zip",
			noStdin: []string{"d", "delete", "T", "test"}},
	}
}}

// outputFileSpec is the option spec of program's entry in the table of
// output options (outputFiles).
func outputFileSpec(program string) optSpec {
	for _, o := range outputFiles.Get() {
		if o.program == program {
			return o.spec
		}
	}
	return optSpec{}
}

// writerOut is one file a stdinWriter writes.
type writerOut struct {
	// opt is the option whose value names it, or nil for an operand or
	// an implied name.
	opt *option
	arg syntax.Arg
	// value is the first file written when it is not arg's value
	// (csplit's PREFIX00, zip's ARCHIVE.zip).
	value string
	// implied reports a name the command does not give (csplit's
	// default prefix, in the working directory).
	implied bool
	// stdout reports that it names the program's stdout ("-").
	stdout bool
}

// writerIO is what a stdinWriter call reads and writes.
type writerIO struct {
	// none reports that the call reads neither stdin nor files.
	none bool
	// ins are the files named as input; none given means stdin (unless
	// dash).
	ins  []syntax.Arg
	outs []writerOut
	w    stdinWriter
}

// readWriterIO reads what c, a program of the stdinWriters table,
// reads and writes; ok is false for another program.
func readWriterIO(c *syntax.Call) (io writerIO, ok bool) {
	if m, args := pythonModule(c); m == "json.tool" {
		// python3 -m json.tool [INFILE [OUTFILE]] (Lib/json/tool.py):
		// INFILE "-" or none is stdin, OUTFILE "-" or none stdout;
		// --indent takes a value.
		_, ops := scan(args, optSpec{longEq: true, longVal: longOpts("indent")})
		io.w = stdinWriter{outOperand: 1, inputs: 1}
		if len(ops) >= 1 {
			io.ins = append(io.ins, args[ops[0]])
		}
		if len(ops) >= 2 {
			a := args[ops[1]]
			io.outs = append(io.outs, writerOut{arg: a, value: a.Value, stdout: a.Static && a.Value == "-"})
		}
		return io, true
	}
	if !slices.Contains(stdinWriterPrograms[:], c.Name) {
		return io, false
	}
	w, ok := stdinWriters.Get()[c.Name]
	if !ok {
		return io, false
	}
	io.w = w
	opts, ops := scan(c.Args, w.spec)
	if len(ops) < w.skip {
		io.none = true // openssl alone: its prompt
		ops = nil
	} else if w.skip > 0 {
		if sub := c.Args[ops[0]]; !sub.Static || contains(w.notSub, sub.Value) {
			io.none = true
		}
		ops = ops[w.skip:]
	}
	io.none = io.none || has(opts, w.noStdin...)
	for _, o := range find(opts, w.in...) {
		io.ins = append(io.ins, o.val)
	}
	if len(w.pairs) > 0 {
		if !has(opts, w.pairs...) {
			for _, i := range ops {
				io.ins = append(io.ins, c.Args[i]) // in place: no stdin
			}
			return io, true
		}
		for k, i := range ops {
			if k%2 == 0 {
				io.ins = append(io.ins, c.Args[i])
			} else {
				io.outs = append(io.outs, w.output(nil, c.Args[i]))
			}
		}
		return io, true
	}
	for k, i := range ops {
		if k == w.outOperand || w.inputs >= 0 && k >= w.inputs {
			continue
		}
		io.ins = append(io.ins, c.Args[i])
	}
	named := false
	for _, o := range find(opts, w.out...) {
		o := o
		named = true
		io.outs = append(io.outs, w.output(&o, o.val))
	}
	if !named && w.outOperand >= 0 && w.outOperand < len(ops) {
		named = true
		io.outs = append(io.outs, w.output(nil, c.Args[ops[w.outOperand]]))
	}
	if !named && w.prefix != "" {
		a := syntax.Arg{Value: w.prefix, Raw: w.prefix, Static: true}
		out := w.output(nil, a)
		out.implied = true
		io.outs = append(io.outs, out)
	}
	return io, true
}

// output is the file w writes for the name a.
func (w stdinWriter) output(o *option, a syntax.Arg) writerOut {
	out := writerOut{opt: o, arg: a, value: a.Value}
	if a.Static && (a.Value == "-" && !w.dashFile || a.Value == "/dev/stdout") && w.prefix == "" {
		out.stdout = true
	}
	switch {
	case w.prefix != "":
		out.value += w.first
	case w.ext != "" && a.Static && !out.stdout && !strings.Contains(path.Base(a.Value), "."):
		out.value += w.ext
	}
	return out
}

// stdinWriterTargets are the files a program of the stdinWriters table
// writes, for the path guards: whatever it reads (shuf -e -o F writes F
// too).
func stdinWriterTargets(c *syntax.Call) []target {
	io, ok := readWriterIO(c)
	if !ok {
		return nil
	}
	var out []target
	for _, o := range io.outs {
		if o.stdout {
			continue
		}
		t := target{arg: o.arg, action: guards.Write}
		if o.value != o.arg.Value {
			t.value = o.value
		}
		out = append(out, t)
	}
	return out
}

// writesNamedFile reports whether c, a program of the stdinWriters table,
// writes a file rather than its stdout (sort -o F, uniq IN OUT, csplit's
// pieces): such a "read-only" program is not approved (approve.go).
func writesNamedFile(c *syntax.Call) bool {
	io, ok := readWriterIO(c)
	if !ok {
		return false
	}
	for _, o := range io.outs {
		if !o.stdout && !(o.arg.Static && o.arg.Value == "/dev/null") {
			return true
		}
	}
	return false
}

// followStdinWriter follows a download into a program of the
// stdinWriters table that reads it on its stdin: the file it writes
// moves into the sandbox (sort -o F, uniq - F, iconv -o F, csplit -f P
// -, openssl enc -out F, gpg --dearmor -o F, zip A -), as tee's and dd
// of='s do. handled is false for another program; passes reports that
// the bytes go on to the call's stdout (no output file, or "-").
func (p *Pass) followStdinWriter(s *syntax.Call, rule, kind string) (handled, passes bool) {
	io, ok := readWriterIO(s)
	if !ok {
		return false, false
	}
	if io.none {
		return true, false
	}
	reads := len(io.ins) == 0 && !io.w.dash
	for _, a := range io.ins {
		reads = reads || p.namesStdin(s, a)
	}
	if !reads {
		return true, false // it reads other files: the download is unused
	}
	if len(io.outs) == 0 {
		return false, false // to stdout, followed as a filter's
	}
	for _, o := range io.outs {
		a := o.arg
		if o.stdout {
			passes = true
			continue
		}
		if st, fd := s.Route(a.Value); fd && !o.implied {
			// -o /dev/fd/3, /dev/stderr: one of the call's
			// descriptors, followed as its stdout when it is; the
			// file behind it (exec 3>f) moved into the sandbox.
			passes = passes || st.Kind == syntax.StreamPipe || st.Fd == 1
			p.followFdOperand(s, a.Value, rule, kind)
			continue
		}
		if a.Value == "/dev/null" && a.Static {
			continue
		}
		if o.implied {
			if p.DirInSandbox(s.Dir) {
				continue
			}
			flag := "-" + io.w.out[0]
			dest := path.Join(p.Config.Sandbox, a.Value)
			p.acquire(s, rule, kind, s.Name+" writes the download to "+o.value+"…, in the working directory", dest,
				[]syntax.Edit{Insert(s, s.NameArg.End, " "+flag+" "+syntax.Quote(dest))}, nil)
			continue
		}
		if p.InSandbox(s.Dir, a) {
			continue
		}
		what := o.value
		if io.w.prefix != "" {
			what += "…"
		}
		fallback := "download"
		if io.w.prefix != "" {
			fallback = io.w.prefix
		}
		dest, text := p.sandboxed(a, fallback)
		edit := Replace(s, a, text)
		if o.opt != nil {
			edit = setValue(s, *o.opt, text)
		}
		var rel []Relocation
		if io.w.prefix == "" {
			dest += strings.TrimPrefix(o.value, a.Value) // zip's .zip
			rel = relocate(s, s.Dir, o.value, dest)
		}
		p.acquire(s, rule, kind, s.Name+" writes the download to "+what+", outside the sandbox", dest, []syntax.Edit{edit}, rel)
	}
	return true, passes
}

// namesStdin reports whether the file name a, read by s, is s's stdin
// ("-", /dev/stdin, /dev/fd/0, or a descriptor holding the pipe), or may
// be (a name only known at run time).
func (p *Pass) namesStdin(s *syntax.Call, a syntax.Arg) bool {
	if !a.Static {
		return true
	}
	if a.Value == "-" {
		return true
	}
	st, fd := s.Route(a.Value)
	return fd && (st.Kind == syntax.StreamPipe || st.Kind == syntax.StreamInherited && st.Fd == 0)
}
