package syntax

import (
	"path/filepath"
	"strconv"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// What runs in a container besides docker run's own command words (rd4).
//
// docker run --entrypoint E IMAGE ARG…: the container runs E with the
// words after the image as its arguments (the docker client sends
// Entrypoint [E] and Cmd [ARG…]; --entrypoint "" clears it and the
// words run alone), so --entrypoint sh IMAGE with no words is a shell
// reading its script on stdin, and --entrypoint rm IMAGE -rf /u is rm.
//
// docker exec [-i] C CMD… runs CMD in a container that already exists:
// its mounts and privileges are the ones it was made with. A container
// this command makes earlier (docker run/create --name C, or with a name
// only known at run time, or none: then any name the exec takes at run
// time may be it) is known here, so the exec is judged as a run with
// that container's options and the exec's words: its command words
// through the mounts, and with -i its stdin, which docker attaches to
// the command, as the script of a shell given none. docker start -i C
// attaches the client's stdin to the command the container was made
// with (docker create -i … sh). A container not made in this command
// stays unjudged, as before: its mounts are not known here.
//
// docker compose run SVC CMD… and exec SVC CMD… keep stdin attached by
// default (--interactive, which -d and -i=false turn off; -T only drops
// the terminal): the script a shell reads there is judged with the
// service's volumes and privileges from the compose file (compose.go).

// madeContainer is a container this command makes with docker run or
// create: the client, its options (the words between run and the
// image), the image and the command words, and the directory the run
// resolves relative mount sources in. name is "" when no name, or one
// known only at run time, is given.
type madeContainer struct {
	client string
	opts   []Arg
	image  Arg
	cmd    []Arg
	dir    Dir
	name   string
}

// dockerExecSpec is docker exec's options (docker exec --help): -e, -u
// and -w, --env-file and --detach-keys take a value.
var dockerExecSpec = OptSpec{ShortVal: "euw", LongVal: []string{"env", "env-file", "user", "workdir", "detach-keys"},
	LongFlag: []string{"detach", "interactive", "tty", "privileged"}, LongEq: true, Stop: true}

// dockerStartSpec is docker start's options.
var dockerStartSpec = OptSpec{LongVal: []string{"detach-keys", "checkpoint", "checkpoint-dir"},
	LongFlag: []string{"attach", "interactive"}, LongEq: true}

// dockerAttachSpec is docker attach's options.
var dockerAttachSpec = OptSpec{LongVal: []string{"detach-keys"}, LongFlag: []string{"no-stdin", "sig-proxy"}, LongEq: true}

// entrypointWords returns what a container made with opts runs: the
// last --entrypoint's value followed by cmd, or cmd when there is none
// or it is empty. ok is false when the entry point is only known at run
// time.
func entrypointWords(opts []Option, cmd []Arg) (words []Arg, ok bool) {
	var entry *Option
	for i := range opts {
		if opts[i].Long && opts[i].Name == "entrypoint" && opts[i].HasVal {
			entry = &opts[i]
		}
	}
	if entry == nil || entry.Val.Static && entry.Val.Value == "" {
		return cmd, true
	}
	if !entry.Val.Static {
		return cmd, false
	}
	return append([]Arg{entry.Val}, cmd...), true
}

// flagOn reports whether a boolean option named by one of names is
// given and not set to false (-i, --interactive, --interactive=false).
func flagOn(opts []Option, names ...string) bool {
	on := false
	for _, o := range opts {
		for _, n := range names {
			if o.Name == n && (len(n) > 1) == o.Long {
				on = !(o.HasVal && o.Val.Value == "false")
			}
		}
	}
	return on
}

// staticArg is an Arg of known value v, for the words corral puts
// together.
func staticArg(v string) Arg { return Arg{Value: v, Raw: v, Static: true} }

// containerExec records the containers a docker (podman, nerdctl) run
// or create makes, and judges an exec or start -i into one of them as
// a run of its options (see above).
func (w *walker) containerExec(c scope, call *Call) {
	args := DockerClientArgs(call.Args)
	if len(args) > 0 && args[0].Value == "container" {
		args = args[1:]
	}
	if len(args) == 0 {
		return
	}
	verb := args[0].Value
	args = args[1:]
	switch verb {
	case "run", "create":
		opts, operands := ScanOptions(args, dockerRunSpec)
		if len(operands) == 0 {
			return
		}
		m := madeContainer{client: call.Name, opts: args[:operands[0]], image: args[operands[0]], cmd: args[operands[0]+1:], dir: call.Dir}
		for _, o := range opts {
			if o.Long && o.Name == "name" && o.HasVal {
				m.name = ""
				if o.Val.Static {
					m.name = o.Val.Value
				}
			}
		}
		// --volumes-from C: C's mounts too, for a container made
		// earlier in the command (not its privileges).
		var from []Arg
		for _, o := range opts {
			if o.Long && o.Name == "volumes-from" && o.HasVal {
				name := o.Val
				name.Value, _, _ = strings.Cut(name.Value, ":") // C:ro
				for _, src := range w.containersNamed(call.Name, name) {
					from = append(from, inheritedMounts(src, call.Dir)...)
				}
			}
		}
		if len(from) > 0 {
			words := append([]Arg{staticArg(verb)}, from...)
			words = append(words, args...)
			run := w.containerRunAs(call, madeContainer{client: call.Name, dir: call.Dir}, words)
			w.dockerRun(c, run)
			w.containerStdin(c, run)
			m.opts = append(append([]Arg(nil), from...), m.opts...)
		}
		w.containers = append(w.containers, m)
	case "exec":
		opts, operands := ScanOptions(args, dockerExecSpec)
		if len(operands) < 2 {
			return
		}
		interactive := flagOn(opts, "i", "interactive") && !flagOn(opts, "d", "detach")
		for _, m := range w.containersNamed(call.Name, args[operands[0]]) {
			words := []Arg{staticArg("run")}
			words = append(words, m.opts...)
			words = append(words, staticArg("--interactive="+strconv.FormatBool(interactive)))
			words = append(words, staticArg("--entrypoint="), m.image)
			words = append(words, args[operands[0]+1:]...)
			run := w.containerRunAs(call, m, words)
			w.dockerRun(c, run)
			w.containerStdin(c, run)
		}
	case "attach":
		// docker attach C connects the client's stdin to the command
		// C runs (unless --no-stdin), opened when it was made with -i.
		opts, operands := ScanOptions(args, dockerAttachSpec)
		if len(operands) == 0 || flagOn(opts, "no-stdin") {
			return
		}
		for _, m := range w.containersNamed(call.Name, args[operands[0]]) {
			words := []Arg{staticArg("run")}
			words = append(words, m.opts...)
			words = append(words, m.image)
			words = append(words, m.cmd...)
			w.containerStdin(c, w.containerRunAs(call, m, words))
		}
	case "start":
		opts, operands := ScanOptions(args, dockerStartSpec)
		if !flagOn(opts, "i", "interactive") {
			return
		}
		for _, k := range operands {
			for _, m := range w.containersNamed(call.Name, args[k]) {
				words := []Arg{staticArg("run")}
				words = append(words, m.opts...)
				words = append(words, m.image)
				words = append(words, m.cmd...)
				w.containerStdin(c, w.containerRunAs(call, m, words))
			}
		}
	}
}

// maxRunTimeContainers bounds the containers an exec into a name only
// run time knows is judged as.
const maxRunTimeContainers = 8

// containersNamed returns the containers made earlier in the command
// with client that the word name can be: the last one made with that
// name, or, for a name only known at run time, every one (the latest
// maxRunTimeContainers).
func (w *walker) containersNamed(client string, name Arg) []madeContainer {
	var out []madeContainer
	for i := len(w.containers) - 1; i >= 0; i-- {
		m := w.containers[i]
		if m.client != client {
			continue
		}
		if !name.Static {
			// The latest few: a command of many runs and execs
			// would otherwise walk every pair.
			if len(out) < maxRunTimeContainers && !sameOptions(out, m) {
				out = append(out, m)
			}
			continue
		}
		if m.name == name.Value {
			return []madeContainer{m}
		}
	}
	if name.Static {
		return nil
	}
	// Oldest first, as the command made them.
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// containerRunAs returns the docker run call that call (an exec, a
// start, a compose run or exec) amounts to: its standard streams and
// place in the command, the client's name and words, the run's
// directory. It is recorded on call, so that text piped into call is
// read by that run's shell (containerStdinPipe, readsScript).
func (w *walker) containerRunAs(call *Call, m madeContainer, words []Arg) *Call {
	run := *call
	run.Name, run.Args, run.Dir = m.client, words, m.dir
	run.ctrRuns = nil
	call.ctrRuns = append(call.ctrRuns, &run)
	return &run
}

// composeStdin judges the script a shell reads on stdin in docker
// compose run or exec (verb) of a service: words are the docker run
// that service amounts to (compose.go: "docker", "run", its options,
// image, command), written as shell words by composeWord; local are the
// options of run or exec.
func (w *walker) composeStdin(c scope, call *Call, local []Option, words []string, dir Dir) {
	if len(words) < 2 || flagOn(local, "d", "detach") {
		return
	}
	interactive := true
	for _, o := range local {
		if o.Name == "i" || o.Long && o.Name == "interactive" {
			interactive = !(o.HasVal && o.Val.Value == "false")
		}
	}
	if !interactive {
		return
	}
	args := []Arg{staticArg("run"), staticArg("-i")}
	for _, s := range words[2:] {
		args = append(args, staticArg(composeUnword(s)))
	}
	w.containerStdin(c, w.containerRunAs(call, madeContainer{client: "docker", dir: dir}, args))
}

// composeUnword is the value of a word composeWord wrote.
func composeUnword(s string) string {
	tilde := strings.HasPrefix(s, `~"`)
	if tilde {
		s = s[1:]
	}
	s = strings.TrimSuffix(strings.TrimPrefix(s, `"`), `"`)
	s = strings.NewReplacer(`\\`, `\`, `\"`, `"`, "\\`", "`").Replace(s)
	if tilde {
		return "~" + s
	}
	return s
}

// containerRunOf returns the docker run calls call amounts to: its own
// when it records none.
func containerRunOf(call *Call) []*Call {
	if call != nil && len(call.ctrRuns) > 0 {
		return call.ctrRuns
	}
	return []*Call{call}
}

// containerStdinReader returns the program that runs a container's
// stdin as code when words are its command: a shell given no script or
// an interpreter reading its program there, after the wrappers (env X=1
// sh, nice bash -s, busybox sh), as ssh's remote command is read
// (remoteStdinReader).
func containerStdinReader(words []Arg) (*Call, bool) {
	inv := unwrap(words, Dir{})
	if len(inv.words) == 0 || inv.split != nil || inv.inputsAreCommands || !inv.words[0].Static {
		return nil, false
	}
	c := &Call{Name: filepath.Base(inv.words[0].Value), NameArg: inv.words[0], Args: inv.words[1:], Wrappers: inv.wrappers}
	if IsShell(c.Name) {
		_, stdin := ShellScript(c)
		return c, stdin
	}
	if p, ok := interpreterProgram(c); ok && p.stdin {
		return c, true
	}
	return nil, false
}

// containerProgram judges text, the container's stdin with its mounted
// paths mapped, as the program of the interpreter that reads it there
// (docker run -i -v /usr:/u python:3 python3 <<EOF): the code rules, as
// for python3 -c. It reports false when call's container command is a
// shell (containerScript walks the text as its script).
func (w *walker) containerProgram(c scope, call *Call, text string, dynamic bool) bool {
	cmd, known := containerCmd(call)
	if !known {
		return false
	}
	r, ok := containerStdinReader(cmd)
	if !ok || IsShell(r.Name) {
		return false
	}
	p, ok := interpreterProgram(r)
	if !ok {
		return false
	}
	w.program(c, call, p.lang, text, call.Name+" run -i "+r.Name+" (stdin)", dynamic, "")
	return true
}

// containerCmd returns the words a docker run call's container runs
// (its entry point and command); ok is false when they are not known.
func containerCmd(call *Call) ([]Arg, bool) {
	args := DockerClientArgs(call.Args)
	if len(args) > 0 && args[0].Value == "container" {
		args = args[1:]
	}
	if len(args) == 0 || args[0].Value != "run" {
		return nil, false
	}
	opts, operands := ScanOptions(args[1:], dockerRunSpec)
	if len(operands) == 0 {
		return nil, false
	}
	return entrypointWords(opts, args[1+operands[0]+1:])
}

// shellTextReadsStdin reports whether words are a shell given a script
// text (sh -c TEXT, after wrappers) in which a command reads the shell's
// stdin as code, as containerStdinReader reads the container's command:
// sh -c 'cat | sh', 'cd /; exec bash', '{ sh -s; }'. The text is parsed;
// a command whose name is only known at run time is not taken as one.
func shellTextReadsStdin(words []Arg) bool {
	inv := unwrap(words, Dir{})
	if len(inv.words) == 0 || !inv.words[0].Static {
		return false
	}
	c := &Call{Name: filepath.Base(inv.words[0].Value), NameArg: inv.words[0], Args: inv.words[1:]}
	if !IsShell(c.Name) {
		return false
	}
	i, _ := ShellScript(c)
	if i < 0 || i >= len(c.Args) || !c.Args[i].Static {
		return false
	}
	f, err := parseSource(c.Args[i].Value)
	if err != nil {
		return false
	}
	found := false
	walkTree(f, func(n sh.Node) bool {
		ce, ok := n.(*sh.CallExpr)
		if found || !ok {
			return !found
		}
		var ws []Arg
		for _, wd := range ce.Args {
			v, ok := quotedLit(wd)
			if !ok {
				break
			}
			ws = append(ws, staticArg(v))
		}
		for len(ws) > 1 && (ws[0].Value == "exec" || ws[0].Value == "command") {
			ws = ws[1:]
		}
		if len(ws) > 0 {
			if _, ok := containerStdinReader(ws); ok {
				found = true
			}
		}
		return true
	})
	return found
}

// quotedLit returns the value of a word made only of literal text,
// quoted or not (sh, 'sh', "ba"sh).
func quotedLit(w *sh.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *sh.Lit:
			if strings.ContainsAny(p.Value, "\\$~{}*?[]`") {
				return "", false
			}
			b.WriteString(p.Value)
		case *sh.SglQuoted:
			if p.Dollar {
				return "", false
			}
			b.WriteString(p.Value)
		case *sh.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*sh.Lit)
				if !ok || strings.ContainsAny(l.Value, "\\$`") {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), len(w.Parts) > 0
}

// containerSpliced judges the stdin text of a container whose command
// is a shell given a script text that reads that stdin (sh -c 'cat |
// sh'): the command, its words mapped to the host's paths, with the
// mapped text as its here-document, walked as a script, so that the
// shell inside the text runs it as it does on this machine (sh -c 'cat
// | sh' <<EOF). It reports whether it judged it.
func (w *walker) containerSpliced(c scope, call *Call, mapped string, dynamic bool, mounts []ctrMount, escape string) bool {
	cmd, known := containerCmd(call)
	if !known || !shellTextReadsStdin(cmd) {
		return false
	}
	parts := make([]string, 0, len(cmd))
	for _, a := range cmd {
		v := a.Value
		for _, mt := range mounts {
			if mt.ctr != "/" && a.Static {
				v = mountedText(v, mt.ctr, mt.host)
			}
		}
		parts = append(parts, Quote(v))
	}
	delim := "CORRAL_STDIN"
	for strings.Contains(mapped, delim) {
		delim += "_"
	}
	text := strings.Join(parts, " ") + " <<'" + delim + "'\n" + strings.TrimSuffix(mapped, "\n") + "\n" + delim + "\n"
	saved := w.origin
	w.origin = "the container's command with its stdin, its mounted paths as the host's"
	if escape != "" {
		w.origin = "the container's command with its stdin, run on the host (" + call.Name + " run " + escape + ")"
	}
	inner := *call
	inner.Dir = Dir{}
	w.childIn(c, &inner, text, nil, call.Name+" run -i (stdin)", dynamic, newState(Dir{}, w.home), Dir{})
	w.origin = saved
	return true
}

// inheritedMounts returns the mount options of m (-v, --mount) as words
// a run in dir can take: a relative source only when m was made in the
// same directory.
func inheritedMounts(m madeContainer, dir Dir) []Arg {
	opts, _ := ScanOptions(append(append([]Arg(nil), m.opts...), m.image), dockerRunSpec)
	var out []Arg
	for _, o := range opts {
		if !o.HasVal || !o.Val.Static {
			continue
		}
		src := ""
		switch o.Name {
		case "v", "volume":
			src, _, _ = strings.Cut(o.Val.Value, ":")
		case "mount":
			src, _, _, _ = mountSpec(o.Val.Value)
		default:
			continue
		}
		if (src == "." || src == ".." || strings.HasPrefix(src, "./") || strings.HasPrefix(src, "../")) && m.dir != dir {
			continue
		}
		name := "--volume="
		if o.Name == "mount" {
			name = "--mount="
		}
		out = append(out, staticArg(name+o.Val.Value))
	}
	return out
}

// sameOptions reports whether a container in ms was made with m's
// options, image and directory: an exec judged as one is judged as m.
func sameOptions(ms []madeContainer, m madeContainer) bool {
	for _, o := range ms {
		if o.dir != m.dir || o.image.Value != m.image.Value || len(o.opts) != len(m.opts) {
			continue
		}
		same := true
		for i := range o.opts {
			// --name differs between containers made alike.
			a, b := o.opts[i].Value, m.opts[i].Value
			same = same && (a == b || i > 0 && o.opts[i-1].Value == "--name" ||
				strings.HasPrefix(a, "--name=") && strings.HasPrefix(b, "--name="))
		}
		if same {
			return true
		}
	}
	return false
}
