package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// builtNameCases reach a function that runs shell text through a name
// built at run time in Lua, Tcl and R (red team: these were allowed):
// an index by a string built of literals, a name bound to the function,
// a command word held in a variable, a function fetched by its name, code
// in a string compiled by the language itself. What only run time knows
// asks; look-alikes (the same moves on data) have no effect.
var builtNameCases = []struct {
	name string
	l    Lang
	src  string
	want []string
}{
	// Lua
	{"lua-built-key", Lua, `local o=os; o["exe".."cute"]("rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-string-key", Lua, `os["execute"]("rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-G-field", Lua, `_G.os.execute("rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-G-index", Lua, `_G["os"]["execute"]("rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-ENV-index", Lua, `_ENV["io"]["po".."pen"]("rm -rf ~")`, []string{"shell io.popen: rm -rf ~"}},
	{"lua-fn-alias", Lua, "local f = os.execute\nf('rm -rf ~')", []string{"shell os.execute: rm -rf ~"}},
	{"lua-popen-alias", Lua, `local p = io.popen; p("rm -rf ~")`, []string{"shell io.popen: rm -rf ~"}},
	{"lua-alias-chain", Lua, "local o = _G['os']\nlocal r = o['remove']\nr('/srv/x')", []string{"delete os.remove: /srv/x"}},
	{"lua-load", Lua, `load("os.execute('rm -rf ~')")()`, []string{"shell load → os.execute: rm -rf ~"}},
	{"lua-loadstring", Lua, `loadstring([[os.remove("/srv/y")]])()`, []string{"delete loadstring → os.remove: /srv/y"}},
	{"lua-load-runtime", Lua, `load(io.read("a"))()`, []string{"hidden load: io.read(\"a\")"}},
	{"lua-runtime-key", Lua, `local k = arg[1]; os[k]("rm -rf ~")`, []string{"hidden os[…]: a field of os named at run time, called: os[k]"}},
	{"lua-runtime-key-G", Lua, `_G[name](x)`, []string{"hidden _G[…]: a field of _G named at run time, called: _G[name]"}},
	{"lua-mixed-alias", Lua, "local f = os.execute\nif x then f = print end\nf('ls')", []string{"hidden f: f is os.execute in one assignment and something else in another"}},
	{"lua-look", Lua, `local t={}; t["a".."b"]=1; print(t.ab); print(os["time"]()); local k = "x"; print(t[k]); _G[k] = 2; local c = os.clock; print(c())`, nil},
	{"lua-meta-index", Lua, `setmetatable({}, {__index=os}).execute("rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-meta-local", Lua, `local t = setmetatable({}, {__index = os}); t.execute("rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-meta-G", Lua, `setmetatable({}, {__index=_G}).os.execute("rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-meta-require", Lua, `setmetatable({}, {__index=require"os"}).execute("rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-meta-statement", Lua, `local t = {}; setmetatable(t, {__index=io}); t.popen("rm -rf ~")`, []string{"shell io.popen: rm -rf ~"}},
	{"lua-meta-table-name", Lua, `local mt = {__index=os}; local t = setmetatable({}, mt); t.execute("rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-rawget", Lua, `local f = rawget(os, "execute"); f("rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-loaded", Lua, `package.loaded["os"].execute("rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-registry", Lua, `debug.getregistry()._LOADED.os.execute("rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-multi-assign", Lua, `local a, b = print, os.execute; b("rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-value-pcall", Lua, `pcall(os.execute, "rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}}, // pcall(F, …) calls F
	{"lua-value-table", Lua, `local t = {run = os.execute}; t.run("rm -rf ~")`, []string{"hidden os.execute: os.execute used as a value", "shell os.execute: rm -rf ~"}},
	// pcall and xpcall call the function they are given; a table's
	// field bound to a function is that function.
	{"lua-xpcall", Lua, `xpcall(os.remove, print, os.getenv("HOME"))`, []string{"delete os.remove: ~"}},
	{"lua-pcall-popen", Lua, `local ok, f = pcall(io.popen, "rm -rf ~")`, []string{"shell io.popen: rm -rf ~"}},
	{"lua-pcall-bound", Lua, `local e = os.execute; pcall(e, "rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-field-index", Lua, `local t = {run = os.execute}; t["run"]("rm -rf ~")`, []string{"hidden os.execute: os.execute used as a value", "shell os.execute: rm -rf ~"}},
	{"lua-field-key", Lua, "local t = {[\"run\"] = os.execute, n = 1}\nt.run \"rm -rf ~\"", []string{"hidden os.execute: os.execute used as a value", "shell os.execute: rm -rf ~"}},
	{"lua-field-assign", Lua, `local x = {}; x.f = os.remove; x.f(os.getenv("HOME").."/.ssh")`, []string{"hidden os.remove: os.remove used as a value", "delete os.remove: ~/.ssh"}},
	// Look-alikes: a harmless function through pcall or a field; a
	// field given another value too; a handler with code keeps asking.
	{"lua-pcall-look", Lua, `pcall(print, "rm -rf ~"); local t = {run = print}; t.run("rm -rf ~"); xpcall(tostring, print, "rm -rf ~")`, nil},
	{"lua-field-mixed", Lua, `local t = {run = os.execute}; t.run = print; t.run("rm -rf ~")`, []string{"hidden os.execute: os.execute used as a value"}},
	{"lua-xpcall-handler", Lua, `xpcall(os.execute, function(e) print(e) end, "rm -rf ~")`, []string{"hidden os.execute: os.execute used as a value"}},
	{"lua-field-function", Lua, `local t = {}; function t.run(x) print(x) end; t.run("rm -rf ~")`, nil},
	{"lua-value-pairs", Lua, `for k, v in pairs(os) do if k == "execute" then v("rm -rf ~") end end`, []string{"hidden os: os used as a value"}},
	{"lua-registry-value", Lua, `local r = debug.getregistry(); r._LOADED.os.execute("rm -rf ~")`, []string{"hidden debug.getregistry: the registry, which holds the loaded modules (os, io)"}},
	{"lua-runtime-loaded", Lua, `local k = arg[1]; package.loaded[k].execute("rm -rf ~")`, []string{"hidden package.loaded: package.loaded indexed by a key only known at run time"}},
	{"lua-meta-look", Lua, "print(setmetatable({}, {__index=string}).format('%d', 1))\nlocal t = setmetatable({}, {__index = {a = 1}}); print(t.a)\nlocal u = setmetatable({}, {__index=os}); print(u.time())\nlocal a, b = 1, 2; print(a + b, rawget(t, 'x'), os)\npackage.loaded.mymod = nil\n-- setmetatable({}, {__index=os}).execute('rm -rf ~')\nprint('setmetatable({}, {__index=os}).execute(\"rm -rf ~\")')", nil},
	// Tcl
	{"tcl-var-command", Tcl, "set c ex; append c ec; $c rm -rf ~", []string{"exec exec: rm -rf ~"}},
	{"tcl-var-command-set", Tcl, "set c exec\n${c} rm -rf /srv", []string{"exec exec: rm -rf /srv"}},
	{"tcl-string-cat", Tcl, "[string cat ex ec] rm -rf ~", []string{"exec exec: rm -rf ~"}},
	{"tcl-join", Tcl, `set c [join {ex ec} ""]; $c rm -rf ~`, []string{"exec exec: rm -rf ~"}},
	{"tcl-reverse", Tcl, "set c [string reverse cexe]; $c rm -rf ~", []string{"exec exec: rm -rf ~"}},
	{"tcl-eval-words", Tcl, "eval exec rm -rf ~", []string{"exec exec: rm -rf ~"}},
	{"tcl-eval-list", Tcl, "eval [list exec rm -rf ~]", []string{"exec exec: rm -rf ~"}},
	{"tcl-uplevel", Tcl, "uplevel #0 {exec rm -rf ~}", []string{"exec exec: rm -rf ~"}},
	{"tcl-interp-eval", Tcl, "interp eval {} {exec rm -rf ~}", []string{"exec exec: rm -rf ~"}},
	{"tcl-open-pipe", Tcl, `open "|rm -rf ~"`, []string{"exec open |: rm -rf ~"}},
	{"tcl-var-arg", Tcl, "set d /srv/x; file delete -force $d", []string{"delete -r file delete: /srv/x"}},
	{"tcl-runtime-command", Tcl, "set c [lindex $argv 0]; $c rm -rf ~", []string{"hidden $c: a command named at run time: $c rm -rf ~"}},
	{"tcl-nested-assign", Tcl, "set c exec; if {0} {set c puts}; $c rm -rf ~", []string{"hidden $c: a command named at run time: $c rm -rf ~"}},
	{"tcl-later-assign", Tcl, "set c puts; after 10 {$c rm -rf ~}; set c exec", []string{"hidden $c: a command named at run time: $c rm -rf ~"}},
	{"tcl-widget-param-look", Tcl, "proc mk {w} { $w configure -bg red; $w.b cget -text }; mk .", nil},
	{"tcl-runtime-invoke", Tcl, "proc run {i} { $i invoke {} exec rm }", []string{"hidden $i: a command named at run time: $i invoke {} exec rm"}},
	{"tcl-look", Tcl, "set c puts; $c hello; set x [string cat a b]; puts $x; set l [list exec rm]; puts $l", nil},
	{"tcl-expand-list", Tcl, "set c exec; {*}[list $c rm -rf ~]", []string{"exec exec: rm -rf ~"}},
	{"tcl-expand-var", Tcl, "set l [list exec rm -rf ~]; {*}$l", []string{"exec exec: rm -rf ~"}},
	{"tcl-expand-brace", Tcl, "{*}{exec rm -rf ~}", []string{"exec exec: rm -rf ~"}},
	{"tcl-expand-head", Tcl, "{*}[list file delete -force] /srv/x", []string{"delete -r file delete: /srv/x"}},
	{"tcl-expand-args", Tcl, "set l [list rm -rf ~]; exec {*}$l", []string{"exec exec: rm -rf ~"}},
	{"tcl-expand-runtime", Tcl, "{*}$argv", []string{"hidden {*}$argv: a command named at run time: {*}$argv"}},
	{"tcl-expand-look", Tcl, "puts {*}[list a b]; set l {puts hi}; {*}$l; puts \"{*}[list exec rm -rf ~]\"; puts {*}\n# {*}[list exec rm -rf ~]", nil},
	// R
	{"r-get-paste", R, `f <- get(paste0("sys","tem")); f("rm -rf ~")`, []string{"shell system: rm -rf ~"}},
	{"r-get-var", R, "n <- paste(\"sys\", \"tem\", sep = \"\")\nget(n)(\"rm -rf ~\")", []string{"shell system: rm -rf ~"}},
	{"r-do-call", R, `do.call("system", list("rm -rf ~"))`, []string{"shell system: rm -rf ~"}},
	{"r-do-call-paste", R, `do.call(paste0("sys","tem"), list("rm -rf ~"))`, []string{"shell system: rm -rf ~"}},
	{"r-do-call-ident", R, `do.call(system, list(command = "rm -rf ~"))`, []string{"shell system: rm -rf ~"}},
	{"r-do-call-alias", R, "s <- system\ndo.call(s, list('rm -rf ~'))", []string{"shell system: rm -rf ~"}},
	{"r-match-fun", R, `match.fun("system")("rm -rf ~")`, []string{"shell system: rm -rf ~"}},
	{"r-eval-parse", R, `eval(parse(text="system('rm -rf ~')"))`, []string{"shell parse → system: rm -rf ~"}},
	{"r-str2lang", R, `eval(str2lang("unlink('/srv/x', recursive = TRUE)"))`, []string{"delete -r str2lang → unlink: /srv/x"}},
	{"r-eval-parse-runtime", R, `eval(parse(text = readLines("f")[1]))`, []string{"hidden parse: text = readLines(\"f\")[1]", "read readLines: f"}},
	{"r-base", R, `base::system("rm -rf ~")`, []string{"shell system: rm -rf ~"}},
	{"r-system2", R, `system2("rm", c("-rf", "~"))`, []string{"shell system2: rm -rf ~"}},
	{"r-unlink", R, `unlink("~", recursive=TRUE)`, []string{"delete -r unlink: ~"}},
	{"r-runtime-get", R, `f <- get(commandArgs(TRUE)[1]); f("rm -rf ~")`, []string{"hidden f: f holds a function named at run time"}},
	{"r-runtime-get-called", R, `get(x)("rm -rf ~")`, []string{"hidden get: get(x) called: a function named at run time"}},
	{"r-runtime-do-call", R, `do.call(fns[[i]], list("rm -rf ~"))`, []string{"hidden do.call: do.call(fns[[i]], list(\"rm -rf ~\")): a function named at run time"}},
	{"r-value", R, "sapply(cmds, system)\nMap(f = file.remove, paths)", []string{"hidden system: system used as a value", "hidden file.remove: file.remove used as a value"}},
	{"r-value-look", R, "print(system); exists('system'); x <- sapply(1:3, sqrt)", nil},
	{"r-right-assign", R, `system -> f; f("rm -rf ~")`, []string{"shell system: rm -rf ~"}},
	{"r-right-assign-global", R, "system ->> f\nf('rm -rf ~')", []string{"shell system: rm -rf ~"}},
	{"r-global-assign", R, `f <<- system; f("rm -rf ~")`, []string{"shell system: rm -rf ~"}},
	{"r-right-assign-get", R, `get("system") -> f; f("rm -rf ~")`, []string{"shell system: rm -rf ~"}},
	{"r-assign", R, `assign("f", system); f("rm -rf ~")`, []string{"shell system: rm -rf ~"}},
	{"r-assign-get", R, `assign("f", get("system"), envir = globalenv()); f("rm -rf ~")`, []string{"shell system: rm -rf ~"}},
	{"r-delayed-assign", R, `delayedAssign("f", unlink); f("~", recursive = TRUE)`, []string{"delete -r unlink: ~"}},
	{"r-right-assign-runtime", R, `get(commandArgs(TRUE)[1]) -> f; f("rm -rf ~")`, []string{"hidden f: f holds a function named at run time"}},
	{"r-value-env", R, `.GlobalEnv$f <- system; f("rm -rf ~")`, []string{"shell system: rm -rf ~"}}, // the global f
	{"r-value-env-index", R, "globalenv()[[\"f\"]] <- system\nf(\"rm -rf ~\")", []string{"shell system: rm -rf ~"}},
	{"r-value-env-unlink", R, `.GlobalEnv[["f"]] = unlink; f("~", recursive = TRUE)`, []string{"delete -r unlink: ~"}},
	{"r-assign-env", R, `assign("f", system, envir = .GlobalEnv); f("rm -rf ~")`, []string{"shell system: rm -rf ~"}},
	{"r-assign-env-unlink", R, `assign("f", unlink, envir=globalenv()); f("~", recursive=TRUE)`, []string{"delete -r unlink: ~"}},
	// Look-alikes: a harmless function in the global environment; a
	// field of another list is not the global f.
	{"r-value-env-look", R, `.GlobalEnv$f <- print; f("rm -rf ~"); assign("g", print, envir = .GlobalEnv); g("rm -rf ~")`, nil},
	{"r-value-field-look", R, `x$f <- system; f("rm -rf ~")`, []string{"hidden system: system used as a value"}},
	{"r-value-list", R, `l <- list(run = system); l$run("rm -rf ~")`, []string{"hidden system: system used as a value"}},
	{"r-assign-look", R, "mean -> f; f(1:3)\nx <- 1:3 -> y; print(y)\nassign(\"z\", 42); print(z)\nassign(\"g\", mean); g(1:3)\nprint(\"system -> f\")\n# system -> f; f('rm -rf ~')\nl <- list(system = 1)", nil},
	{"r-look", R, "print(paste0(\"sys\",\"tem\"))\nx <- do.call(rbind, parts)\ny <- get(\"mtcars\")\nf <- function(a) a + 1\ndo.call(f, list(1))\nz <- get(name)\nprint(z)", nil},
}

func TestBuiltNameCalls(t *testing.T) {
	t.Parallel()
	for _, tc := range builtNameCases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}
