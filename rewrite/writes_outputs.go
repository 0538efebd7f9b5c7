package rewrite

import (
	"path"
	"slices"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// outputFile is one program's way of naming a file it writes besides its
// standard output: a log, a trace, a capture, a record of the session, a
// cookie jar, a converted document. The options are read with the one
// option scanner (spec), so that -ao FILE, --output=FILE and an attached
// -oFILE are the same write. A file given as "-" is standard output.
type outputFile struct {
	program string
	spec    optSpec
	// opts are the options whose value is a file the program writes.
	opts []string
	// wraps reports a program that runs the command given after its
	// options (time, valgrind): it is read where it stands before that
	// command too (env time -o F make; its options end at the command).
	wraps bool
	// when, if set, reports whether the call writes the files at all
	// (npm config set with --userconfig, not npm install).
	when func(opts []option, ops []syntax.Arg) bool
	// operands, if set, lists the files among the operands the program
	// writes (crudini --set FILE …, htpasswd FILE USER, ar r ARCHIVE).
	operands func(c *syntax.Call, opts []option, ops []syntax.Arg) []target
}

// outputPrograms are the programs of outputFiles, so that a call of any
// other program (nearly every call) does not build the table
// (TestLazyTableNames checks that they agree).
var outputPrograms = [...]string{"time", "valgrind", "less", "ssh", "curl", "wget", "tree", "pandoc", "tcpdump", "psql", "mysql",
	"mariadb", "rsync", "npm", "crudini", "htpasswd", "keytool", "ar", "zip", "sqlite3", "scp", "lesskey"}

// outputFiles is the table of outputFile, one entry per program, each
// from the program's manual or --help (GNU time 1.9, valgrind 3.19, less
// 590, OpenSSH 9, curl 8, pandoc 3, tcpdump 4.99, psql 16, mysql 8,
// crudini 0.9, Apache htpasswd 2.4, keytool 17, npm 9, GNU ar 2.40,
// Wget 1.21, rsync 3.2, Info-ZIP zip 3.0).
var outputFiles = lazy.Value[[]outputFile]{New: func() []outputFile {
	first := func(_ *syntax.Call, _ []option, ops []syntax.Arg) []target {
		if len(ops) == 0 {
			return nil
		}
		return []target{{arg: ops[0], action: guards.Write}}
	}
	return []outputFile{
		// time -o FILE (-a appends), GNU getopt with "+": options end at
		// the command.
		{program: "time", spec: optSpec{shortVal: "fo", longEq: true, abbrev: true, stop: true,
			longVal:  longOpts("format", "output"),
			longFlag: longOpts("append", "portability", "quiet", "verbose", "help", "version")},
			opts: []string{"o", "output"}, wraps: true},
		// valgrind --log-file=FILE, --xml-file=FILE (only "=value").
		{program: "valgrind", spec: optSpec{longEq: true, stop: true, longVal: longOpts("log-file", "xml-file", "tool", "log-fd",
			"log-socket", "xml-fd", "xml-socket", "suppressions", "gen-suppressions", "trace-children-skip", "vgdb", "vgdb-prefix")},
			opts: []string{"log-file", "xml-file"}, wraps: true},
		// less -o/--log-file FILE and -O/--LOG-FILE FILE copy the input
		// there (attached too: -oFILE).
		{program: "less", spec: optSpec{shortVal: "bhjkoOpPtTxyz#", longEq: true, longVal: longOpts("log-file", "LOG-FILE", "tag",
			"pattern", "prompt", "tag-file", "shift", "window", "max-back-scroll", "max-forw-scroll", "tabs", "lesskey-file")},
			opts: []string{"o", "O", "log-file", "LOG-FILE"}},
		// ssh -E LOG_FILE appends its debug log there.
		{program: "ssh", spec: optSpec{shortVal: "BbcDEeFIiJLlmOoPpQRSWw"}, opts: []string{"E"}},
		// curl's files besides the download (which the acquisition rule
		// moves): the cookie jar, the header dump, the traces, its own
		// stderr, the C source of --libcurl, the ETag, HSTS and Alt-Svc
		// caches (read and written back).
		{program: "curl", spec: specFor("curl"), opts: []string{"c", "cookie-jar", "D", "dump-header", "trace", "trace-ascii",
			"stderr", "libcurl", "etag-save", "hsts", "alt-svc"}, operands: curlWriteOutFiles},
		// wget -o/--output-file LOGFILE, -a/--append-output LOGFILE,
		// --save-cookies FILE, --hsts-file FILE.
		// -e/--execute COMMAND of the wgetrc commands logfile and
		// save_cookies writes the same files (wgetrcWrites).
		{program: "wget", spec: specFor("wget"), opts: []string{"o", "output-file", "a", "append-output", "save-cookies",
			"hsts-file", "rejected-log"}, operands: wgetrcWrites},
		// lesskey -o/--output OUT SRC writes the compiled file (less
		// 590's lesskey). Without -o it writes ~/.less, which carries
		// SRC's #env; that text is judged as less's (syntax/lesskey.go).
		{program: "lesskey", spec: optSpec{shortVal: "o", longEq: true, longVal: longOpts("output"), longFlag: longOpts("version", "help")},
			opts: []string{"o", "output"}},
		// tree -o FILE sends the listing there.
		{program: "tree", spec: optSpec{shortVal: "LPIoH", longEq: true, longVal: longOpts("filelimit", "timefmt", "sort",
			"charset", "hintro", "houtro", "fromfile", "infofile")}, opts: []string{"o"}},
		// pandoc -o/--output FILE.
		{program: "pandoc", spec: optSpec{shortVal: "frtwodMVcHBAFLDT", longEq: true, longVal: longOpts("from", "read", "to",
			"write", "output", "data-dir", "defaults", "metadata", "metadata-file", "variable", "css", "include-in-header",
			"include-before-body", "include-after-body", "filter", "lua-filter", "print-default-template", "template",
			"resource-path", "reference-doc", "extract-media", "bibliography", "csl", "citation-abbreviations", "title-prefix",
			"highlight-style", "syntax-definition", "shift-heading-level-by", "top-level-division", "number-offset", "columns",
			"tab-stop", "wrap", "toc-depth", "pdf-engine", "pdf-engine-opt", "epub-cover-image", "epub-metadata",
			"epub-embed-font", "log", "request-header", "abbreviations", "eol", "dpi", "email-obfuscation", "id-prefix",
			"indented-code-classes", "default-image-extension", "track-changes", "reference-location", "markdown-headings",
			"slide-level", "split-level", "chunk-template", "ipynb-output", "mathjax", "katex", "webtex", "mathml")},
			opts: []string{"o", "output", "extract-media", "log"}},
		// tcpdump -w FILE writes the capture.
		{program: "tcpdump", spec: optSpec{shortVal: "BcCEFGijmMQrsTVwWyzZ", longEq: true, longVal: longOpts("buffer-size",
			"interface", "time-stamp-type", "time-stamp-precision", "snapshot-length", "direction", "micro", "nano")},
			opts: []string{"w"}},
		// psql -o/--output FILE (query results), -L/--log-file FILE ("|cmd"
		// is a pipe, not a file).
		{program: "psql", spec: psqlSpec, opts: []string{"o", "output", "L", "log-file"}},
		// mysql --tee=FILE (and mariadb) appends the whole session.
		{program: "mysql", spec: mysqlSpec, opts: []string{"tee"}},
		{program: "mariadb", spec: mysqlSpec, opts: []string{"tee"}},
		// rsync --log-file=FILE, --write-batch=FILE, --only-write-batch=FILE.
		{program: "rsync", spec: rsyncSpec.Get(), opts: []string{"log-file", "write-batch", "only-write-batch"}},
		// npm config set K V --userconfig FILE (--globalconfig FILE with
		// -g): the setting is written into that file as K=V; so do npm
		// set, login, adduser and logout.
		{program: "npm", spec: optSpec{shortVal: "wC", longEq: true, longVal: longOpts("userconfig", "globalconfig", "prefix",
			"workspace", "registry", "cache", "tag", "otp", "loglevel", "scope", "location", "auth-type")},
			opts: []string{"userconfig", "globalconfig"}, when: npmWritesConfig},
		// crudini --set|--del|--merge FILE …, and --output=FILE.
		{program: "crudini", spec: optSpec{longEq: true, longVal: longOpts("format", "ini-options", "list-sep", "output"),
			longFlag: longOpts("set", "del", "get", "merge", "inplace", "list", "verbose", "help", "version")},
			opts: []string{"output"},
			operands: func(c *syntax.Call, opts []option, ops []syntax.Arg) []target {
				if !has(opts, "set", "del", "merge") || len(find(opts, "output")) > 0 {
					return nil
				}
				return first(c, opts, ops)
			}},
		// htpasswd [-c] PASSWDFILE USER: the file is updated (created
		// with -c); -n prints instead, -v only checks.
		{program: "htpasswd", spec: optSpec{shortVal: "Cr"},
			operands: func(c *syntax.Call, opts []option, ops []syntax.Arg) []target {
				if has(opts, "n", "v") {
					return nil
				}
				return first(c, opts, ops)
			}},
		// keytool's options are single-dash words: -keystore FILE is
		// written by the commands that change a keystore, -destkeystore
		// always, -file by -exportcert and -certreq, -outfile by -gencert.
		{program: "keytool", spec: optSpec{longOne: true, longVal: longOpts("keystore", "destkeystore", "file", "outfile",
			"alias", "storepass", "keypass", "storetype", "keyalg", "keysize", "sigalg", "dname", "validity", "ext", "srckeystore",
			"srcstoretype", "srcstorepass", "deststoretype", "deststorepass", "srcalias", "destalias", "infile", "providername",
			"providerclass", "providerarg", "providerpath", "startdate", "new", "groupname", "destkeypass", "srckeypass"),
			longFlag: longOpts("genkeypair", "genkey", "genseckey", "gencert", "importcert", "import", "importpass",
				"importkeystore", "exportcert", "export", "certreq", "list", "printcert", "printcertreq", "printcrl", "delete",
				"changealias", "keypasswd", "storepasswd", "selfcert", "keyclone", "rfc", "v", "noprompt", "trustcacerts",
				"protected", "help")},
			operands: func(c *syntax.Call, opts []option, _ []syntax.Arg) []target {
				var out []target
				add := func(names ...string) {
					for _, o := range find(opts, names...) {
						out = append(out, target{arg: o.val, action: guards.Write})
					}
				}
				if has(opts, "genkeypair", "genkey", "genseckey", "importcert", "import", "importpass", "delete",
					"changealias", "keypasswd", "storepasswd", "selfcert", "keyclone") {
					add("keystore")
				}
				add("destkeystore")
				if has(opts, "exportcert", "export", "certreq") {
					add("file")
				}
				if has(opts, "gencert") {
					add("outfile")
				}
				return out
			}},
		// ar KEY ARCHIVE MEMBER…: the keys d, m, q, r and s change (or
		// create) the archive; t and p only read it; x writes the
		// members (checkArExtract).
		{program: "ar", spec: optSpec{longEq: true, longVal: longOpts("plugin", "target", "output")},
			operands: func(c *syntax.Call, _ []option, _ []syntax.Arg) []target {
				var words []syntax.Arg
				for i := 0; i < len(c.Args); i++ {
					a := c.Args[i]
					switch {
					case a.Value == "--output" || a.Value == "--plugin" || a.Value == "--target":
						i++ // its value
					case !strings.HasPrefix(a.Value, "--"):
						words = append(words, a)
					}
				}
				if len(words) < 2 || !words[0].Static {
					return nil
				}
				key := strings.TrimPrefix(words[0].Value, "-")
				if strings.Contains(key, "x") {
					return nil // the members it writes: checkArExtract
				}
				if !strings.ContainsAny(key, "dmqrs") || strings.ContainsAny(key, "tpx") {
					return nil
				}
				archive := 1
				if strings.ContainsAny(key, "abi") && len(words) > 2 {
					archive = 2 // ar ra POSNAME ARCHIVE
				}
				if strings.Contains(key, "N") && archive+1 < len(words) {
					archive++ // ar dN COUNT ARCHIVE
				}
				return []target{{arg: words[archive], action: guards.Write}}
			}},
		// zip ARCHIVE FILE… writes ARCHIVE ("-" is stdout), or the
		// -O/--output-file copy; -sf only lists.
		{program: "zip", spec: optSpec{shortVal: "bnOPtZ", longEq: true, longVal: longOpts("output-file", "temp-path", "suffixes",
			"password", "compression-method", "split-size", "log-file", "from-crlf")},
			opts: []string{"O", "output-file", "log-file"},
			operands: func(c *syntax.Call, opts []option, ops []syntax.Arg) []target {
				for _, a := range c.Args {
					if a.Value == "-sf" || a.Value == "--show-files" {
						return nil
					}
				}
				if len(find(opts, "O", "output-file")) > 0 {
					return nil
				}
				return first(c, opts, ops)
			}},
		// sqlite3 DB SQL…: the database file is created or changed by
		// statements that write (and by the interactive prompt or a
		// script on stdin); -readonly and queries leave it alone.
		{program: "sqlite3", spec: optSpec{longOne: true, longEq: true, longVal: longOpts("cmd", "init", "mmap", "newline",
			"nullvalue", "separator", "vfs", "maxsize"),
			longFlag: longOpts("readonly", "bail", "batch", "csv", "json", "line", "list", "box", "table", "markdown", "header",
				"noheader", "echo", "safe", "nofollow", "interactive", "column", "html", "quote", "ascii", "tabs", "append", "zip",
				"deserialize", "stats", "version", "help")},
			operands: func(c *syntax.Call, opts []option, ops []syntax.Arg) []target {
				if has(opts, "readonly", "version", "help") || len(ops) == 0 {
					return nil
				}
				db := ops[0]
				if db.Static && (db.Value == ":memory:" || db.Value == "") {
					return nil
				}
				writes := len(ops) == 1
				for _, q := range ops[1:] {
					writes = writes || !q.Static || sqlWrites.Get().MatchString(q.Value)
				}
				if !writes {
					return nil
				}
				return []target{{arg: db, action: guards.Write}}
			}},
		// scp SOURCE… DEST between local paths is a copy (cp): DEST, or
		// DEST/NAME when it is a directory. A copy from or to another
		// host is the remote-copy rule's.
		{program: "scp", spec: remoteCopySpec("scp"), operands: scpLocalCopy},
	}
}}

// npmWritesConfig reports an npm call that writes its configuration
// file: npm config set|delete|edit|fix, npm set, login, adduser, logout.
func npmWritesConfig(_ []option, ops []syntax.Arg) bool {
	if len(ops) == 0 {
		return false
	}
	switch ops[0].Value {
	case "set", "login", "adduser", "add-user", "logout":
		return true
	case "config", "c":
		return len(ops) > 1 && (ops[1].Value == "set" || ops[1].Value == "delete" || ops[1].Value == "edit" || ops[1].Value == "fix")
	}
	return false
}

// scpLocalCopy lists what an scp between local paths writes. A
// destination on this machine through ssh (localhost:PATH, 127.0.0.1:PATH,
// user@[::1]:PATH) is local too: a relative PATH is under the home
// directory (loopbackArg, loopback_transfer.go).
func scpLocalCopy(c *syntax.Call, opts []option, ops []syntax.Arg) []target {
	if len(ops) < 2 {
		return nil
	}
	dest := ops[len(ops)-1]
	if l, ok := loopbackArg(dest); ok {
		return []target{{arg: l, action: guards.Write}, {arg: l, value: strings.TrimSuffix(l.Value, "/") + "/*", action: guards.Write}}
	}
	for _, a := range ops {
		if !a.Static || remotePath(a.Value) {
			return nil
		}
	}
	if !intoDirectory(c, dest, nil) {
		return []target{{arg: dest, action: guards.Write}}
	}
	out := []target{{arg: dest, value: strings.TrimSuffix(dest.Value, "/") + "/*", action: guards.Write}}
	for _, s := range ops[:len(ops)-1] {
		if t, ok := landsIn(dest, s); ok {
			out = append(out, t)
		}
	}
	return out
}

// outputTargets lists the files the table says a program writes: the
// call's own program, and each program of the table that wraps it
// (/usr/bin/time -o F make, env time -o F make, valgrind --log-file=F ./a).
func outputTargets(c *syntax.Call) []target {
	out := outputsOf(c, path.Base(c.Name), c.Args, false)
	out = append(out, diagnosticOutputs(c)...)
	pre := c.PreWords()
	for i, a := range pre {
		if a.Static {
			out = append(out, outputsOf(c, path.Base(a.Value), pre[i+1:], true)...)
		}
	}
	return out
}

// outputsOf reads args as program's words (wrapped: its options before
// the command it runs).
func outputsOf(c *syntax.Call, program string, args []syntax.Arg, wrapped bool) []target {
	if !slices.Contains(outputPrograms[:], program) {
		return nil // the table is not built for other programs
	}
	var out []target
	for _, e := range outputFiles.Get() {
		if e.program != program || wrapped && !e.wraps {
			continue
		}
		opts, idx := scan(args, e.spec)
		ops := make([]syntax.Arg, 0, len(idx))
		for _, i := range idx {
			ops = append(ops, args[i])
		}
		if e.when != nil && !e.when(opts, ops) {
			continue
		}
		for _, o := range find(opts, e.opts...) {
			v := o.val
			if v.Static && (v.Value == "" || v.Value == "-" || strings.HasPrefix(v.Value, "|")) {
				continue
			}
			out = append(out, target{arg: v, action: guards.Write})
		}
		if e.operands != nil && !wrapped {
			out = append(out, e.operands(c, opts, ops)...)
		}
	}
	return out
}

// sqlWrites matches SQL (or a sqlite3 dot-command) that can write the
// database.
var sqlWrites = lazy.Regexp{Expr: `(?i)\b(create|insert|update|delete|replace|drop|alter|vacuum|pragma|reindex|analyze|attach)\b|^\s*\.(import|restore|read|load)`}

// outputSpecOf returns the option spec of program's entry in
// outputFiles.
func outputSpecOf(program string) (optSpec, bool) {
	for _, o := range outputFiles.Get() {
		if o.program == program {
			return o.spec, true
		}
	}
	return optSpec{}, false
}
