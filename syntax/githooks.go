package syntax

import (
	"bufio"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"

	"github.com/corral-dev/corral/internal/lazy"
)

// Git hooks in a hooks directory the agent can write.
//
// git runs the hooks of the directory core.hooksPath names (git-config(1),
// githooks(5)) when a command reaches their point: git commit runs
// pre-commit, so a project that keeps its hooks in .husky/ runs whatever
// .husky/pre-commit says on the agent's next commit. The default
// .git/hooks is a protected path the agent cannot write, and its hooks are
// the user's; a hooks directory set in the repository's or the user's
// configuration is read like a script on disk: each hook the command can
// run that exists there is walked as a script the command runs.

// gitHookRuns are the hooks each git command can run, as githooks(5)
// describes them: a command's own hooks, post-index-change for every
// command that writes the index, and reference-transaction for every
// command that updates a ref ("any Git command that performs reference
// updates"), which includes maintenance that only moves refs between
// files (gc and pack-refs pack them, maintenance run's gc task) and the
// commands that write notes, replacements, symbolic refs or a bisection's
// refs. Checked against git 2.39 with every hook logging in a
// core.hooksPath directory (gc, pack-refs, maintenance run, notes add and
// remove, replace, update-ref, tag, branch, fetch, fast-import ran
// reference-transaction; read-tree, sparse-checkout, mv, rm --cached ran
// post-index-change; restore and bisect reset ran post-checkout). A
// command is matched by name, whatever its verb (git notes list runs
// none, and is read as notes add is: only a hook that exists is read).
var gitHookRuns = lazy.Value[map[string][]string]{New: func() map[string][]string {
	const idx, ref = "post-index-change", "reference-transaction"
	return map[string][]string{
		"commit":          {"pre-commit", "prepare-commit-msg", "commit-msg", "post-commit", "post-rewrite", idx, ref},
		"merge":           {"pre-merge-commit", "prepare-commit-msg", "commit-msg", "post-merge", idx, ref},
		"pull":            {"pre-merge-commit", "prepare-commit-msg", "commit-msg", "post-merge", "pre-rebase", "post-rewrite", "post-checkout", idx, ref},
		"push":            {"pre-push", idx, ref},
		"checkout":        {"post-checkout", idx, ref},
		"switch":          {"post-checkout", idx, ref},
		"worktree":        {"post-checkout", idx, ref},
		"rebase":          {"pre-rebase", "post-rewrite", "post-checkout", "prepare-commit-msg", "commit-msg", idx, ref},
		"am":              {"applypatch-msg", "pre-applypatch", "post-applypatch", "post-rewrite", idx, ref},
		"cherry-pick":     {"prepare-commit-msg", "commit-msg", "post-commit", idx, ref},
		"revert":          {"prepare-commit-msg", "commit-msg", "post-commit", idx, ref},
		"bisect":          {"post-checkout", idx, ref},
		"gc":              {"pre-auto-gc", ref},
		"maintenance":     {"pre-auto-gc", ref},
		"pack-refs":       {ref},
		"fetch":           {ref},
		"remote":          {ref}, // rename, remove, prune, update, set-head
		"reset":           {idx, ref},
		"restore":         {"post-checkout", idx},
		"add":             {idx},
		"rm":              {idx},
		"mv":              {idx},
		"update-index":    {idx},
		"read-tree":       {idx},
		"sparse-checkout": {idx},
		"apply":           {idx}, // --index, --cached
		"status":          {idx, ref},
		"stash":           {idx, ref},
		"branch":          {ref},
		"tag":             {ref},
		"update-ref":      {ref},
		"symbolic-ref":    {ref},
		"notes":           {ref},
		"replace":         {ref},
		"fast-import":     {ref},
		"filter-branch":   {"post-checkout", idx, ref},
		"send-email":      {"sendemail-validate"},
		"p4":              {"p4-pre-submit", "p4-prepare-changelist", "p4-changelist", "p4-post-changelist"},
	}
}}

// gitHooks walks the hooks that git command sub can run from a hooks
// directory set by configuration: core.hooksPath of the repository the
// command works on (repo), then the user's.
func (w *walker) gitHooks(c scope, call *Call, sub string, rest []Arg, repo gitRepoAt) {
	names, ok := gitHookRuns.Get()[sub]
	if !ok || repo.config == "" || repo.top == "" || w.read == nil {
		return
	}
	if skip := noVerifySkips(sub, rest); len(skip) > 0 {
		var kept []string
		for _, n := range names {
			if !slices.Contains(skip, n) {
				kept = append(kept, n)
			}
		}
		names = kept
	}
	if hooks := w.configuredHooksIn(repo.config, repo.dir, repo.top); hooks != "" {
		w.runGitHooks(c, call, names, repo.top, hooks)
		return
	}
	// The default hooks directory: the user's, read only to find the
	// hooks a hook manager installed (managedHooks). It is the common
	// directory's, beside the config: a linked worktree runs the main
	// repository's .git/hooks, not .git/worktrees/NAME/hooks.
	def := filepath.Join(filepath.Dir(repo.config), "hooks")
	if w.agentHooksDir(def) {
		w.runGitHooks(c, call, names, repo.top, def) // gitdir.go
	}
	w.managedHooks(c, call, names, repo.top, def)
}

// runGitHooks walks the hooks names that exist in the hooks directory
// hooks of the working tree top.
func (w *walker) runGitHooks(c scope, call *Call, names []string, top, hooks string) {
	if hooks == "" {
		return
	}
	inner := *call
	inner.Dir = Dir{Path: top, Known: true}
	dirs := []string{hooks}
	if filepath.Base(hooks) == "_" {
		// husky 9 sets core.hooksPath to .husky/_, whose hooks run the
		// project's .husky/NAME through a path they compute from $0
		// after sourcing a file of the user's configuration, which
		// leaves it unknown here: those are read as well.
		dirs = append(dirs, filepath.Dir(hooks))
	}
	for _, d := range dirs {
		for _, n := range names {
			p := filepath.Join(d, n)
			fi, err := os.Stat(p)
			if err != nil || !fi.Mode().IsRegular() {
				continue
			}
			w.scriptFile(c, &inner, Arg{Value: p, Static: true}, "")
		}
	}
}

// gitRepoConfig judges the settings of the repository a git command works
// on (located by locateGitRepo: its .git/config, GIT_DIR's or --git-dir's
// config, or the config of a bare layout git's search takes) that make git run a
// program, as git -c KEY=VALUE is judged: core.fsmonitor, core.pager,
// core.sshCommand, filter and diff drivers, credential helpers, and the
// alias the command names. The agent can write another repository's
// configuration (one it unpacked, cloned into the sandbox or made under
// /tmp) and then run git there, and it can write the project's own
// through git config KEY VALUE: git config core.fsmonitor ./x.sh while
// x.sh is absent or harmless, then a write of x.sh, then git status,
// which runs it. So the project's own configuration is read too, and a
// value that runs a project script is judged by that script as it is
// when the later command runs (the scripts-on-disk walk); a value that
// runs a file inside the repository's .git (git's sample
// fsmonitor-watchman hook, a hook of the user's) is the user's, which the
// agent cannot write, and is not walked. The shell text runs at the top
// of the work tree, where git runs aliases, hooks and the fsmonitor.
// core.hooksPath is gitHooks'; include files are followed (configSettings).
func (w *walker) gitRepoConfig(c scope, call *Call, sub string, repo gitRepoAt) {
	if sub == "clone" && !repo.named || repo.config == "" {
		// git clone does not look for the repository it runs in (git.c
		// runs it without setup): that repository's settings do not
		// apply to it.
		return
	}
	config := repo.config
	gitDir := repo.dir
	if gitDir == "" {
		gitDir = filepath.Dir(config)
	}
	inner := *call
	if repo.top != "" {
		inner.Dir = Dir{Path: repo.top, Known: true}
	}
	w.judgeConfigSettings(c, call, &inner, sub, gitDir, w.configFileSettings(config))
}

// configFileSettings returns the settings of a git configuration file:
// as written earlier in the command (printf … > store/config), else as
// on disk (with its includes) when the walk reads files.
func (w *walker) configFileSettings(config string) []string {
	var settings []string
	if text, ok := w.written[config]; ok {
		gitConfigLines(strings.NewReader(text), 64<<10, func(section, key, value string) {
			settings = append(settings, section+"."+key+"="+value)
		})
	} else if w.read != nil {
		settings = configSettingsHome(config, w.home)
	}
	return settings
}

// gitGlobalConfig judges the user's global git configuration as
// gitRepoConfig judges the repository's (red team 14 GC1, GW1): git
// reads $XDG_CONFIG_HOME/git/config (else ~/.config/git/config) and
// ~/.gitconfig, or only $GIT_CONFIG_GLOBAL, on every command, and the
// agent can put a code-running key there (git config --global
// core.fsmonitor FILE, a work tree checked out as ~/.config/git) and
// then run any git command. A file whose place the command moves (HOME,
// XDG_CONFIG_HOME or GIT_CONFIG_GLOBAL set for the call) is the
// environment's, read in gitEnvConfig.
func (w *walker) gitGlobalConfig(c scope, call *Call, sub string, repo gitRepoAt) {
	if w.home == "" {
		return
	}
	set := func(name string) bool {
		v, known, ok := w.envOf(c, call, name)
		if name == "HOME" && ok && known && filepath.Clean(expandTilde(v, w.home)) == filepath.Clean(w.home) {
			return false // the shell's own HOME
		}
		return ok || w.assignedRunTime(call, name)
	}
	if set("GIT_CONFIG_GLOBAL") || set("HOME") {
		return
	}
	var files []string
	if g, ok := os.LookupEnv("GIT_CONFIG_GLOBAL"); ok {
		// git reads only that file ("" or /dev/null: none).
		if filepath.IsAbs(g) && g != "/dev/null" {
			files = append(files, g)
		}
	} else {
		if !set("XDG_CONFIG_HOME") {
			xdg := filepath.Join(w.home, ".config")
			if v := os.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(v) {
				xdg = v
			}
			files = append(files, filepath.Join(xdg, "git", "config"))
		}
		files = append(files, filepath.Join(w.home, ".gitconfig"))
	}
	inner := *call
	if repo.top != "" {
		inner.Dir = Dir{Path: repo.top, Known: true}
	}
	for _, f := range files {
		w.judgeConfigSettings(c, call, &inner, sub, repo.dir, w.configFileSettings(f))
	}
}

// judgeConfigSettings judges settings of a configuration git reads for
// subcommand sub as git -c KEY=VALUE is: an alias only for the command it
// names, core.hooksPath (gitHooks') and includes (followed when read)
// left out, and a value that runs a file inside the git directory
// gitDir the user's.
func (w *walker) judgeConfigSettings(c scope, call, inner *Call, sub, gitDir string, settings []string) {
	for _, kv := range settings {
		key, _, _ := strings.Cut(kv, "=")
		lk := strings.ToLower(key)
		if strings.HasPrefix(lk, "alias.") && lk != "alias."+strings.ToLower(sub) || lk == "core.hookspath" ||
			strings.HasPrefix(lk, "include.") || strings.HasPrefix(lk, "includeif.") {
			continue
		}
		if runsInGitDir(kv, inner.Dir, gitDir) {
			continue
		}
		if _, val, _ := strings.Cut(kv, "="); strings.HasPrefix(lk, "alias.") && !strings.HasPrefix(val, "!") {
			// alias.y = -c core.pager=./x.sh log: git runs itself with
			// the alias's words first, options before the command
			// included, so they are walked as that git command.
			if strings.HasPrefix(strings.TrimSpace(val), "-") {
				w.child(c, call, "git "+val, nil, "git "+key, false)
			}
			continue
		}
		w.gitConfig(c, inner, &Arg{Static: true}, kv)
	}
}

// runsInGitDir reports a setting whose value runs a file inside the
// repository's git directory (core.fsmonitor=.git/hooks/fsmonitor-watchman):
// a protected place the agent cannot write, whose programs are the
// user's.
func runsInGitDir(kv string, dir Dir, gitDir string) bool {
	_, val, _ := strings.Cut(kv, "=")
	fields := strings.Fields(strings.TrimPrefix(val, "!"))
	if len(fields) == 0 || gitDir == "" || !strings.Contains(fields[0], "/") {
		return false
	}
	p := dir.Join(strings.Trim(fields[0], `"'`))
	if !p.Known {
		return false
	}
	rel, err := filepath.Rel(filepath.Clean(gitDir), p.Path)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, "../")
}

// configSettings reads a git configuration file (at most 64 KiB) as
// "section[.subsection].key=value" settings, in order; keys and sections
// as written (gitConfig folds their case), values without quotes or
// comments. The files its include.path and includeIf.*.path name are
// read where the include stands, as git reads them (whatever the
// condition, which corral cannot always tell; relative to the including
// file, ~ the home directory), at most maxConfigIncludes deep and
// maxConfigFiles files, regular files only (a FIFO would hang the hook).
func configSettings(file string) []string {
	return configSettingsHome(file, "")
}

// maxConfigFiles bounds the files one configuration and its includes
// are read from.
const maxConfigFiles = 16

// configSettingsHome is configSettings with home for "~" in include
// paths ("" for the user's home directory).
func configSettingsHome(file, home string) []string {
	var out []string
	files := 0
	var read func(file string, depth int)
	read = func(file string, depth int) {
		if files >= maxConfigFiles {
			return
		}
		files++
		f, err := openRegular(file)
		if err != nil {
			return
		}
		defer f.Close()
		gitConfigLines(io.LimitReader(f, 64<<10), 64<<10, func(section, key, value string) {
			ls := strings.ToLower(section)
			if (ls == "include" || strings.HasPrefix(ls, "includeif.")) && strings.EqualFold(key, "path") && depth < maxConfigIncludes {
				if inc := includePath(file, value, home); inc != "" {
					read(inc, depth+1)
				}
				return
			}
			out = append(out, section+"."+key+"="+value)
		})
	}
	read(file, 0)
	return out
}

// includePath resolves an include's path as git does: "~/" against the
// home directory, a relative path against the including file's
// directory; "" when it cannot be resolved.
func includePath(file, inc, home string) string {
	if inc == "" {
		return ""
	}
	if inc == "~" || strings.HasPrefix(inc, "~/") {
		if home == "" {
			h, err := os.UserHomeDir()
			if err != nil {
				return ""
			}
			home = h
		}
		return filepath.Join(home, inc[1:])
	}
	if !filepath.IsAbs(inc) {
		return filepath.Join(filepath.Dir(file), inc)
	}
	return filepath.Clean(inc)
}

// openRegular opens file for reading when it is a regular file (a
// FIFO or a device named by an include would block or never end).
// OpenRegular opens file for reading when it is a regular file, never
// blocking on a FIFO or a device (the open is non-blocking and the file
// is checked again once open).
func OpenRegular(file string) (*os.File, error) { return openRegular(file) }

func openRegular(file string) (*os.File, error) {
	st, err := os.Stat(file)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fs.ErrInvalid
	}
	f, err := os.OpenFile(file, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, fs.ErrInvalid
	}
	return f, nil
}

// gitConfigLines calls fn for each "key = value" line of a git
// configuration file read from r (lines up to limit bytes): its section,
// with a subsection after a dot as written ([filter "lfs"] is
// filter.lfs), the key as written, and the value without quotes or
// comments. A key alone (a boolean) sets nothing that runs.
func gitConfigLines(r io.Reader, limit int, fn func(section, key, value string)) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), limit)
	section := ""
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				continue
			}
			head := strings.TrimSpace(line[1:end])
			if name, sub, ok := strings.Cut(head, " "); ok {
				section = name + "." + strings.Trim(strings.TrimSpace(sub), `"`)
			} else {
				section = head
			}
			line = strings.TrimSpace(line[end+1:])
		}
		if line == "" || line[0] == '#' || line[0] == ';' || section == "" {
			continue
		}
		if k, v, found := strings.Cut(line, "="); found {
			fn(section, strings.TrimSpace(k), gitConfigValue(v))
		}
	}
}

// gitDirFile reads a .git file (gitdir: PATH, relative to the file's
// directory) and returns the git directory it names.
func gitDirFile(file string) (string, bool) {
	data, err := os.ReadFile(file)
	if err != nil || len(data) > 4096 {
		return "", false
	}
	v, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
	if !ok {
		return "", false
	}
	v = strings.TrimSpace(v)
	if !filepath.IsAbs(v) {
		v = filepath.Join(filepath.Dir(file), v)
	}
	return filepath.Clean(v), true
}

// gitCommonConfig returns the configuration file of git directory gd: the
// common directory's config when gd has a commondir file (a linked
// worktree), else gd's own (a submodule's .git/modules/NAME).
func gitCommonConfig(gd string) string {
	if data, err := os.ReadFile(filepath.Join(gd, "commondir")); err == nil && len(data) < 4096 {
		common := strings.TrimSpace(string(data))
		if !filepath.IsAbs(common) {
			common = filepath.Join(gd, common)
		}
		return filepath.Join(filepath.Clean(common), "config")
	}
	return filepath.Join(gd, "config")
}

// configuredHooks returns the hooks directory that the repository
// configuration file config, else the user's configuration, sets, made
// absolute against the working tree top; "" when none is set.
func (w *walker) configuredHooks(config, top string) string {
	return w.configuredHooksIn(config, "", top)
}

// configuredHooksIn is configuredHooks for the git directory gd (a
// linked worktree's own, whose config is the common directory's): with
// extensions.worktreeConfig on in config, gd's config.worktree is read
// after it and its core.hooksPath wins (git-worktree(1)).
func (w *walker) configuredHooksIn(config, gd, top string) string {
	v, ok := configHooksPath(config)
	if wv, found := worktreeHooksPath(config, gd); found {
		v, ok = wv, true
	}
	if !ok && w.home != "" {
		if v, ok = configHooksPath(filepath.Join(w.home, ".gitconfig")); !ok {
			v, ok = configHooksPath(filepath.Join(w.home, ".config", "git", "config"))
		}
	}
	if !ok || v == "" {
		return ""
	}
	switch {
	case v == "~" || strings.HasPrefix(v, "~/"):
		if w.home == "" {
			return ""
		}
		v = filepath.Join(w.home, v[1:])
	case !filepath.IsAbs(v):
		v = filepath.Join(top, v)
	}
	return filepath.Clean(v)
}

// worktreeHooksPath returns core.hooksPath of the config.worktree file of
// git directory gd when the configuration file config turns
// extensions.worktreeConfig on; ok false otherwise.
func worktreeHooksPath(config, gd string) (string, bool) {
	if gd == "" {
		return "", false
	}
	on := false
	for _, kv := range configSettings(config) {
		if key, val, found := strings.Cut(kv, "="); found && strings.EqualFold(key, "extensions.worktreeConfig") {
			on, _ = GitConfigBool(val)
		}
	}
	if !on {
		return "", false
	}
	return configHooksPath(filepath.Join(gd, "config.worktree"))
}

// InstalledHooksDir returns the top of the work tree holding dir (where
// a .git directory or a linked worktree's or submodule's .git file is,
// searching upwards) and the directory git runs its hooks from there:
// core.hooksPath of the repository's configuration (a linked worktree's
// common directory's, and its config.worktree under
// extensions.worktreeConfig) or the user's, else the hooks directory of
// the common git directory (a linked worktree runs the main repository's
// .git/hooks). Both are "" outside a repository.
func InstalledHooksDir(dir, home string) (top, hooks string) {
	d := filepath.Clean(dir)
	for i := 0; i < maxGitWalk; i++ {
		dot := filepath.Join(d, ".git")
		if fi, err := os.Stat(dot); err == nil {
			gd := ""
			switch {
			case fi.IsDir():
				gd = dot
			case fi.Mode().IsRegular():
				gd, _ = gitDirFile(dot)
			}
			if gd == "" {
				return "", ""
			}
			config := gitCommonConfig(gd)
			w := &walker{home: home}
			if h := w.configuredHooksIn(config, gd, d); h != "" {
				return d, h
			}
			return d, filepath.Join(filepath.Dir(config), "hooks")
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return "", ""
}

// configHooksPath reads core.hooksPath from a git configuration file: the
// last value set in a [core] section (names are case-insensitive). ok is
// false when the file does not set it or cannot be read.
func configHooksPath(file string) (string, bool) {
	return configHooksPathIn(file, 0)
}

// maxConfigIncludes bounds how deep include.path and includeIf.*.path
// are followed.
const maxConfigIncludes = 8

// configHooksPathIn is configHooksPath for a file included depth deep: an
// [include] or [includeIf "…"] section's path (relative to the including
// file, ~ the home directory) is read where it stands, whatever the
// condition, since corral cannot always tell whether it holds.
func configHooksPathIn(file string, depth int) (string, bool) {
	f, err := openRegular(file)
	if err != nil {
		return "", false
	}
	defer f.Close()
	val, ok := "", false
	gitConfigLines(f, 1<<20, func(section, key, value string) {
		section = strings.ToLower(section)
		switch {
		case (section == "include" || strings.HasPrefix(section, "includeif")) && strings.EqualFold(key, "path"):
			if depth >= maxConfigIncludes {
				return
			}
			inc := includePath(file, value, "")
			if inc == "" {
				return
			}
			if v, found := configHooksPathIn(inc, depth+1); found {
				val, ok = v, true
			}
		case section == "core" && strings.EqualFold(key, "hookspath"):
			val, ok = value, true
		}
	})
	return val, ok
}

// gitConfigValue is a configuration value without its comment and
// quotes.
func gitConfigValue(v string) string {
	var b strings.Builder
	quoted := false
	for i := 0; i < len(v); i++ {
		ch := v[i]
		switch {
		case ch == '"':
			quoted = !quoted
		case ch == '\\' && i+1 < len(v):
			i++
			b.WriteByte(v[i])
		case (ch == '#' || ch == ';') && !quoted:
			return strings.TrimSpace(b.String())
		default:
			b.WriteByte(ch)
		}
	}
	return strings.TrimSpace(b.String())
}

// gitTemplateSpec is git clone's and git init's options, enough to find
// --template (git-clone(1), git-init(1); parse-options, so abbreviated).
var gitTemplateSpec = OptSpec{ShortVal: "obucj", LongEq: true, Abbrev: true,
	LongVal: []string{"origin", "branch", "upload-pack", "reference", "reference-if-able", "separate-git-dir", "depth",
		"shallow-since", "shallow-exclude", "config", "server-option", "filter", "template", "jobs", "bundle-uri", "ref-format",
		"revision", "object-format", "initial-branch", "shared"},
	LongFlag: []string{"local", "no-hardlinks", "no-local", "dissociate", "quiet", "verbose", "progress", "no-checkout",
		"bare", "sparse", "also-filter-submodules", "mirror", "single-branch", "no-single-branch", "no-tags", "tags",
		"recurse-submodules", "shallow-submodules", "no-shallow-submodules", "remote-submodules", "no-remote-submodules",
		"reject-shallow", "no-reject-shallow"}}

// gitTemplate models the template directory of git clone and git init
// (--template=DIR, -c init.templateDir=DIR, GIT_TEMPLATE_DIR): its hooks
// are copied into the new repository, and a clone runs post-checkout
// (and the others git runs later) from there. Each file of DIR/hooks is
// read as a script; a template only known at run time asks.
func (w *walker) gitTemplate(c scope, call *Call, sub string, global []Option, rest []Arg, dir Dir) {
	var tpl *Arg
	for _, o := range global {
		if o.Name == "c" && o.HasVal {
			if k, v, ok := strings.Cut(o.Val.Value, "="); ok && strings.EqualFold(k, "init.templateDir") {
				tpl = &Arg{Value: v, Raw: o.Val.Raw, Static: o.Val.Static}
			}
		}
	}
	opts, _ := ScanOptions(rest, gitTemplateSpec)
	for _, o := range opts {
		if o.Name == "template" && o.HasVal {
			v := o.Val
			tpl = &v
		}
	}
	if tpl == nil {
		if v, ok := w.cur.vars["GIT_TEMPLATE_DIR"]; ok && v.exported {
			tpl = &Arg{Value: v.str, Raw: "GIT_TEMPLATE_DIR", Static: v.known && v.set}
		}
		if call.env != nil {
			if v, ok := call.env.vars["GIT_TEMPLATE_DIR"]; ok {
				tpl = &Arg{Value: v.str, Raw: "GIT_TEMPLATE_DIR", Static: v.known && v.set}
			}
		}
	}
	if tpl == nil || tpl.Static && tpl.Value == "" {
		return
	}
	if !tpl.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: tpl.Value,
			What: "git " + sub + " installs the hooks of the template directory " + clip(tpl.Raw, 40) + ", only known at run time"})
		return
	}
	// The template's config file becomes the new repository's (git
	// init of git's global configuration directory, git init --bare
	// --template=T ~/.config/git, makes it the user's global one, whose
	// core.fsmonitor then runs on every git status): its settings are
	// judged as git config KEY VALUE of them is (issue 12).
	if cfg := dir.Join(expandTilde(tpl.Value, w.home)).Join("config"); cfg.Known {
		if settings := w.configFileSettings(cfg.Path); len(settings) > 0 {
			inner := *call
			w.judgeConfigSettings(c, call, &inner, sub, "", settings)
		}
	}
	hooks := dir.Join(expandTilde(tpl.Value, w.home)).Join("hooks")
	if !hooks.Known {
		return
	}
	names := map[string]bool{}
	for p := range w.written {
		if filepath.Dir(p) == hooks.Path {
			names[p] = true
		}
	}
	if w.read != nil {
		if entries, err := os.ReadDir(hooks.Path); err == nil {
			for _, e := range entries {
				if e.Type().IsRegular() && !strings.HasSuffix(e.Name(), ".sample") {
					names[filepath.Join(hooks.Path, e.Name())] = true
				}
			}
		}
	}
	sorted := make([]string, 0, len(names))
	for p := range names {
		sorted = append(sorted, p)
	}
	sort.Strings(sorted)
	repo := dir
	if sub == "init" {
		// git init [DIRECTORY]: the repository made or re-initialised.
		_, ops := ScanOptions(rest, gitTemplateSpec)
		if len(ops) > 0 && rest[ops[0]].Static {
			repo = dir.Join(expandTilde(rest[ops[0]].Value, w.home))
		}
	}
	for _, p := range sorted {
		w.scriptFile(c, call, Arg{Value: p, Raw: tpl.Raw, Static: true}, "")
		if sub == "init" && repo.Known {
			// The hook is copied into the repository (one already there
			// is kept): a write of .git/hooks/NAME.
			hook := filepath.Join(repo.Path, ".git", "hooks", filepath.Base(p))
			call.EnvFiles = append(call.EnvFiles, EnvFile{Name: "git init --template", Arg: Arg{Value: hook, Raw: tpl.Raw, Static: true}})
		}
	}
}

// gitConfigEntries returns the KEY=VALUE entries of a git configuration
// text: section.key, or section.subsection.key for [section "sub"], with
// the value unquoted and its comment removed; a key alone is "true".
func gitConfigEntries(text string) []string {
	var out []string
	section := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				continue
			}
			head := strings.TrimSpace(line[1:end])
			name, sub, hasSub := strings.Cut(head, " ")
			section = strings.ToLower(name)
			if hasSub {
				section += "." + strings.Trim(strings.TrimSpace(sub), `"`)
			}
			line = strings.TrimSpace(line[end+1:])
		}
		if line == "" || line[0] == '#' || line[0] == ';' || section == "" {
			continue
		}
		k, v, found := strings.Cut(line, "=")
		val := "true"
		if found {
			val = gitConfigValue(v)
		}
		out = append(out, section+"."+strings.TrimSpace(k)+"="+val)
	}
	return out
}

// noVerifySkips returns the hooks --no-verify (commit's -n too) keeps
// git sub from running (git-commit(1), git-merge(1), git-push(1),
// git-rebase(1), git-am(1)); the last of --no-verify and --verify wins.
func noVerifySkips(sub string, rest []Arg) []string {
	off := false
	for _, a := range rest {
		if !a.Static {
			continue
		}
		switch v := a.Value; {
		case v == "--":
			goto done
		case v == "--no-verify" || v == "-n" && sub == "commit":
			off = true
		case v == "--verify":
			off = false
		}
	}
done:
	if !off {
		return nil
	}
	switch sub {
	case "commit":
		return []string{"pre-commit", "commit-msg"}
	case "merge", "pull":
		return []string{"pre-merge-commit", "commit-msg"}
	case "push":
		return []string{"pre-push"}
	case "rebase":
		return []string{"pre-rebase"}
	case "am":
		return []string{"applypatch-msg", "pre-applypatch"}
	}
	return nil
}

// ConfiguredHooksDir returns the hooks directory core.hooksPath sets for
// the repository whose work tree is top (its .git/config — a linked
// worktree's common directory's config and its config.worktree under
// extensions.worktreeConfig —, then the user's ~/.gitconfig and
// ~/.config/git/config), as an absolute path, or "" when
// none is set (git's default .git/hooks, which the path guards protect).
// git runs the files there as hooks on the next commit, checkout or push:
// the user's own too, outside the agent.
func ConfiguredHooksDir(top, home string) string {
	if top == "" {
		return ""
	}
	gd := filepath.Join(top, ".git")
	if fi, err := os.Stat(gd); err == nil && fi.Mode().IsRegular() {
		// A linked worktree's or a submodule's .git file: the common
		// directory's config, and the worktree's config.worktree.
		if g, ok := gitDirFile(gd); ok {
			gd = g
		}
	}
	w := &walker{home: home}
	return w.configuredHooksIn(gitCommonConfig(gd), gd, top)
}

// missingProgram returns the program a call runs by its path (absolute,
// or ~/…) when the agent can put what it likes there later: no file is
// there when the hook runs and the command does not write one (git config
// --global core.fsmonitor /tmp/later.sh, then a Write of /tmp/later.sh,
// then git status runs what the agent wrote last: red team 14 GC1), the
// command writes it, or the file there, or the directory holding it, is
// one this process's
// user may write (an existing /tmp/y, ~/bin/tool: the agent runs as that
// user). A system program's place (/usr/bin/less) is "", and so is a
// file the user cannot change.
func (w *walker) missingProgram(call *Call) string {
	if w.read == nil || !call.NameArg.Static {
		return ""
	}
	prog := call.NameArg.Value
	if !filepath.IsAbs(prog) || systemPath(prog) {
		return "" // a system program's place is the system's, not the agent's
	}
	if _, ok := w.written[filepath.Clean(prog)]; ok {
		return prog // the command writes it: the agent can write it again
	}
	if _, err := os.Lstat(prog); err == nil && !agentWritable(prog) {
		return ""
	}
	return prog
}

// agentWritable reports whether this process's user may write the file
// p or replace it in its directory (access(2) with W_OK).
func agentWritable(p string) bool {
	const wOK = 2
	return syscall.Access(p, wOK) == nil || syscall.Access(filepath.Dir(p), wOK) == nil
}
