package syntax

import (
	"encoding/json"
	"path"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// App servers, workers and deployment CLIs import the project's code by
// name when they start (issue 9 item 2, issue 12 class 4): uvicorn,
// hypercorn, daphne, granian, gunicorn and waitress-serve import the
// module of MODULE:APP (a file of the working directory, --app-dir or
// --chdir), gunicorn first runs gunicorn.conf.py (-c FILE), celery -A MOD
// imports MOD (and MOD.celery), flask imports --app/FLASK_APP (else
// wsgi.py or app.py), streamlit run and fastapi run|dev run their file,
// alembic runs the env.py of alembic.ini's script_location (and the
// revisions in versions/ when it upgrades or downgrades), cdk runs
// cdk.json's app command and pulumi runs the program Pulumi.yaml names.
// The agent can write that code and start the tool, so the code is read
// as the tool's, in its language, as a configuration module is
// (configtools.go). python3 -m TOOL is the tool (pyModuleCommands).

// pyAppValueOpts are the servers' options that take the next word as
// their value (uvicorn --help, gunicorn --help, hypercorn --help, daphne
// --help, granian --help, waitress-serve --help), so that a value such
// as --bind localhost:8000 is not taken for the application.
var pyAppValueOpts = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, o := range strings.Fields(`-b --bind --insecure-bind --quic-bind -w --workers -k --worker-class --host --port -p
		--uds --fd -u --unix-socket --reload-dir --reload-include --reload-exclude --loop --http --ws --lifespan --interface
		--env-file --log-config --log-level --root-path --limit-concurrency --backlog --limit-max-requests
		--timeout-keep-alive --timeout-graceful-shutdown --ssl-keyfile --ssl-certfile --ssl-keyfile-password --ssl-version
		--ssl-cert-reqs --ssl-ca-certs --ssl-ciphers --header --forwarded-allow-ips -t --timeout --threads -e --env
		-n --name --pid -D --user -g --group --access-logfile --error-logfile --log-file --access-logformat
		--certfile --keyfile --ca-certs --graceful-timeout --keep-alive --max-requests --max-requests-jitter
		--worker-connections --statsd-host --statsd-prefix --umask --paste --pythonpath --websocket_timeout
		--ping-interval --ping-timeout -e --endpoint --access-log --proxy-headers-host --application-close-timeout
		--root-path --blocking-threads --runtime-threads --opt --http1-buffer-size --backpressure --ssl-keyfile
		--working-dir --app-dir --chdir -c --config --log-config-dict --worker-tmp-dir --server-names`) {
		m[o] = true
	}
	return m
}}

// pyAppRun models call when it is a server or tool that imports project
// code (the top of this file).
func (w *walker) pyAppRun(c scope, call *Call) {
	switch call.Name {
	case "uvicorn", "hypercorn", "daphne", "granian", "gunicorn", "waitress-serve":
		w.pyServerRun(c, call)
	case "celery":
		w.celeryRun(c, call)
	case "flask":
		w.flaskRun(c, call)
	case "streamlit":
		if len(call.Args) > 1 && call.Args[0].Value == "run" {
			for _, a := range call.Args[1:] {
				if !strings.HasPrefix(a.Value, "-") {
					if a.Static && !strings.Contains(a.Value, "://") {
						w.readConfigs(c, call, call.Dir, []string{a.Value}, lang.Python, false)
					}
					return
				}
			}
		}
	case "fastapi":
		w.fastapiRun(c, call)
	case "alembic":
		w.alembicRun(c, call)
	case "cdk":
		w.cdkRun(c, call)
	case "pulumi":
		w.pulumiRun(c, call)
	}
}

// pyHelp reports a --help or --version word, with which a tool imports
// nothing.
func pyHelp(args []Arg) bool {
	for _, a := range args {
		switch a.Value {
		case "--help", "-h", "--version", "-V":
			return true
		}
	}
	return false
}

// pyModuleFiles returns the files importing module mod (a.b) runs,
// relative to the directory on sys.path: each package's __init__.py,
// and the module's file or package.
func pyModuleFiles(mod string) []string {
	mod = strings.TrimSpace(mod)
	if mod == "" {
		return nil
	}
	if strings.HasSuffix(mod, ".py") {
		return []string{mod}
	}
	parts := strings.Split(mod, ".")
	var out []string
	for i := 1; i < len(parts); i++ {
		out = append(out, path.Join(path.Join(parts[:i]...), "__init__.py"))
	}
	p := path.Join(parts...)
	return append(out, p+".py", path.Join(p, "__init__.py"))
}

// pyAppModule returns the module of a MODULE:APP word (gunicorn also
// takes MODULE alone), or "" when the word is not a module's name.
func pyAppModule(v string) string {
	mod, _, _ := strings.Cut(v, ":")
	if mod == "" || strings.Contains(mod, "/") || strings.Contains(mod, "=") {
		return ""
	}
	for i, r := range mod {
		ok := r == '_' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9'
		if !ok {
			return ""
		}
	}
	return mod
}

// pyServerRun models uvicorn, hypercorn, daphne, granian, gunicorn and
// waitress-serve: the module of their MODULE:APP operand (--app=X for
// waitress-serve), found in --app-dir (uvicorn), --chdir (gunicorn),
// --working-dir (granian), else the working directory; gunicorn first
// runs its configuration, gunicorn.conf.py (-c FILE; python:MODULE).
func (w *walker) pyServerRun(c scope, call *Call) {
	args := call.Args
	if pyHelp(args) {
		return
	}
	dir := call.Dir
	app, cfg, cfgSet := "", "gunicorn.conf.py", false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		name, val, hasEq := strings.Cut(v, "=")
		if strings.HasPrefix(v, "-") && (hasEq || pyAppValueOpts.Get()[v] && i+1 < len(args)) {
			if !hasEq {
				val = args[i+1].Value
				if !args[i+1].Static {
					if name == "--app-dir" || name == "--chdir" || name == "--working-dir" || name == "-c" || name == "--config" {
						return
					}
				}
				i++
			}
			switch name {
			case "--app-dir", "--chdir", "--working-dir":
				dir = dir.Join(val)
			case "-c", "--config":
				cfg, cfgSet = val, true
			case "--app":
				if call.Name == "waitress-serve" {
					app = val
				}
			}
			continue
		}
		if strings.HasPrefix(v, "-") || app != "" {
			continue
		}
		if !args[i].Static {
			return
		}
		if strings.Contains(v, ":") || call.Name == "gunicorn" || call.Name == "waitress-serve" {
			app = v
		}
	}
	if call.Name == "gunicorn" {
		if m, ok := strings.CutPrefix(cfg, "python:"); ok {
			w.readConfigs(c, call, dir, pyModuleFiles(m), lang.Python, true)
		} else if cfgSet || strings.HasSuffix(cfg, ".py") {
			w.readConfigs(c, call, call.Dir, []string{cfg}, lang.Python, false)
		}
	}
	if mod := pyAppModule(app); mod != "" {
		w.readConfigs(c, call, dir, pyModuleFiles(mod), lang.Python, true)
	}
}

// celeryRun models celery -A|--app MOD …: celery imports MOD, and
// MOD.celery when MOD is a package that names no app.
func (w *walker) celeryRun(c scope, call *Call) {
	args := call.Args
	if pyHelp(args) {
		return
	}
	dir := call.Dir
	app := ""
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case (v == "-A" || v == "--app") && i+1 < len(args):
			if !args[i+1].Static {
				return
			}
			app = args[i+1].Value
			i++
		case strings.HasPrefix(v, "--app="):
			app = strings.TrimPrefix(v, "--app=")
		case strings.HasPrefix(v, "-A") && len(v) > 2:
			app = v[2:]
		case v == "--workdir" && i+1 < len(args):
			dir = dir.Join(args[i+1].Value)
			i++
		}
	}
	if mod := pyAppModule(app); mod != "" {
		files := pyModuleFiles(mod)
		if !strings.Contains(app, ":") {
			files = append(files, pyModuleFiles(mod + ".celery")[len(files)-2:]...)
		}
		w.readConfigs(c, call, dir, files, lang.Python, true)
	}
}

// flaskRun models flask [--app|-A X] COMMAND: flask imports X (FLASK_APP;
// else wsgi.py, then app.py): a module (MODULE:APP, MODULE:factory()),
// or a file, or DIR/MODULE (DIR is put on sys.path).
func (w *walker) flaskRun(c scope, call *Call) {
	args := call.Args
	if len(args) == 0 || pyHelp(args) {
		return
	}
	app, set := "", false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case (v == "--app" || v == "-A") && i+1 < len(args):
			if !args[i+1].Static {
				return
			}
			app, set = args[i+1].Value, true
			i++
		case strings.HasPrefix(v, "--app="):
			app, set = strings.TrimPrefix(v, "--app="), true
		case (v == "-e" || v == "--env-file") && i+1 < len(args):
			i++
		case !strings.HasPrefix(v, "-"):
			i = len(args) // the command: its own options follow
		}
	}
	if !set {
		v, known, ok := w.envValue(c, call, "FLASK_APP", true)
		if ok && !known {
			return
		}
		app, set = v, ok && v != ""
	}
	if !set {
		w.readConfigs(c, call, call.Dir, []string{"wsgi.py", "app.py"}, lang.Python, false)
		return
	}
	mod, _, _ := strings.Cut(app, ":")
	dir := call.Dir
	if d, base := path.Split(mod); d != "" {
		dir, mod = dir.Join(d), base
	}
	if strings.HasSuffix(mod, ".py") {
		w.readConfigs(c, call, dir, []string{mod}, lang.Python, false)
		return
	}
	if m := pyAppModule(mod); m != "" {
		w.readConfigs(c, call, dir, pyModuleFiles(m), lang.Python, true)
	}
}

// fastapiRun models fastapi run|dev [PATH]: the file (or package) PATH
// names, else the first of main.py, app.py, api.py, app/main.py,
// app/app.py and app/api.py; --entrypoint MODULE:APP names a module.
func (w *walker) fastapiRun(c scope, call *Call) {
	args := call.Args
	if len(args) == 0 || args[0].Value != "run" && args[0].Value != "dev" || pyHelp(args) {
		return
	}
	var file string
	for i := 1; i < len(args); i++ {
		v := args[i].Value
		switch {
		case (v == "-e" || v == "--entrypoint") && i+1 < len(args):
			if m := pyAppModule(args[i+1].Value); m != "" && args[i+1].Static {
				w.readConfigs(c, call, call.Dir, pyModuleFiles(m), lang.Python, true)
			}
			return
		case (v == "--host" || v == "--port" || v == "--app" || v == "--root-path" || v == "--workers" ||
			v == "--forwarded-allow-ips" || v == "--proxy-headers") && i+1 < len(args):
			i++
		case strings.HasPrefix(v, "-"):
		case file == "":
			if !args[i].Static {
				return
			}
			file = v
		}
	}
	files := []string{"main.py", "app.py", "api.py", "app/main.py", "app/app.py", "app/api.py"}
	if file != "" {
		files = []string{file}
		if !strings.HasSuffix(file, ".py") {
			files = []string{path.Join(file, "__init__.py")}
		}
	}
	w.readConfigs(c, call, call.Dir, files, lang.Python, false)
}

// alembicRun models alembic [-c FILE] [-n NAME] COMMAND: every command
// but init, list_templates and --help runs env.py in the script_location
// of alembic.ini's [alembic] section (or pyproject.toml's
// [tool.alembic]); upgrade and downgrade also run the revisions in its
// versions directory.
func (w *walker) alembicRun(c scope, call *Call) {
	args := call.Args
	if pyHelp(args) {
		return
	}
	ini, section, sub := "alembic.ini", "alembic", ""
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case (v == "-c" || v == "--config") && i+1 < len(args):
			if !args[i+1].Static {
				return
			}
			ini = args[i+1].Value
			i++
		case strings.HasPrefix(v, "--config="):
			ini = strings.TrimPrefix(v, "--config=")
		case (v == "-n" || v == "--name") && i+1 < len(args):
			section = args[i+1].Value
			i++
		case (v == "-x" || v == "--toml-file") && i+1 < len(args):
			i++
		case strings.HasPrefix(v, "-"):
		case sub == "":
			sub = v
		}
	}
	if sub == "" || sub == "init" || sub == "list_templates" {
		return
	}
	iniDir := call.Dir.Join(path.Dir(ini))
	loc := ""
	if text, ok := w.readScript(call.Dir.Join(ini)); ok {
		loc, _ = iniValue(text, section, "script_location")
	}
	if loc == "" {
		if text, ok := w.readScript(call.Dir.Join("pyproject.toml")); ok {
			loc, _ = tomlKey(text, "tool.alembic", "script_location")
		}
	}
	loc = strings.TrimSpace(strings.ReplaceAll(loc, "%(here)s", iniDir.Path))
	if loc == "" || strings.Contains(loc, "%(") || !iniDir.Known {
		return
	}
	loc = strings.ReplaceAll(loc, ":", "/") // package:dir
	files := []string{"env.py"}
	if sub == "upgrade" || sub == "downgrade" {
		files = append(files, w.globNames(call.Dir.Join(loc), "versions/*.py")...)
	}
	w.readConfigs(c, call, call.Dir.Join(loc), files, lang.Python, true)
}

// cdkRun models the AWS CDK CLI: a command that synthesizes (deploy,
// synth, diff, …) runs the app command, -a/--app CMD or cdk.json's
// "app", shell text run in the working directory (a --app naming a
// directory of synthesized output runs nothing, and reads as no command).
func (w *walker) cdkRun(c scope, call *Call) {
	args := call.Args
	if pyHelp(args) {
		return
	}
	sub, app, set := "", "", false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case (v == "-a" || v == "--app") && i+1 < len(args):
			app, set = args[i+1].Value, true
			i++
		case strings.HasPrefix(v, "--app="):
			app, set = strings.TrimPrefix(v, "--app="), true
		case strings.HasPrefix(v, "-"):
		case sub == "":
			sub = v
		}
	}
	switch sub {
	case "", "init", "doctor", "docs", "doc", "acknowledge", "ack", "notices", "context", "version", "migrate", "gc", "flags":
		return
	}
	if set {
		w.runTaskText(c, call, call.Dir, app, "cdk --app", false)
		return
	}
	text, ok := w.readScript(call.Dir.Join("cdk.json"))
	if !ok {
		return
	}
	var doc struct {
		App string `json:"app"`
	}
	if json.Unmarshal([]byte(text), &doc) != nil || doc.App == "" {
		return
	}
	w.runTaskText(c, call, call.Dir, doc.App, "cdk.json (app)", false)
}

// pulumiRun models pulumi up|preview|watch (-C/--cwd DIR): it runs the
// program of Pulumi.yaml: runtime python runs __main__.py of main (the
// project's directory by default), nodejs the main file, else index.js
// or index.ts (the main of package.json).
func (w *walker) pulumiRun(c scope, call *Call) {
	args := call.Args
	if pyHelp(args) {
		return
	}
	dir, sub := call.Dir, ""
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case (v == "-C" || v == "--cwd") && i+1 < len(args):
			if !args[i+1].Static {
				return
			}
			dir = dir.Join(args[i+1].Value)
			i++
		case strings.HasPrefix(v, "--cwd="):
			dir = dir.Join(strings.TrimPrefix(v, "--cwd="))
		case (v == "-s" || v == "--stack" || v == "-m" || v == "--message" || v == "-c" || v == "--config" ||
			v == "--config-file" || v == "-t" || v == "--target" || v == "--policy-pack" || v == "-p" || v == "--parallel") && i+1 < len(args):
			i++
		case strings.HasPrefix(v, "-"):
		case sub == "":
			sub = v
		}
	}
	switch sub {
	case "up", "update", "preview", "pre", "watch", "destroy", "down":
	default:
		return
	}
	file := "Pulumi.yaml"
	text, ok := w.readScript(dir.Join(file))
	if !ok {
		file = "Pulumi.yml"
		if text, ok = w.readScript(dir.Join(file)); !ok {
			return
		}
	}
	if strings.Contains(text, "command:local:") {
		// runtime: yaml, whose program is this file (pulumiLocalCommands).
		w.pulumiLocalCommands(c, call, dir, file, text, sub)
	}
	if sub == "destroy" || sub == "down" {
		return // the program is not run
	}
	runtime, main := "", ""
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		k, v, _ := strings.Cut(t, ":")
		v = yamlUnquote(strings.TrimSpace(v))
		switch {
		case k == "runtime" && v != "":
			runtime = v
		case k == "name" && runtime == "" && line != t:
			runtime = v // runtime:\n  name: python
		case k == "main" && line == t:
			main = v
		}
	}
	base := dir
	if main != "" && !strings.HasSuffix(main, ".js") && !strings.HasSuffix(main, ".ts") {
		base = dir.Join(main)
	}
	// The runtime's options that run a program (runtime:, options:):
	// the YAML runtime's compiler (a command whose output is the
	// program: compiler: cue export) and nodejs's nodeargs (node's own
	// options, --require FILE among them).
	opts, _ := ciCommands(text, []string{"compiler", "nodeargs"}, nil)
	nodeArgs := ""
	for _, o := range opts {
		if len(o.path) < 2 || o.path[0] != "runtime" || o.path[len(o.path)-1] != "options" {
			continue
		}
		where := file + " runtime options " + o.key + " (line " + strconv.Itoa(o.line) + ")"
		switch {
		case !o.known:
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.text, What: where + " is a value corral cannot read"})
		case o.key == "compiler" && runtime == "yaml":
			w.runTaskText(c, call, dir, o.text, where, false)
		case o.key == "nodeargs":
			nodeArgs = o.text
		}
	}
	switch runtime {
	case "python":
		w.readConfigs(c, call, base, []string{"__main__.py"}, lang.Python, false)
	case "nodejs":
		files := []string{"index.js", "index.ts"}
		if strings.HasSuffix(main, ".js") || strings.HasSuffix(main, ".ts") {
			files = []string{main}
		} else if pkg, ok := w.readScript(base.Join("package.json")); ok {
			var doc struct {
				Main string `json:"main"`
			}
			if json.Unmarshal([]byte(pkg), &doc) == nil && doc.Main != "" {
				files = []string{doc.Main}
			}
		}
		if nodeArgs != "" {
			// node NODEARGS MAIN: the options are node's, read by its
			// model (a --require FILE is read as the main file is).
			w.runTaskText(c, call, base, "node "+nodeArgs+" "+Quote(files[0]), file+" runtime options nodeargs", false)
			return
		}
		w.readConfigs(c, call, base, files, lang.JS, false)
	}
}

// pulumiLocalCommands judges the commands a Pulumi YAML program runs on
// this machine (issue 12, class 4): a resource of type
// command:local:Command runs its create command (pulumi up, when it is
// created), update (when it changes) and delete (pulumi destroy), and an
// invoke of command:local:run (fn::invoke, function: command:local:run)
// runs its command whenever the program runs, a preview too. The text is
// shell text (sh -c); a resource whose interpreter is set, or a value
// with a ${…} interpolation, asks by its rule words.
func (w *walker) pulumiLocalCommands(c scope, call *Call, dir Dir, file, text, sub string) {
	kinds := map[string]string{} // resource or invoke path: its type
	types, _ := ciCommands(text, []string{"type", "function", "interpreter"}, nil)
	interp := map[string]bool{}
	for _, t := range types {
		p := strings.Join(t.path, "/")
		switch t.key {
		case "interpreter":
			interp[strings.TrimSuffix(p, "/properties")] = true
		default:
			kinds[p] = t.text
		}
	}
	var keys []string
	switch sub {
	case "destroy", "down":
		keys = []string{"delete"}
	case "preview", "pre":
		keys = []string{"command"}
	default:
		keys = []string{"create", "update", "command"}
	}
	cmds, _ := ciCommands(text, keys, nil)
	for _, cm := range cmds {
		owner := ""
		for i := len(cm.path); i > 0; i-- {
			p := strings.Join(cm.path[:i], "/")
			if k := kinds[p]; k != "" {
				owner = p
				if cm.key == "command" && k != "command:local:run" || cm.key != "command" && k != "command:local:Command" {
					owner = ""
				}
				break
			}
		}
		if owner == "" {
			continue
		}
		where := file + " " + owner + " " + cm.key + " (line " + strconv.Itoa(cm.line) + ")"
		switch {
		case !cm.known:
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: cm.text, What: where + " is a value corral cannot read"})
		case interp[owner]:
			w.runTaskText(c, call, dir, cm.text, where+" (its own interpreter)", true)
		default:
			w.runTaskText(c, call, dir, cm.text, where, strings.Contains(cm.text, "${"))
		}
	}
}
