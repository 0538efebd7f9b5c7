package rewrite

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// dockerBuildOptions are docker build's (and buildx build's) options that
// take a value, from its reference.
var dockerBuildOptions = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "ftmo", longVal: longOpts("file", "tag", "build-arg", "target", "platform", "label", "network",
		"secret", "ssh", "output", "cache-from", "cache-to", "progress", "iidfile", "add-host", "build-context", "shm-size",
		"memory", "memory-swap", "cpu-shares", "cpu-period", "cpu-quota", "cpuset-cpus", "cpuset-mems", "cgroup-parent",
		"isolation", "ulimit", "security-opt", "metadata-file", "builder", "attest", "sbom", "provenance", "annotation",
		"allow", "call", "policy"), longEq: true}
}}

// dockerRemoteHost returns the host of a docker daemon address that is
// not on this machine (tcp://h:2376, ssh://u@h), or "" for a local one
// (unix://, npipe://, fd://, a loopback host) or one corral cannot read.
func dockerRemoteHost(addr string) string {
	u, err := url.Parse(addr)
	if err != nil {
		return ""
	}
	switch u.Scheme {
	case "tcp", "ssh", "http", "https":
	default:
		return ""
	}
	h := u.Hostname()
	if h == "" || h == "localhost" || loopbackIP(h) {
		return ""
	}
	return h
}

// dockerDaemonHost returns the host of the daemon docker call c talks to
// when the command names one that is not on this machine: -H/--host, or
// a DOCKER_HOST prefix assignment (DOCKER_HOST=ssh://u@h docker build .).
// A daemon named elsewhere (the environment corral runs in, --context, a
// docker context's file) is not read: "".
func dockerDaemonHost(c *syntax.Call) string {
	opts, _ := scan(c.Args, dockerOptions.Get())
	for _, o := range find(opts, "H", "host") {
		if o.val.Static {
			if h := dockerRemoteHost(o.val.Value); h != "" {
				return h
			}
		}
	}
	if c.Expr == nil {
		return ""
	}
	for _, as := range c.Expr.Assigns {
		if as.Name == nil || as.Name.Value != "DOCKER_HOST" || as.Value == nil {
			continue
		}
		if v := syntax.LitText(as.Value); v != "" {
			return dockerRemoteHost(v)
		}
	}
	return ""
}

// dockerBuildContext returns the build context of docker build, docker
// buildx build or docker image build: the operand after the subcommand.
// ok is false for another command, a context read from stdin (-) or a
// URL (git or tarball), which are not local trees.
func dockerBuildContext(c *syntax.Call) (syntax.Arg, bool) {
	_, operands := scan(c.Args, dockerOptions.Get())
	if len(operands) == 0 {
		return syntax.Arg{}, false
	}
	at := operands[0]
	sub := c.Args[at].Value
	if (sub == "buildx" || sub == "image" || sub == "builder") && len(operands) > 1 {
		at = operands[1]
		sub = c.Args[at].Value
	}
	if sub != "build" {
		return syntax.Arg{}, false
	}
	_, ops := scan(c.Args[at+1:], dockerBuildOptions.Get())
	if len(ops) == 0 {
		return syntax.Arg{}, false
	}
	ctx := c.Args[at+1+ops[0]]
	if !ctx.Static || ctx.Value == "-" || strings.Contains(ctx.Value, "://") || strings.HasPrefix(ctx.Value, "git@") {
		return syntax.Arg{}, false
	}
	return ctx, true
}

// dockerignoreExcludes reads the .dockerignore at the root of a build
// context, as docker's reference describes it: one pattern a line, #
// comments, and ! lines that take a file back. Each pattern is matched by
// its last segment, like tar's --exclude here. A ! line makes the list
// unread (nil, ok false): which files it takes back is not followed, so
// the context is judged whole.
func dockerignoreExcludes(dir string) (excl []string, ok bool) {
	data, err := os.ReadFile(filepath.Join(dir, ".dockerignore"))
	if err != nil || len(data) > 1<<20 {
		return nil, err != nil && os.IsNotExist(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "!") {
			return nil, false
		}
		if g := baseGlob(strings.TrimPrefix(line, "/")); g != "" {
			excl = append(excl, g)
		}
	}
	return excl, true
}

// dockerBuildSends judges docker build to a daemon on another host: the
// whole build context is sent to it, so a context that holds a secret
// (an anchored one, or one on disk under it that .dockerignore does not
// leave out) sends that secret: deny. A local daemon reads the context on
// this machine: that passes, as a cp -r into an image does not leave it.
func (p *Pass) dockerBuildSends(c *syntax.Call) {
	if p.Config.Paths == nil {
		return
	}
	host := dockerDaemonHost(c)
	if host == "" {
		return
	}
	ctx, ok := dockerBuildContext(c)
	if !ok {
		return
	}
	env := p.guardsEnv(c.Dir)
	secrets := p.Config.Paths.Secrets()
	for _, r := range p.readPaths(c.Dir, ctx) {
		if r.glob {
			continue
		}
		sec, found := secrets.Match(env, r.path)
		if !found {
			sec, found = secrets.Holds(env, r.path, true)
		}
		if !found && !p.Config.NoGlobMatches {
			w := guards.Walk{Hidden: true}
			if excl, ok := dockerignoreExcludes(guards.Normalize(env, r.path).Abs); ok {
				w.Exclude = excl
			}
			sec, found = secrets.OnDisk(env, r.path, w)
		}
		if found {
			p.Report(c, Finding{Rule: "exfiltrate", Decision: Deny, PathContext: "blocked",
				Message: sec.Reason(fmt.Sprintf("docker build sends its context %s to the daemon on %s, and the context holds", r.path, host))})
			return
		}
	}
}
