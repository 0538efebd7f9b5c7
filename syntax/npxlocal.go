package syntax

import (
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"
)

// A package runner given a local package (npx ., npm exec ./tool, npx
// -p ../lib cmd, pnpm dlx ./pkg) installs that folder or tarball first,
// as npm install DIR does, so its install lifecycle scripts run, and then
// runs the package's bin: a file of that folder (npm 11, npx --yes . ran
// the folder's preinstall, prepare, install and postinstall scripts, then
// its bin). The scripts are judged as npm install DIR's are
// (localPackageSpecs); the bin as the file run by its path, with the
// words after the package.

// npxSpecs reads a runner's options (args from PackageRunArgs): the
// packages -p and --package name, and the index of the package word (the
// command with -p), the first word after the options or after "--".
func npxSpecs(args []Arg) (specs []Arg, cmd int) {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].Value, "-") {
		if args[i].Value == "--" {
			i++ // the end of the runner's options: the package is next
			break
		}
		if v := args[i].Value; (v == "-p" || v == "--package") && i+1 < len(args) {
			i++
			specs = append(specs, args[i])
		} else if val, ok := strings.CutPrefix(v, "--package="); ok {
			a := args[i]
			a.Value = val
			specs = append(specs, a)
		}
		i++
	}
	return specs, i
}

// npxWrapped judges the local packages of a runner that the walker
// unwraps as a wrapper (npm exec ., pnpm exec, yarn exec: inv.nodeBin),
// whose words from the runner's name on are args.
func (w *walker) npxWrapped(c scope, call *Call, args []Arg) {
	if len(args) == 0 || !args[0].Static {
		return
	}
	runner := *call
	runner.Name, runner.NameArg, runner.Args = judgedName(filepath.Base(args[0].Value)), args[0], args[1:]
	if rest, ok := PackageRunArgs(&runner); ok {
		specs, i := npxSpecs(rest)
		w.npxLocal(c, &runner, specs, rest, i)
	}
}

// npxLocal judges a runner's local package specs: the values of -p and
// --package and, with none of those, the package word at args[cmd].
// specs are the -p values; it reports whether the package word itself
// was a local package whose bin was judged (then the caller does not run
// the word as a command name).
func (w *walker) npxLocal(c scope, call *Call, specs []Arg, args []Arg, cmd int) bool {
	label := call.Name
	if verbs := packageRunners.Get()[strings.TrimRight(call.Name, "0123456789.")]; verbs != nil && len(call.Args) > 0 {
		label += " " + call.Args[0].Value
	}
	switch label {
	case "pnpm exec", "yarn exec", "deno run", "deno x":
		// These run a command of the project (or a deno module): they
		// install no package.
		return false
	}
	byPackageWord := len(specs) == 0
	if byPackageWord {
		if cmd >= len(args) {
			return false
		}
		specs = []Arg{args[cmd]}
	}
	judged := false
	for _, s := range specs {
		if !s.Static {
			continue
		}
		p, tarball, ok := npmLocalSpec(s.Value, w.home)
		if !ok {
			continue
		}
		d := call.Dir.Join(p)
		from := w.projectRel(filepath.Join(d.Path, "package.json"))
		var name string
		var bins map[string]string
		if tarball {
			// A tarball is unpacked first: its install scripts run
			// and its bin is the archive's member, judged by the text
			// the archive holds (recorded at the installed path).
			if !d.Known {
				continue
			}
			inst, manifest, ok := w.tarballScripts(c, call, d, label+" "+s.Value)
			if !ok {
				continue
			}
			if name, bins, ok = parseBins(manifest); !ok {
				continue
			}
			from = w.projectRel(d.Path) + ": package/package.json"
			d = inst
		} else {
			w.localPackageSpecs(c, call, []string{s.Value}, lifecycleNames, label, true)
			if !d.Known {
				continue
			}
			if name, bins, ok = w.packageBins(d); !ok {
				continue
			}
		}
		// npx PKG runs the package's only bin, or the one named after
		// the package (its name without the scope); npx -p PKG CMD
		// runs CMD, which may be one of the package's bins.
		var bin string
		var rest []Arg
		if byPackageWord {
			bin, rest = defaultBin(name, bins), args[cmd+1:]
		} else if cmd < len(args) && args[cmd].Static {
			bin, rest = bins[args[cmd].Value], args[cmd+1:]
		}
		if bin == "" {
			continue
		}
		words := []string{filepath.Join(d.Path, bin)}
		dynamic := false
		for _, a := range rest {
			words = append(words, a.Value)
			dynamic = dynamic || !a.Static
		}
		w.origin = from + " bin (" + label + " " + s.Value + ")"
		w.childIn(c, call, quoteArgv(words), nil, "npx bin", dynamic, w.nodeBinEnv(w.cur.exportedOnly(call.Dir, w.home), call.Dir), call.Dir)
		w.origin = ""
		judged = judged || byPackageWord
	}
	return judged
}

// packageBins reads the name and the bin entries of DIR/package.json
// (parseBins).
func (w *walker) packageBins(d Dir) (name string, bins map[string]string, ok bool) {
	text, found := w.readScript(d.Join("package.json"))
	if !found {
		return "", nil, false
	}
	return parseBins(text)
}

// parseBins reads the name and the bin entries of a package.json text (a
// string bin is the package's one command, named after the package
// without its scope).
func parseBins(text string) (name string, bins map[string]string, ok bool) {
	var pkg struct {
		Name string          `json:"name"`
		Bin  json.RawMessage `json:"bin"`
	}
	if json.Unmarshal([]byte(text), &pkg) != nil {
		return "", nil, false
	}
	short := pkg.Name
	if i := strings.LastIndexByte(short, '/'); i >= 0 {
		short = short[i+1:]
	}
	var one string
	bins = map[string]string{}
	if json.Unmarshal(pkg.Bin, &one) == nil && one != "" {
		bins[short] = one
	} else if json.Unmarshal(pkg.Bin, &bins) != nil {
		return "", nil, false
	}
	return short, bins, len(bins) > 0
}

// defaultBin is the bin npm exec runs for a package given no command:
// the only one, else the one named after the package.
func defaultBin(name string, bins map[string]string) string {
	if len(bins) == 1 {
		keys := make([]string, 0, 1)
		for k := range bins {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		return bins[keys[0]]
	}
	return bins[name]
}
