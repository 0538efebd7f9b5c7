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
	env := p.guardsEnv(c.Dir)
	secrets := p.Config.Paths.Secrets()
	for _, b := range p.containerBinds(c) {
		if strings.ContainsAny(b.src, "$`") {
			continue
		}
		if sec, ok := secrets.Match(env, b.dir.Path); ok && !sec.Path.InProject {
			// The project's own .env given to its container is its
			// configuration, as source .env is.
			p.reportSecret(c, sec, fmt.Sprintf("%s gives the container (what runs there reads it) a bind mount of", c.Name))
			return true
		}
		if sec, ok := secrets.Holds(env, b.dir.Path, true); ok {
			p.reportSecret(c, sec, fmt.Sprintf("%s gives the container (what runs there reads it) a bind mount that holds", c.Name))
			return true
		}
	}
	return false
}
