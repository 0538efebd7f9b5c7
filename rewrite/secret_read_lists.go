package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/guards"

	"github.com/corral-dev/corral/syntax"
)

// gpgSpec is gpg's options that take a value (gpg(1)): a word after one
// is its value, not a file gpg reads.
var gpgSpec = optSpec{shortVal: "oruRzfF", longVal: longOpts("output", "recipient", "local-user", "homedir", "default-key",
	"hidden-recipient", "recipient-file", "hidden-recipient-file", "passphrase", "passphrase-file", "passphrase-fd",
	"cipher-algo", "digest-algo", "compress-algo", "compress-level", "trust-model", "keyring", "secret-keyring",
	"s2k-cipher-algo", "s2k-digest-algo", "s2k-mode", "s2k-count", "set-filename", "comment", "keyserver",
	"pinentry-mode", "status-fd", "logger-fd", "attribute-fd", "command-fd", "trustdb-name", "sig-notation",
	"cert-notation", "personal-cipher-preferences", "personal-digest-preferences", "encrypt-to", "hidden-encrypt-to",
	"group", "agent-program", "display-charset", "export-options", "import-options", "list-options", "verify-options"), longEq: true}

// gpgNoContent are gpg's commands that do not put a file's content in
// what they write: checks of a signature, hashes, a signature kept
// apart from the data, and the key commands (whose operands are keys'
// names, or a key file imported into the keyring).
var gpgNoContent = []string{"verify", "verify-files", "print-md", "print-mds", "b", "detach-sign", "import", "list-packets",
	"list-keys", "list-public-keys", "list-secret-keys", "k", "K", "list-sigs", "check-sigs", "fingerprint", "show-keys",
	"recv-keys", "send-keys", "search-keys", "refresh-keys", "edit-key", "delete-keys", "delete-secret-keys",
	"gen-key", "full-gen-key", "quick-gen-key", "card-status", "export"}

// checkArchiveLists judges the archivers whose inputs are names on
// stdin or operands after a mode word: cpio -o and -p read every name
// on stdin (ls .env | cpio -o, find . | cpio -o, cpio -o <<< .env); pax
// -w archives its operands, or the names on stdin when it has none; ar
// r and q put the files after the archive into it.
func (p *Pass) checkArchiveLists(c *syntax.Call, name string) {
	switch name {
	case "cpio":
		opts, _ := scan(c.Args, optSpec{shortVal: "HFOIERCMD", longVal: longOpts("format", "file", "pattern-file",
			"owner", "io-size", "message", "directory", "block-size", "rsh-command"), longEq: true})
		if !has(opts, "o", "create", "p", "pass-through") {
			return
		}
		p.stdinNames(c)
	case "pax":
		opts, operands := scan(c.Args, optSpec{shortVal: "fsxboTUGBp"})
		if !has(opts, "w") {
			return
		}
		if len(operands) == 0 {
			p.stdinNames(c)
			return
		}
		if has(opts, "r") && len(operands) > 0 {
			operands = operands[:len(operands)-1] // pax -rw FILE… DIR
		}
		for _, i := range operands {
			if p.secretOperand(c, c.Args[i], true, true, &guards.Walk{Hidden: true}) {
				return
			}
		}
	case "ar":
		// ar [-]KEY[MODS] [RELPOS] [COUNT] ARCHIVE FILE…
		var words []syntax.Arg
		for _, a := range c.Args {
			if a.Static && strings.HasPrefix(a.Value, "--") {
				continue // --plugin NAME, --target BFD: rare; values stay words
			}
			words = append(words, a)
		}
		if len(words) < 2 || !words[0].Static {
			return
		}
		key := strings.TrimPrefix(words[0].Value, "-")
		if !strings.ContainsAny(key, "rq") {
			return
		}
		rest := words[1:]
		if strings.ContainsAny(key, "abi") && len(rest) > 0 {
			rest = rest[1:]
		}
		if strings.Contains(key, "N") && len(rest) > 0 {
			rest = rest[1:]
		}
		if len(rest) < 2 {
			return
		}
		for _, a := range rest[1:] {
			if p.secretOperand(c, a, false, false, nil) {
				return
			}
		}
	}
}

// stdinNames judges the names a program reads on stdin as files it
// reads: those the writer of the pipe it reads prints (ls, find, echo,
// printf, through filters; an earlier stage, or the producer of a
// compound stage's pipe, a process substitution or a coprocess) and the
// words of a here-string.
func (p *Pass) stdinNames(c *syntax.Call) {
	if p.Config.Paths == nil {
		return
	}
	for _, r := range c.Redirs {
		if r.Op != "<<<" || !r.Target.Static {
			continue
		}
		for _, f := range strings.Fields(r.Target.Value) {
			if p.secretOperand(c, syntax.Arg{Value: f, Raw: f, Static: true}, false, false, nil) {
				return
			}
		}
	}
	if f, ok := stdinFile(c); ok {
		// find ~/.ssh > l; tar czf x.tgz -T - < l (file_producer.go).
		if srcs, ok := p.fileSources(c, f); ok {
			p.secretSources(c, srcs, "the command that wrote "+f.Path, false)
		}
		return
	}
	// find ~/.ssh | tar czf x.tgz -T -, | { cpio -o; }, exec 3< <(find
	// ~/.ssh); tar czf x.tgz -T - <&3, <<< "$(find ~/.ssh)": what its
	// standard input carries, as the descriptor model has it.
	if srcs, ok := p.enclosingSources(c); ok {
		p.secretSources(c, srcs, "the command before it", false)
	}
}

// checkJq judges jq's files: the operands after the filter, the program
// file (-f, --from-file) and the files --rawfile and --slurpfile bind
// to a variable (each takes NAME then FILE; --arg and --argjson take
// NAME then a value). After --args or --jsonargs the operands are
// values, not files.
func (p *Pass) checkJq(c *syntax.Call) {
	var files, libs []syntax.Arg
	var program, fromFile *syntax.Arg
	filter := false
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		switch {
		case !a.Static:
			if filter {
				files = append(files, a)
			}
			filter = true
		case v == "--args" || v == "--jsonargs":
			i = len(c.Args)
		case v == "--rawfile" || v == "--slurpfile":
			if i+2 < len(c.Args) {
				files = append(files, c.Args[i+2])
			}
			i += 2
		case v == "--arg" || v == "--argjson":
			i += 2
		case v == "-f" || v == "--from-file":
			if i+1 < len(c.Args) {
				files = append(files, c.Args[i+1])
				fromFile = &c.Args[i+1]
			}
			i++
			filter = true
		case v == "-L" || v == "--library-path":
			// A directory jq searches for the modules the program
			// imports (below).
			if i+1 < len(c.Args) {
				libs = append(libs, c.Args[i+1])
			}
			i++
		case strings.HasPrefix(v, "-L"):
			libs = append(libs, syntax.Arg{Value: v[2:], Raw: a.Raw, Static: true, Start: a.Start, End: a.End})
		case v == "--indent":
			i++
		case strings.HasPrefix(v, "-") && v != "-":
		case !filter:
			filter = true
			program = &c.Args[i]
		default:
			files = append(files, a)
		}
	}
	for _, f := range files {
		if p.secretOperand(c, f, false, false, nil) {
			return
		}
	}
	// import "config" as $c; include "lib";: the files jq loads for the
	// program's modules, as -f's program file is (jq -L ~/.docker -n
	// 'import "config" as $c; $c' prints ~/.docker/config.json).
	dirs := make([]string, 0, len(libs))
	for _, l := range libs {
		if l.Static && l.Value != "" {
			dirs = append(dirs, l.Value)
		}
	}
	if program != nil && p.jqModuleReads(c, *program, dirs) {
		return
	}
	// jq -f prog.jq: the program file's own directives, read at hook
	// time as a script file is (they resolve from the working directory
	// and the -L directories, as the command line's do, and a relative
	// {search: …} from the file's own directory).
	if fromFile != nil && fromFile.Static && p.Config.Paths != nil && !p.Config.NoScriptFiles {
		if d := c.Dir.Join(fromFile.Value); d.Known {
			if text, err := syntax.ReadScript(d.Path); err == nil {
				p.jqModuleReadsFrom(c, syntax.Arg{Value: text, Raw: fromFile.Raw, Static: true, Start: fromFile.Start, End: fromFile.End}, dirs, path.Dir(fromFile.Value))
			}
		}
	}
}
