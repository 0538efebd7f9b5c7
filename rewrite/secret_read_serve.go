package rewrite

import (
	"os"
	"slices"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

// servedDir returns the directory a static file server started by c
// serves to anyone who can reach it (and to the agent, through curl
// localhost): python -m http.server [-d DIR] (python 2's
// SimpleHTTPServer: the working directory), python -m uploadserver [-d
// DIR] and updog [-d DIR] (the working directory by default), php -S
// ADDR [-t DIR], busybox httpd [-h DIR] (the working directory by
// default; a bare httpd only with busybox's options), ruby -run -e httpd
// [DIR], node's http-server [DIR] and serve [DIR] (npx runs them as
// calls of their own), darkhttpd DIR, miniserve [PATH] and sfz [PATH] (the working
// directory by default; miniserve's PATH may be a file), and caddy
// file-server [--root DIR] (caddy run and caddy start serve what a
// config says: not judged). ok is false for any other call.
func servedDir(c *syntax.Call) (syntax.Arg, bool) {
	cwd := syntax.Arg{Value: ".", Raw: ".", Static: true}
	switch l := lang.ForProgram(c.Name); {
	case l == lang.Python:
		for i, a := range c.Args {
			if !a.Static || !strings.HasPrefix(a.Value, "-") {
				return cwd, false // a script
			}
			mod, ok := strings.CutPrefix(a.Value, "-m")
			if !ok {
				continue
			}
			if mod == "" && i+1 < len(c.Args) {
				mod, i = c.Args[i+1].Value, i+1
			}
			switch mod {
			case "http.server":
				opts, _ := scan(c.Args[i+1:], optSpec{shortVal: "bdp", longVal: longOpts("bind", "directory", "protocol"), longEq: true})
				if d := find(opts, "d", "directory"); len(d) > 0 {
					return d[len(d)-1].val, true
				}
				return cwd, true
			case "SimpleHTTPServer":
				return cwd, true
			case "uploadserver", "updog":
				// uploadserver takes http.server's options and a few of
				// its own (its argparse parser); updog's -d/--directory
				// too. Both serve the working directory by default, and
				// argparse takes abbreviations of the long options.
				spec := uploadserverSpec
				if mod == "updog" {
					spec = updogSpec
				}
				opts, _ := scan(c.Args[i+1:], spec)
				if has(opts, "h", "help", "version") {
					return cwd, false
				}
				if d := find(opts, "d", "directory"); len(d) > 0 {
					return d[len(d)-1].val, true
				}
				return cwd, true
			}
			return cwd, false
		}
	case l == lang.Ruby:
		// ruby -run -e httpd [OPTIONS] [DIR] (un.rb: WEBrick, every
		// option takes a value but --do-not-reverse-lookup; OptionParser
		// takes abbreviations and -p for --port).
		verb, args, ok := syntax.ShellVerb(c)
		if !ok || verb != "httpd" {
			return cwd, false
		}
		opts, operands := scan(args, optSpec{shortVal: "bpmtrhsS", longVal: longOpts("bind-address", "port", "max-clients",
			"temp-dir", "request-timeout", "http-version", "server-name", "server-software", "ssl-certificate", "ssl-private-key"), longEq: true, abbrev: true})
		if has(opts, "help") {
			return cwd, false
		}
		if len(operands) > 0 {
			return args[operands[0]], true
		}
		return cwd, true
	case l == lang.PHP:
		opts, _ := scan(c.Args, phpSpec)
		if !has(opts, "S", "server") {
			return cwd, false
		}
		if d := find(opts, "t", "docroot"); len(d) > 0 {
			return d[len(d)-1].val, true
		}
		return cwd, true
	case c.Name == "http-server":
		// http-server [path] [options] (its README): the path, else
		// ./public when there is one, else the working directory; options
		// come before or after it. Dotfiles are served unless
		// --no-dotfiles, and a directory's own files are never hidden.
		_, operands := scan(c.Args, httpServerSpec)
		if len(operands) > 0 {
			return c.Args[operands[0]], true
		}
		if d := c.Dir.Join("public"); d.Known {
			if fi, err := os.Stat(d.Path); err == nil && fi.IsDir() {
				return syntax.Arg{Value: "public", Raw: "public", Static: true}, true
			}
		}
		return cwd, true
	case c.Name == "serve":
		// vercel's serve [options] [directory]: the working directory by
		// default.
		opts, operands := scan(c.Args, serveSpec)
		if has(opts, "h", "help", "v", "version") {
			return cwd, false
		}
		if len(operands) > 0 {
			return c.Args[operands[0]], true
		}
		return cwd, true
	case c.Name == "darkhttpd":
		return darkhttpdRoot(c)
	case c.Name == "miniserve":
		// miniserve [OPTIONS] [PATH] (its --help, clap): PATH, else
		// $MINISERVE_PATH, else the working directory. Without a PATH and
		// a terminal it refuses to start, but the agent may give it one
		// (script -c): the working directory is judged all the same.
		args := miniserveArgs(c.Args)
		opts, operands := scan(args, miniserveSpec)
		if has(opts, "h", "help", "V", "version", "print-completions", "print-manpage") {
			return cwd, false
		}
		if len(operands) > 0 {
			return args[operands[0]], true
		}
		if v, ok := c.EnvKnown("MINISERVE_PATH"); ok && v != "" {
			return syntax.Arg{Value: v, Raw: v, Static: true}, true
		}
		return cwd, true
	case c.Name == "sfz":
		// sfz [FLAGS] [OPTIONS] [path] (its --help, clap): the path, "."
		// by default.
		opts, operands := scan(c.Args, sfzSpec)
		if has(opts, "h", "help", "V", "version") {
			return cwd, false
		}
		if len(operands) > 0 {
			return c.Args[operands[0]], true
		}
		return cwd, true
	case c.Name == "updog":
		// updog [-d DIRECTORY] [-b ADDRESS] [-p PORT] [--password P]
		// [--ssl | --ssl-cert C --ssl-key K] (its README, argparse): the
		// working directory by default.
		opts, _ := scan(c.Args, updogSpec)
		if has(opts, "h", "help", "version") {
			return cwd, false
		}
		if d := find(opts, "d", "directory"); len(d) > 0 {
			return d[len(d)-1].val, true
		}
		return cwd, true
	case c.Name == "caddy":
		// caddy file-server [--root DIR] [--listen ADDR] [--browse] …
		// (caddy's command line, cobra flags): the working directory
		// without --root. export-template prints the listing's template.
		if len(c.Args) == 0 || c.Args[0].Value != "file-server" {
			return cwd, false
		}
		args := c.Args[1:]
		opts, operands := scan(args, caddyFileServerSpec)
		if has(opts, "h", "help") || len(operands) > 0 && args[operands[0]].Value == "export-template" {
			return cwd, false
		}
		if d := find(opts, "r", "root"); len(d) > 0 {
			return d[len(d)-1].val, true
		}
		return cwd, true
	case c.Name == "httpd" || c.Name == "busybox" && len(c.Args) > 0 && c.Args[0].Value == "httpd":
		args := c.Args
		if c.Name == "busybox" {
			args = args[1:]
		}
		opts, operands := scan(args, busyboxHttpdSpec)
		if has(opts, "d", "e", "m") {
			return cwd, false // encodes or decodes a string, or makes a password hash
		}
		if d := find(opts, "h"); len(d) > 0 {
			return d[len(d)-1].val, true
		}
		// Without -h busybox httpd serves the working directory (its
		// usage: "-h HOME  Home directory (default .)"). syntax has taken
		// busybox off by now and left it last among the wrappers. A bare
		// httpd is busybox's only when its options say so: Apache's httpd
		// keeps its document root in its config, not judged.
		if c.Name == "busybox" || len(c.Wrappers) > 0 && c.Wrappers[len(c.Wrappers)-1] == "busybox" || busyboxHttpdOptions(opts, operands) {
			return cwd, true
		}
	}
	return cwd, false
}

// busyboxHttpdSpec are busybox httpd's options that take a value (its
// usage, busybox 1.36: -p [IP:]PORT, -M and -K counts, -u USER[:GRP], -r
// REALM, -h HOME, -c FILE, -m/-e/-d STRING); -i, -f and -v take none.
// P and S take a value as the spec here always had them (patched
// builds such as Freetz's add -P PIDFILE).
var busyboxHttpdSpec = optSpec{shortVal: "pcuhrmedMKPS"}

// busyboxHttpdOptions reports whether a bare httpd's options, read with
// busybox's spec, are busybox httpd's and not Apache's: every option is a
// busybox letter, there is no operand (busybox takes none, and Apache's
// "httpd -f /etc/httpd.conf" reads as busybox's -f and an operand), and
// one of them means something only busybox means: -p, -i, -u, -r, -K, -M
// with a count (Apache's -M is a flag that lists modules), or -f, which
// is busybox's "stay in the foreground" here since no operand follows
// it (Apache's -f takes a config file). -h with a value was taken
// earlier. -v, -c, -e and -d are both programs' (Apache: the version, a
// directive, a log level, the server root), and Apache's own -k, -D, -C,
// -E, -R, -t, -S, -X… are no busybox httpd option here.
func busyboxHttpdOptions(opts []option, operands []int) bool {
	if len(operands) > 0 {
		return false
	}
	only := false
	for _, o := range opts {
		if o.long || len(o.name) != 1 || !strings.Contains("ifvpMKurhcmedP", o.name) {
			return false
		}
		switch o.name {
		case "p", "i", "u", "r", "K", "f":
			only = true
		case "M":
			only = only || o.hasVal
		}
	}
	return only
}

// darkhttpdRoot returns the directory darkhttpd serves: its first
// argument, always (darkhttpd.c's parse_commandline takes argv[1] as the
// root and then reads the options after it). "darkhttpd --help" alone
// prints the usage. A first argument that looks like an option makes
// darkhttpd stop at the word after it, but the first word that is no
// option or option value is judged all the same: a fork or a later
// version may read the options first.
func darkhttpdRoot(c *syntax.Call) (syntax.Arg, bool) {
	if len(c.Args) == 0 || len(c.Args) == 1 && c.Args[0].Value == "--help" {
		return syntax.Arg{}, false
	}
	if a := c.Args[0]; !a.Static || !strings.HasPrefix(a.Value, "-") {
		return a, true
	}
	_, operands := scan(c.Args, darkhttpdSpec)
	if len(operands) == 0 {
		return syntax.Arg{}, false
	}
	return c.Args[operands[0]], true
}

// darkhttpdSpec are darkhttpd's options that take a value (its usage and
// parse_commandline); --forward takes two, host and URL, of which the
// URL is counted as an operand here, after the root.
var darkhttpdSpec = optSpec{longVal: longOpts("port", "addr", "maxconn", "log", "index", "mimetypes", "default-mimetype",
	"uid", "gid", "pidfile", "forward", "forward-all", "timeout", "auth", "header")}

// miniserveSpec are miniserve's options that take a value (src/args.rs):
// the port, interfaces, credentials, route prefix, sorting, color
// schemes, title, upload directories and media types, what to do with a
// duplicate upload, headers, TLS files and the like. -u/--upload-files
// and -o/--on-duplicate-files are read by miniserveArgs first.
var miniserveSpec = optSpec{shortVal: "piaSOcdtumMo", longVal: longOpts("port", "interfaces", "auth", "auth-file",
	"route-prefix", "default-sorting-method", "default-sorting-order", "color-scheme", "color-scheme-dark", "title",
	"upload-files", "temp-directory", "web-upload-files-concurrency", "media-type", "raw-media-type", "on-duplicate-files",
	"index", "header", "print-completions", "tls-cert", "tls-key", "size-display", "file-external-url"), longEq: true}

// miniserveArgs returns miniserve's arguments with the options whose
// value is optional or was once absent written as flags: -u
// (--upload-files) takes the next word as its directory unless that word
// is an option ("miniserve -u -- DIR"), and -o is --on-duplicate-files
// VALUE (error, overwrite, rename) now but was the flag
// --overwrite-files before. A bare -u or -o (alone or ending a cluster
// of flags) whose next word is not its value loses the letter, so that
// scan with miniserveSpec does not take that word as the value.
func miniserveArgs(args []syntax.Arg) []syntax.Arg {
	var out []syntax.Arg
	for i, a := range args {
		next := ""
		if i+1 < len(args) {
			next = args[i+1].Value
		}
		noVal := func(opt byte) bool {
			if opt == 'u' {
				return i+1 == len(args) || strings.HasPrefix(next, "-")
			}
			return next != "error" && next != "overwrite" && next != "rename"
		}
		v := a.Value
		if a.Static && v == "--" {
			if out != nil {
				out = append(out, args[i:]...)
			}
			break
		}
		switch {
		case !a.Static:
		case v == "--upload-files" && noVal('u'), v == "--on-duplicate-files" && noVal('o'):
			if out == nil {
				out = slices.Clone(args[:i])
			}
			continue
		case len(v) > 1 && v[0] == '-' && v[1] != '-' && (v[len(v)-1] == 'u' || v[len(v)-1] == 'o') &&
			!strings.ContainsAny(v[1:len(v)-1], miniserveSpec.shortVal) && noVal(v[len(v)-1]):
			if out == nil {
				out = slices.Clone(args[:i])
			}
			if len(v) > 2 {
				a.Value, a.Raw = v[:len(v)-1], v[:len(v)-1]
				out = append(out, a)
			}
			continue
		}
		if out != nil {
			out = append(out, a)
		}
	}
	if out == nil {
		return args
	}
	return out
}

// sfzSpec are sfz's options that take a value (src/cli/app.rs): the
// bind address, port, cache max-age and URL path prefix.
var sfzSpec = optSpec{shortVal: "bpc", longVal: longOpts("bind", "port", "cache", "path-prefix")}

// updogSpec are updog's options (its README and argparse parser): the
// directory, bind address, port, password and TLS files take a value.
var updogSpec = optSpec{shortVal: "dbp", longVal: longOpts("directory", "bind", "port", "password", "ssl-cert", "ssl-key"),
	longFlag: longOpts("ssl", "cors", "hide-base-path", "version", "help"), longEq: true, abbrev: true}

// uploadserverSpec are python -m uploadserver's options (its argparse
// parser): http.server's bind address and directory, the upload page's
// theme, TLS certificates, token and basic-auth credentials take a
// value; the port is an operand.
var uploadserverSpec = optSpec{shortVal: "bdct", longVal: longOpts("bind", "directory", "theme", "server-certificate",
	"certificate", "client-certificate", "basic-auth", "basic-auth-upload", "token"),
	longFlag: longOpts("cgi", "allow-replace", "help"), longEq: true, abbrev: true}

// caddyFileServerSpec are caddy file-server's flags that take a value
// (modules/caddyhttp/fileserver/command.go, pflag): the domain, root,
// listener address, directory-entry limit and precompressed encodings.
var caddyFileServerSpec = optSpec{shortVal: "drlfp", longVal: longOpts("domain", "root", "listen", "file-limit", "precompressed"), longEq: true}

// servesHidden reports whether the file server c hands out hidden files
// and the files under hidden directories below the directory it serves:
// miniserve only with -H/--hidden, or with a directory archive enabled
// (-r/--enable-tar, -g/--enable-tar-gz, -z/--enable-zip: src/archive.rs
// packs every file, hidden ones too), also from the environment
// variables of those flags; sfz only with -a/--all. The others serve
// them all. A served directory that is itself hidden (~/.ssh) is judged
// as a secret all the same.
func servesHidden(c *syntax.Call) bool {
	switch c.Name {
	case "miniserve":
		opts, _ := scan(miniserveArgs(c.Args), miniserveSpec)
		if has(opts, "H", "hidden", "r", "enable-tar", "g", "enable-tar-gz", "z", "enable-zip") {
			return true
		}
		for _, name := range []string{"MINISERVE_HIDDEN", "MINISERVE_ENABLE_TAR", "MINISERVE_ENABLE_TAR_GZ", "MINISERVE_ENABLE_ZIP"} {
			// clap's boolean flags from the environment: any value but
			// an empty or false one sets them.
			v, ok := c.EnvKnown(name)
			if ok && v != "" && !slices.Contains([]string{"0", "false", "f", "no", "n", "off"}, strings.ToLower(v)) {
				return true
			}
		}
		return false
	case "sfz":
		// sfz also leaves out what the served directory's own .gitignore
		// lists unless -I/--no-ignore; that is not counted here. Its test
		// for hidden paths looks at the whole absolute path, so without
		// -a it serves nothing from ~/.ssh either: a served directory
		// that is a secret is denied all the same, as the test may
		// change.
		opts, _ := scan(c.Args, sfzSpec)
		return has(opts, "a", "all")
	}
	return true
}

// httpServerSpec are the options of node's http-server that take a
// value (http-server --help): the port, address, cache time, file
// extension, proxy, TLS files, credentials, timeout and MIME types.
var httpServerSpec = optSpec{shortVal: "paceCKPt", longVal: longOpts("port", "ext", "cert", "key", "proxy",
	"proxy-options", "username", "password", "timeout", "mimetypes", "tls-cert", "tls-key"), longEq: true}

// serveSpec are the options of vercel's serve that take a value (serve
// --help): the listen endpoint, the port, the config file and the TLS
// files.
var serveSpec = optSpec{shortVal: "lpc", longVal: longOpts("listen", "port", "config", "ssl-cert", "ssl-key", "ssl-pass"), longEq: true}

// phpSpec are the php CLI's options that take a value (php --help).
var phpSpec = optSpec{shortVal: "cdfrBREFStz", longVal: longOpts("php-ini", "define", "file", "docroot", "server", "rf",
	"rc", "re", "rz", "ri", "zend-extension", "process-begin", "process-code", "process-file", "process-end"), longEq: true}

// checkServer judges a static file server: serving a directory that is
// or holds a secret (anchored, or on disk now; the servers hand out
// hidden files too) is reading every file there.
//
// The verdict is a read's (a deny for a secret a read is denied for): the
// server hands the file to any client, the agent's own curl to localhost
// among them, and python's http.server listens on every interface unless
// bound. The reason says so and names the way on: serve a directory that
// holds no secret (the built site, public/).
func (p *Pass) checkServer(c *syntax.Call) bool {
	dir, ok := servedDir(c)
	if !ok {
		return false
	}
	n := len(p.findings)
	hidden := servesHidden(c)
	p.secretOperand(c, dir, true, hidden, &guards.Walk{Hidden: hidden})
	if len(p.findings) > n {
		f := &p.findings[len(p.findings)-1]
		f.Message = strings.Replace(f.Message, c.Name+" reads", c.Name+" serves", 1) +
			"; a file server hands every file under the directory it serves, dotfiles included, to any client that asks (the agent's curl too): serve a directory that holds no secret instead (" + serveHint(c) + ")"
	}
	return true
}

// serveHint returns the way to give the file server c the directory it
// serves, as an example for the reason.
func serveHint(c *syntax.Call) string {
	switch l := lang.ForProgram(c.Name); {
	case l == lang.Python:
		if m, _ := pythonModule(c); m == "uploadserver" || m == "updog" {
			return c.Name + " -m " + m + " --directory dist"
		}
		return c.Name + " -m http.server --directory dist"
	case c.Name == "updog":
		return "updog -d dist"
	case c.Name == "caddy":
		return "caddy file-server --root dist"
	case l == lang.Ruby:
		return c.Name + " -run -e httpd dist"
	case l == lang.PHP:
		return c.Name + " -S localhost:8000 -t public"
	case c.Name == "httpd" || c.Name == "busybox":
		return "busybox httpd -h dist"
	}
	return c.Name + " dist"
}

// checkPHP judges php's readers of a file: -s prints it highlighted, -w
// stripped of comments, and running it (php FILE, php -f FILE) prints
// every byte outside <?php … ?> as it is: a .env or a key has none.
// -l only lints (it prints errors, not lines), and -r/-R/-B/-E/-F run
// code given on the command line; their operands are its arguments.
func (p *Pass) checkPHP(c *syntax.Call) {
	opts, operands := scan(c.Args, phpSpec)
	if has(opts, "l", "syntax-check", "S", "server", "r", "R", "B", "E", "F", "i", "info", "m", "modules", "v", "version", "h", "help") &&
		!has(opts, "s", "syntax-highlight", "w", "strip") {
		return
	}
	for _, o := range find(opts, "f", "file") {
		if p.secretOperand(c, o.val, false, false, nil) {
			return
		}
	}
	if len(find(opts, "f", "file")) == 0 && len(operands) > 0 {
		p.secretOperand(c, c.Args[operands[0]], false, false, nil)
	}
}

// envDumpWord matches shell text that prints the whole environment
// (env, printenv, export -p, set alone, /proc/…/environ).
var envDumpWord = lazy.Regexp{Expr: `(^|[;&|(\s])(env|printenv|export -p|declare -x|set)\s*($|[;&|)>])|/proc/[^/\s]+/environ`}

// checkContainerEnvFile judges docker (podman, nerdctl) run --env-file
// FILE IMAGE CMD…: FILE's variables become the container's environment,
// so a command there that prints the environment (env, printenv, sh -c
// 'env') prints the secret's content; one that expands a variable in
// shell text (sh -c 'echo $KEY') may, and asks. The image's own command,
// or any other, is the program the file configures.
func (p *Pass) checkContainerEnvFile(c *syntax.Call) {
	args := syntax.DockerClientArgs(c.Args)
	if len(args) > 0 && args[0].Value == "container" {
		args = args[1:]
	}
	if len(args) == 0 || args[0].Value != "run" {
		return
	}
	args = args[1:]
	short, long := syntax.DockerRunOptions()
	opts, operands := scan(args, optSpec{shortVal: short, longVal: long, longEq: true, stop: true})
	files := find(opts, "env-file")
	if len(files) == 0 || len(operands) < 2 {
		return
	}
	dump, maybe := containerEnvDump(args[operands[0]+1:])
	if !dump && !maybe {
		return
	}
	for _, f := range files {
		if s, ok := p.secretOf(c.Dir, f.val); ok {
			if !dump {
				p.maybeSecret = true
			}
			p.reportSecret(c, s, c.Name+" run --env-file puts in the environment the container's command prints")
			return
		}
	}
}
