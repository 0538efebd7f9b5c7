package rewrite

import (
	"fmt"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// containerMountSecret judges a bind mount (docker, podman or nerdctl run
// or create; -v SRC:DST or --mount type=bind,src=SRC) of a secret, or of a
// directory that holds an anchored one (~/.ssh, ~/.aws, ~): what runs in
// the container reads it, read-only or not, as scp ~/.ssh/id_rsa host:
// hands it to another machine. A mount of the project (-v "$PWD":/app)
// or of a cache (-v ~/.cache/pip:/root/.cache/pip) and the project's own
// .env passes. Part of the
// secret-read rule.
func (p *Pass) containerMountSecret(c *syntax.Call) bool {
	if p.Config.Paths == nil {
		return false
	}
	args := c.Args
	_, ops := scan(args, dockerOptions.Get())
	if len(ops) == 0 {
		return false
	}
	i := ops[0]
	if args[i].Value == "container" && len(ops) > 1 {
		i = ops[1]
	}
	if sub := args[i].Value; sub != "run" && sub != "create" {
		return false
	}
	opts, _ := scan(args[i+1:], dockerRunSpec.Get())
	env := p.guardsEnv(c.Dir)
	for _, o := range opts {
		if !o.hasVal {
			continue
		}
		var src string
		var bind bool
		switch o.name {
		case "v", "volume":
			src, _, bind = volumeSpec(mountText(o.val))
		case "mount":
			src, _, bind = mountSpec(mountText(o.val))
		default:
			continue
		}
		if !bind || src == "" || strings.ContainsAny(src, "$`") {
			continue
		}
		if rest, ok := strings.CutPrefix(src, "~"); ok && (rest == "" || rest[0] == '/') && p.Config.Home != "" {
			src = p.Config.Home + rest
		}
		d := c.Dir.Join(src)
		if !d.Known {
			continue
		}
		secrets := p.Config.Paths.Secrets()
		if sec, ok := secrets.Match(env, d.Path); ok && !sec.Path.InProject {
			// The project's own .env given to its container is its
			// configuration, as source .env is.
			p.reportSecret(c, sec, fmt.Sprintf("%s gives the container (what runs there reads it) a bind mount of", c.Name))
			return true
		}
		if sec, ok := secrets.Holds(env, d.Path, true); ok {
			p.reportSecret(c, sec, fmt.Sprintf("%s gives the container (what runs there reads it) a bind mount that holds", c.Name))
			return true
		}
	}
	return false
}
