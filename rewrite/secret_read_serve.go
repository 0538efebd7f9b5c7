package rewrite

import (
	"os"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

// servedDir returns the directory a static file server started by c
// serves to anyone who can reach it (and to the agent, through curl
// localhost): python -m http.server [-d DIR] (python 2's
// SimpleHTTPServer: the working directory), php -S ADDR [-t DIR], busybox
// httpd -h DIR, ruby -run -e httpd [DIR], node's http-server [DIR] and serve [DIR] (npx runs
// them as calls of their own). ok is false for any other call.
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
	case c.Name == "httpd" || c.Name == "busybox" && len(c.Args) > 0 && c.Args[0].Value == "httpd":
		args := c.Args
		if c.Name == "busybox" {
			args = args[1:]
		}
		opts, _ := scan(args, optSpec{shortVal: "pcuhrmedPS"})
		if has(opts, "d", "e", "m") {
			return cwd, false // encodes or decodes a string, or makes a password hash
		}
		if d := find(opts, "h"); len(d) > 0 {
			return d[len(d)-1].val, true
		}
		// Without -h busybox serves the working directory, but syntax
		// has taken busybox off by now, and Apache's httpd keeps its
		// document root in its config: not judged.
		return cwd, false
	}
	return cwd, false
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
	p.secretOperand(c, dir, true, true, &guards.Walk{Hidden: true})
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
		return c.Name + " -m http.server --directory dist"
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
