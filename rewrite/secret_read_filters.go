package rewrite

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// Programs that print the files they are given, read from their manuals:
// m4 expands its input and prints it (a line with no macro call, such as
// KEY=VALUE, comes out as it is), tsort prints every word of its input
// once, a C compiler's -E prints its input preprocessed (cpp's work), and
// dos2unix/unix2dos copy a file to a new one (-n IN OUT) or to standard
// output (-O) with its line ends changed. Each is a secret-read of a
// secret given so (m4 .env, tsort .env, gcc -E -x c .env, dos2unix -n .env
// /dev/stdout); secret-operand only asks about programs corral has no
// reading of.

// compilerNames are the C compiler drivers whose -E runs the
// preprocessor only.
var compilerNames = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"gcc": true, "cc": true, "clang": true, "g++": true, "c++": true, "clang++": true}
}}

// compilerPreprocesses reports whether a compiler call is given -E: it
// then prints its inputs preprocessed (or writes them to -o FILE).
func compilerPreprocesses(c *syntax.Call) bool {
	if !compilerNames.Get()[c.Name] {
		return false
	}
	for _, a := range c.Args {
		if a.Static && a.Value == "-E" {
			return true
		}
	}
	return false
}

// checkFilePrinters judges m4, tsort, a compiler's -E and dos2unix; it
// reports whether c is one of them.
func (p *Pass) checkFilePrinters(c *syntax.Call) bool {
	var files []syntax.Arg
	verb := "prints"
	switch {
	case c.Name == "m4" || c.Name == "gm4":
		// m4(1): -D/-U/-I/-o/-t/-F/-R/-l/-L take a value (-d its flags
		// attached); -R FILE reloads a frozen state, whose text is
		// printed by nothing, and -F writes one.
		_, operands := scan(c.Args, optSpec{shortVal: "DUIotFRlL", shortOpt: "d", longEq: true,
			longVal: longOpts("define", "undefine", "include", "debugfile", "trace", "freeze-state", "reload-state", "arglength", "nesting-limit", "word-regexp", "error-output")})
		for _, i := range operands {
			files = append(files, c.Args[i])
		}
	case c.Name == "tsort":
		_, operands := scan(c.Args, optSpec{})
		for _, i := range operands {
			files = append(files, c.Args[i])
		}
	case compilerPreprocesses(c):
		// gcc -E [-P] [-x LANG] FILE… [-o OUT]: every input, and a file
		// -include puts before them (gcc(1), Preprocessor Options).
		opts, operands := scan(c.Args, readerSpecs.Get()["cpp"])
		for _, i := range operands {
			files = append(files, c.Args[i])
		}
		for _, o := range find(opts, "include") {
			files = append(files, o.val)
		}
	case compilerNames.Get()[c.Name]:
		// Compiling: the diagnostics quote a line that does not parse,
		// which secret-operand asks about.
		return true
	case c.Name == "dos2unix" || c.Name == "unix2dos" || c.Name == "mac2unix" || c.Name == "unix2mac":
		files = p.dos2unixReads(c)
		verb = "reads and copies out (-n IN OUT, -O)"
	default:
		return false
	}
	for _, f := range files {
		if f.Static && f.Value == "-" {
			continue
		}
		if s, ok := p.secretOf(c.Dir, f); ok {
			p.reportSecret(c, s, fmt.Sprintf("%s %s", c.Name, verb))
			return true
		}
	}
	return true
}

// dos2unixReads returns the files dos2unix (unix2dos, mac2unix,
// unix2mac) copies out under another name (dos2unix(1)): the INFILE of
// each INFILE OUTFILE pair after -n/--newfile, unless the OUTFILE is a
// secret's name as well (dos2unix -n .env .env.unix), and every file
// after -O/--to-stdout, which are printed. Files converted in place
// (the default, -o/--oldfile) and -i/--info, which prints counts, read
// nothing out.
func (p *Pass) dos2unixReads(c *syntax.Call) []syntax.Arg {
	var out []syntax.Arg
	mode := "old"
	var pending *syntax.Arg
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		switch {
		case !a.Static:
		case v == "-n" || v == "--newfile":
			mode, pending = "new", nil
			continue
		case v == "-o" || v == "--oldfile":
			mode = "old"
			continue
		case v == "-O" || v == "--to-stdout":
			mode = "stdout"
			continue
		case v == "-c" || v == "--convmode" || v == "-D" || v == "--display-enc":
			i++
			continue
		case strings.HasPrefix(v, "-i") || strings.HasPrefix(v, "--info"):
			return nil
		case strings.HasPrefix(v, "-") && v != "-":
			continue
		}
		switch mode {
		case "stdout":
			out = append(out, a)
		case "new":
			if pending == nil {
				in := a
				pending = &in
				continue
			}
			if _, ok := p.secretOf(c.Dir, a); !ok || !a.Static {
				out = append(out, *pending)
			}
			pending = nil
		}
	}
	return out
}

// makeInclude finds a makefile's include directives (GNU make manual,
// "Including Other Makefiles": include, -include and sinclude, then the
// file names).
var makeInclude = lazy.Regexp{Expr: `(?m)^[ \t]*(?:-include|sinclude|include)[ \t]+([^#\n]*)`}

// makeIncludesSecret judges make -p (--print-data-base) when the makefile
// it reads includes a secret (include .env, -include .env): the file's
// KEY=VALUE lines are make variables, and -p prints every variable with
// its value. (What a recipe prints of them is judged where syntax's make
// reader marks it: a Model print, words holding a value.) Recipes that
// only use the variables are the project's own
// configuration at work and pass, as node --env-file=.env server.js
// does. The makefile is the -f FILE given, else GNUmakefile, makefile or
// Makefile in the directory -C names, read at hook time as a script is.
func (p *Pass) makeIncludesSecret(c *syntax.Call, opts []option) bool {
	if _, _, ok := p.envDump(c); !ok {
		return false
	}
	dir := c.Dir
	for _, o := range find(opts, "C", "directory") {
		if !o.val.Static {
			return false
		}
		dir = dir.Join(o.val.Value)
	}
	if !dir.Known {
		return false
	}
	var makefiles []syntax.Arg
	for _, o := range find(opts, "f", "file", "makefile") {
		makefiles = append(makefiles, o.val)
	}
	if len(makefiles) == 0 {
		for _, n := range []string{"GNUmakefile", "makefile", "Makefile"} {
			if text, err := syntax.ReadScript(dir.Join(n).Path); err == nil {
				return p.includedSecret(c, dir, text)
			}
		}
		return false
	}
	for _, f := range makefiles {
		moved := *c
		moved.Dir = dir
		if text, unread := p.readConfigFile(&moved, f); unread == "" && p.includedSecret(c, dir, text) {
			return true
		}
	}
	return false
}

// includedSecret reports a secret a makefile's text includes, its names
// taken relative to dir; a name with a variable reference is not judged.
func (p *Pass) includedSecret(c *syntax.Call, dir syntax.Dir, text string) bool {
	for _, m := range makeInclude.Get().FindAllStringSubmatch(text, 64) {
		for _, f := range strings.Fields(m[1]) {
			if strings.ContainsAny(f, "$") {
				continue
			}
			if s, ok := p.secretOf(dir, syntax.Arg{Value: f, Raw: f, Static: true}); ok {
				p.reportSecret(c, s, "make -p prints every variable of its makefile, which includes")
				return true
			}
		}
	}
	return false
}

// composeConfigEnv judges docker compose config --environment, which
// prints every variable interpolation uses with its value: those of the
// project directory's .env (the working directory's, or
// --project-directory's) and of each --env-file given. A plain compose
// config prints the file with the values its own ${…} references and
// env_file entries take; it is not judged here (see the README's limits).
// args are compose's words after compose (ReadComposeCall).
func (p *Pass) composeConfigEnv(c *syntax.Call, args []syntax.Arg) bool {
	opts, operands := scan(args, composeGlobals)
	if len(operands) == 0 || args[operands[0]].Value != "config" {
		return false
	}
	printsEnv := false
	for _, a := range args[operands[0]+1:] {
		printsEnv = printsEnv || a.Static && a.Value == "--environment"
	}
	if !printsEnv {
		return false
	}
	dir := c.Dir
	for _, o := range find(opts, "project-directory") {
		if !o.val.Static {
			return false
		}
		dir = dir.Join(o.val.Value)
	}
	files := []syntax.Arg{}
	for _, o := range find(opts, "env-file") {
		files = append(files, o.val)
	}
	if len(files) == 0 {
		// The default .env: one that is not there sets nothing.
		if d := dir.Join(".env"); p.Config.NoGlobMatches || !d.Known || fileThere(d.Path) {
			files = append(files, syntax.Arg{Value: ".env", Raw: ".env", Static: true})
		}
	}
	for _, f := range files {
		if s, ok := p.secretOf(dir, f); ok {
			p.reportSecret(c, s, c.Name+" compose config --environment prints the variables, with their values, of")
			return true
		}
	}
	return false
}

// fileThere reports whether something is at path on disk now.
func fileThere(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// composeEnvFile judges the files compose's --env-file option names
// (docker compose, podman compose, docker-compose, podman-compose).
// compose reads such a file to interpolate the compose file: config (and
// its old name convert) prints the compose file with those values in
// it, a read of the file; any other subcommand uses the values, unless
// the file is no env file at all: compose's parser (compose-go's dotenv)
// then fails with "unexpected character … in variable name near …",
// quoting the rest of the file from the bad line on (a key's
// "-----BEGIN", an ini's "[default]"), or "unterminated quoted value"
// with the line. A file read at hook time is parsed as compose parses
// it; one that cannot be read is judged by its name (an env file's name
// is a use, another secret may be quoted and asks); one that is not
// there sets nothing.
func (p *Pass) composeEnvFile(c *syntax.Call, cc syntax.ComposeCall) bool {
	args := cc.Args
	opts, operands := scan(args, composeGlobals)
	sub := ""
	files := find(opts, "env-file")
	// run's and exec's own words may hold compose's --env-file too.
	files = append(files, find(fromSyntaxOptions(cc.Local), "env-file")...)
	if len(operands) > 0 {
		sub = args[operands[0]].Value
		if sub == "config" || sub == "convert" {
			// A global option may follow the subcommand (docker compose
			// config --env-file .env): config takes no other --env-file.
			more, _ := scan(args[operands[0]+1:], optSpec{longVal: longOpts("env-file", "format", "output", "hash", "profile", "project-name", "project-directory", "file"), shortVal: "ofp", longEq: true})
			files = append(files, find(more, "env-file")...)
			if given(more, "q", "quiet", "no-interpolate") {
				sub = "config -q" // validates, or prints the file as written
			}
		}
	}
	for _, o := range files {
		s, ok := p.secretOf(c.Dir, o.val)
		if !ok {
			continue
		}
		if sub == "config" || sub == "convert" {
			p.reportSecret(c, s, c.Name+" compose config prints the compose file with the values it takes from")
			return true
		}
		maybe := p.maybeSecret
		data, err := []byte(nil), os.ErrInvalid
		if o.val.Static && !o.val.Glob {
			data, err = readSmall(guards.Normalize(p.guardsEnv(c.Dir), o.val.Value).Abs, composeEnvLimit)
		}
		switch {
		case err == nil && (len(data) == composeEnvLimit || composeEnvQuotes(data)):
		case err == nil:
			continue // an env file: compose uses its values
		case errors.Is(err, fs.ErrNotExist) && !p.Config.NoGlobMatches:
			continue // not there: compose stops, naming the file only
		case composeEnvName(s.Path.Abs) && o.val.Static:
			continue
		default:
			maybe = true
		}
		p.maybeSecret = maybe
		p.reportSecret(c, s, c.Name+" compose --env-file parses it, and its error quotes the text from the first line that is no variable on, of")
		return true
	}
	return false
}

// composeEnvLimit bounds the env file read at hook time; a longer file
// is taken to hold a line compose's parser quotes.
const composeEnvLimit = 1 << 20

// composeEnvName reports whether a path is named as an env file is
// (.env, .env.production, prod.env): compose reads its lines as
// variables.
func composeEnvName(path string) bool {
	base := filepath.Base(path)
	return base == ".env" || strings.HasPrefix(base, ".env.") || strings.HasSuffix(base, ".env")
}

// composeEnvQuotes reports whether compose's env-file parser fails on
// text with an error that quotes it, as compose-go's dotenv parser
// reads it byte by byte: blank and comment lines are skipped, "export "
// is dropped, a name of letters, digits, "_" and "." ends at "=", ":"
// or the line's end (a name alone takes the variable from the
// environment); any other byte in a name is quoted with the rest of the
// file, a quoted value with no closing quote with its line. A name with
// a blank in it stops the parse with an error that quotes nothing.
func composeEnvQuotes(src []byte) bool {
	blank := func(r rune) bool {
		switch r {
		case '\t', '\v', '\f', '\r', ' ', 0x85, 0xA0:
			return true
		}
		return false
	}
	for {
		src = bytes.TrimLeftFunc(src, unicode.IsSpace)
		if len(src) == 0 {
			return false
		}
		if src[0] == '#' {
			i := bytes.IndexByte(src, '\n')
			if i < 0 {
				return false
			}
			src = src[i:]
			continue
		}
		src = bytes.TrimLeftFunc(bytes.TrimPrefix(src, []byte("export")), blank)
		key, end, inherited := "", -1, false
	name:
		for i, ch := range src {
			r := rune(ch)
			if blank(r) {
				continue
			}
			switch ch {
			case '=', ':', '\n':
				key, end, inherited = string(src[:i]), i+1, ch == '\n'
				break name
			case '_', '.':
			default:
				if !unicode.IsLetter(r) && !unicode.IsNumber(r) {
					return true // "unexpected character … near <the rest>"
				}
			}
		}
		if end < 0 {
			return false // a name up to the end: its value is empty
		}
		if strings.Contains(strings.TrimRightFunc(key, unicode.IsSpace), " ") {
			return false // "key cannot contain a space": nothing quoted
		}
		src = bytes.TrimLeftFunc(src[end:], blank)
		if inherited {
			continue
		}
		if len(src) == 0 || src[0] != '"' && src[0] != '\'' {
			i := bytes.IndexByte(src, '\n')
			if i < 0 {
				return false
			}
			src = src[i:]
			continue
		}
		q, closed := src[0], -1
		for i := 1; i < len(src); i++ {
			if src[i] == q && src[i-1] != '\\' {
				closed = i
				break
			}
		}
		if closed < 0 {
			return true // "unterminated quoted value <the line>"
		}
		src = src[closed+1:]
	}
}
