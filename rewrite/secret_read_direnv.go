package rewrite

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// envrcLoad finds a .envrc line that loads an env file into the
// environment direnv makes (direnv's stdlib: dotenv [FILE],
// dotenv_if_exists [FILE]; ./.env by default).
var envrcLoad = lazy.Regexp{Expr: `(?m)^[ \t]*(?:dotenv|dotenv_if_exists)(?:[ \t]+([^\s;#]+))?[ \t]*(?:$|[;#])`}

// checkDirenv judges the direnv commands that print the environment a
// .envrc makes: direnv export SHELL prints the variables the working
// directory's .envrc sets, with their values (as shell code or JSON),
// and direnv exec DIR CMD runs CMD in DIR's, so a CMD that prints the
// environment (env, printenv, a shell's -c text with them) prints them.
// The .envrc is the nearest one from the directory upwards, as direnv
// finds it; it is read when it is a secret (guards: it assigns a
// credential a literal), and so is the env file it loads (dotenv).
// Whether the user allowed that .envrc is not known here: it is taken
// as loaded.
func (p *Pass) checkDirenv(c *syntax.Call) {
	if len(c.Args) == 0 {
		return
	}
	dir, verb, maybe := c.Dir, "", false
	switch c.Args[0].Value { // exec's command is direnvExecDump's
	case "export":
		verb = "direnv export prints the variables, with their values, that the .envrc sets from"
	default:
		return
	}
	p.envrcUp(c, dir, verb, maybe)
}

// direnvExecDump judges a command direnv exec DIR runs (the call, its
// wrapper words before it) that prints the environment: DIR's .envrc
// set it up.
func (p *Pass) direnvExecDump(c *syntax.Call) bool {
	pre := c.PreWords()
	for i := 0; i+2 < len(pre); i++ {
		if pre[i].Value != "direnv" && filepath.Base(pre[i].Value) != "direnv" || pre[i+1].Value != "exec" || !pre[i+2].Static {
			continue
		}
		cmd := append([]syntax.Arg{{Value: c.Name, Static: true}}, c.Args...)
		dump, some := containerEnvDump(cmd)
		if !dump && !some {
			return false
		}
		return p.envrcUp(c, c.Dir.Join(pre[i+2].Value), "direnv exec runs a command that prints the environment the .envrc sets from", !dump)
	}
	return false
}

// envrcUp judges the .envrc direnv finds from dir upwards (the nearest).
func (p *Pass) envrcUp(c *syntax.Call, dir syntax.Dir, verb string, maybe bool) bool {
	if !dir.Known {
		return false
	}
	for d, k := dir.Path, 0; k < 32; k++ {
		rc := filepath.Join(d, ".envrc")
		if fileThere(rc) {
			return p.envrcSecrets(c, syntax.Dir{Path: d, Known: true}, verb, maybe)
		}
		if d == "/" {
			break
		}
		d = filepath.Dir(d)
	}
	return false
}

// envrcSecrets reports the .envrc in dir, or the env file it loads, when
// either is a secret.
func (p *Pass) envrcSecrets(c *syntax.Call, dir syntax.Dir, verb string, maybe bool) bool {
	files := []string{".envrc"}
	if text, err := syntax.ReadScript(filepath.Join(dir.Path, ".envrc")); err == nil {
		for _, m := range envrcLoad.Get().FindAllStringSubmatch(text, 16) {
			f := strings.Trim(m[1], `"'`)
			if f == "" {
				f = ".env"
			}
			if !strings.ContainsAny(f, "$`") {
				files = append(files, f)
			}
		}
	}
	for i, f := range files {
		if d := dir.Join(f); i > 0 && !p.Config.NoGlobMatches && d.Known && !fileThere(d.Path) {
			continue // dotenv of a file not there loads nothing
		}
		if s, ok := p.secretOf(dir, syntax.Arg{Value: f, Raw: f, Static: true}); ok {
			p.maybeSecret = p.maybeSecret || maybe
			p.reportSecret(c, s, verb)
			return true
		}
	}
	return false
}
