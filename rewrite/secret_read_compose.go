package rewrite

import (
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// composeGlobals are compose's own options before its subcommand
// (docker compose --help); -p is the project's name.
var composeGlobals = optSpec{shortVal: "fp", longVal: optNames{"file", "project-name", "project-directory", "env-file", "profile", "ansi", "progress", "parallel"}, longEq: true, stop: true}

// fromSyntaxOptions is the syntax package's reading of options as
// rewrite's option list.
func fromSyntaxOptions(found []syntax.Option) []option {
	opts := make([]option, len(found))
	for i, o := range found {
		opts[i] = option{name: o.Name, long: o.Long, idx: o.Idx, val: o.Val, hasVal: o.HasVal, attached: o.Attached,
			prefix: o.Prefix, ambiguous: o.Ambiguous}
	}
	return opts
}

// checkCompose judges the files of variables a compose call reads. Its
// --env-file (config --environment, config, a file that is no env file)
// is composeConfigEnv's and composeEnvFile's; what is left is what the
// compose file itself brings in: config prints the compose file with
// every service's env_file variables in its environment and with the
// values interpolation takes from the project's .env, and run or exec
// with a command that prints the environment prints what the service's
// environment holds.
func (p *Pass) checkCompose(c *syntax.Call, cc syntax.ComposeCall) {
	if p.composeConfigEnv(c, cc.Args) || p.composeEnvFile(c, cc) || cc.Sub < 0 {
		return
	}
	switch cc.Args[cc.Sub].Value {
	case "config", "convert":
		p.composeConfigPrints(c, cc)
	case "run", "exec":
		p.composeRunEnv(c, cc)
	}
}

// composeFile is one compose file read at hook time: its directory and
// the services' use of variables.
type composeFile struct {
	dir      syntax.Dir
	services []syntax.ComposeEnv
	// refs are the variables the file takes from compose's environment
	// (its $ references and the environment names given no value), which
	// config prints with the values they take.
	refs []string
	// path and text are the file's, for its include: entries.
	path, text string
}

// composeFiles reads the compose files a call uses: each -f (or
// --file) given, else the one compose finds from the project directory
// (--project-directory) or the working directory upwards. projectDir
// is the directory whose .env compose reads: --project-directory, else
// the first file's directory. A file named at run time, or one that
// cannot be read, is left out; known is false when one was.
func (p *Pass) composeFiles(c *syntax.Call, opts []option) (files []composeFile, projectDir syntax.Dir, known bool) {
	known = true
	dir, projectSet := c.Dir, false
	for _, o := range find(opts, "project-directory") {
		if !o.val.Static {
			return nil, dir, false
		}
		dir, projectSet = dir.Join(o.val.Value), true
	}
	read := func(path, text string) {
		f := composeFile{dir: syntax.Dir{Path: filepath.Dir(path), Known: true}, services: syntax.ComposeEnvs(text),
			refs: syntax.ComposeRefs(text), text: text, path: path}
		for _, s := range f.services {
			f.refs = append(f.refs, s.Takes...)
		}
		if projectSet {
			f.dir = dir // relative paths resolve from the project directory
		}
		files = append(files, f)
	}
	named := find(opts, "f", "file")
	for _, o := range named {
		d := c.Dir.Join(o.val.Value)
		if !o.val.Static || !d.Known {
			known = false
			continue
		}
		text, err := syntax.ReadScript(d.Path)
		if err != nil {
			known = false
			continue
		}
		read(d.Path, text)
	}
	fromEnv := false
	if len(named) == 0 && dir.Known {
		// COMPOSE_FILE names the files when -f does not: given to
		// compose (COMPOSE_FILE=… docker compose), else set in the
		// --env-file files or the project directory's .env, which
		// compose reads for its own variables (COMPOSE_PATH_SEPARATOR
		// there too); with it no file is searched for.
		list, set, listKnown := p.composeFileVar(c, opts, dir)
		fromEnv = set
		known = known && listKnown
		for _, f := range list {
			text, err := syntax.ReadScript(f)
			if err != nil {
				known = false
				continue
			}
			read(f, text)
			if !projectSet && len(files) > 1 {
				// Relative paths of every file resolve from the
				// project directory, the first file's.
				files[len(files)-1].dir = files[0].dir
			}
		}
	}
	if len(named) == 0 && dir.Known && !fromEnv {
		if path, text, ok := syntax.FindComposeFile(dir.Path); ok {
			read(path, text)
			// The override file beside it is merged in (its relative
			// paths resolve from the main file's directory).
			if op, ot, ok := syntax.ComposeOverride(path, readComposeText); ok {
				read(op, ot)
			}
		}
	}
	// Files an include: pulls in, each relative to its own directory.
	var project []syntax.ComposeText
	for _, f := range files {
		project = append(project, syntax.ComposeText{Path: f.path, Text: f.text})
	}
	for _, inc := range syntax.ComposeWithIncludes(project, readComposeText)[len(project):] {
		f := composeFile{dir: syntax.Dir{Path: inc.Dir, Known: true}, services: syntax.ComposeEnvs(inc.Text), refs: syntax.ComposeRefs(inc.Text)}
		for _, s := range f.services {
			f.refs = append(f.refs, s.Takes...)
		}
		files = append(files, f)
	}
	if !projectSet && len(files) > 0 {
		dir = files[0].dir
	}
	return files, dir, known
}

// composeFileVar returns the files COMPOSE_FILE names for a compose
// call with no -f, as absolute paths: the value the call gets (a prefix
// assignment; one only run time knows leaves known false), else the
// last --env-file (or the project directory dir's .env) that sets it,
// split on COMPOSE_PATH_SEPARATOR (":" by default) and taken relative to
// dir, as the services' start reads it (syntax.ComposeFileFromEnv). set
// is false when nothing sets it.
func (p *Pass) composeFileVar(c *syntax.Call, opts []option, dir syntax.Dir) (files []string, set, known bool) {
	abs := func(f string) string {
		if filepath.IsAbs(f) {
			return f
		}
		return filepath.Join(dir.Path, f)
	}
	v, vKnown, vSet := c.Getenv("COMPOSE_FILE")
	if pv, ok := c.EnvValue("COMPOSE_FILE"); ok {
		v, vKnown, vSet = pv, true, true
	}
	if vSet {
		if !vKnown {
			return nil, true, false
		}
		sep := ":"
		if s, ok := c.EnvKnown("COMPOSE_PATH_SEPARATOR"); ok && s != "" {
			sep = s
		}
		for _, f := range strings.Split(v, sep) {
			if f != "" {
				files = append(files, abs(f))
			}
		}
		return files, len(files) > 0, true
	}
	var envs []syntax.Dir
	for _, o := range find(opts, "env-file") {
		if !o.val.Static {
			return nil, false, false
		}
		envs = append(envs, c.Dir.Join(o.val.Value))
	}
	if len(envs) == 0 {
		envs = append(envs, dir.Join(".env"))
	}
	for _, e := range envs {
		if !e.Known {
			continue
		}
		data, err := readSmall(e.Path, composeEnvLimit)
		if err != nil || len(data) >= composeEnvLimit {
			continue
		}
		if list, ok := syntax.ComposeFileFromEnv(string(data)); ok {
			files = files[:0]
			for _, f := range list {
				files = append(files, abs(f))
			}
			set = true
		}
	}
	return files, set, true
}

// composeConfigPrints judges docker compose config (convert) with no
// --env-file: it prints the compose file resolved, each service's
// environment holding every variable of its env_file entries, and each
// ${…} (and each environment name given no value) filled from the
// project directory's .env. config -q only validates; --no-interpolate
// prints the file as written.
func (p *Pass) composeConfigPrints(c *syntax.Call, cc syntax.ComposeCall) bool {
	opts, _ := scan(cc.Args, composeGlobals)
	more, _ := scan(cc.Args[cc.Sub+1:], optSpec{longVal: optNames{"env-file", "format", "output", "hash", "profile", "project-name", "project-directory", "file"}, shortVal: "ofp", longEq: true})
	if given(more, "q", "quiet", "no-interpolate") {
		return false
	}
	opts = append(opts, more...)
	files, projectDir, _ := p.composeFiles(c, opts)
	var refs []string
	for _, f := range files {
		refs = append(refs, f.refs...)
		for _, s := range f.services {
			if p.composeEnvFiles(c, f.dir, s.EnvFiles, c.Name+" compose config prints in the service's environment the variables of") {
				return true
			}
		}
	}
	if len(find(opts, "env-file")) > 0 {
		return false
	}
	return p.composeFills(c, projectDir, dotEnvArg, refs, false, c.Name+" compose config prints the compose file with the values it takes from")
}

// dotEnvArg is the project directory's .env, which compose reads when
// no --env-file is given.
var dotEnvArg = syntax.Arg{Value: ".env", Raw: ".env", Static: true}

// composeFills reports an interpolation file (f, from dir) that is a
// secret and gives a value to one of names: a file not on disk sets
// nothing; one read at hook time (at most 1 MiB) is parsed for the names
// it sets; one that cannot be read may set any. maybe makes the finding
// an ask.
func (p *Pass) composeFills(c *syntax.Call, dir syntax.Dir, f syntax.Arg, names []string, maybe bool, verb string) bool {
	if len(names) == 0 {
		return false
	}
	s, ok := p.secretOf(dir, f)
	if !ok {
		return false
	}
	if d := dir.Join(f.Value); f.Static && !f.Glob && d.Known {
		data, err := readSmall(d.Path, composeEnvLimit)
		switch {
		case errors.Is(err, fs.ErrNotExist) && !p.Config.NoGlobMatches:
			return false
		case err == nil && len(data) < composeEnvLimit:
			set := dotenvNames(data)
			if !slices.ContainsFunc(names, func(n string) bool { return set[n] }) {
				return false
			}
		}
	}
	p.maybeSecret = p.maybeSecret || maybe
	p.reportSecret(c, s, verb)
	return true
}

// dotenvNames are the variables an env file's lines set (NAME=…,
// NAME: …, export NAME=…; a bare NAME takes the shell's).
func dotenvNames(data []byte) map[string]bool {
	set := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		line = strings.TrimSpace(strings.TrimPrefix(line, "export "))
		if i := strings.IndexAny(line, "=:"); i > 0 {
			set[strings.TrimSpace(line[:i])] = true
		}
	}
	return set
}

// composeEnvFiles reports the first secret among a service's env_file
// entries, read from dir; an entry compose interpolates is not judged.
func (p *Pass) composeEnvFiles(c *syntax.Call, dir syntax.Dir, entries []string, verb string) bool {
	for _, e := range entries {
		if e == "" || strings.Contains(e, "$") {
			continue
		}
		if s, ok := p.secretOf(dir, syntax.Arg{Value: e, Raw: e, Static: true}); ok {
			p.reportSecret(c, s, verb)
			return true
		}
	}
	return false
}

// composeRunEnv judges docker compose run SERVICE CMD and exec SERVICE
// CMD where CMD prints the environment (containerEnvDump): the
// container's environment holds every variable of run's --env-from-file
// and of the service's env_file entries, and the values its environment
// entries take from the interpolation files (--env-file, else the
// project's .env). Any other command is the program they configure.
func (p *Pass) composeRunEnv(c *syntax.Call, cc syntax.ComposeCall) bool {
	dump, maybe := containerEnvDump(cc.Cmd)
	if !dump && !maybe || cc.Service == "" {
		return false
	}
	verb := c.Name + " compose " + cc.Args[cc.Sub].Value + " puts in the environment the container's command prints"
	found := func(dir syntax.Dir, a syntax.Arg) bool {
		s, ok := p.secretOf(dir, a)
		if ok {
			p.maybeSecret = p.maybeSecret || !dump
			p.reportSecret(c, s, verb)
		}
		return ok
	}
	local := fromSyntaxOptions(cc.Local)
	for _, o := range find(local, "env-from-file") {
		if found(c.Dir, o.val) {
			return true
		}
	}
	opts, _ := scan(cc.Args, composeGlobals)
	opts = append(opts, local...)
	files, projectDir, _ := p.composeFiles(c, opts)
	var takes []string
	for _, f := range files {
		for _, s := range f.services {
			if s.Service != cc.Service {
				continue
			}
			takes = append(takes, s.Takes...)
			for _, e := range s.EnvFiles {
				if e != "" && !strings.Contains(e, "$") && found(f.dir, syntax.Arg{Value: e, Raw: e, Static: true}) {
					return true
				}
			}
		}
	}
	// The interpolation files reach the container through the
	// environment entries they fill (a secret --env-file that is no env
	// file was composeEnvFile's to judge, as compose's parser quotes it).
	envFiles := find(opts, "env-file")
	for _, o := range envFiles {
		if p.composeFills(c, c.Dir, o.val, takes, !dump, verb) {
			return true
		}
	}
	return len(envFiles) == 0 && p.composeFills(c, projectDir, dotEnvArg, takes, !dump, verb)
}

// containerEnvDump reads the command a container runs: dump when it
// prints the whole environment (env, printenv, a shell's -c text with
// env, printenv, export -p, set), maybe when a shell's -c text expands
// a variable it may hold.
func containerEnvDump(cmd []syntax.Arg) (dump, maybe bool) {
	if len(cmd) == 0 {
		return false, false
	}
	switch name := cmd[0].Value; {
	case name == "printenv":
		return true, false // all of it, or the variables named
	case name == "env":
		for _, a := range cmd[1:] {
			if !strings.HasPrefix(a.Value, "-") && !strings.Contains(a.Value, "=") {
				return false, false // env runs a command
			}
		}
		return true, false
	case len(cmd) > 2 && cmd[1].Value == "-c" && syntax.IsShell(name):
		text := cmd[2].Value
		return envDumpWord.Get().MatchString(text), strings.Contains(text, "$")
	}
	return false, false
}

// readComposeText reads a compose file at hook time.
func readComposeText(p string) (string, bool) {
	t, err := syntax.ReadScript(p)
	return t, err == nil
}
