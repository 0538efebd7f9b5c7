package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var containerCopy = Rule{
	Name:      "container-copy",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `docker cp CONTAINER:PATH DEST (docker container cp, podman cp,
nerdctl cp) and kubectl cp [NS/]POD:PATH DEST copy files out of a
container, content the agent did not write, onto the host: DEST outside
the sandbox moves there (. becomes the sandbox itself). DEST - writes a
tar stream to stdout, followed as a download's (| tar x -C d). A copy into
a container, or one that already lands in the sandbox, passes.`,
	Commands: []string{"docker", "podman", "nerdctl", "kubectl"},
	Call:     checkContainerCopy,
}

// containerCpSpec are the options of docker/podman cp and kubectl cp that
// take a value (kubectl's global ones with -c/--container and --retries).
var containerCpSpec = lazy.Value[optSpec]{New: func() optSpec {
	k := kubectlOptions.Get()
	long := union(longOpts("container", "retries"), k.longVal)
	return optSpec{shortVal: k.shortVal + "c", longVal: long, longEq: true}
}}

func checkContainerCopy(p *Pass, c *syntax.Call) {
	if rest, ops, ok := containerCpArgs(c); ok {
		p.copyFromContainer(c, rest, ops)
	}
}

// containerCpArgs returns the words after cp in docker cp, docker
// container cp (podman, nerdctl) or kubectl cp, with the indexes of their
// operands.
func containerCpArgs(c *syntax.Call) (rest []syntax.Arg, ops []int, ok bool) {
	args := c.Args
	if c.Name == "kubectl" {
		_, ops := scan(args, containerCpSpec.Get())
		if len(ops) == 0 || args[ops[0]].Value != "cp" {
			return nil, nil, false
		}
		rest := args[ops[0]+1:]
		_, cpOps := scan(rest, containerCpSpec.Get())
		return rest, cpOps, true
	}
	_, ops = scan(args, dockerOptions.Get())
	if len(ops) == 0 {
		return nil, nil, false
	}
	i := ops[0]
	if args[i].Value == "container" && len(ops) > 1 {
		i = ops[1]
	}
	if args[i].Value != "cp" {
		return nil, nil, false
	}
	rest = args[i+1:]
	_, cpOps := scan(rest, optSpec{})
	return rest, cpOps, true
}

// containerPath reports whether a cp operand names a path in a container:
// CONTAINER:PATH (a colon before any slash), and for kubectl also
// NAMESPACE/POD:PATH.
func containerPath(name, v string) bool {
	if remotePath(v) {
		return true
	}
	colon := strings.Index(v, ":")
	if name != "kubectl" || colon <= 0 {
		return false
	}
	pod := v[:colon]
	return !strings.HasPrefix(pod, ".") && !strings.HasPrefix(pod, "/") && strings.Count(pod, "/") == 1
}

// copyFromContainer judges SRC DEST (the operands ops of args, the words
// after cp): a container source copied to a local destination.
func (p *Pass) copyFromContainer(c *syntax.Call, args []syntax.Arg, ops []int) {
	if len(ops) != 2 {
		return
	}
	src, dest := args[ops[0]], args[ops[1]]
	if !containerPath(c.Name, src.Value) || containerPath(c.Name, dest.Value) {
		return
	}
	if dest.Static && dest.Value == "-" {
		p.followStdout(c, "container-copy", "container copy")
		return
	}
	if p.InSandbox(c.Dir, dest) {
		return
	}
	var d, text string
	if dest.Static && (dest.Value == "." || dest.Value == "./") {
		d, text = p.Config.Sandbox, syntax.Quote(p.Config.Sandbox+"/")
	} else {
		d, text = p.sandboxed(dest, "download")
	}
	p.acquire(c, "container-copy", "container copy", c.Name+" cp copies "+src.Value+" out of a container into "+dest.Value+", outside the sandbox", d,
		[]syntax.Edit{Replace(c, dest, text)}, relocate(c, c.Dir, dest.Value, d))
}
