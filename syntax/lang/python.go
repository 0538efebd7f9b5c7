package lang

import (
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// pyShell are the Python calls that run their first argument as shell
// text.
var pyShell = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"os.system": true, "os.popen": true, "subprocess.getoutput": true, "subprocess.getstatusoutput": true,
		"commands.getoutput": true, "commands.getstatusoutput": true, "asyncio.create_subprocess_shell": true,
		"os.popen2": true, "os.popen3": true, "os.popen4": true,
		// Third-party runners of shell text: invoke's run and sudo,
		// envoy's and delegator's run (red team rc).
		"invoke.run": true, "invoke.sudo": true, "envoy.run": true, "delegator.run": true,
	}
}}

// pyInvokeImport matches an import of invoke or Fabric, whose task
// contexts run shell text with run, sudo and local.
var pyInvokeImport = lazy.Regexp{Expr: `\b(?:from\s+(?:invoke|fabric)\b|import\s+(?:invoke|fabric)\b)`}

// pyShImport matches an import of the third-party sh package, whose
// module attributes are programs: sh.rm("-rf", d) runs rm -rf d.
var pyShImport = lazy.Regexp{Expr: `\bimport\s+(?:[\w.]+\s*,\s*)*sh\s*(?:$|[,;\n)]|as\b)|\bfrom\s+sh\s+import\b`}

// pyShProgram returns the program a call of the sh package runs
// (sh.rm: rm), when the code imports sh.
func pyShProgram(full, src string) (string, bool) {
	// plumbum's command objects: plumbum.cmd.rm and local.cmd.rm are
	// the program rm, and calling one runs it with the call's arguments
	// (from plumbum.cmd import rm; rm("-rf", d); red team rc).
	for _, pre := range []string{"plumbum.cmd.", "plumbum.local.cmd."} {
		if prog, ok := strings.CutPrefix(full, pre); ok && prog != "" && !strings.Contains(prog, ".") {
			return strings.ReplaceAll(prog, "_", "-"), true
		}
	}
	prog, ok := strings.CutPrefix(full, "sh.")
	if !ok || prog == "" || strings.Contains(prog, ".") || !strings.Contains(src, "sh") || !pyShImport.Get().MatchString(src) {
		return "", false
	}
	switch prog {
	case "Command", "ErrorReturnCode", "RunningCommand", "CommandNotFound", "SignalException", "TimeoutException", "glob", "contrib", "pushd":
		return "", false
	}
	return strings.ReplaceAll(prog, "_", "-"), true
}

// pySubprocess are the subprocess calls whose first argument is an
// argument vector, or shell text with shell=True.
var pySubprocess = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"subprocess.run": true, "subprocess.call": true, "subprocess.check_call": true,
		"subprocess.check_output": true, "subprocess.Popen": true,
	}
}}

// pyDelete are the calls that delete the path in their first argument.
var pyDelete = lazy.Value[map[string]struct{ recursive, dir bool }]{New: func() map[string]struct{ recursive, dir bool } {
	return map[string]struct{ recursive, dir bool }{
		"shutil.rmtree": {recursive: true}, "os.remove": {}, "os.unlink": {}, "os.rmdir": {dir: true},
		"os.removedirs": {dir: true},
		// distutils (and setuptools' copy of it) remove a tree (red
		// team 16 PY1).
		"distutils.dir_util.remove_tree": {recursive: true}, "setuptools._distutils.dir_util.remove_tree": {recursive: true},
		// send2trash moves a file or a tree out of its place into the
		// trash (red team rc).
		"send2trash.send2trash": {recursive: true},
	}
}}

// pyEval are the builtins that run a string as Python code.
var pyEval = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"eval": true, "exec": true, "compile": true, "execfile": true}
}}

// pyCodeRunners are the standard library's calls that run Python source
// given as a string, with the argument positions (and keywords) that
// hold it: timeit's statement and set-up, pdb's and the profilers'
// statement. A literal is analysed as Python; anything else asks.
var pyCodeRunners = lazy.Value[map[string][]string]{New: func() map[string][]string {
	return map[string][]string{
		"timeit.timeit": {"stmt", "setup"}, "timeit.repeat": {"stmt", "setup"}, "timeit.Timer": {"stmt", "setup"},
		"pdb.run": {"statement"}, "pdb.runeval": {"expression"}, "cProfile.run": {"command"}, "profile.run": {"command"},
		"cProfile.runctx": {"command"}, "profile.runctx": {"command"},
	}
}}

// pyCodeMethods are the methods that run Python source in their first
// argument whatever object they are called on: code's interpreters
// (InteractiveInterpreter().runsource, runcode, InteractiveConsole().push)
// and the profilers' and debuggers' objects (Profile().run, runctx,
// Pdb().run, trace's Trace().run). push is read only on a receiver whose
// name is code's.
var pyCodeMethods = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"runsource": true, "runcode": true, "runctx": true, "runeval": true}
}}

// pyUnknownRecv are method names that, on a receiver corral cannot name
// (m.system(…) with m = __import__(name)), are the module function
// they spell; only their literal arguments are judged.
var pyUnknownRecv = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"system": "os.system", "rmtree": "shutil.rmtree", "check_output": "subprocess.check_output",
		"check_call": "subprocess.check_call", "getoutput": "subprocess.getoutput", "getstatusoutput": "subprocess.getstatusoutput"}
}}

// pyOpenRead is the text of an argument that reads a file named by a
// literal: open("x.py").read(), open('x.py', 'rb').read().
var pyOpenRead = lazy.Regexp{Expr: `^(?:io\.)?open\(\s*(['"])([^'"\\\n]+)['"]\s*(?:,\s*(?:mode\s*=\s*)?['"][rbt]{0,2}['"]\s*)?\)\s*\.\s*read\(\s*\)$`}

// pyUnpicklers are the calls that unpickle a file (the first argument:
// its path, open(path, "rb"), or open(path, "rb").read() for loads).
var pyUnpicklers = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"pickle.load": true, "pickle.loads": true, "pickle.Unpickler": true, "_pickle.load": true,
		"cPickle.load": true, "dill.load": true, "cloudpickle.load": true, "joblib.load": true, "pandas.read_pickle": true,
		"torch.load": true, "numpy.load": true,
		// A shelf's values are pickles in a dbm database (red team 16
		// DS1): reading one unpickles it.
		"shelve.open": true, "shelve.DbfilenameShelf": true, "shelve.Shelf": true, "shelve.BsdDbShelf": true}
}}

// shelfLoads are the pickle loads of a shelf's database files (the
// files of its literal name, or those a name it is given is bound to).
func (p *parser) shelfLoads(c call, full string) []Effect {
	a := argAt(c.args, 0)
	if a == nil {
		return nil
	}
	paths := p.pickleSources(a.text, 0)
	if a.lit {
		paths = dbmFiles(a.str)
	}
	var out []Effect
	for _, path := range paths {
		out = append(out, Effect{Kind: Include, Call: full, Path: path, Offset: c.off, Text: PickleData})
	}
	return out
}

// dbmFiles are the files a dbm database named f is kept in, where its
// values' bytes are: f itself (dbm.gnu), f.db (dbm.ndbm with Berkeley
// DB), f.pag (classic ndbm), f.dat (dbm.dumb).
func dbmFiles(f string) []string {
	return []string{f, f + ".db", f + ".pag", f + ".dat"}
}

// kwValue returns the source text of a keyword argument's value (text
// holds key=value).
func kwValue(a *arg) string {
	_, v, _ := strings.Cut(a.text, "=")
	return strings.TrimSpace(v)
}

// PickleBytes is the Text of an Include effect of pickle data written in
// the code (pickle.loads of a bytes literal, or of one decoded from
// base64 or hex): Path holds the bytes themselves.
const PickleBytes = "pickle-bytes"

// inlineBytes returns the bytes an argument gives when they are written
// in the code: a (bytes) literal, base64.b64decode/b64decode of a
// literal, bytes.fromhex or binascii.unhexlify of one.
func inlineBytes(a *arg) (string, bool) {
	if a.lit {
		return a.str, true
	}
	m := inlineDecode.Get().FindStringSubmatch(strings.TrimSpace(a.text))
	if m == nil {
		return "", false
	}
	body := strings.Join(strings.Fields(m[3]), "")
	if strings.HasSuffix(m[1], "b64decode") {
		b, err := base64.StdEncoding.DecodeString(body)
		return string(b), err == nil
	}
	b, err := hex.DecodeString(body)
	return string(b), err == nil
}

// inlineDecode matches a decoding call of one literal.
var inlineDecode = lazy.Regexp{Expr: `^((?:base64\.)?b64decode|bytes\.fromhex|(?:binascii\.)?unhexlify)\(\s*b?(["'])([A-Za-z0-9+/=\s]*)["']\s*\)$`}

// PickleData is the Text of an Include effect of a pickle file the code
// loads: data whose imports are called.
const PickleData = "pickle"

// pyPathLoaders are the standard library's calls that load a module
// from a file named by its path (the second argument): its top-level
// code runs.
var pyPathLoaders = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"imp.load_source": true, "importlib.util.spec_from_file_location": true,
		"importlib.machinery.SourceFileLoader": true, "importlib._bootstrap_external.SourceFileLoader": true}
}}

// pyNativeLoaders are the ctypes calls that load a shared object.
var pyNativeLoaders = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"ctypes.CDLL": true, "ctypes.PyDLL": true, "ctypes.cdll.LoadLibrary": true, "ctypes.pydll.LoadLibrary": true}
}}

// NativeLib is the Text of an Include effect of a shared object the code
// loads (ctypes.CDLL("./x.so")): native code.
const NativeLib = "native library"

func python(p *parser) []Effect {
	al := p.al
	// onResult are the pyUnknownRecv names the code calls as a method of
	// a call's result (eval("__import__('os')").system(…),
	// importlib.import_module(n).system(…)): a receiver corral cannot
	// name, judged as the dotted ones are (red team rc).
	var onResult map[string]bool
	var out []Effect
	for i, t := range p.toks {
		if t.kind != tIdent || !isP(p.tok(i-1), ".") {
			continue
		}
		if pyUnknownRecv.Get()[t.text] != "" && isP(p.tok(i-2), ")") {
			if onResult == nil {
				onResult = map[string]bool{}
			}
			onResult[t.text] = true
		}
		if t.text == "__subclasses__" && isP(p.tok(i+1), "(") {
			// ().__class__.__base__.__subclasses__(): every class the
			// interpreter has loaded, subprocess.Popen and os._wrap_close
			// among them, picked by a name at run time (red team rc).
			out = append(out, Effect{Kind: Hidden, Call: "__subclasses__", Text: "object.__subclasses__()", Offset: t.off})
		}
	}
	interesting := func(name string) bool {
		full := al.resolve(name)
		last := lastSegment(full)
		if onResult[full] {
			return true
		}
		if pyLoaderCall(full) || pyEval.Get()[full] || full == "runpy.run_path" || pyPathLoaders.Get()[full] || pyUnpicklers.Get()[full] || strings.HasPrefix(full, "yaml.") || full == "site.addsitedir" || pyNativeLoaders.Get()[full] || full == "runpy.run_module" || pyUnknownRecv.Get()[last] != "" && strings.Contains(full, ".") {
			return true
		}
		if pyCodeRunners.Get()[full] != nil || pyCodeMethods.Get()[last] || full == "code.interact" || last == "interact" || last == "push" || last == "run" ||
			full == "webbrowser.get" || full == "webbrowser.register" {
			return true
		}
		if (last == "sudo" || last == "local") && strings.Contains(full, ".") && pyInvokeImport.Get().MatchString(p.src) {
			return true
		}
		if _, ok := credLoaderPath("python", p.src, full); ok {
			return true // credloaders.go
		}
		if last == "read" && strings.Contains(p.src, "configparser") || pyPathCopy.Get()[last] != "" {
			return true
		}
		switch last {
		case "unlink", "rmdir", "write_text", "write_bytes", "open", "FileIO", "touch", "spawn", "read_text", "read_bytes", "symlink_to", "hardlink_to",
			"rename", "replace", "chmod", "lchmod":
			return true
		}
		if _, mv := pyMove.Get()[full]; mv || pyAttrs.Get()[full] != "" {
			return true
		}
		if full == "os.chdir" || full == "os.fchdir" || full == "os.symlink" || full == "os.link" || full == "shutil.make_archive" || pyCopyTo.Get()[full] != "" || full == "os.open" || pyReaders.Get()[full] || pyLists.Get()[full] || pyLibraryWriteCall(full) {
			return true
		}
		if last == "glob" || last == "rglob" || last == "iterdir" {
			return true
		}
		if last == "add" && strings.Contains(p.src, "tarfile") || last == "write" && strings.Contains(p.src, "zipfile") {
			return true
		}
		if last == "write" && pyEtreeSource(p.src) || strings.HasPrefix(full, "mailbox.") {
			return true // libwriters16b.go
		}
		if last == "load_dotenv" || last == "dotenv_values" {
			return true
		}
		if _, ok := pyShellSinks.Get()[full]; ok || last == "subprocess_shell" || full == "mailcap.findmatch" ||
			(last == "append" || last == "prepend") && strings.Contains(p.src, "pipes") {
			return true // pydoc.pipepager, loop.subprocess_shell (pyshellsinks.go)
		}
		_, del := pyDelete.Get()[full]
		if _, ok := pyShProgram(full, p.src); ok {
			return true
		}
		return pyShell.Get()[full] || pySubprocess.Get()[full] || del ||
			strings.HasPrefix(full, "os.exec") || strings.HasPrefix(full, "os.spawn") || strings.HasPrefix(full, "os.posix_spawn") ||
			full == "asyncio.create_subprocess_exec" || full == "os.remove" || full == "os.unlink" || full == "pty.spawn" || pyArgvSpawn(full)
	}
	var libs map[string]bool
	if strings.Contains(p.src, "ctypes") {
		// A program that loads C libraries through ctypes calls their
		// functions by name: libc's system runs shell text.
		libs = map[string]bool{}
		for _, m := range pyCLib.Get().FindAllStringSubmatch(p.src, -1) {
			libs[m[1]] = true
		}
		outer := interesting
		interesting = func(name string) bool {
			return outer(name) || pyCFuncs.Get()[lastSegment(al.resolve(name))]
		}
	}
	if libs != nil {
		out = append(out, p.pyCRefs(libs)...)
	}
	pathlib := strings.Contains(p.src, "pathlib")
	// listed are the reads of what a glob or a directory listing finds,
	// kept until the code is known to open a path only known at run time
	// (open(f) for f in glob.glob(".e*")): then each is a read.
	var listed listings
	for _, c := range p.findCalls(false, interesting) {
		full := al.resolve(c.name)
		c.name = full
		if full == "dotenv.load_dotenv" || full == "dotenv.main.load_dotenv" {
			if e, ok := readEffect(c, dotenvPath(c)); ok {
				e.CommandOnly = true
				p.envLoads = append(p.envLoads, e)
			}
			continue
		}
		if e, ok := pyOpenerRead(c, full); ok {
			out = append(out, e) // gzip.open(F), zipfile.ZipFile(F), dbm.open(F, "r") (python_libwrites.go)
		}
		if e, ok := pyLibraryWrite(c, full); ok {
			// fileinput with inplace=True rewrites what it reads.
			if pyUnpicklers.Get()[full] {
				// A shelf opened for writing is read too: the values
				// on disk are unpickled as they are read.
				out = append(out, p.shelfLoads(c, full)...)
			}
			out = append(out, e)
			continue
		}
		if e, ok := pyMailbox(c, full); ok {
			out = append(out, e)
			continue
		}
		if e, ok := pyEtreeWrite(c, full, p.src); ok {
			out = append(out, e) // ElementTree.write (libwriters16b.go)
			continue
		}
		if lastSegment(full) == "write" && !strings.Contains(p.src, "zipfile") {
			continue // another object's write (a file's, in code that uses ElementTree)
		}
		if pyReaders.Get()[full] && !c.method {
			out = append(out, pyReads(c)...)
			continue
		}
		if pyListing(c, &listed) {
			continue
		}
		if last := lastSegment(full); last == "open" || last == "read_text" || last == "read_bytes" {
			if c.method {
				if !c.recvLit {
					listed.dynamic = true
				}
			} else {
				listed.read(argAt(c.args, 0))
			}
		}
		if libs != nil && pyCFuncs.Get()[lastSegment(full)] {
			if recv, _, _ := cutLast(full); pyCLibRecv(recv, libs) {
				if e, ok := p.cCall(c); ok {
					out = append(out, e...)
				}
				continue
			}
		}
		if e, ok := pyLoaders2(c, full); ok {
			out = append(out, e...) // pyloaders2.go
			continue
		}
		if e, ok := p.pyRunsCode(c, full); ok {
			out = append(out, e...)
			continue
		}
		switch {
		case pyEval.Get()[full] && !c.method:
			if full == "execfile" {
				out = append(out, runFile(c, argAt(c.args, 0), "python3"))
				continue
			}
			if a := argAt(c.args, 0); a != nil && !a.lit && full != "compile" {
				// exec(open("x.py").read()): the file's text is the
				// code, as python3 x.py would run it.
				if m := pyOpenRead.Get().FindStringSubmatch(strings.TrimSpace(a.text)); m != nil {
					out = append(out, runFile(c, &arg{lit: true, str: m[2], text: a.text}, "python3"))
					continue
				}
			}
			out = append(out, p.evalCode(c, argAt(c.args, 0))...)
			continue
		case full == "site.addsitedir":
			// The directory's .pth files run their import lines.
			if a := argAt(c.args, 0); a != nil && a.lit {
				out = append(out, Effect{Kind: Include, Call: full, Path: a.str, Offset: c.off})
			}
			continue
		case pyNativeLoaders.Get()[full]:
			// ctypes.CDLL("./x.so"): a shared object of the project
			// whose constructors run as it is loaded (a name with no
			// slash is looked up in the system's library directories).
			if a := argAt(c.args, 0); a != nil && a.lit && strings.Contains(a.str, "/") {
				out = append(out, Effect{Kind: Include, Call: full, Path: a.str, Offset: c.off, Relative: true, Text: NativeLib})
			}
			continue
		case full == "runpy.run_path":
			out = append(out, runFile(c, argAt(c.args, 0), "python3"))
			continue
		case pyYAMLUnsafe(full, c.args, p.al) && !p.pyYAMLSafeSubclass(c.args):
			// yaml.unsafe_load("!!python/object/apply:os.system [...]"):
			// the tags of a string written in the code, or of the file
			// it opens (the walker reads it), are calls (pyyaml.go).
			a := argAt(c.args, 0)
			if a == nil {
				a = keyword(c.args, "stream")
			}
			if a == nil {
				continue
			}
			if a.lit {
				out = append(out, YAMLPythonCalls(a.str, full, c.off)...)
				continue
			}
			for _, path := range p.pickleSources(a.text, 0) {
				out = append(out, Effect{Kind: Include, Call: full, Path: path, Offset: c.off, Text: YAMLData})
			}
			continue
		case pyUnpicklers.Get()[full]:
			// pickle.load(open("x.pkl", "rb")), joblib.load("x.pkl"):
			// the pickle's imports are called as it loads.
			if kw := keyword(c.args, "weights_only"); kw != nil && kwValue(kw) == "True" {
				continue // torch.load(…, weights_only=True) refuses callables
			}
			if full == "numpy.load" {
				if kw := keyword(c.args, "allow_pickle"); kw == nil || kwValue(kw) != "True" {
					continue
				}
			}
			a := argAt(c.args, 0)
			if a == nil {
				continue
			}
			// The file: the argument's literal, the file it opens, or
			// the files a name it uses is bound to (pickleSources).
			if strings.HasSuffix(full, ".loads") {
				// pickle.loads(b"…"), pickle.loads(base64.b64decode("…")),
				// pickle.loads(bytes.fromhex("…")): the bytes are in the
				// code itself.
				if data, ok := inlineBytes(a); ok {
					out = append(out, Effect{Kind: Include, Call: full, Path: data, Offset: c.off, Text: PickleBytes})
					continue
				}
			}
			var paths []string
			if a.lit {
				paths = []string{a.str}
				if strings.HasPrefix(full, "shelve.") {
					paths = dbmFiles(a.str)
				}
			} else {
				paths = p.pickleSources(a.text, 0)
			}
			for _, path := range paths {
				out = append(out, Effect{Kind: Include, Call: full, Path: path, Offset: c.off, Text: PickleData})
			}
			continue
		case pyPathLoaders.Get()[full]:
			// imp.load_source("m", "x.py"), spec_from_file_location("m",
			// "x.py") (then exec_module), SourceFileLoader("m", "x.py"):
			// the file given by its path is loaded as module m, its
			// top-level code runs as python3 x.py would run it.
			a := argAt(c.args, 1)
			if a == nil {
				a = keyword(c.args, "location")
			}
			if a == nil {
				a = keyword(c.args, "path")
			}
			if a != nil && !a.lit {
				// A computed path: nothing to read (the loader of a
				// plugin directory, say).
				continue
			}
			out = append(out, runFile(c, a, "python3"))
			continue
		case full == "runpy.run_module":
			if a := argAt(c.args, 0); a != nil && a.lit {
				out = append(out, Effect{Kind: Exec, Call: full, Argv: []string{"python3", "-m", a.str}, Offset: c.off})
			} else {
				out = append(out, shellOf(c, a))
			}
			continue
		}
		if e, ok := pyTemplateCall(c, al); ok {
			out = append(out, e) // t.append(cmd, kind) of a pipes.Template (pyshellsinks.go)
			continue
		}
		if es, ok := pyMailcapCall(c); ok {
			out = append(out, es...)
			continue
		}
		if e, ok := pyShellSinkCall(c); ok {
			out = append(out, e) // pydoc.pipepager(text, cmd) (pyshellsinks.go)
			continue
		}
		if last := lastSegment(full); (last == "run" || last == "sudo" || last == "local") && strings.Contains(full, ".") && !strings.HasPrefix(full, "subprocess.") &&
			!strings.HasPrefix(full, "invoke.") && pyInvokeImport.Get().MatchString(p.src) {
			// An invoke or Fabric task's context (c.run("…"),
			// c.sudo, Connection.local): shell text run on this
			// machine (tasks.py, fabfile.py; red team rc). Only a
			// literal is judged: the receiver is only known by the
			// import.
			if a := argAt(c.args, 0); a != nil && a.lit {
				out = append(out, Effect{Kind: Shell, Call: full, Text: a.str, Offset: c.off})
			}
			continue
		}
		if onResult[full] && !c.method {
			continue // a function of the code's own named system, not a method
		}
		if to := pyUnknownRecv.Get()[lastSegment(full)]; to != "" && full != to && !pyShell.Get()[full] && !pySubprocess.Get()[full] {
			if _, del := pyDelete.Get()[full]; !del {
				// A receiver corral cannot name: judge literal
				// arguments as the module's function, pass the rest.
				a := argAt(c.args, 0)
				if a == nil || !a.lit && !a.isList {
					continue
				}
				c.name = to
			}
		}
		if full == "os.chdir" || full == "os.fchdir" {
			// The directory of every relative path after it.
			out = append(out, chdirEffect(c, argAt(c.args, 0), false))
			continue
		}
		if es, ok := pyFileCall(c, p.src); ok {
			out = append(out, pyWhere(c, es)...)
			continue
		}
		if e, ok := credLoaderEffect(call{name: full, off: c.off}, "python", p.src); ok {
			// boto3's Session.get_credentials(), google.auth.default(),
			// kubernetes' load_kube_config(): the code holds what the
			// credential file they read holds (credloaders.go; red
			// team rc).
			out = append(out, e)
			continue
		}
		if prog, ok := pyShProgram(full, p.src); ok {
			// sh.rm("-rf", d): the program with the call's arguments.
			e := execOf(c, append([]arg{{lit: true, str: prog}}, c.args...))
			e.Call = full
			out = append(out, e)
			continue
		}
		if e, ok := pythonCall(c); ok {
			out = append(out, pyWhere(c, []Effect{e})...)
		} else if last := lastSegment(full); (last == "unlink" || last == "rmdir") && (c.method || strings.Contains(full, ".")) && !c.recvLit && pathlib {
			// A program that uses pathlib deleting through a path it
			// computes (p.unlink() for p in Path.home().rglob("*")):
			// asked about, as os.remove of a run-time path is.
			out = append(out, Effect{Kind: Hidden, Call: full, Text: full, Offset: c.off, Deletes: true})
		}
	}
	out = append(out, listed.effects(out)...)
	return append(out, p.pyExtractions()...)
}

// pyWhere sets the directory the effects of Python call c happen in:
// the cwd= of a call that starts a process (subprocess.run(…, cwd=d)),
// and a dir_fd= of an os call, a descriptor of a directory only known at
// run time (os.unlink(".bashrc", dir_fd=fd) with fd = os.open(d, …)).
func pyWhere(c call, es []Effect) []Effect {
	es = withCwd(es, keyword(c.args, "cwd"))
	if fd := keyword(c.args, "dir_fd"); fd != nil && strings.TrimSpace(fd.text) != "None" {
		for i := range es {
			es[i].CwdHidden = true
		}
	}
	return es
}

// pyTarOpens are the calls that open a tar archive for tarfile's
// extract and extractall methods.
var pyTarOpens = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"tarfile.open": true, "tarfile.TarFile": true, "tarfile.TarFile.open": true,
		"tarfile.TarFile.taropen": true, "tarfile.TarFile.gzopen": true, "tarfile.TarFile.bz2open": true, "tarfile.TarFile.xzopen": true}
}}

// pySafeFilter reports a filter= argument that makes tarfile rewrite or
// refuse absolute names, ".." and links leaving the directory: "data"
// or "tar" (tarfile.data_filter, tarfile.tar_filter).
func pySafeFilter(args []arg) bool {
	f := keyword(args, "filter")
	if f == nil {
		return false
	}
	if f.lit {
		return f.str == "data" || f.str == "tar"
	}
	return strings.HasSuffix(f.text, "data_filter") || strings.HasSuffix(f.text, "tar_filter")
}

// pyExtractions are the archives the code unpacks with tarfile (an
// archive tarfile opens, and an extract or extractall call without a
// "data" or "tar" filter) or shutil.unpack_archive (tarfile's
// extraction for a tar, zipfile's for a .zip or format "zip"). The
// archive tarfile opens and the extraction are paired by the program,
// not the variable: every literal archive it opens is taken as the one
// extracted.
func (p *parser) pyExtractions() []Effect {
	if !strings.Contains(p.src, "tarfile") && !strings.Contains(p.src, "unpack_archive") && !strings.Contains(p.src, "zipfile") {
		return nil
	}
	al := p.al
	var archives []call
	var extracts []call
	var out []Effect
	dynamic := func(c call) Effect {
		return Effect{Kind: Extract, Call: c.name, Argv: []string{"tarfile"}, Offset: c.off}
	}
	for _, c := range p.findCalls(false, func(name string) bool {
		full := al.resolve(name)
		last := lastSegment(full)
		return pyTarOpens.Get()[full] || full == "zipfile.ZipFile" || full == "shutil.unpack_archive" || full == "setuptools.archive_util.unpack_archive" || last == "extractall" || last == "extract"
	}) {
		full := al.resolve(c.name)
		c.name = full
		switch last := lastSegment(full); {
		case pyTarOpens.Get()[full], full == "zipfile.ZipFile":
			archives = append(archives, c)
		case full == "shutil.unpack_archive" || full == "setuptools.archive_util.unpack_archive":
			// setuptools' unpack_archive(filename, extract_dir) unpacks
			// a tar or a zip the same way (red team 16 PY1).
			a := argAt(c.args, 0)
			if a == nil {
				a = keyword(c.args, "filename")
			}
			dest := argAt(c.args, 1)
			if dest == nil {
				dest = keyword(c.args, "extract_dir")
			}
			format := argAt(c.args, 2)
			if format == nil {
				format = keyword(c.args, "format")
			}
			mod := "tarfile"
			if format != nil && format.lit && format.str == "zip" || format == nil && a != nil && a.lit && strings.HasSuffix(strings.ToLower(a.str), ".zip") {
				mod = "zipfile"
			}
			if mod == "tarfile" && pySafeFilter(c.args) {
				continue
			}
			if a == nil || !a.lit || dest != nil && !dest.lit {
				out = append(out, dynamic(c))
				continue
			}
			e := Effect{Kind: Extract, Call: full, Path: a.str, Tilde: a.tilde, Text: ".", Argv: []string{mod}, Offset: c.off}
			if dest != nil {
				e.Text = dest.str
			}
			out = append(out, e)
		case last == "extractall" || last == "extract":
			if !pySafeFilter(c.args) {
				extracts = append(extracts, c)
			}
		}
	}
	if len(archives) == 0 {
		return out
	}
	for _, x := range extracts {
		dest := keyword(x.args, "path")
		if dest == nil {
			pos := argAt(x.args, 0)
			if lastSegment(x.name) == "extract" {
				pos = argAt(x.args, 1) // extract(member, path)
			}
			dest = pos
		}
		for _, a := range archives {
			name := argAt(a.args, 0)
			if name == nil {
				name = keyword(a.args, "name")
			}
			if name == nil || !name.lit || dest != nil && !dest.lit {
				out = append(out, dynamic(x))
				continue
			}
			// zipfile.ZipFile(…).extractall(DIR): zipfile's reading of the
			// members (it drops a leading / and ..), into DIR.
			mod := "tarfile"
			if a.name == "zipfile.ZipFile" {
				mod = "zipfile"
			}
			e := Effect{Kind: Extract, Call: x.name, Path: name.str, Tilde: name.tilde, Text: ".", Argv: []string{mod}, Offset: x.off}
			if dest != nil {
				e.Text = dest.str
			}
			out = append(out, e)
		}
	}
	return out
}

// pyReaders are the calls that read the file (or each file of a list)
// in their first argument, besides open and pathlib's read_text and
// read_bytes: linecache's and fileinput's line readers, tokenize.open,
// python-dotenv's dotenv_values and the table loaders of pandas and
// numpy. os.open (by its flags), io.FileIO (by its mode, as open) and the
// copies (pyCopyTo) are pythonCall's.
var pyReaders = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"linecache.getline": true, "linecache.getlines": true, "linecache.updatecache": true,
		"fileinput.input": true, "fileinput.FileInput": true, "tokenize.open": true,
		"dotenv.dotenv_values": true, "dotenv.main.dotenv_values": true,
		"pandas.read_csv": true, "pandas.read_table": true, "pandas.read_json": true, "pandas.read_fwf": true,
		"numpy.loadtxt": true, "numpy.genfromtxt": true, "numpy.fromfile": true,
		// Parsers and probes that open the file they are given by name
		// (red team of 2026-12-05): netrc.netrc (with no argument
		// ~/.netrc), mimetypes' type-map reader, the XML parsers,
		// filecmp's comparison (both files), the header probes.
		"netrc.netrc": true, "mimetypes.read_mime_types": true,
		"xml.dom.minidom.parse": true, "xml.dom.pulldom.parse": true, "xml.sax.parse": true,
		"xml.etree.ElementTree.parse": true, "xml.etree.ElementTree.iterparse": true, "xml.etree.cElementTree.parse": true,
		"filecmp.cmp": true, "imghdr.what": true, "sndhdr.what": true, "ssl._ssl._test_decode_cert": true}
}}

// pyLists are the calls that list a directory or expand a pattern:
// what they find is read when the code opens paths it computes.
var pyLists = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"glob.glob": true, "glob.iglob": true, "os.walk": true, "os.fwalk": true,
		"os.listdir": true, "os.scandir": true}
}}

// dotenvPath is the file python-dotenv's load_dotenv or dotenv_values
// reads: its dotenv_path (first) argument, or, with none or with
// find_dotenv(), the .env find_dotenv finds (the working directory's for
// code given on the command line).
func dotenvPath(c call) *arg {
	a := argAt(c.args, 0)
	if k := keyword(c.args, "dotenv_path"); k != nil {
		a = k
	}
	if a == nil || !a.lit && strings.Contains(a.text, "find_dotenv(") {
		return &arg{lit: true, str: ".env"}
	}
	return a
}

// pyReads returns the reads of a pyReaders call: its first argument (or
// fileinput's files=) when literal, each literal of a list.
func pyReads(c call) []Effect {
	a := argAt(c.args, 0)
	if strings.HasSuffix(c.name, ".dotenv_values") && (a == nil || !a.lit) {
		if e, ok := readEffect(c, dotenvPath(c)); ok {
			e.CommandOnly = true
			return []Effect{e}
		}
		return nil
	}
	if c.name == "netrc.netrc" && a == nil && keyword(c.args, "file") == nil {
		return []Effect{{Kind: Read, Call: c.name, Path: "~/.netrc", Tilde: true, Offset: c.off}}
	}
	var out []Effect
	if c.name == "filecmp.cmp" {
		// Both files are read (with shallow=True only their stat
		// when those agree, but the contents otherwise).
		if e, ok := readEffect(c, argAt(positional(c.args), 1)); ok {
			out = append(out, e)
		}
	}
	if f := keyword(c.args, "files"); f != nil && a == nil {
		a = f
	}
	for _, k := range []string{"file", "source", "filename"} {
		if f := keyword(c.args, k); f != nil && a == nil {
			a = f
		}
	}
	if a == nil {
		return out
	}
	if a.isList {
		for _, v := range a.list {
			if v != "" {
				out = append(out, Effect{Kind: Read, Call: c.name, Path: v, Offset: c.off})
			}
		}
		return out
	}
	if e, ok := readEffect(c, a); ok {
		out = append(out, e)
	}
	return out
}

// pyListing adds to l what a pyLists call or a pathlib listing
// (Path(d).glob(p), .rglob(p), .iterdir()) finds, when its directory or
// pattern is literal: a glob is its pattern (Glob), a listing the
// directory (Walk; os.walk, rglob and a ** pattern every level). It
// reports whether c is one.
func pyListing(c call, l *listings) bool {
	last := lastSegment(c.name)
	a := argAt(c.args, 0)
	if f := keyword(c.args, "top"); f != nil && a == nil {
		a = f
	}
	if f := keyword(c.args, "pathname"); f != nil && a == nil {
		a = f
	}
	switch {
	case c.name == "glob.glob" || c.name == "glob.iglob":
		if a != nil && !a.isList {
			l.globArg(c, a, false)
		}
		return true
	case c.method && c.recvLit && (last == "glob" || last == "rglob"):
		if a != nil && a.lit {
			l.glob(c, c.recv, a.str, a.tilde || c.recvTilde, last == "rglob")
		}
		return true
	case pyLists.Get()[c.name] || c.method && c.recvLit && last == "iterdir":
		if c.method {
			a = &arg{lit: true, str: c.recv, tilde: c.recvTilde}
		}
		l.dir(c, a, c.name == "os.walk" || c.name == "os.fwalk", true)
		return true
	}
	return false
}

// pyCopyTo are the copies (shutil.copy(src, dst)) with the shell's cp
// that does the same (copyEffect): copy and copy2 enter a directory
// destination, copyfile writes the destination itself, copytree copies
// a tree's content into the destination.
var pyCopyTo = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"shutil.copy": "cp", "shutil.copy2": "cp", "shutil.copyfile": "cp -T", "shutil.copytree": "cp -rT",
		// distutils' copy_file enters a directory destination,
		// copy_tree copies the tree's content into the destination
		// (red team 16 PY1).
		"distutils.file_util.copy_file": "cp", "distutils.dir_util.copy_tree": "cp -rT",
		"setuptools._distutils.file_util.copy_file": "cp", "setuptools._distutils.dir_util.copy_tree": "cp -rT"}
}}

// pyPathCopy are pathlib's copies and moves (Python 3.14): copy writes
// the target itself (a tree's content too), copy_into and move_into
// enter a directory, move is rename(2) with a copy across file systems.
var pyPathCopy = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"copy": "cp -rT", "copy_into": "cp -r", "move": "mv -T", "move_into": "mv"}
}}

// pyMove are the calls that move their first argument to their second
// (moveEffect): rename(2)'s, and shutil.move, which enters a directory
// destination (true).
var pyMove = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"os.rename": false, "os.replace": false, "os.renames": false, "shutil.move": true,
		"distutils.file_util.move_file": true, "setuptools._distutils.file_util.move_file": true}
}}

// pyAttrs are the calls that change the mode ("chmod"), the owner
// ("chown") or the length ("truncate") of the file in their first
// argument.
var pyAttrs = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"os.chmod": "chmod", "os.lchmod": "chmod", "os.chown": "chown", "os.lchown": "chown",
		"shutil.chown": "chown", "os.truncate": "truncate"}
}}

// pyFileCall is the effects of a copy (pyCopyTo), of os.open by its
// flags, and of configparser's read of a file or a list of files
// (ConfigParser().read(p); a file object's read takes a size, not a
// path).
func pyFileCall(c call, src string) ([]Effect, bool) {
	full := c.name
	pos := positional(c.args)
	if effs, ok := pyMakeArchive(c); ok {
		return effs, true
	}
	if cmd := pyCopyTo.Get()[full]; cmd != "" && !c.method {
		from, to := argAt(pos, 0), argAt(pos, 1)
		if from == nil {
			from = keyword(c.args, "src")
		}
		if to == nil {
			to = keyword(c.args, "dst")
		}
		return copyEffect(c, from, to, cmd), true
	}
	if cmd := pyPathCopy.Get()[lastSegment(full)]; cmd != "" && c.method && c.recvLit && strings.Contains(full, "Path") {
		// Path(src).copy(target), .copy_into(dir), .move(target),
		// .move_into(dir) (Python 3.14).
		src := arg{lit: true, str: c.recv, tilde: c.recvTilde}
		to := argAt(pos, 0)
		if to == nil {
			to = keyword(c.args, "target")
		}
		if to == nil {
			to = keyword(c.args, "target_dir")
		}
		if strings.HasPrefix(cmd, "mv") {
			e, ok := moveEffect(c, &src, to, cmd == "mv")
			if !ok {
				return nil, true
			}
			return []Effect{e}, true
		}
		return copyEffect(c, &src, to, cmd), true
	}
	if full == "os.open" && !c.method {
		p, flags := argAt(pos, 0), argAt(pos, 1)
		if p == nil {
			p = keyword(c.args, "path")
		}
		if flags == nil {
			flags = keyword(c.args, "flags")
		}
		if flags == nil {
			// os.open's flags are required; without them it fails.
			return nil, true
		}
		return openEffects(c, p, flags), true
	}
	if lastSegment(full) == "read" && strings.Contains(full, ".") && strings.Contains(src, "configparser") {
		a := argAt(pos, 0)
		if a == nil {
			a = keyword(c.args, "filenames")
		}
		if a == nil || !a.lit && !a.isList {
			return nil, false
		}
		var out []Effect
		if a.isList {
			for _, v := range a.list {
				if v != "" {
					out = append(out, Effect{Kind: Read, Call: full, Path: v, Offset: c.off})
				}
			}
			return out, true
		}
		if e, ok := readEffect(c, a); ok {
			out = append(out, e)
		}
		return out, true
	}
	return nil, false
}

func pythonCall(c call) (Effect, bool) {
	full := c.name
	if into, ok := pyMove.Get()[full]; ok && !c.method {
		src, dst := argAt(positional(c.args), 0), argAt(positional(c.args), 1)
		if src == nil {
			src = keyword(c.args, "src")
		}
		if dst == nil {
			dst = keyword(c.args, "dst")
		}
		return moveEffect(c, src, dst, into)
	}
	if what := pyAttrs.Get()[full]; what != "" && !c.method {
		p := argAt(positional(c.args), 0)
		if p == nil {
			p = keyword(c.args, "path")
		}
		switch what {
		case "chmod":
			mode := argAt(positional(c.args), 1)
			if mode == nil {
				mode = keyword(c.args, "mode")
			}
			return modeEffect(c, p, octalMode(mode, false), false)
		case "chown":
			return ownerEffect(c, p, false)
		}
		return truncateEffect(c, p)
	}
	switch last := lastSegment(full); {
	case (last == "rename" || last == "replace") && c.method && c.recvLit && strings.Contains(full, "Path"):
		// Path(src).rename(dst): rename(2), as os.rename.
		src := arg{lit: true, str: c.recv, tilde: c.recvTilde}
		dst := argAt(positional(c.args), 0)
		if dst == nil {
			dst = keyword(c.args, "target")
		}
		return moveEffect(c, &src, dst, false)
	case (last == "chmod" || last == "lchmod") && c.method && c.recvLit && strings.Contains(full, "Path"):
		p := arg{lit: true, str: c.recv, tilde: c.recvTilde}
		mode := argAt(positional(c.args), 0)
		if mode == nil {
			mode = keyword(c.args, "mode")
		}
		return modeEffect(c, &p, octalMode(mode, false), false)
	case full == "os.symlink" || full == "os.link":
		// os.symlink(src, dst): dst is the link.
		return linkEffect(c, argAt(positional(c.args), 0), argAt(positional(c.args), 1), full == "os.symlink")
	case (last == "symlink_to" || last == "hardlink_to") && c.method && c.recvLit:
		// Path(dst).symlink_to(src).
		link := arg{lit: true, str: c.recv, tilde: c.recvTilde}
		return linkEffect(c, argAt(c.args, 0), &link, last == "symlink_to")
	}
	switch {
	case pyShell.Get()[full]:
		return shellOf(c, pyFirstArg(c, full)), true
	case pySubprocess.Get()[full]:
		a := argAt(c.args, 0)
		if a != nil && strings.HasPrefix(a.text, "**") {
			a = nil // run(**{"args": cmd, …}): no positional argument
		}
		if a == nil {
			a = keyword(c.args, "args")
		}
		if a == nil {
			a = pyUnpackedKey(c, "args")
		}
		if a == nil {
			return shellOf(c, nil), true
		}
		mode := pyShellMode(c)
		shell := mode != noShell
		// executable= replaces the program: the shell of shell=True
		// (executable -c text), or the program whose argv[0] is the
		// list's first item (Popen(["x", "-c", cmd], executable="/bin/sh")).
		exe := keyword(c.args, "executable")
		if exe == nil && len(positional(c.args)) > 2 && !strings.HasPrefix(positional(c.args)[1].text, "*") {
			exe = &positional(c.args)[2]
			if truthy(Python, exe.text) == noShell {
				exe = nil // Popen(args, -1, None, …)
			}
		}
		if exe != nil && !exe.lit && (a.lit || a.isList) {
			return Effect{Kind: Hidden, Call: full, Text: exe.text, Offset: c.off}, true
		}
		switch {
		case a.lit && shell && exe != nil:
			return Effect{Kind: Exec, Call: full, Argv: []string{exe.str, "-c", a.str}, Offset: c.off}, true
		case a.lit && shell:
			// A shell, or options that may hold one (**opts, shell=flag):
			// the text is judged as the shell would run it, which also
			// covers its being only a program's name.
			return Effect{Kind: Shell, Call: full, Text: a.str, Offset: c.off}, true
		case a.lit && exe != nil:
			return Effect{Kind: Exec, Call: full, Argv: []string{exe.str}, Offset: c.off}, true
		case a.lit:
			// Without a shell a string is the program's name only.
			return Effect{Kind: Exec, Call: full, Argv: []string{a.str}, Offset: c.off}, true
		case a.isList && shell && len(a.list) > 0 && exe != nil:
			return Effect{Kind: Exec, Call: full, Argv: append([]string{exe.str, "-c"}, a.argvList()...), Offset: c.off}, true
		case a.isList && len(a.list) > 0 && (mode == withShell || mode == maybeShell && (len(a.list) == 1 || strings.ContainsAny(a.list[0], " \t\n;|&<>()$`*?[]{}~'\"\\"))):
			// With a shell, the first item is the script, the rest its $0,
			// $1…; when the shell is not known, a first item that only a
			// shell would read as more than a name is judged as its script.
			return Effect{Kind: Shell, Call: full, Text: unmarkHome(a.argvList()[0]), Offset: c.off}, true
		case a.isList && exe != nil && len(a.list) > 0:
			return Effect{Kind: Exec, Call: full, Argv: append([]string{exe.str}, a.argvList()[1:]...), Offset: c.off}, true
		case a.isList:
			return Effect{Kind: Exec, Call: full, Argv: a.argvList(), Offset: c.off}, true
		}
		return shellOf(c, a), true
	case full == "pty.spawn", pyArgvSpawn(full):
		return shellOf(c, argAt(c.args, 0)).asExec(), true
	case full == "asyncio.create_subprocess_exec":
		return execOf(c, c.args), true
	case strings.HasPrefix(full, "os.exec"), strings.HasPrefix(full, "os.spawn"), strings.HasPrefix(full, "os.posix_spawn"):
		args := positional(c.args)
		if strings.HasPrefix(full, "os.spawn") && len(args) > 0 {
			args = args[1:] // the mode, os.P_WAIT
		}
		if len(args) == 0 {
			return shellOf(c, nil), true
		}
		v := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(full, "os.exec"), "os.spawn"), "os.posix_spawn")
		if strings.HasSuffix(v, "e") && len(args) > 2 {
			args = args[:len(args)-1] // the environment
		}
		// The program is the first argument; the argument vector (whose
		// first item is only argv[0]) follows.
		prog := args[0]
		if !prog.lit {
			return Effect{Kind: Hidden, Call: full, Text: prog.text, Offset: c.off}, true
		}
		e := execOf(c, args[1:])
		if e.Kind == Exec {
			e.Argv[0] = prog.str
		} else if e.Kind == Hidden && e.Text == "" {
			e = Effect{Kind: Exec, Call: full, Argv: []string{prog.str}, Offset: c.off}
		}
		return e, true
	}
	if d, ok := pyDelete.Get()[full]; ok {
		e, ok := pathEffect(c, Delete, pyFirstArg(c, full), d.recursive)
		e.Dir = d.dir
		return e, ok
	}
	last := lastSegment(full)
	switch last {
	case "unlink", "rmdir":
		if !c.method {
			return Effect{}, false
		}
		if c.recvLit {
			return Effect{Kind: Delete, Call: full, Path: c.recv, Tilde: c.recvTilde, Dir: last == "rmdir", Offset: c.off}, true
		}
		if strings.HasPrefix(full, "os.") || strings.Contains(full, "Path.") {
			return Effect{Kind: Hidden, Call: full, Text: full, Offset: c.off}, true
		}
		return Effect{}, false
	case "write_text", "write_bytes", "touch":
		if c.method && c.recvLit {
			return Effect{Kind: Write, Call: full, Path: c.recv, Tilde: c.recvTilde, Offset: c.off}, true
		}
		if c.method && c.recvText != "" {
			return runTimePath(c, Write, &arg{text: c.recvText, assigned: c.recvAssigned}, false)
		}
		if !c.recvLit && c.recvName != "" {
			return runTimePath(c, Write, &arg{text: c.recvName, assigned: c.recvAssigned}, false)
		}
	case "read_text", "read_bytes":
		return recvRead(c)
	case "add", "write":
		// TarFile.add(name) archives the file or, recursively, the
		// directory name (tarfile.open("k.tar", "w").add("~/.ssh")),
		// and ZipFile.write(filename) the file: the archive holds its
		// content, which tar -xOf or unzip -p then print. The receiver
		// is rarely named by its class (t.add, z.write): the program
		// imports the module (pythonInteresting) and the argument is a
		// literal path; anything else (a set's add) is a read only of
		// what is no file.
		if !strings.Contains(full, ".") {
			return Effect{}, false
		}
		a := argAt(c.args, 0)
		if k := keyword(c.args, "name"); k != nil && last == "add" && a == nil {
			a = k
		}
		if k := keyword(c.args, "filename"); k != nil && last == "write" && a == nil {
			a = k
		}
		e, ok := readEffect(c, a)
		if !ok {
			return Effect{}, false
		}
		if last == "add" {
			e.Walk = true
			e.Recursive = true
			if r := keyword(c.args, "recursive"); r != nil && r.str == "False" {
				e.Recursive = false
			}
		}
		return e, true
	case "open", "FileIO":
		if m := argAt(c.args, 0); (c.method || c.recvName != "") && !c.recvLit && last == "open" && m != nil && m.lit && pyWriteMode(m.str) &&
			(c.recvText != "" || c.recvName != "") {
			// p.open("a") of a path only known at run time: a loop's
			// element (for p in Path.home().glob(".bash?c")), an
			// expression (Path.home().joinpath(n).open("w")). Path.open
			// takes the mode first; another class's open takes a name.
			recv := &arg{text: c.recvText}
			if c.recvText == "" {
				recv = &arg{text: c.recvName, assigned: c.recvAssigned}
			}
			return runTimePath(c, Write, recv, strings.Contains(m.str, "a"))
		}
		// io.FileIO(name, mode) opens as open does (mode "r" by default).
		if full != "open" && full != "io.open" && full != "codecs.open" && full != "io.FileIO" && full != "_io.FileIO" && !(c.method && c.recvLit && last == "open") {
			return Effect{}, false
		}
		path, mode := argAt(c.args, 0), argAt(c.args, 1)
		if c.method {
			// Path('x').open('w')
			path, mode = &arg{lit: true, str: c.recv, tilde: c.recvTilde}, argAt(c.args, 0)
		}
		if m := keyword(c.args, "mode"); m != nil {
			mode = m
		}
		if f := keyword(c.args, "file"); f != nil && !c.method {
			path = f
		}
		if path == nil {
			return Effect{}, false
		}
		if mode == nil || mode.lit && !strings.ContainsAny(mode.str, "wax+") {
			// open(p), open(p, "rb"): the program reads the file.
			return readEffect(c, path)
		}
		if !path.lit {
			return runTimePath(c, Write, path, mode.lit && strings.Contains(mode.str, "a"))
		}
		if !mode.lit || !strings.ContainsAny(mode.str, "wax+") {
			return Effect{}, false
		}
		return Effect{Kind: Write, Call: full, Path: path.str, Tilde: path.tilde, Append: strings.Contains(mode.str, "a"), Offset: c.off}, true
	}
	return Effect{}, false
}

// asExec turns a shell effect of a call that takes a program (not shell
// text) into an Exec of that program name.
func (e Effect) asExec() Effect {
	if e.Kind == Shell {
		return Effect{Kind: Exec, Call: e.Call, Argv: []string{e.Text}, Offset: e.Offset}
	}
	return e
}

// runFile is the effect of a call that runs the script file in a with
// interpreter: the script is read as if the shell ran it.
func runFile(c call, a *arg, interpreter string) Effect {
	if a == nil || !a.lit {
		return shellOf(c, a)
	}
	return Effect{Kind: Exec, Call: c.name, Argv: []string{interpreter, a.str}, Offset: c.off}
}

// pyCLib finds the names a program binds to a C library it loads with
// ctypes: libc = ctypes.CDLL(None), libc = cdll.LoadLibrary("libc.so.6"),
// libc = ctypes.cdll.msvcrt, api = ctypes.pythonapi.
var pyCLib = lazy.Regexp{Expr: `(?m)([\w.]+)\s*=\s*(?:[\w.]*\.)?(?:CDLL|PyDLL|WinDLL|OleDLL|LoadLibrary|cdll\.\w+|pydll\.\w+|pythonapi)\b`}

// pyCFuncs are the C functions whose calls through ctypes corral reads:
// libc's that run a shell, a program or delete a file, that signal every
// process or stop the machine (kill, reboot), and the Python C API's that
// run Python source.
var pyCFuncs = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{"system": true, "popen": true, "execl": true, "execlp": true, "execle": true,
		"execv": true, "execvp": true, "execve": true, "execvpe": true, "fexecve": true, "posix_spawn": true, "posix_spawnp": true,
		"unlink": true, "remove": true, "rmdir": true, "unlinkat": true, "kill": true, "reboot": true,
		"PyRun_SimpleString": true, "PyRun_SimpleStringFlags": true}
	for _, f := range cFileFuncs() {
		m[f] = true // fopen, open, rename… (foreignlibc.go)
	}
	return m
}}

// pyCLibRecv reports a receiver that is a C library loaded through
// ctypes: a call result of its loaders (CDLL(None).system, so the
// receiver is "CDLL"), a name bound to one, or ctypes's cdll, pydll and
// pythonapi.
func pyCLibRecv(recv string, libs map[string]bool) bool {
	switch lastSegment(recv) {
	case "CDLL", "PyDLL", "WinDLL", "OleDLL", "LoadLibrary", "pythonapi":
		return true
	}
	if libs[recv] {
		return true
	}
	return strings.HasPrefix(recv, "ctypes.cdll.") || strings.HasPrefix(recv, "cdll.") ||
		strings.HasPrefix(recv, "ctypes.pydll.") || strings.HasPrefix(recv, "pydll.")
}

// cCall is the effect of a C function called through ctypes: system and
// popen run shell text (bytes or str), execl and execlp a program with
// the literal arguments that follow argv[0] up to None, the exec and
// spawn calls that take an argument array something only known at run
// time; unlink, remove and rmdir delete; PyRun_SimpleString runs Python
// source; kill(-1, sig) is the shell's kill -9 -1 and reboot(howto) its
// reboot, poweroff or halt (cPower).
func (p *parser) cCall(c call) ([]Effect, bool) {
	fn := lastSegment(c.name)
	args := positional(c.args)
	if es, ok := cFileCall(c, fn, args); ok {
		return es, true // fopen, open, creat, rename… (foreignlibc.go)
	}
	first := argAt(args, 0)
	switch fn {
	case "system", "popen":
		return []Effect{shellOf(c, first)}, true
	case "PyRun_SimpleString", "PyRun_SimpleStringFlags":
		return p.evalCode(c, first), true
	case "kill", "reboot":
		return cPower(c, fn, args), true
	case "unlink", "remove", "rmdir", "unlinkat":
		if fn == "unlinkat" {
			first = argAt(args, 1)
		}
		if first == nil || !first.lit {
			return []Effect{{Kind: Hidden, Call: c.name, Offset: c.off, Text: c.name}}, true
		}
		return []Effect{{Kind: Delete, Call: c.name, Path: first.str, Dir: fn == "rmdir", Offset: c.off}}, true
	case "execl", "execlp", "execle":
		if len(args) >= 2 && first.lit {
			argv := []string{first.str}
			known := true
			for _, a := range args[2:] {
				if a.text == "None" || a.text == "0" {
					break
				}
				if !a.lit {
					known = false
					break
				}
				argv = append(argv, a.str)
			}
			if known {
				return []Effect{{Kind: Exec, Call: c.name, Argv: argv, Offset: c.off}}, true
			}
		}
	}
	text := ""
	if first != nil {
		text = first.text
	}
	return []Effect{{Kind: Hidden, Call: c.name, Text: text, Offset: c.off}}, true
}

// The howto values of reboot(2) as glibc's reboot(howto) takes them
// (sys/reboot.h): RB_ENABLE_CAD and RB_DISABLE_CAD (0) only set what
// Ctrl-Alt-Del does.
const (
	rbHalt       = 0xcdef0123
	rbPowerOff   = 0x4321fedc
	rbSuspend    = 0xd000fce2
	rbKexec      = 0x45584543
	rbEnableCAD  = 0x89abcdef
	rbDisableCAD = 0
)

// cPower is the effect of libc's kill and reboot called from program
// code: kill(-1, sig) signals every process the user may signal, as the
// shell's kill -9 -1 (a pid of one process, or one only run time knows,
// passes, as os.kill's does); reboot(howto) restarts the machine, or with
// RB_POWER_OFF, RB_HALT_SYSTEM, RB_SW_SUSPEND or RB_KEXEC powers it off,
// halts, hibernates or kexecs it, each the shell command that does the
// same; a howto that only sets Ctrl-Alt-Del's meaning does nothing of
// the kind.
func cPower(c call, fn string, args []arg) []Effect {
	if fn == "kill" {
		if a := argAt(args, 0); a != nil {
			if t := strings.Join(strings.Fields(a.text), ""); t == "-1" || t == "(-1)" {
				return []Effect{{Kind: Exec, Call: c.name, Argv: []string{"kill", "-9", "-1"}, Offset: c.off}}
			}
		}
		return nil
	}
	argv := []string{"reboot", "--force"}
	if a := argAt(args, 0); a != nil {
		if n, err := strconv.ParseInt(strings.TrimSpace(a.text), 0, 64); err == nil {
			switch n {
			case rbEnableCAD, rbDisableCAD:
				return nil
			case rbHalt:
				argv = []string{"halt", "--force"}
			case rbPowerOff:
				argv = []string{"poweroff", "--force"}
			case rbSuspend:
				argv = []string{"systemctl", "hibernate"}
			case rbKexec:
				argv = []string{"systemctl", "kexec"}
			}
		}
	}
	return []Effect{{Kind: Exec, Call: c.name, Argv: argv, Offset: c.off}}
}

// pyCRefs finds the other ways to reach a C function of a library loaded
// with ctypes: by subscript (CDLL(None)["system"](…), judged as the call
// is) and as a value (f = libc.system; f(cmd)), where what it is called
// with is not in sight.
func (p *parser) pyCRefs(libs map[string]bool) []Effect {
	var out []Effect
	// recvAt reports whether the tokens ending at k are a C library.
	recvAt := func(k int) bool {
		t := p.tok(k)
		switch {
		case t.kind == tIdent:
			name, _ := p.dotted(k)
			return pyCLibRecv(p.al.resolve(name), libs)
		case isP(t, ")"):
			open := p.matchBack(k)
			if open > 0 && p.tok(open-1).kind == tIdent {
				ctor, _ := p.dotted(open - 1)
				return pyCLibRecv(lastSegment(p.al.resolve(ctor)), libs)
			}
		}
		return false
	}
	for i, t := range p.toks {
		switch {
		case t.kind == tString && t.lit && pyCFuncs.Get()[t.text] && isP(p.tok(i-1), "[") && isP(p.tok(i+1), "]") && recvAt(i-2):
			c := call{name: "[" + t.text + "]", off: t.off, first: i - 1, next: i + 2}
			if isP(p.tok(i+2), "(") {
				c.name = t.text
				c.args, _ = p.args(i+2, ")")
				c.parens = true
				if e, ok := p.cCall(c); ok {
					out = append(out, e...)
				}
				continue
			}
			out = append(out, Effect{Kind: Hidden, Call: t.text, Text: t.text + " of a C library used as a value", Offset: t.off})
		case t.kind == tIdent && pyCFuncs.Get()[t.text] && isP(p.tok(i-1), ".") && !isP(p.tok(i+1), "(") && !isP(p.tok(i+1), ".") && recvAt(i-2):
			// (libc.system.argtypes = […] declares its types.)
			out = append(out, Effect{Kind: Hidden, Call: t.text, Text: t.text + " of a C library used as a value", Offset: t.off})
		}
	}
	return out
}

// pyRunsCode reads the calls that run Python source given as a string
// (timeit.timeit(stmt), pdb.run, code.InteractiveInterpreter().runsource)
// or read from stdin (code.interact()), and webbrowser's browser command
// lines (webbrowser.get("sh -c '…' %s") runs that command with the URL).
func (p *parser) pyRunsCode(c call, full string) ([]Effect, bool) {
	last := lastSegment(full)
	recv, _, _ := cutLast(full)
	switch {
	case pyCodeRunners.Get()[full] != nil && !c.method || pyCodeRunners.Get()[full] != nil && strings.HasPrefix(full, "timeit."):
		var out []Effect
		for i, key := range pyCodeRunners.Get()[full] {
			a := keyword(c.args, key)
			if a == nil {
				a = argAt(positional(c.args), i)
			}
			if a == nil {
				continue
			}
			if a.lit || !isNameOrCall(a.text) && a.text != "" {
				out = append(out, p.evalCode(c, a)...)
			}
		}
		return out, true
	case pyCodeMethods.Get()[last] && c.method,
		last == "push" && c.method && (strings.Contains(recv, "InteractiveConsole") || strings.HasPrefix(full, "code.")),
		last == "run" && c.method && (strings.Contains(recv, "Profile") || strings.Contains(recv, "Pdb") || strings.Contains(recv, "Trace") || strings.Contains(recv, "InteractiveConsole")):
		return p.evalCode(c, argAt(positional(c.args), 0)), true
	case full == "code.interact" || last == "interact" && c.method && strings.Contains(recv, "Interactive"):
		return []Effect{{Kind: Hidden, Call: full, Text: "Python code read from stdin", Offset: c.off}}, true
	case full == "webbrowser.get" || full == "webbrowser.register":
		// get(using): a name with %s is a command line, split as a shell
		// would and run with the URL in place of %s.
		a := argAt(positional(c.args), 0)
		if full == "webbrowser.register" {
			return nil, true // register(name, klass, instance): a class, not a command line
		}
		switch {
		case a == nil:
			return nil, true
		case a.lit && strings.Contains(a.str, "%s"):
			return []Effect{{Kind: Shell, Call: full, Text: strings.ReplaceAll(a.str, "%s", "URL"), Offset: c.off}}, true
		case a.lit:
			return nil, true // a browser by name: webbrowser.get("firefox")
		}
		return []Effect{{Kind: Hidden, Call: full, Text: a.text, Offset: c.off}}, true
	}
	return nil, false
}

// isNameOrCall reports an argument that is a plain name or a call (a
// callable handed to timeit: timeit.timeit(f), timeit.timeit(lambda: x)),
// not source text.
func isNameOrCall(text string) bool {
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "lambda") {
		return true
	}
	for _, r := range t {
		if !(r == '_' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return t != ""
}

// pyWriteMode reports an open mode that writes ("w", "ab", "r+", "x").
func pyWriteMode(m string) bool {
	return m != "" && len(m) <= 3 && strings.Trim(m, "rwaxbt+") == "" && strings.ContainsAny(m, "wax+")
}

// pyUnpackedKey is the value of key in a dict literal unpacked into the
// keywords of c (run(**{"args": "ls", "shell": True}), **dict(args=…)),
// read as an argument, or nil.
func pyUnpackedKey(c call, key string) *arg {
	for _, a := range c.args {
		rest, ok := strings.CutPrefix(a.text, "**")
		if a.key != "" || !ok {
			continue
		}
		if val, found, _ := literalOption(Python, rest, key); found && val != "" {
			q := &parser{src: val, toks: lex(Python, val), l: Python}
			v := q.argValue(0, len(q.toks))
			return &v
		}
	}
	return nil
}

// pyArgvSpawn reports distutils' spawn(cmd), which runs the argument
// list cmd as a program (distutils.spawn, removed from the standard
// library in 3.12 and kept by setuptools as setuptools._distutils).
func pyArgvSpawn(full string) bool {
	return full == "distutils.spawn.spawn" || full == "setuptools._distutils.spawn.spawn"
}

// pyFirstArg is the first argument of a call of a pyShell or pyDelete
// function, given by position or by its keyword (os.system(command=…),
// shutil.rmtree(path=…), os.removedirs(name=…)).
func pyFirstArg(c call, full string) *arg {
	if a := argAt(c.args, 0); a != nil {
		return a
	}
	switch full {
	case "os.system":
		return keyword(c.args, "command")
	case "os.removedirs":
		return keyword(c.args, "name")
	}
	if a := keyword(c.args, "cmd"); a != nil && pyShell.Get()[full] {
		return a
	}
	if _, del := pyDelete.Get()[full]; del {
		return keyword(c.args, "path")
	}
	return nil
}
