package lang

import (
	"encoding/base64"
	"net/url"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

var (
	jsRequire        = lazy.Regexp{Expr: `(?:const|let|var)\s+([\w$]+)\s*=\s*(?:await\s+)?(?:require|import)\(\s*['"](?:node:)?([\w/]+)['"]\s*\)(\.promises)?`}
	jsImportAll      = lazy.Regexp{Expr: `import\s+(?:\*\s+as\s+)?([\w$]+)\s+from\s+['"](?:node:)?([\w/]+)['"]`}
	jsBunDestructure = lazy.Regexp{Expr: `(?:const|let|var)\s*\{([^}]*)\}\s*=\s*(?:globalThis\.)?Bun\b`}
	jsDestructure    = lazy.Regexp{Expr: `(?:const|let|var|import)\s*\{([^}]*)\}\s*(?:=\s*(?:await\s+)?(?:require|import)\(\s*|from\s*)['"](?:node:)?([\w/]+)['"]`}
	// import("fs").then(f => …), .then(function (f) {…}): the callback's
	// parameter is the module; .then(({rmSync}) => …) destructures it.
	jsThen      = lazy.Regexp{Expr: `(?:require|import)\(\s*['"](?:node:)?([\w/]+)['"]\s*\)\s*\.then\(\s*(?:async\s*)?(?:function\s*[\w$]*\s*)?\(?\s*([\w$]+)`}
	jsThenParts = lazy.Regexp{Expr: `(?:require|import)\(\s*['"](?:node:)?([\w/]+)['"]\s*\)\s*\.then\(\s*(?:async\s*)?(?:function\s*[\w$]*\s*)?\(\s*\{([^}]*)\}`}
)

// jsModules are the modules whose calls corral reads (path and os for
// the paths they build: path.join, os.homedir).
var jsModules = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"fs": true, "fs/promises": true, "child_process": true, "path": true, "os": true,
		"vm": true, "worker_threads": true, "module": true}
}}

// jsBindings maps the names a program binds to modules (const cp =
// require('child_process'); import { rmSync } from 'node:fs'). In node -e
// the built-in modules are globals under their own names.
func jsBindings(src string) aliases {
	a := aliases{"fs": "fs", "child_process": "child_process", "fsPromises": "fs/promises"}
	for _, m := range jsRequire.Get().FindAllStringSubmatch(src, -1) {
		if jsModules.Get()[m[2]] {
			a[m[1]] = m[2]
			if m[3] != "" {
				a[m[1]] = "fs/promises"
			}
		}
	}
	for _, m := range jsImportAll.Get().FindAllStringSubmatch(src, -1) {
		if jsModules.Get()[m[2]] {
			a[m[1]] = m[2]
		}
	}
	for _, m := range jsThen.Get().FindAllStringSubmatch(src, -1) {
		if jsModules.Get()[m[1]] && m[2] != "async" && m[2] != "function" {
			a[m[2]] = m[1]
		}
	}
	parts := jsDestructure.Get().FindAllStringSubmatch(src, -1)
	for _, m := range jsBunDestructure.Get().FindAllStringSubmatch(src, -1) {
		// const {$: sh, spawn} = Bun; import {$ as sh} from "bun": Bun's
		// functions under other names.
		parts = append(parts, []string{m[0], m[1], "Bun"})
	}
	for _, m := range jsThenParts.Get().FindAllStringSubmatch(src, -1) {
		parts = append(parts, []string{m[0], m[2], m[1]})
	}
	for _, m := range parts {
		if m[2] == "bun" {
			m[2] = "Bun"
		}
		if !jsModules.Get()[m[2]] && m[2] != "Bun" {
			continue
		}
		for _, part := range strings.Split(m[1], ",") {
			part = strings.TrimSpace(part)
			from, to, ok := strings.Cut(part, ":")
			if !ok {
				from, to, ok = strings.Cut(part, " as ")
			}
			from, to = strings.TrimSpace(from), strings.TrimSpace(to)
			if !ok {
				to = from
			}
			if from == "default" {
				a[to] = m[2] // import()'s namespace: { default: fs }
				continue
			}
			if from == "promises" && m[2] == "fs" {
				a[to] = "fs/promises"
				continue
			}
			if from != "" && to != "" {
				a[to] = m[2] + "." + from
			}
		}
	}
	return a
}

var (
	jsEvalOpt   = lazy.Regexp{Expr: `\beval\s*:\s*(?:true|!0|1)\b`}
	jsRecursive = lazy.Regexp{Expr: `recursive\s*:\s*true`}
	jsDenoWrite = lazy.Regexp{Expr: `\b(?:write|append|create|createNew|truncate)\s*:\s*(?:true|!0)`}
)

var jsShell = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"child_process.exec": true, "child_process.execSync": true}
}}
var jsExec = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"child_process.spawn": true, "child_process.spawnSync": true,
		"child_process.execFile": true, "child_process.execFileSync": true}
}}

// jsDelete are fs calls that delete their first argument.
var jsDelete = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"rm": true, "rmSync": true, "rmdir": true, "rmdirSync": true, "unlink": true, "unlinkSync": true}
}}
var jsWrite = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"writeFile": true, "writeFileSync": true, "appendFile": true, "appendFileSync": true, "createWriteStream": true}
}}

// jsLink are the fs calls that make a link: the second argument is the
// link, the first what it leads to.
var jsLink = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"symlink": true, "symlinkSync": true, "link": true, "linkSync": true}
}}

// jsAttrs are the fs calls that rename, change the mode, the owner or
// the length of the file in their first argument.
var jsAttrs = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"rename": "rename", "renameSync": "rename", "chmod": "chmod", "chmodSync": "chmod",
		"lchmod": "chmod", "lchmodSync": "chmod", "chown": "chown", "chownSync": "chown", "lchown": "chown", "lchownSync": "chown",
		"truncate": "truncate", "truncateSync": "truncate"}
}}

// jsCopy are the fs calls that copy their first argument to their
// second: copyFile writes the destination itself (cp -T), cp copies a
// tree with recursive: true.
var jsCopy = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"copyFile": true, "copyFileSync": true, "cp": true, "cpSync": true}
}}

// jsRead are fs calls that read the file in their first argument.
var jsRead = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"readFile": true, "readFileSync": true, "createReadStream": true,
		// fs.openAsBlob(path): a Blob of the file's contents.
		"openAsBlob": true}
}}

// jsEval are the calls that run a string as JavaScript code; the value
// is the index of the code argument (-1: the last).
var jsEval = lazy.Value[map[string]int]{New: func() map[string]int {
	return map[string]int{"eval": 0, "Function": -1, "AsyncFunction": -1, "vm.runInThisContext": 0, "vm.runInNewContext": 0,
		"vm.runInContext": 0, "vm.Script": 0, "vm.compileFunction": 0, "vm.SourceTextModule": 0}
}}

// jsTimers run a string first argument as code (a function is the
// everyday case, and is not judged).
var jsTimers = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"setTimeout": true, "setInterval": true, "setImmediate": true}
}}

// jsUnknownRecv are child_process method names distinct enough that, on
// a receiver corral cannot name (m.execSync(…) in import(…).then(m =>
// …)), they are child_process's; only literal arguments are judged.
var jsUnknownRecv = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"execSync": true, "execFileSync": true, "spawnSync": true}
}}

func javascript(p *parser) []Effect {
	al := p.al
	canon := func(name string) string {
		full := al.resolve(name)
		full = strings.Replace(full, "fs.promises.", "fs/promises.", 1)
		return jsThirdParty(full)
	}
	interesting := func(name string) bool {
		full := canon(name)
		if jsShell.Get()[full] || jsExec.Get()[full] || full == "child_process.fork" {
			return true
		}
		if _, ok := jsEval.Get()[full]; ok || jsTimers.Get()[full] || jsUnknownRecv.Get()[lastSegment(full)] {
			return true
		}
		if last := lastSegment(full); last == "_compile" || last == "Worker" {
			return true
		}
		mod, fn, _ := cutLast(full)
		if (mod == "fs" || mod == "fs/promises") && (jsDelete.Get()[fn] || jsWrite.Get()[fn] || jsRead.Get()[fn] || jsLink.Get()[fn] || jsAttrs.Get()[fn] != "" || jsCopy.Get()[fn] || fn == "open" || fn == "openSync") {
			return true
		}
		if jsListing(full) != "" || jsTreeDelete.Has(full) || full == "shelljs.rm" {
			return true
		}
		if _, ok := credLoaderPath("javascript", p.src, full); ok {
			return true // credloaders.go
		}
		switch full {
		case "require", "module.require":
			return true
		case "dotenv.config", "process.loadEnvFile":
			return true
		case "process.chdir", "Deno.chdir", "process.dlopen":
			return true
		case "Deno.readTextFile", "Deno.readTextFileSync", "Deno.readFile", "Deno.readFileSync", "Bun.file":
			return true
		case "Deno.copyFile", "Deno.copyFileSync", "Deno.open", "Deno.openSync":
			return true
		case "Deno.rename", "Deno.renameSync", "Deno.chmod", "Deno.chmodSync", "Deno.chown", "Deno.chownSync", "Deno.truncate", "Deno.truncateSync":
			return true
		case "Deno.remove", "Deno.removeSync", "Deno.writeTextFile", "Deno.writeTextFileSync", "Deno.writeFile", "Deno.writeFileSync",
			"Deno.Command", "Deno.run", "Bun.spawn", "Bun.spawnSync", "$", "Bun.$", "Bun.write":
			return true
		}
		return false
	}
	out := p.jsDataImports()
	if m := jsDotenvConfig.Get().FindStringIndex(p.src); m != nil {
		// require("dotenv/config"), import "dotenv/config": .env
		// loaded when the module is.
		p.envLoads = append(p.envLoads, Effect{Kind: Read, Call: "dotenv/config", Path: ".env", Offset: m[0], CommandOnly: true})
	}
	var listed listings
	for _, c := range p.findCalls(false, interesting) {
		c.name = canon(c.name)
		if c.name == "dotenv.config" || c.name == "process.loadEnvFile" {
			// dotenv's config() and node's process.loadEnvFile() load
			// .env (or the path given) into process.env, as Python's
			// load_dotenv does: a printer of the environment then
			// prints the file (red team rc).
			if e, ok := readEffect(c, jsDotenvPath(c)); ok {
				e.CommandOnly = true
				p.envLoads = append(p.envLoads, e)
			}
			continue
		}
		if e, ok := credLoaderEffect(c, "javascript", p.src); ok {
			// fromIni()(), new GoogleAuth().getClient(),
			// kc.loadFromDefault(): the credential file the library
			// reads (credloaders.go).
			out = append(out, e)
			continue
		}
		if kind := jsListing(c.name); kind != "" {
			if kind == "glob" {
				// Node's and the glob packages' patterns do not
				// expand ~; a list is each of its patterns.
				listed.globArg(c, argAt(c.args, 0), false)
			} else {
				listed.dir(c, argAt(c.args, 0), recursiveOpt(c), false)
			}
			continue
		}
		if mod, fn, _ := cutLast(c.name); (mod == "fs" || mod == "fs/promises") && (jsRead.Get()[fn] || fn == "open" || fn == "openSync") ||
			c.name == "Bun.file" || mod == "Deno" && (strings.HasPrefix(fn, "read") || fn == "open" || fn == "openSync") {
			listed.read(argAt(c.args, 0))
		}
		switch lastSegment(c.name) {
		case "_compile":
			// Module.prototype._compile(code, filename) runs code as a
			// module's body (new (require("module"))()._compile(…)). On
			// a receiver corral cannot name only a literal is judged.
			a := argAt(c.args, 0)
			if a != nil && a.lit || strings.HasPrefix(c.name, "module.") {
				out = append(out, p.evalCode(c, a)...)
			}
			continue
		case "Worker":
			if c.name != "worker_threads.Worker" && !strings.Contains(p.src, "worker_threads") {
				continue // a browser's Worker, or another library's
			}
			// new Worker(code, {eval: true}) runs code; new
			// Worker(file) runs the file (relative to the working
			// directory).
			a := argAt(c.args, 0)
			if o := argAt(c.args, 1); o != nil && jsEvalOpt.Get().MatchString(o.text) {
				out = append(out, p.evalCode(c, a)...)
			} else if a != nil && a.lit && !strings.Contains(a.str, ":") {
				out = append(out, Effect{Kind: Include, Call: c.name, Path: a.str, Offset: c.off})
			} else if a != nil && a.lit {
				if code, ok := DataURLCode(a.str); ok {
					out = append(out, p.evalCode(c, &arg{lit: true, str: code, text: a.text})...)
				}
			}
			continue
		}
		if at, ok := jsEval.Get()[c.name]; ok {
			if at < 0 {
				at = len(positional(c.args)) - 1
				if at < 0 {
					continue // Function(): no code
				}
			}
			out = append(out, p.evalCode(c, argAt(c.args, at))...)
			continue
		}
		if jsTimers.Get()[c.name] {
			if a := argAt(c.args, 0); a != nil && a.lit {
				out = append(out, p.evalCode(c, a)...)
			}
			continue
		}
		if fn := lastSegment(c.name); jsUnknownRecv.Get()[fn] && !jsExec.Get()[c.name] && !jsShell.Get()[c.name] &&
			!strings.HasPrefix(c.name, "Bun.") && !strings.HasPrefix(c.name, "Deno.") {
			// An unknown receiver's execSync and the like are
			// child_process's; Bun's and Deno's own are read by jsCall.
			a := argAt(c.args, 0)
			if a == nil || !a.lit {
				continue
			}
			c.name = "child_process." + fn
		}
		if c.name == "require" || c.name == "module.require" {
			// require of the standard input (/dev/stdin, /dev/fd/0,
			// /proc/self/fd/0) runs the code read there, as node
			// /dev/stdin does; other paths are the files imports finds.
			if a := argAt(c.args, 0); a != nil && a.lit && (a.str == "/dev/stdin" || a.str == "/dev/fd/0" || a.str == "/proc/self/fd/0") {
				out = append(out, Effect{Kind: Exec, Call: c.name, Argv: []string{"node", a.str}, Offset: c.off})
			}
			continue
		}
		if c.name == "process.dlopen" {
			// process.dlopen(module, "./x.node"): a shared object
			// loaded as an addon, its constructors and init run (a
			// path is the working directory's; a name with no slash is
			// the system's library search).
			if a := argAt(c.args, 1); a != nil && a.lit && strings.Contains(a.str, "/") {
				out = append(out, Effect{Kind: Include, Call: c.name, Path: a.str, Offset: c.off, Relative: true, Text: NativeLib})
			}
			continue
		}
		if c.name == "process.chdir" || c.name == "Deno.chdir" {
			// The directory of every relative path after it.
			out = append(out, chdirEffect(c, argAt(c.args, 0), false))
			continue
		}
		if es, ok := jsFileCall(c); ok {
			out = append(out, es...)
			continue
		}
		if jsExec.Get()[c.name] {
			p.jsArgsName(c)
		}
		if e, ok := jsCall(c); ok {
			if e.Kind == Shell || e.Kind == Exec || e.Kind == Hidden {
				// {cwd: d}: the process starts in d.
				out = append(out, withCwd([]Effect{e}, p.jsCwd(c))...)
				continue
			}
			out = append(out, e)
		}
	}
	return append(out, listed.effects(out)...)
}

// jsListing is the kind of a call that expands a pattern ("glob":
// fs.globSync and fs.glob of Node 22, the glob, fast-glob and globby
// packages) or lists a directory ("dir": fs.readdirSync, fs.readdir,
// fs.opendirSync, fs.opendir, Deno.readDir; every level with
// {recursive: true}), or "".
func jsListing(name string) string {
	mod, fn, _ := cutLast(name)
	switch {
	case (mod == "fs" || mod == "fs/promises") && (fn == "readdir" || fn == "readdirSync" || fn == "opendir" || fn == "opendirSync"),
		mod == "Deno" && (fn == "readDir" || fn == "readDirSync"):
		return "dir"
	case (mod == "fs" || mod == "fs/promises") && (fn == "glob" || fn == "globSync"),
		mod == "glob" && (fn == "sync" || fn == "glob" || fn == "globSync" || fn == "globIterate" || fn == "globIterateSync"),
		mod == "fast-glob" && (fn == "sync" || fn == "glob" || fn == "globSync" || fn == "async"),
		mod == "globby" && (fn == "globby" || fn == "globbySync"),
		name == "fast-glob" || name == "globby":
		return "glob"
	}
	return ""
}

// jsFileCall is the effects of a copy (fs.copyFileSync(src, dst),
// fs.cpSync, Deno.copyFile: copyEffect) and of a low-level open by its
// flags (fs.openSync(p, "a"), fs.promises.open; Deno.open's options
// object: write, append, create or truncate true writes).
func jsFileCall(c call) ([]Effect, bool) {
	mod, fn, _ := cutLast(c.name)
	if mod != "fs" && mod != "fs/promises" && mod != "Deno" {
		return nil, false
	}
	first, second := argAt(c.args, 0), argAt(c.args, 1)
	switch {
	case jsCopy.Get()[fn] && mod != "Deno", mod == "Deno" && (fn == "copyFile" || fn == "copyFileSync"):
		cmd := "cp -T"
		if strings.HasPrefix(fn, "cp") && recursiveOpt(c) {
			cmd = "cp -rT"
		}
		return copyEffect(c, first, second, cmd), true
	case mod == "Deno" && (fn == "open" || fn == "openSync"):
		flags := &arg{lit: true, str: "r"}
		if second != nil && jsDenoWrite.Get().MatchString(second.text) {
			flags.str = "w"
			if strings.Contains(second.text, "append") {
				flags.str = "a"
			}
		}
		return openEffects(c, first, flags), true
	case fn == "open" || fn == "openSync":
		return openEffects(c, first, second), true
	}
	return nil, false
}

func cutLast(name string) (string, string, bool) {
	i := strings.LastIndexByte(name, '.')
	if i < 0 {
		return "", name, false
	}
	return name[:i], name[i+1:], true
}

func jsCall(c call) (Effect, bool) {
	full := c.name
	first := argAt(c.args, 0)
	switch {
	case jsTreeDelete.Has(full):
		// rimraf(d), fs-extra's removeSync(d), del's deleteSync(d):
		// a tree removed, as rm -rf removes it.
		return pathEffect(c, Delete, first, true)
	case full == "shelljs.rm":
		// shelljs's rm("-rf", d): rm with those arguments.
		e := execOf(c, append([]arg{{lit: true, str: "rm"}}, c.args...))
		e.Call = full
		return e, true
	case jsShell.Get()[full]:
		return shellOf(c, first), true
	case jsExec.Get()[full]:
		if first == nil || !first.lit {
			return shellOf(c, first), true
		}
		opts := argAt(c.args, 2)
		list := argAt(c.args, 1)
		if list != nil && (list.text == "null" || list.text == "undefined") {
			list = nil // spawn(cmd, null, opts)
		} else if list != nil && !list.isList && !list.lit && opts == nil {
			// spawn(cmd, x): x is the options when it is an object
			// ({cwd: d}, or a name only ever bound to one); a name bound
			// to an array is resolved by jsArgsName. Anything else may
			// be either: a command of one word then runs with
			// arguments only known at run time (spawnSync('rm', a)),
			// judged by the word; a command with spaces only runs
			// through a shell, so x holds the options.
			if !jsObjectValue(list) && !strings.ContainsAny(first.str, " \t\n;|&") {
				return Effect{Kind: Hidden, Call: full, Text: first.str + " " + list.text, Built: true, Offset: c.off}, true
			}
			opts, list = list, nil
		}
		argv := []string{first.str}
		if list != nil {
			if !list.isList {
				return Effect{Kind: Hidden, Call: full, Text: list.text, Offset: c.off}, true
			}
			argv = append(argv, list.argvList()...)
		}
		if jsShellMode(opts) != noShell {
			// shell: true, or options the text does not show (a variable,
			// a spread): node joins the command and its arguments with
			// spaces and runs them with /bin/sh -c.
			return Effect{Kind: Shell, Call: full, Text: unmarkHome(strings.Join(argv, " ")), Offset: c.off}, true
		}
		return Effect{Kind: Exec, Call: full, Argv: argv, Offset: c.off}, true
	case full == "child_process.fork":
		// fork(FILE, args): a new node process runs FILE (red team 16
		// MI1).
		if first == nil || !first.lit {
			return shellOf(c, first), true
		}
		argv := []string{"node", first.str}
		if list := argAt(c.args, 1); list != nil && list.isList {
			argv = append(argv, list.argvList()...)
		}
		return Effect{Kind: Exec, Call: full, Argv: argv, Offset: c.off}, true
	case full == "$" || full == "Bun.$":
		if !c.tagged {
			return Effect{}, false // $(…) is jQuery's or another library's
		}
		return shellOf(c, first), true
	case full == "Bun.spawn" || full == "Bun.spawnSync" || full == "Deno.run":
		if first != nil && first.isList {
			return Effect{Kind: Exec, Call: full, Argv: first.argvList(), Offset: c.off}, true
		}
		if first != nil {
			if argv, ok := objectList(first.text, "cmd"); ok {
				return Effect{Kind: Exec, Call: full, Argv: argv, Offset: c.off}, true
			}
		}
		return shellOf(c, nil), true
	case full == "Deno.Command":
		if first == nil || !first.lit {
			return shellOf(c, first), true
		}
		argv := []string{first.str}
		if o := argAt(c.args, 1); o != nil {
			more, ok := objectList(o.text, "args")
			if !ok {
				return Effect{Kind: Hidden, Call: full, Text: o.text, Offset: c.off}, true
			}
			argv = append(argv, more...)
		}
		return Effect{Kind: Exec, Call: full, Argv: argv, Offset: c.off}, true
	case full == "Deno.remove" || full == "Deno.removeSync":
		return pathEffect(c, Delete, first, recursiveOpt(c))
	case strings.HasPrefix(full, "Deno.write") || full == "Bun.write":
		return pathEffect(c, Write, first, false)
	case strings.HasPrefix(full, "Deno.read") || full == "Bun.file":
		return readEffect(c, first)
	}
	mod, fn, _ := cutLast(full)
	if mod != "fs" && mod != "fs/promises" && mod != "Deno" {
		return Effect{}, false
	}
	switch jsAttrs.Get()[fn] {
	case "rename":
		// fs.renameSync(old, new): rename(2).
		return moveEffect(c, first, argAt(c.args, 1), false)
	case "chmod":
		return modeEffect(c, first, octalMode(argAt(c.args, 1), true), false)
	case "chown":
		return ownerEffect(c, first, false)
	case "truncate":
		return truncateEffect(c, first)
	}
	if mod == "Deno" {
		return Effect{}, false
	}
	switch {
	case jsLink.Get()[fn]:
		// fs.symlinkSync(target, path), fs.linkSync(existing, new).
		return linkEffect(c, first, argAt(c.args, 1), strings.HasPrefix(fn, "symlink"))
	case jsDelete.Get()[fn]:
		e, ok := pathEffect(c, Delete, first, recursiveOpt(c))
		e.Dir = strings.HasPrefix(fn, "rmdir") && !e.Recursive
		return e, ok
	case jsWrite.Get()[fn]:
		e, ok := pathEffect(c, Write, first, false)
		e.Append = strings.HasPrefix(fn, "append")
		return e, ok
	case jsRead.Get()[fn]:
		return readEffect(c, first)
	}
	return Effect{}, false
}

// jsArgsName replaces the argument list of spawn, spawnSync, execFile
// and execFileSync written as a name (spawnSync('rm', a)) by the array
// literal the code binds it to, when that is its only binding and no
// element of it is assigned or changed by a method (a.push(x)).
func (p *parser) jsArgsName(c call) {
	if len(c.args) < 2 || !isIdentName(c.args[1].text) || c.args[1].key != "" {
		return
	}
	sp, ok := p.onlyAssignment(c.args[1].text)
	if !ok || p.elementAssigned(c.args[1].text) {
		return
	}
	if v := p.argValue(sp[0], sp[1]); v.isList {
		c.args[1] = v
	}
}

// jsObjectValue reports an argument that is an object literal, or a name
// every value bound to which is one (const o = {cwd: d}).
func jsObjectValue(a *arg) bool {
	if strings.HasPrefix(strings.TrimSpace(a.text), "{") {
		return true
	}
	if !isIdentName(a.text) || len(a.assigned) == 0 {
		return false
	}
	for _, v := range a.assigned {
		if !strings.HasPrefix(strings.TrimSpace(v), "{") {
			return false
		}
	}
	return true
}

// recursiveOpt reports an options argument with recursive: true.
func recursiveOpt(c call) bool {
	for _, a := range c.args {
		if jsRecursive.Get().MatchString(a.text) {
			return true
		}
	}
	return false
}

// jsCwd is the cwd option of a call that starts a process, in an
// options object among its arguments (execSync(cmd, {cwd: d}),
// spawnSync(cmd, args, {cwd: d}), Bun.spawn({cmd, cwd: d})), or nil.
func (p *parser) jsCwd(c call) *arg {
	for _, a := range c.args {
		if a.key == "" && strings.HasPrefix(a.text, "{") {
			if o := p.optionArg(a.text, "cwd"); o != nil {
				return o
			}
		}
	}
	return nil
}

// objectList reads the list of string literals under key in a JavaScript
// object literal ({cmd: ["rm", "-rf", "x"]}); ok is false when the key
// is there but not a list of literals, or the text is not an object.
func objectList(text, key string) ([]string, bool) {
	toks := lex(JS, text)
	if len(toks) == 0 || toks[0].text != "{" {
		return nil, false
	}
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].kind == tIdent && toks[i].text == key && toks[i+1].text == ":" {
			if toks[i+2].text != "[" {
				return nil, false
			}
			p := &parser{src: text, toks: toks}
			inner, _ := p.args(i+2, "]")
			var out []string
			for _, a := range inner {
				if !a.lit {
					return nil, false
				}
				out = append(out, a.argvWord())
			}
			return out, true
		}
	}
	return nil, true
}

// jsDataImports finds the modules the code imports from data: URLs
// (import("data:text/javascript,…"), import x from "data:…;base64,…"):
// node runs the URL's text as a module, judged as the code's own; and
// those it imports from http(s): URLs, code only the network holds.
func (p *parser) jsDataImports() []Effect {
	var out []Effect
	seen := map[int]bool{} // the string tokens judged as imports
	for i, t := range p.toks {
		if t.kind != tIdent || t.text != "import" && t.text != "from" {
			continue
		}
		if isP(p.tok(i-1), ".") {
			continue // x.import(…), x.from(…): a method
		}
		next := p.tok(i + 1)
		c := call{name: t.text, off: t.off, first: i, next: i + 1}
		var a *arg
		switch {
		case next.kind == tString:
			a = &arg{lit: next.lit, str: next.text, text: next.text}
			seen[i+1] = true
		case t.text == "import" && isP(next, "("):
			c.name = "import()"
			args, _ := p.args(i+1, ")")
			a = argAt(args, 0) // a name only known at run time: indirect.go's
			if p.tok(i+2).kind == tString {
				seen[i+2] = true
			}
		}
		if a == nil || !a.lit {
			continue
		}
		if code, ok := DataURLCode(a.str); ok {
			out = append(out, p.evalCode(c, &arg{lit: true, str: code, text: a.text})...)
		}
		if l := strings.ToLower(a.str); strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") {
			// Deno and Bun fetch a module from a URL and run it (node
			// with --experimental-network-imports): code from the
			// network, which corral cannot read.
			out = append(out, Effect{Kind: Hidden, Call: c.name + " " + a.str, Text: a.str, Offset: c.off})
		}
	}
	// A JavaScript data: URL anywhere else is a module node can run
	// without an import statement: new Worker(new URL("data:text/
	// javascript,…")), a loader's answer, vm's linker. Its code is
	// judged as the program's own (only code that runs or deletes
	// something makes a finding, so a data: URL that is only data
	// costs nothing).
	for i, t := range p.toks {
		if t.kind != tString || !t.lit || seen[i] || !jsDataURL(t.text) {
			continue
		}
		if code, ok := DataURLCode(t.text); ok {
			c := call{name: "data: URL module", off: t.off, first: i, next: i + 1}
			out = append(out, p.evalCode(c, &arg{lit: true, str: code, text: t.text})...)
		}
	}
	return out
}

// jsDataURL reports a data: URL of a JavaScript module (the media types
// node's ESM loader takes as JavaScript).
func jsDataURL(v string) bool {
	l := strings.ToLower(v)
	for _, m := range []string{"data:text/javascript", "data:application/javascript", "data:text/ecmascript", "data:application/ecmascript"} {
		if strings.HasPrefix(l, m) {
			return true
		}
	}
	return false
}

// DataURLCode returns the code of a data: URL (data:text/javascript,CODE
// or ;base64,…), as node's import and --import read it: percent-escapes
// decoded, base64 in either alphabet, padded or not.
func DataURLCode(v string) (string, bool) {
	rest, ok := strings.CutPrefix(v, "data:")
	if !ok {
		return "", false
	}
	meta, body, ok := strings.Cut(rest, ",")
	if !ok {
		return "", false
	}
	if strings.HasSuffix(strings.ToLower(meta), ";base64") {
		if s, err := url.PathUnescape(body); err == nil {
			body = s
		}
		body = strings.Join(strings.Fields(body), "")
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
			if b, err := enc.DecodeString(body); err == nil {
				return string(b), true
			}
		}
		return "", false
	}
	if s, err := url.PathUnescape(body); err == nil {
		return s, true
	}
	return body, true
}

// jsDotenvConfig matches a require or import of the module dotenv/config.
var jsDotenvConfig = lazy.Regexp{Expr: `(?:\brequire\s*\(\s*|\bimport\s*\(?\s*|\bfrom\s*)['"\x60]dotenv/config['"\x60]`}

// jsDotenvPath is the file dotenv's config({path: P}) or
// process.loadEnvFile(P) loads: P when literal, else .env in the working
// directory (the default of both).
func jsDotenvPath(c call) *arg {
	if c.name == "process.loadEnvFile" {
		if a := argAt(c.args, 0); a != nil {
			return a
		}
		return &arg{lit: true, str: ".env"}
	}
	if a := argAt(c.args, 0); a != nil && !a.lit {
		if m := jsDotenvPathKey.Get().FindStringSubmatch(a.text); m != nil {
			return &arg{lit: true, str: m[2]}
		}
	}
	return &arg{lit: true, str: ".env"}
}

// jsDotenvPathKey matches the path key of dotenv's options object.
var jsDotenvPathKey = lazy.Regexp{Expr: `\bpath\s*:\s*(['"])([^'"]+)(['"])`}

// jsTreeDelete are the third-party calls that remove a file or a whole
// tree (red team rc): rimraf's default export and its sync and native
// forms, fs-extra's remove and emptyDir (which removes what the
// directory holds), del's deleteSync and deleteAsync.
var jsTreeDelete = lazy.Set{List: []string{"rimraf", "rimraf.sync", "rimraf.rimraf", "rimraf.rimrafSync", "rimraf.native", "rimraf.nativeSync",
	"rimraf.manual", "rimraf.manualSync", "fs-extra.remove", "fs-extra.removeSync", "fs-extra.emptyDir", "fs-extra.emptyDirSync",
	"fs-extra.emptydir", "fs-extra.emptydirSync", "del", "del.deleteSync", "del.deleteAsync", "del.sync"}}

// jsThirdParty returns the node core call a well-known package's call
// is (red team rc: they were allowed): fs-extra and graceful-fs export
// fs's functions, and fs-extra's outputFile, writeJson and outputJson
// write, copy copies and move renames; execa (execa, execaSync) and
// cross-spawn run a program with an argument array, as spawn does, and
// execa's command forms and shelljs's exec run a command line.
func jsThirdParty(full string) string {
	mod, fn, ok := cutLast(full)
	if !ok {
		switch full {
		case "execa", "cross-spawn":
			return "child_process.spawnSync"
		}
		return full
	}
	switch mod {
	case "fs-extra", "graceful-fs":
		switch fn {
		case "outputFile", "outputFileSync", "writeJson", "writeJsonSync", "outputJson", "outputJsonSync", "writeJSON", "writeJSONSync", "outputJSON", "outputJSONSync":
			return "fs.writeFileSync"
		case "copy", "copySync":
			return "fs.cpSync"
		case "move", "moveSync":
			return "fs.renameSync"
		case "remove", "removeSync", "emptyDir", "emptyDirSync", "emptydir", "emptydirSync":
			return full
		}
		return "fs." + fn
	case "execa":
		switch fn {
		case "execa", "execaSync", "execaNode":
			return "child_process.spawnSync"
		case "execaCommand", "execaCommandSync", "command", "commandSync":
			return "child_process.execSync"
		}
	case "cross-spawn":
		switch fn {
		case "sync", "spawn":
			return "child_process.spawnSync"
		}
	case "shelljs":
		if fn == "exec" {
			return "child_process.execSync"
		}
	}
	return full
}
