package syntax

import "strings"

// A container's shell fed by stdin. docker run -i (podman, nerdctl: the
// same option) keeps the container's standard input open and attached to
// the client's, so a shell given no script (docker run -i IMG sh,
// bash -s) runs what the client reads: a here-document, a here-string,
// a file opened with <, a pipe. Without -i the container's stdin is
// closed and none of it is read. A container's own files are not this
// machine's, so, as for its command words (dockerRun), the script is
// judged only through the host directories mounted into it (-v
// HOST:CTR, --mount type=bind: its paths under CTR are HOST's) or when
// the container is the host (containerHostEscape: --privileged, the
// engine's socket, …). docker exec C into an existing container is not
// judged, words or stdin alike: its mounts are not known here.

// ctrMount is a host directory mounted into a container.
type ctrMount struct {
	host, ctr string
}

// containerStdinRun reads docker/podman/nerdctl [global options]
// [container] run -i … IMAGE SHELL… whose shell reads its script from
// stdin, and returns its host mounts (paths resolved from dir, ~ as
// home) and what makes the container the host ("" when nothing does).
// ok is false for any other call, and for one with neither.
func containerStdinRun(call *Call, home string) (mounts []ctrMount, escape string, ok bool) {
	if call == nil || call.Name != "docker" && call.Name != "podman" && call.Name != "nerdctl" {
		return nil, "", false
	}
	args := call.Args
	// The client's own options before the subcommand, as dockerRun
	// reads them.
	for len(args) > 0 && strings.HasPrefix(args[0].Value, "-") {
		switch n, _, eq := strings.Cut(args[0].Value, "="); {
		case !eq && (n == "-H" || n == "--host" || n == "-c" || n == "--context" || n == "--config" || n == "-l" ||
			n == "--log-level" || n == "--tlscacert" || n == "--tlscert" || n == "--tlskey" || n == "--url" || n == "--connection" ||
			n == "-n" || n == "--namespace" || n == "-a" || n == "--address"):
			args = args[min(2, len(args)):]
		default:
			args = args[1:]
		}
	}
	if len(args) > 0 && args[0].Value == "container" {
		args = args[1:]
	}
	if len(args) == 0 || args[0].Value != "run" {
		return nil, "", false
	}
	args = args[1:]
	opts, operands := ScanOptions(args, dockerRunSpec)
	interactive := false
	for _, o := range opts {
		if o.Name == "i" || o.Long && o.Name == "interactive" {
			interactive = !o.HasVal || o.Val.Value != "false"
		}
	}
	if !interactive || len(operands) < 1 {
		return nil, "", false
	}
	cmd, known := entrypointWords(opts, args[operands[0]+1:]) // containerexec.go
	if !known || !shellWordsReadStdin(cmd) && !shellTextReadsStdin(cmd) {
		return nil, "", false
	}
	hostDir := func(p string) (string, bool) {
		if p == "~" || strings.HasPrefix(p, "~/") {
			if home == "" {
				return p, true // the home directory, named so
			}
			p = home + p[1:]
		}
		if !(p == "." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "../") || p == "..") {
			return "", false // a named volume
		}
		d := call.Dir.Join(p)
		return d.Path, d.Known
	}
	for _, o := range opts {
		if !o.HasVal || !o.Val.Static {
			continue
		}
		switch o.Name {
		case "v", "volume":
			parts := strings.Split(o.Val.Value, ":")
			if len(parts) < 2 || !strings.HasPrefix(parts[1], "/") {
				continue
			}
			// A read-only mount is still read through (cat
			// /h/.ssh/id_rsa), as dockerRun maps it.
			if h, known := hostDir(parts[0]); known {
				mounts = append(mounts, ctrMount{h, cleanPath(parts[1])})
			}
		case "mount":
			src, dst, bind, _ := mountSpec(o.Val.Value)
			if h, known := hostDir(src); bind && known && strings.HasPrefix(dst, "/") {
				mounts = append(mounts, ctrMount{h, cleanPath(dst)})
			}
		}
	}
	escape = containerHostEscape(opts, func(src string) (string, bool) {
		h, known := hostDir(src)
		return h, known
	})
	if escape != "" {
		mounts = append(mounts, ctrMount{"/", "/"})
	}
	return mounts, escape, len(mounts) > 0
}

// shellWordsReadStdin reports whether words, a program and its
// arguments, are a shell given no script: it reads one from stdin.
func shellWordsReadStdin(words []Arg) bool {
	_, ok := containerStdinReader(words) // also after wrappers, and interpreters (containerexec.go)
	return ok
}

// containerScript walks text, a script a container's shell runs, with
// the container's paths under a host mount as the host's (mountedText),
// as the container's command words are: a script that names no mounted
// path touches only the container's own files and is not judged.
func (w *walker) containerScript(c scope, call *Call, text string, dynamic bool, mounts []ctrMount, escape string) {
	mapped := text
	for _, mt := range mounts {
		if mt.ctr != "/" {
			mapped = mountedText(mapped, mt.ctr, mt.host)
		}
	}
	if w.containerSpliced(c, call, mapped, dynamic, mounts, escape) { // sh -c 'cat | sh' (containerexec.go)
		return
	}
	if mapped == text && escape == "" {
		return
	}
	saved := w.origin
	w.origin = "the container's script on stdin, with its mounted paths as the host's"
	if escape != "" {
		w.origin = "the container's script on stdin, run on the host (" + call.Name + " run " + escape + ")"
	}
	inner := *call
	inner.Dir = Dir{}
	if w.containerProgram(c, &inner, mapped, dynamic) { // python3 reading its program (containerexec.go)
		w.origin = saved
		return
	}
	w.childIn(c, &inner, mapped, nil, call.Name+" run -i (stdin)", dynamic, newState(Dir{}, w.home), Dir{})
	w.origin = saved
}

// containerStdin models docker run -i … IMAGE sh fed by its own
// here-document, here-string or < file; a pipe into it is pipeTo's
// (containerStdinPipe).
func (w *walker) containerStdin(c scope, call *Call) {
	mounts, escape, ok := containerStdinRun(call, w.home)
	if !ok {
		return
	}
	in := call.Fd(0)
	if text, static, ok := in.Text(); ok {
		w.containerScript(c, call, text, !static, mounts, escape)
		return
	}
	if r, ok := in.File(); ok && r.Op == "<" {
		if !r.Target.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: r.Target.Raw,
				What: call.Name + " run -i feeds its container's shell, which has host directories mounted, the script " + clip(r.Target.Raw, 60) + ", a file only known at run time"})
			return
		}
		d := r.Dir.Join(r.Target.Value)
		if text, ok := w.readScriptDirect(d); ok {
			w.containerScript(c, call, text, false, mounts, escape)
		}
	}
}

// containerStdinPipe models text piped into docker run -i … IMAGE sh
// with host directories mounted. It reports whether it handled sink.
func (w *walker) containerStdinPipe(c scope, sink *Call, text string, dynamic bool) bool {
	handled := false
	for _, run := range containerRunOf(sink) { // docker exec -i C, compose run (containerexec.go)
		if mounts, escape, ok := containerStdinRun(run, w.home); ok {
			w.containerScript(c, run, text, dynamic, mounts, escape)
			handled = true
		}
	}
	return handled
}
