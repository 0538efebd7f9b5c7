package syntax

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
)

// hatch runs a command in one of its environments (hatch run, hatch
// shell), whose bin directory is first on PATH. A virtual environment ENV
// of the project at ROOT is (hatch's VirtualEnvironment):
//
//   - its path option, when given: HATCH_ENV_TYPE_VIRTUAL_PATH, else the
//     environment's path setting ([tool.hatch.envs.ENV] in
//     pyproject.toml, [envs.ENV] in hatch.toml, inherited from its
//     template), absolute or from ROOT;
//   - else under the environments directory DATA: the user
//     configuration's dirs.env.virtual (absolute, or from ROOT), else
//     {data}/env/virtual with {data} hatch's --data-dir, HATCH_DATA_DIR,
//     the configuration's dirs.data, else $XDG_DATA_HOME/hatch
//     (~/.local/share/hatch). DATA/NAME when DATA is inside ROOT or is
//     ~/.virtualenvs, else DATA/PROJECT/HASH/NAME, with PROJECT the
//     normalized [project] name, HASH the first 8 characters of the
//     URL-safe base64 of the SHA-256 of ROOT, and NAME PROJECT for the
//     default environment, else ENV.
//
// The user configuration is --config, HATCH_CONFIG, else
// $XDG_CONFIG_HOME/hatch/config.toml (~/.config/hatch/config.toml).

// hatchEnvName returns the environment hatch run (or hatch shell) runs
// call in: -e/--env among hatch's words, else HATCH_ENV, else default.
// The ENV: prefix of hatch run ENV:CMD is read by hatchRun.
func (w *walker) hatchEnvName(c scope, call *Call) string {
	env := hatchPreOption(call, "-e", "--env")
	if env == "" {
		if v, known, ok := w.envOf(c, call, "HATCH_ENV"); ok && known {
			env = v
		}
	}
	if env == "" {
		env = "default"
	}
	return env
}

// hatchPreOption returns the value of hatch's option short/long among the
// words before call's command (the last hatch wrapper's), or "".
func hatchPreOption(call *Call, short, long string) string {
	out := ""
	for i := len(call.pre) - 1; i >= 0; i-- {
		if call.pre[i].Value != "hatch" {
			continue
		}
		for j := i + 1; j < len(call.pre); j++ {
			v := call.pre[j].Value
			switch {
			case (short != "" && v == short || v == long) && j+1 < len(call.pre):
				out = call.pre[j+1].Value
			case strings.HasPrefix(v, long+"="):
				out = strings.TrimPrefix(v, long+"=")
			case short != "" && strings.HasPrefix(v, short) && len(v) > len(short) && !strings.HasPrefix(v, "--"):
				out = v[len(short):]
			}
		}
		break
	}
	return out
}

// hatchNameSeps are the runs of characters a project name's
// normalization turns into one "-".
var hatchNameSeps = lazy.Regexp{Expr: `[-_.]+`}

// hatchVenvs returns the virtual environment env hatch runs call in (one
// root, or none when it is not there or only run time knows it).
func (w *walker) hatchVenvs(c scope, call *Call, env string) []string {
	path, _, ok := w.findUp(call.Dir, "pyproject.toml", "setup.py")
	if !ok {
		return nil
	}
	root := filepath.Dir(path)
	var texts []struct{ text, prefix string }
	if t, ok := w.readScript(Dir{Path: filepath.Join(root, "hatch.toml"), Known: true}); ok {
		texts = append(texts, struct{ text, prefix string }{t, "envs."})
	}
	pyproject, _ := w.readScript(Dir{Path: filepath.Join(root, "pyproject.toml"), Known: true})
	texts = append(texts, struct{ text, prefix string }{pyproject, "tool.hatch.envs."})
	// envSetting reads key of ENV, or of the environments it inherits
	// from (a matrix environment's base, then its template).
	chain := hatchEnvChain(env, texts)
	envSetting := func(key string) (string, bool) {
		for _, base := range chain {
			for _, t := range texts {
				if v, ok := tomlKey(t.text, t.prefix+base, key); ok {
					return v, true
				}
			}
		}
		return "", false
	}
	if t, ok := envSetting("type"); ok && t != "virtual" {
		return nil // a container or another plugin's environment
	}
	at := func(dir string) []string {
		if r := w.venvRoot(Dir{Path: filepath.Join(dir, "bin", "python"), Known: true}); r != "" {
			return []string{r}
		}
		return nil
	}
	rootDir := Dir{Path: root, Known: true}
	if v, known, set := w.envOf(c, call, "HATCH_ENV_TYPE_VIRTUAL_PATH"); set {
		if !known || v == "" {
			return nil
		}
		return at(rootDir.Join(expandTilde(v, w.home)).Path)
	}
	if v, ok := envSetting("path"); ok && v != "" {
		return at(rootDir.Join(expandTilde(v, w.home)).Path)
	}
	home, ok := w.userHome(c, call, "")
	if !ok {
		return nil
	}
	// The user configuration.
	cfgPath := hatchPreOption(call, "", "--config")
	if cfgPath == "" {
		if v, known, set := w.envOf(c, call, "HATCH_CONFIG"); set && known {
			cfgPath = v
		}
	}
	if cfgPath != "" {
		cfgPath = call.Dir.Join(expandTilde(cfgPath, home)).Path
	} else if xd := w.userDir(c, call, "XDG_CONFIG_HOME", ".config"); xd != "" {
		cfgPath = filepath.Join(xd, "hatch", "config.toml")
	}
	cfg := ""
	if cfgPath != "" {
		cfg, _ = w.readScript(Dir{Path: cfgPath, Known: true})
	}
	var data string
	if v, ok := tomlSetting(cfg, "dirs.env", "virtual"); ok && v != "" {
		data = rootDir.Join(expandTilde(os.Expand(v, func(string) string { return "" }), home)).Path
	} else {
		dataDir := hatchPreOption(call, "", "--data-dir")
		if dataDir == "" {
			if v, known, set := w.envOf(c, call, "HATCH_DATA_DIR"); set {
				if !known {
					return nil
				}
				dataDir = v
			}
		}
		if dataDir == "" {
			if v, ok := tomlSetting(cfg, "dirs", "data"); ok {
				dataDir = v
			}
		}
		if dataDir != "" {
			dataDir = call.Dir.Join(expandTilde(dataDir, home)).Path
		} else if xd := w.userDir(c, call, "XDG_DATA_HOME", ".local/share"); xd != "" {
			dataDir = filepath.Join(xd, "hatch")
		} else {
			return nil
		}
		data = filepath.Join(dataDir, "env", "virtual")
	}
	project := ""
	if v, ok := tomlKey(pyproject, "project", "name"); ok {
		project = strings.ToLower(hatchNameSeps.Get().ReplaceAllString(v, "-"))
	}
	if project == "" {
		return nil // hatch needs the name
	}
	name := env
	if env == "default" {
		name = project
	}
	if data != root && guards.Within(root, data) || data == filepath.Join(home, ".virtualenvs") {
		return at(filepath.Join(data, name))
	}
	// The hash is poetry's: the first 8 characters of the URL-safe
	// base64 of the SHA-256 of the project's real path.
	return at(filepath.Join(data, project, poetryEnvHash(w.realDir(root)), name))
}

// hatchEnvChain returns the environment tables hatch reads a setting of
// ENV from, in order: ENV's base name (test for a matrix environment
// test.py3.12), then the template it names ("default" when none), and
// so on, bounded (a loop of templates ends it).
func hatchEnvChain(env string, texts []struct{ text, prefix string }) []string {
	var out []string
	seen := map[string]bool{}
	for e := env; e != "" && !seen[e] && len(seen) < 16; {
		seen[e] = true
		base, _, _ := strings.Cut(e, ".")
		out = append(out, base)
		next := "default"
		for _, t := range texts {
			if v, ok := tomlKey(t.text, t.prefix+base, "template"); ok {
				next = v
				break
			}
		}
		if next == base {
			break
		}
		e = next
	}
	return out
}
