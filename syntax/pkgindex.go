package syntax

import "strings"

// Package indexes kept in a tool's configuration. A package manager told
// to fetch from another index keeps that setting for every later
// install, whose packages run their build and install code here: pip
// config set global.index-url URL asks (pipInstall), and so do the same
// settings of conda, poetry and uv (npm's, pnpm's and yarn's registry
// settings are the tool-config rule's, rewrite/danger_toolconfig.go):
//
//   - conda (mamba, micromamba) config --add/--append/--prepend channels
//     URL (a channel given by URL; a name such as conda-forge is
//     anaconda.org's), --set channel_alias URL, custom_channels.NAME;
//   - poetry config repositories.NAME URL, poetry source add NAME URL
//     (kept in pyproject.toml; a value with "://", or one only known at
//     run time: tldr's placeholder source_url names none);
//   - uv add --index/--default-index/--index-url URL (kept in
//     pyproject.toml's [tool.uv]), uv python install --mirror URL
//     (the Python builds it installs come from there).

// packageIndexConfig asks about a command that keeps a package index in
// the configuration of call's tool.
func (w *walker) packageIndexConfig(call *Call) {
	args := call.Args
	ask := func(setting string, val Arg) {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Raw,
			What: call.Name + " keeps " + clip(setting, 40) + " = " + clip(val.Raw, 60) + " in its configuration: every later install fetches packages, and runs their install code, from there"})
	}
	url := func(a Arg) bool { return !a.Static || strings.Contains(a.Value, "://") }
	switch call.Name {
	case "conda", "mamba", "micromamba":
		if len(args) == 0 || args[0].Value != "config" {
			return
		}
		for i := 1; i+2 < len(args); i++ {
			op, key, val := args[i].Value, args[i+1].Value, args[i+2]
			switch op {
			case "--add", "--append", "--prepend":
				if (key == "channels" || key == "default_channels") && url(val) {
					ask(key, val)
				}
			case "--set":
				if key == "channel_alias" || strings.HasPrefix(key, "custom_channels.") || strings.HasPrefix(key, "custom_multichannels.") ||
					(key == "channels" || key == "default_channels") && url(val) {
					ask(key, val)
				}
			}
		}
	case "poetry":
		pos := positionals(args, "--priority", "-C", "--directory", "-P", "--project")
		switch {
		case len(pos) >= 3 && pos[0].Value == "config" && strings.HasPrefix(pos[1].Value, "repositories.") && url(pos[2]):
			ask(pos[1].Value, pos[2])
		case len(pos) >= 4 && pos[0].Value == "source" && pos[1].Value == "add" && url(pos[3]):
			ask("source "+pos[2].Value, pos[3])
		}
	case "bundle", "bundler":
		// bundle config [set] [--local|--global] mirror.SOURCE URL: every
		// gem of SOURCE (mirror.all: of every source) comes from URL.
		pos := positionals(args)
		if len(pos) < 3 || pos[0].Value != "config" {
			return
		}
		pos = pos[1:]
		if pos[0].Value == "set" {
			pos = pos[1:]
		}
		if len(pos) >= 2 && strings.HasPrefix(strings.ToLower(pos[0].Value), "mirror.") &&
			(!pos[1].Static || remoteIndex(bundleConfigFile, pos[1].Value)) {
			ask(pos[0].Value, pos[1])
		}
	case "composer":
		// composer config [-g] repositories.NAME TYPE URL (or a JSON
		// object): composer installs from that repository from now on.
		pos := positionals(args, "--file", "-f", "--working-dir", "-d")
		if len(pos) < 3 || pos[0].Value != "config" {
			return
		}
		key := strings.ToLower(pos[1].Value)
		if !strings.HasPrefix(key, "repositories.") && !strings.HasPrefix(key, "repos.") && !strings.HasPrefix(key, "repo.") {
			return
		}
		for _, v := range pos[2:] {
			switch {
			case !v.Static:
				ask(pos[1].Value, v)
				return
			case strings.HasPrefix(strings.TrimSpace(v.Value), "{"):
				for _, u := range composerRepoURLs(`{"repositories":[` + v.Value + `]}`) {
					if ComposerRepoRemote(u) {
						ask(pos[1].Value, v)
						return
					}
				}
			case ComposerRepoRemote(v.Value):
				ask(pos[1].Value, v)
				return
			}
		}
	case "uv":
		pos := positionals(args, "--index", "--default-index", "--index-url", "-i", "--extra-index-url", "--mirror",
			"--python-install-mirror", "--pypy-install-mirror", "--directory", "--project", "--python", "-p", "--group", "--optional", "--extra")
		if len(pos) == 0 {
			return
		}
		var keys []string
		switch {
		case pos[0].Value == "add":
			keys = []string{"--index", "--default-index", "--index-url", "-i", "--extra-index-url"}
		case len(pos) >= 2 && pos[0].Value == "python" && pos[1].Value == "install":
			keys = []string{"--mirror", "--python-install-mirror", "--pypy-install-mirror"}
		default:
			return
		}
		for i, a := range args {
			for _, k := range keys {
				if v, ok := strings.CutPrefix(a.Value, k+"="); ok && a.Static {
					ask(k, Arg{Value: v, Raw: a.Raw, Static: true})
				} else if a.Value == k && i+1 < len(args) {
					ask(k, args[i+1])
				}
			}
		}
	}
}

// positionals are the words that do not start with "-", in order,
// without the word after an option of valueOpts.
func positionals(args []Arg, valueOpts ...string) []Arg {
	var out []Arg
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a.Value, "-") {
			out = append(out, a)
			continue
		}
		for _, o := range valueOpts {
			if a.Value == o {
				i++
				break
			}
		}
	}
	return out
}
