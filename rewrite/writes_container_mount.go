package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var containerMount = Rule{
	Name:      "container-mount",
	Decisions: []Decision{Ask},
	Doc: `docker run or create (docker container run, podman, nerdctl) with
a bind mount that holds the project read-write (-v "$PWD":/x, -v .:/x,
--volume ./src:/src, --mount type=bind,source=$(pwd),target=/x, or a
parent of the project such as -v ~:/home) lets whatever runs in the
container write anything there, past every path guard: ask. A mount
marked read-only (:ro, readonly, ro=true), a named volume, a mount of the
sandbox or of a directory outside the project passes.`,
	Commands: []string{"docker", "podman", "nerdctl"},
	Call:     checkContainerMount,
}

// dockerRunSpec are docker run's options that take a value.
var dockerRunSpec = lazy.Value[optSpec]{New: func() optSpec {
	short, long := syntax.DockerRunOptions()
	return optSpec{shortVal: short, longVal: longOpts(long...), longEq: true, stop: true}
}}

func checkContainerMount(p *Pass, c *syntax.Call) {
	for _, b := range p.containerBinds(c) {
		if b.ro || strings.ContainsAny(b.src, "$`") {
			continue
		}
		d := b.dir
		if within(p.Config.Sandbox, d) || !(within(d.Path, syntax.Dir{Path: p.Config.Project, Known: true}) || within(p.Config.Project, d)) {
			continue
		}
		p.Report(c, Finding{Rule: "container-mount", Decision: Ask,
			Message: c.Name + " mounts " + d.Path + " read-write into the container, which holds the project: what runs there can write any file of it, past the path guards (mount it :ro, or mount the sandbox)"})
		return
	}
}

// containerBind is a bind mount a container run or create is given.
type containerBind struct {
	src string     // as written, ~ expanded
	dir syntax.Dir // where it is on this machine
	ro  bool
}

// containerBinds lists the bind mounts of docker, podman or nerdctl run
// or create (-v SRC:DST[:ro], --mount type=bind,src=SRC[,readonly]) whose
// source is known here; nil for another subcommand.
func (p *Pass) containerBinds(c *syntax.Call) []containerBind {
	args := c.Args
	_, ops := scan(args, dockerOptions.Get())
	if len(ops) == 0 {
		return nil
	}
	i := ops[0]
	if args[i].Value == "container" && len(ops) > 1 {
		i = ops[1]
	}
	if sub := args[i].Value; sub != "run" && sub != "create" {
		return nil
	}
	opts, _ := scan(args[i+1:], dockerRunSpec.Get())
	var out []containerBind
	for _, o := range opts {
		if !o.hasVal {
			continue
		}
		var src string
		var ro, bind bool
		switch o.name {
		case "v", "volume":
			src, ro, bind = volumeSpec(mountText(o.val))
		case "mount":
			src, ro, bind = mountSpec(mountText(o.val))
		default:
			continue
		}
		if !bind || src == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(src, "~"); ok && (rest == "" || rest[0] == '/') && p.Config.Home != "" {
			src = p.Config.Home + rest
		}
		if d := c.Dir.Join(src); d.Known {
			out = append(out, containerBind{src: src, dir: d, ro: ro})
		}
	}
	return out
}

// mountText is the text of a -v/--mount value with the working directory
// in place of $(pwd) and `pwd`, which bash gives it; other run-time parts
// stay as written.
func mountText(a syntax.Arg) string {
	if a.Static {
		return a.Value
	}
	v := strings.NewReplacer(`"`, "", `'`, "").Replace(a.Raw)
	for _, pwd := range []string{"$(pwd)", "`pwd`", "${PWD}", "$PWD"} {
		v = strings.ReplaceAll(v, pwd, "\x00")
	}
	if strings.Contains(v, "\x00") {
		// Relative to the working directory the call runs in.
		v = strings.ReplaceAll(v, "\x00", ".")
	}
	return v
}

// volumeSpec reads -v SRC:DST[:OPTS]: a bind mount when SRC is a path
// (/, ., ~), read-only when OPTS holds ro or readonly.
func volumeSpec(v string) (src string, ro, bind bool) {
	parts := strings.Split(v, ":")
	if len(parts) < 2 {
		return "", false, false
	}
	src = parts[0]
	if !(strings.HasPrefix(src, "/") || strings.HasPrefix(src, ".") || strings.HasPrefix(src, "~")) {
		return "", false, false // a named volume
	}
	if len(parts) >= 3 {
		for _, o := range strings.Split(parts[2], ",") {
			if o == "ro" || o == "readonly" {
				ro = true
			}
		}
	}
	return src, ro, true
}

// mountSpec reads --mount type=bind,source=…,target=…[,readonly]: a bind
// mount of source, read-only when readonly or ro is set and not false.
func mountSpec(v string) (src string, ro, bind bool) {
	for _, kv := range strings.Split(v, ",") {
		k, val, hasVal := strings.Cut(kv, "=")
		switch strings.ToLower(k) {
		case "type":
			bind = val == "bind"
		case "source", "src":
			src = val
		case "readonly", "ro":
			ro = !hasVal || val == "true" || val == "1"
		}
	}
	return src, ro, bind
}
