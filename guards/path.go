package guards

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/internal/linkwalk"
	"github.com/corral-dev/corral/internal/procpath"
)

// Env is where a path is judged from.
type Env struct {
	// Project is the project root: CLAUDE_PROJECT_DIR, else the hook's cwd.
	// A project that is the home directory or / is no project: nothing is
	// project-relative there.
	Project string
	// Cwd is the directory a relative path is relative to; when it is
	// empty or relative, the project (then /) stands in for it.
	Cwd string
	// Home is $HOME: "~" and "~/..." in paths and patterns expand to it.
	Home string
	// Sandbox is the absolute sandbox root, always a safe path.
	Sandbox string
}

// Path is a normalised path.
type Path struct {
	// Given is the path as written.
	Given string `json:"given"`
	// Abs is absolute and clean, with the symlinks of the part that exists
	// resolved; it never contains "..".
	Abs string `json:"abs"`
	// Rel is the project-relative slash path when InProject ("." for the
	// project root itself), else "".
	Rel       string `json:"rel,omitempty"`
	InProject bool   `json:"in_project"`
	// unlink: Abs is a symbolic link's own name, removed alone
	// (Policy.DecideUnlink); what it holds is what is reached through
	// that name (holdsName), not what its target holds.
	unlink bool
}

// holdsName reports whether deleting np deletes f: f is np or under it.
// For a symbolic link's name removed alone, that is a path whose lookup
// passes through the name: a prefix of f names that very entry (the
// project's .claude as a link: .claude/settings.json goes with it), not
// a file under the directory the link points at (a link to the home
// directory holds none of the home's files).
func holdsName(np Path, f string) bool {
	if !np.unlink {
		return Within(np.Abs, f)
	}
	if !filepath.IsAbs(f) {
		return false
	}
	for q := filepath.Clean(f); q != "/" && q != "."; q = filepath.Dir(q) {
		if nameForm(q) == np.Abs {
			return true
		}
	}
	return false
}

// Normalize makes p absolute against env and resolves what can be
// resolved: "~" and "~/x" expand to env.Home, a relative path is taken
// from env.Cwd, "./", "//", "." and trailing slashes go, and the symlinks
// of the longest existing prefix are followed the way the kernel follows
// them, so ".." after a symlink leaves the symlink's target (docs/link/x
// with docs/link -> ../.git is .git/x). The path need not exist. When a
// symlink cannot be read or loops, the lexically cleaned path is used, as
// given (seed 001 AC-10.4). Normalize is idempotent: normalising Abs again
// gives the same Path apart from Given. An empty p gives an empty Path.
func Normalize(env Env, p string) Path {
	out := Path{Given: p}
	if p == "" {
		return out
	}
	out.Abs = resolve(procAlias(env, absolute(env, p)))
	if proj := projectRoot(env); proj != "" {
		if rel, ok := relWithin(proj, out.Abs); ok {
			out.InProject = true
			out.Rel = rel
		}
	}
	return out
}

// absolute joins p to the directory it is relative to, after expanding ~.
// The result is absolute but not cleaned.
func absolute(env Env, p string) string {
	p = expandHome(p, env.Home)
	if filepath.IsAbs(p) {
		return p
	}
	return baseDir(env) + "/" + p
}

// baseDir is the absolute directory relative paths start from.
func baseDir(env Env) string {
	if filepath.IsAbs(env.Cwd) {
		return env.Cwd
	}
	if filepath.IsAbs(env.Project) {
		if env.Cwd != "" {
			return env.Project + "/" + env.Cwd
		}
		return env.Project
	}
	return "/" + env.Cwd
}

// projectRoot is the resolved project root, or "" when there is no
// project (none given, the home directory, or /).
func projectRoot(env Env) string {
	if env.Project == "" {
		return ""
	}
	p := env.Project
	if !filepath.IsAbs(p) {
		p = baseDir(Env{Cwd: env.Cwd}) + "/" + p
	}
	p = filepath.Clean(p)
	if p == "/" || env.Home != "" && p == filepath.Clean(env.Home) {
		return ""
	}
	r := resolve(p)
	if r == "/" || env.Home != "" && r == resolve(filepath.Clean(env.Home)) {
		return ""
	}
	return r
}

func expandHome(p, home string) string {
	if home == "" {
		return p
	}
	if p == "~" {
		return home
	}
	if strings.HasPrefix(p, "~/") {
		return home + p[1:]
	}
	return p
}

// resolveCache remembers resolve's answers: a hook process judges a
// handful of paths, often the same directories again; benchmarks and
// fuzzing judge many, so the cache is emptied when it grows large.
var resolveCache struct {
	sync.Mutex
	m map[string]string
}

const resolveCacheMax = 4096

// resolve returns the clean absolute form of the absolute path p with the
// symlinks of its existing prefix followed.
func resolve(p string) string {
	resolveCache.Lock()
	r, ok := resolveCache.m[p]
	resolveCache.Unlock()
	if ok {
		return r
	}
	r = resolveUncached(p)
	resolveCache.Lock()
	if resolveCache.m == nil || len(resolveCache.m) >= resolveCacheMax {
		resolveCache.m = make(map[string]string)
	}
	resolveCache.m[p] = r
	resolveCache.Unlock()
	return r
}

// procAlias turns the /proc links that name the same place in every
// process into that place: /proc/PID/root (and a task's) is /, and
// /proc/self/cwd is the working directory the path is read from. Other
// /proc paths are kept as written.
func procAlias(env Env, p string) string {
	p = procpath.FdDirAlias(p)
	for i := 0; i < maxLinks && strings.HasPrefix(p, "/proc/"); i++ {
		parts := strings.SplitN(p[len("/proc/"):], "/", 5)
		if len(parts) < 2 || !procID(parts[0]) {
			return p
		}
		pid, rest := parts[0], parts[1:]
		if len(rest) >= 3 && rest[0] == "task" && procID(rest[1]) {
			rest = rest[2:]
		}
		link := rest[0]
		tail := ""
		if len(rest) > 1 {
			tail = strings.Join(rest[1:], "/")
		}
		switch {
		case link == "root":
			p = filepath.Clean("/" + tail)
		case link == "cwd" && (pid == "self" || pid == "thread-self") && env.Cwd != "":
			p = filepath.Clean(env.Cwd + "/" + tail)
		default:
			return p
		}
	}
	return p
}

// processCwd is the hook process's working directory ("" when it cannot
// be read), where an agent reads the files its tools name.
func processCwd() string {
	d, err := os.Getwd()
	if err != nil {
		return ""
	}
	return d
}

// procID reports a /proc entry that is a process: self, thread-self or a
// number.
func procID(s string) bool {
	if s == "self" || s == "thread-self" {
		return true
	}
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// maxLinks bounds the symlinks followed for one path, as the kernel does.
const maxLinks = 40

// pseudoRoots are kernel file systems whose symlinks point at per-process
// objects (/dev/stderr -> /proc/self/fd/2 -> pipe:[…]); they are kept as
// written so that the same path normalises the same in every process.
var pseudoRoots = []string{"/dev", "/proc", "/sys"}

func isPseudo(p string) bool {
	for _, r := range pseudoRoots {
		// Not HasPrefix(p, r+"/"): that concatenation ran for every
		// component of every path a hook call resolves.
		if strings.HasPrefix(p, r) && (len(p) == len(r) || p[len(r)] == '/') {
			return true
		}
	}
	return false
}

// hasGlobMeta is strings.ContainsAny(g, "*?[{\\"): whether a pattern has
// a glob's special characters. The loop over bytes is equivalent (the
// characters are ASCII, which no byte of a multi-byte UTF-8 character is)
// and several times faster than ContainsAny, which builds its character
// set at every call; a hook call asks it for every pattern of the policy
// and each path it judges.
func hasGlobMeta(g string) bool {
	for i := 0; i < len(g); i++ {
		switch g[i] {
		case '*', '?', '[', '{', '\\':
			return true
		}
	}
	return false
}

// dirOf is filepath.Dir(p), taken without Dir's Clean when p is already a
// clean absolute path (as the paths the guards resolve are).
func dirOf(p string) string {
	if IsCleanAbs(p) {
		return parentDir(p)
	}
	return filepath.Dir(p)
}

// IsCleanAbs reports whether p is an absolute path that filepath.Clean
// leaves as it is: no empty, "." or ".." component and no trailing slash.
func IsCleanAbs(p string) bool {
	if p == "/" {
		return true
	}
	if len(p) < 2 || p[0] != '/' || p[len(p)-1] == '/' {
		return false
	}
	start := 1
	for i := 1; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		switch p[start:i] {
		case "", ".", "..":
			return false
		}
		start = i + 1
	}
	return true
}

// parentDir is filepath.Dir of a clean absolute path, without Dir's
// Clean of the result (a clean path's parent is clean): resolving a path
// asks for the parent of each of its components.
func parentDir(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i <= 0 {
		return "/"
	}
	return p[:i]
}

// resolveUncached walks p one segment at a time from /, following each
// symlink it meets (a relative target from the link's directory), and
// applying ".." to what has been resolved so far. Segments that do not
// exist are kept as they are.
func resolveUncached(p string) string {
	// missing is the last path of this walk that could not be read (did
	// not exist, or its directory could not be searched): every path in
	// it fails the same way, so its children are answered without asking
	// the system. A ".." that leaves it makes the next path's directory
	// another one, and that path is read again.
	missing := ""
	out, ok := linkwalk.Resolve(p, true, maxLinks, func(next string) (string, bool, bool) {
		dir := parentDir(next) // linkwalk's paths are clean and absolute
		if isPseudo(dir) {
			return "", false, true // /proc/PID/…: not followed here
		}
		if missing != "" && dir == missing {
			missing = next
			return "", false, false
		}
		li, exists := lookLink(next)
		if !exists {
			missing = next
		}
		if li.isLink && strings.HasPrefix(li.target, "/proc/") {
			// A link into /proc/self/root (or a process's root, or
			// /proc/self/cwd) is the place that names in every process
			// (red team 13 RL: ln -s /proc/self/root$HOME x; cat
			// x/.ssh/id_rsa). The reader's working directory is taken
			// as the hook's own.
			return procAlias(Env{Cwd: processCwd()}, li.target), true, li.ok
		}
		return li.target, li.isLink, li.ok
	})
	if !ok {
		return filepath.Clean(p)
	}
	return out
}

// linkCache remembers what lookLink found for each existing path: a hook
// process resolves tens of paths under the same few directories (the
// home, the project, the agents' configuration files), and each
// resolution walks from /, so without it the same directories are
// Lstat'ed dozens of times per call. A path that does not exist is not
// remembered, so a symlink created there later is still followed, except
// in a process that judges one call (OneCall): there it is remembered as
// absent, and so is everything below it. It is emptied when it grows
// large, as resolveCache is.
var linkCache struct {
	sync.Mutex
	m map[string]linkInfo
}

type linkInfo struct {
	target     string
	isLink, ok bool
	// absent is a path that could not be read (OneCall only).
	absent bool
}

// oneCall is set by OneCall.
var oneCall atomic.Bool

// OneCall tells the package that this process judges one tool call and
// exits (corral hook): the disk is read as it is when the call is judged,
// so a path found absent is remembered as absent, with everything below
// it, instead of being looked up again for each path that passes through
// it. A hook call looks up the same absent directories (~/.claude,
// ~/.config, the project's .claude, the agents' configuration files)
// tens of times. A long-running process (tests, the MCP server) does not
// call it: it must see files created after an earlier judgement.
func OneCall() { oneCall.Store(true) }

// lookLink reports whether p is a symlink and, if so, its target (ok is
// false when the target cannot be read), and whether p could be read at
// all (false when it does not exist or a directory on the way cannot be
// searched).
func lookLink(p string) (li linkInfo, exists bool) {
	once := oneCall.Load()
	linkCache.Lock()
	li, hit := linkCache.m[p]
	if !hit && once && absentAbove(p) {
		li, hit = linkInfo{absent: true}, true
	}
	linkCache.Unlock()
	if hit {
		if li.absent {
			return linkInfo{}, false
		}
		return li, true
	}
	if once {
		// The directory first: when it is absent, so is p, and so are
		// its other entries asked about (.qwen/settings.json,
		// .qwen/commands, …).
		if dir := dirOf(p); dir != p && dir != "/" && filepath.IsAbs(dir) {
			if _, ok := lookLink(dir); !ok {
				return linkInfo{}, false
			}
		}
	}
	var isLink bool
	if !once || !unlisted(p) {
		isLink, exists = isSymlink(p)
	}
	if !exists {
		if !once {
			return linkInfo{}, false
		}
		li = linkInfo{absent: true}
	} else if isLink {
		var err error
		li.isLink = true
		li.target, err = os.Readlink(p)
		li.ok = err == nil
	}
	linkCache.Lock()
	if linkCache.m == nil || len(linkCache.m) >= resolveCacheMax {
		linkCache.m = make(map[string]linkInfo)
	}
	linkCache.m[p] = li
	linkCache.Unlock()
	return li, exists
}

// absentAbove reports whether a directory above the clean absolute path
// p is remembered as absent: then p cannot be read either (a path under
// one that does not exist, or under a directory that cannot be searched,
// fails the same way). linkCache must be locked.
func absentAbove(p string) bool {
	for i := len(p) - 1; i > 0; i-- {
		if p[i] == '/' {
			if li, ok := linkCache.m[p[:i]]; ok && li.absent {
				return true
			}
		}
	}
	return false
}

// relWithin returns p relative to root, as a slash path, when p is root
// ("." then) or under it. Both must be clean absolute paths.
func relWithin(root, p string) (string, bool) {
	if root == "" || p == "" {
		return "", false
	}
	if p == root {
		return ".", true
	}
	if root == "/" {
		return p[1:], true
	}
	if strings.HasPrefix(p, root) && p[len(root)] == '/' {
		return p[len(root)+1:], true
	}
	return "", false
}

// Within reports whether p is root or under it, comparing cleaned paths
// with their existing symlinks resolved, segment by segment: "sandbox/../x"
// and "sandbox-evil/x" are not within "sandbox". Both must be absolute.
func Within(root, p string) bool {
	if !filepath.IsAbs(root) || !filepath.IsAbs(p) {
		return false
	}
	_, ok := relWithin(resolve(root), resolve(p))
	return ok
}

// hasDotDot reports whether p has a ".." segment.
func hasDotDot(p string) bool {
	for _, s := range strings.Split(filepath.ToSlash(p), "/") {
		if s == ".." {
			return true
		}
	}
	return false
}

// gitRepo reports whether p is inside a git work tree: p or one of its
// ancestors holds a .git entry (a directory, or a file for worktrees and
// submodules) that git would take for a repository.
func gitRepo(p string) bool {
	_, ok := gitTop(p)
	return ok
}

// gitTop returns the top of the git work tree p is in: the nearest of p
// and its ancestors that holds a .git directory with a HEAD file (git
// checks for one before it takes a directory for a repository), or a
// .git file naming one ("gitdir: …", a worktree or submodule). An empty
// .git directory (mkdir x/.git) does not make a repository.
func gitTop(p string) (string, bool) {
	for cur := p; ; {
		dot := filepath.Join(cur, ".git")
		if fi, err := os.Lstat(dot); err == nil {
			switch {
			case fi.IsDir():
				if _, err := os.Lstat(filepath.Join(dot, "HEAD")); err == nil {
					return cur, true
				}
			case fi.Mode().IsRegular():
				if b, err := readHead(dot, 64); err == nil && strings.HasPrefix(b, "gitdir:") {
					return cur, true
				}
			}
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return "", false
		}
		cur = parent
	}
}

// readHead returns up to n bytes from the start of file.
func readHead(file string, n int) (string, error) {
	f, err := os.Open(file)
	if err != nil {
		return "", err
	}
	defer f.Close()
	buf := make([]byte, n)
	k, err := io.ReadFull(f, buf)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return "", err
	}
	return string(buf[:k]), nil
}

// gitProject reports a path that seed 002's git-aware detection counts as
// an intentional project: inside a git work tree whose top is not the
// home directory, an ancestor of it, or a hidden directory under it
// (~/.pyenv, ~/.nvm, ~/.oh-my-zsh, ~/.config/nvim: tools installed by
// git clone, whose files are on PATH or run at every shell start), and
// not in the repository's own .git (its history, hooks and
// configuration).
func gitProject(home, p string) bool {
	top, ok := gitTop(p)
	if !ok {
		return false
	}
	if _, in := relWithin(filepath.Join(top, ".git"), p); in {
		return false
	}
	if home == "" {
		return true
	}
	home = resolve(filepath.Clean(home))
	if _, in := relWithin(top, home); in {
		return false // the home directory, or an ancestor of it, as a repository
	}
	if rel, in := relWithin(home, top); in {
		for _, part := range strings.Split(filepath.ToSlash(rel), "/") {
			if strings.HasPrefix(part, ".") {
				return false
			}
		}
	}
	return true
}

// harmlessDevices are files whose writing changes nothing on disk.
var harmlessDevices = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"/dev/null": true, "/dev/zero": true, "/dev/full": true, "/dev/random": true, "/dev/urandom": true,
		"/dev/tty": true, "/dev/stdin": true, "/dev/stdout": true, "/dev/stderr": true,
	}
}}

// harmlessDevice reports a write target that is a stream, not a file:
// /dev/null, the standard streams, /dev/fd/N and /proc/self/fd/N (an open
// descriptor of the writing process), a terminal (/dev/tty, /dev/pts/N,
// a virtual console /dev/ttyN, /dev/console). It depends on the path
// only, never on the hook's own descriptors: /dev and /proc are not
// resolved (see pseudoRoots).
func harmlessDevice(abs string) bool {
	if harmlessDevices.Get()[abs] || strings.HasPrefix(abs, "/dev/pts/") || abs == "/dev/console" {
		return true
	}
	if n, ok := strings.CutPrefix(abs, "/dev/tty"); ok && n != "" && strings.Trim(n, "0123456789") == "" {
		return true // a virtual console: text on a screen
	}
	return procpath.Descriptor(abs)
}
