package rewrite

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// dockerBuildSecrets judges what a docker, podman or buildah build takes
// in from this machine's secrets: the files --secret id=…,src=FILE and
// --ssh ID=KEY hand the build (a RUN --mount=type=secret or type=ssh
// step reads them, and prints them with --progress=plain), and the
// files its Dockerfile's COPY and ADD take from the build context — a
// secret named as a source, or a directory source (COPY . /app) that
// holds one .dockerignore does not leave out — which then sit in the
// image's layers, where RUN cat, docker run IMG cat and docker push show
// or send them. Each asks, as a secret handed to a program does. The
// Dockerfile is the -f value, else Dockerfile (Containerfile for podman
// and buildah) at the context's root, read when the hook runs, or the
// stdin text of -f - when it is known here.
func (p *Pass) dockerBuildSecrets(c *syntax.Call) bool {
	at, ok := buildSubcommand(c)
	if !ok || p.Config.Paths == nil {
		return false
	}
	opts, _ := scan(c.Args[at+1:], dockerBuildOptions.Get())
	report := func(s guards.Secret, how string) bool {
		p.maybeSecret = false
		p.Report(c, Finding{Rule: "secret-operand", Decision: Ask, PathContext: "blocked",
			Message: fmt.Sprintf("%s build %s: %s", c.Name, how, s.Reason("a secret:"))})
		return true
	}
	for _, o := range find(opts, "secret") {
		for _, kv := range strings.Split(o.val.Value, ",") {
			k, v, _ := strings.Cut(kv, "=")
			if (k == "src" || k == "source") && v != "" {
				if s, ok := p.secretOf(c.Dir, wordIn(o.val, v)); ok {
					return report(s, "hands "+v+" to its RUN steps (--secret), which can print it in the build log or keep it in the image")
				}
			}
		}
	}
	for _, o := range find(opts, "ssh") {
		_, v, ok := strings.Cut(o.val.Value, "=")
		if !ok {
			continue // the agent's socket (--ssh default): keys stay in the agent
		}
		for _, f := range strings.Split(v, ",") {
			if s, ok := p.secretOf(c.Dir, wordIn(o.val, f)); ok && f != "" {
				return report(s, "hands the key "+f+" to its RUN steps (--ssh), which can print it or keep it in the image")
			}
		}
	}
	ctx, ok := dockerBuildContext(c)
	if !ok {
		return false
	}
	ctxDir := c.Dir.Join(p.homePath(ctx.Value))
	if !ctxDir.Known {
		return false
	}
	file, text := "", ""
	for _, o := range find(opts, "f", "file") {
		if !o.val.Static {
			return false
		}
		if o.val.Value == "-" {
			// The Dockerfile on stdin: a here-document, a file, or
			// what echo or printf of static words pipe in.
			t, ok := p.buildStdinText(c)
			if !ok {
				return false
			}
			file, text = "the Dockerfile on stdin", t
			continue
		}
		if d := c.Dir.Join(p.homePath(o.val.Value)); d.Known {
			file, text = d.Path, ""
		}
	}
	if file == "" {
		file = filepath.Join(ctxDir.Path, "Dockerfile")
		if c.Name != "docker" && !exists(file) {
			file = filepath.Join(ctxDir.Path, "Containerfile")
		}
	}
	if text == "" {
		t, err := readHead(file, 1<<20)
		if err != nil {
			return false
		}
		text = t
	}
	if s, src, ok := p.copiedSecret(ctxDir.Path, text); ok {
		return report(s, "copies "+src+" from its context "+ctx.Value+" into the image ("+path.Base(file)+"), where a RUN step, docker run or docker push shows or sends it")
	}
	return false
}

// buildStdinText returns the text a build reads on stdin when it is
// known here: a static here-document or here-string, a file redirected
// in, or what echo or printf of static words pipe to it.
func (p *Pass) buildStdinText(c *syntax.Call) (string, bool) {
	for i := len(c.Redirs) - 1; i >= 0; i-- {
		r := c.Redirs[i]
		if r.Fd != "" && r.Fd != "0" {
			continue
		}
		if body, static, ok := r.Body(); ok {
			return body, static
		}
		if r.Op == "<" && r.Target.Static {
			if d := r.Dir.Join(p.homePath(r.Target.Value)); d.Known {
				t, err := readHead(d.Path, 1<<20)
				return t, err == nil
			}
		}
		if r.Op == "<" || r.Op == "<&" || r.Op == "<>" {
			return "", false
		}
	}
	if in := c.Fd(0); in.Kind == syntax.StreamPipe && in.Pipe != nil {
		if src := in.Pipe.Stage(in.Stage - 1); src != nil {
			return echoText(src)
		}
	}
	return "", false
}

// buildSubcommand returns the index of build in docker build, docker
// buildx build, docker image build, podman build and buildah build/bud.
func buildSubcommand(c *syntax.Call) (int, bool) {
	switch c.Name {
	case "docker", "podman", "buildah":
	default:
		return 0, false
	}
	_, operands := scan(c.Args, dockerOptions.Get())
	if len(operands) == 0 {
		return 0, false
	}
	at := operands[0]
	sub := c.Args[at].Value
	if (sub == "buildx" || sub == "image" || sub == "builder") && len(operands) > 1 {
		at = operands[1]
		sub = c.Args[at].Value
	}
	return at, sub == "build" || c.Name == "buildah" && sub == "bud"
}

// wordIn is the part v of an option's value word, as a word of its own.
func wordIn(a syntax.Arg, v string) syntax.Arg {
	return syntax.Arg{Value: v, Raw: v, Static: a.Static, Start: a.Start, End: a.End}
}

// copiedSecret returns the first secret a Dockerfile's COPY or ADD takes
// from the context at root: a source that is a secret, or a directory
// source holding one on disk that .dockerignore does not leave out. A
// COPY --from (another stage or image) takes nothing from the context.
func (p *Pass) copiedSecret(root, text string) (guards.Secret, string, bool) {
	env := p.guardsEnv(syntax.Dir{Path: root, Known: true})
	secrets := p.Config.Paths.Secrets()
	excl, exclOK := dockerignoreExcludes(root)
	ignored := func(rel string) bool {
		for _, g := range excl {
			if ok, _ := path.Match(g, path.Base(rel)); ok {
				return true
			}
		}
		return false
	}
	for _, ins := range dockerfileInstructions(text) {
		f := strings.Fields(ins)
		if len(f) < 3 || !strings.EqualFold(f[0], "COPY") && !strings.EqualFold(f[0], "ADD") {
			continue
		}
		words := f[1:]
		from := false
		for len(words) > 0 && strings.HasPrefix(words[0], "--") {
			from = from || strings.HasPrefix(words[0], "--from")
			words = words[1:]
		}
		if from || len(words) < 2 || strings.HasPrefix(words[0], "[") || strings.HasPrefix(words[0], "<<") {
			continue
		}
		for _, src := range words[:len(words)-1] {
			if strings.Contains(src, "://") || strings.HasPrefix(src, "git@") {
				continue
			}
			rel := path.Clean(strings.TrimPrefix(src, "/"))
			abs := filepath.Join(root, rel)
			if exclOK && rel != "." && ignored(rel) {
				continue
			}
			if syntax.GlobMeta(rel) >= 0 {
				if s, ok := secrets.MatchGlobOpts(env, abs, guards.GlobFlags{Dot: true}); ok {
					return s, src, true
				}
				continue
			}
			if s, ok := secrets.Match(env, abs); ok && exists(abs) {
				return s, src, true
			}
			if p.Config.NoGlobMatches {
				continue
			}
			// With a .dockerignore that has ! lines (not read), the
			// context is judged whole.
			w := guards.Walk{Hidden: true, Exclude: excl}
			if s, ok := secrets.OnDisk(env, abs, w); ok {
				return s, src, true
			}
		}
	}
	return guards.Secret{}, "", false
}

// dockerfileInstructions splits a Dockerfile into instructions: lines
// joined over a trailing backslash, comments and blank lines left out,
// at most 10,000.
func dockerfileInstructions(text string) []string {
	var out []string
	cur := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		t := strings.TrimSpace(line)
		if cur == "" && (t == "" || strings.HasPrefix(t, "#")) {
			continue
		}
		if strings.HasSuffix(t, "\\") {
			cur += strings.TrimSuffix(t, "\\") + " "
			continue
		}
		cur += t
		out = append(out, cur)
		cur = ""
		if len(out) >= 10000 {
			break
		}
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}
