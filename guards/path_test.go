package guards

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The fixed environment of the table tests: nothing under /home/u needs to
// exist (paths are judged whether or not they do).
const (
	home    = "/home/u"
	project = "/home/u/proj"
)

var env = Env{Project: project, Cwd: project, Home: home, Sandbox: project + "/agent_sandbox"}

var normalizeTests = []struct {
	name     string
	cwd, in  string
	abs, rel string
}{
	{"relative", project, "src/a.ts", project + "/src/a.ts", "src/a.ts"},
	{"dot slash", project, "./docs/new-doc.md", project + "/docs/new-doc.md", "docs/new-doc.md"},
	{"absolute in project", project, project + "/src/file.ts", project + "/src/file.ts", "src/file.ts"},
	{"double slashes", project, "a//b///c", project + "/a/b/c", "a/b/c"},
	{"leading double slash", project, "//home/u/proj/x", project + "/x", "x"},
	{"dot and dotdot", project, "a/./b/../c", project + "/a/c", "a/c"},
	{"trailing slash", project, "docs/", project + "/docs", "docs"},
	{"trailing slashes and dot", project, "docs/.//", project + "/docs", "docs"},
	{"dotdot out of the project", project, "../other/x", "/home/u/other/x", ""},
	{"dotdot past the root", project, "../../../../../../x", "/x", ""},
	{"dotdot in an absolute path", project, "/home/u/proj/src/../../proj/x", project + "/x", "x"},
	{"three dots is a name", project, ".../x", project + "/.../x", ".../x"},
	{"tilde slash", project, "~/.ssh/config", "/home/u/.ssh/config", ""},
	{"tilde alone", project, "~", "/home/u", ""},
	{"tilde into the project", project, "~/proj/src/x", project + "/src/x", "src/x"},
	{"tilde user is a name", project, "~root/x", project + "/~root/x", "~root/x"},
	{"cwd below the project", project + "/sub", "x", project + "/sub/x", "sub/x"},
	{"cwd outside the project", "/srv", "x", "/srv/x", ""},
	{"empty cwd falls back to the project", "", "x", project + "/x", "x"},
	{"relative cwd is under the project", "sub", "x", project + "/sub/x", "sub/x"},
	{"project root", project, ".", project, "."},
	{"project root with slash", project, project + "/", project, "."},
	{"unicode", project, "ünïcødé/файл.txt", project + "/ünïcødé/файл.txt", "ünïcødé/файл.txt"},
	{"spaces", project, "my docs/a b.md", project + "/my docs/a b.md", "my docs/a b.md"},
	{"string prefix is not within", project, "/home/u/projector/x", "/home/u/projector/x", ""},
	{"root", project, "/", "/", ""},
}

func TestNormalize(t *testing.T) {
	t.Parallel()
	for _, tt := range normalizeTests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := env
			e.Cwd = tt.cwd
			got := Normalize(e, tt.in)
			want := Path{Given: tt.in, Abs: tt.abs, Rel: tt.rel, InProject: tt.rel != ""}
			if got != want {
				t.Errorf("Normalize(%q from %q) = %+v, want %+v", tt.in, tt.cwd, got, want)
			}
			again := Normalize(e, got.Abs)
			if again.Abs != got.Abs || again.Rel != got.Rel || again.InProject != got.InProject {
				t.Errorf("not idempotent: %+v then %+v", got, again)
			}
		})
	}
}

func TestNormalizeEmpty(t *testing.T) {
	t.Parallel()
	if got := Normalize(env, ""); got != (Path{}) {
		t.Errorf("Normalize of an empty path = %+v, want the zero Path", got)
	}
}

func TestNormalizeNoProject(t *testing.T) {
	t.Parallel()
	for _, proj := range []string{"", "/", home, home + "/"} {
		e := Env{Project: proj, Cwd: home, Home: home}
		if got := Normalize(e, "x"); got.InProject || got.Rel != "" || got.Abs != home+"/x" {
			t.Errorf("project %q: %+v; the home directory and / are no project", proj, got)
		}
	}
}

// fsTree makes a project with symlinks in a temporary directory:
//
//	root/proj/.git/
//	root/proj/docs/link     -> ../.git         (relative, into .git)
//	root/proj/docs/abs      -> root/outside    (absolute, out of the project)
//	root/proj/docs/dangling -> ../.git/newfile (target missing)
//	root/proj/docs/chain    -> link
//	root/proj/docs/loop     -> loop
//	root/alias              -> proj
//	root/outside/
func fsTree(t testing.TB) (root, proj string) {
	t.Helper()
	root = t.TempDir()
	// The temporary directory may itself be behind a symlink (macOS /var).
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	proj = filepath.Join(root, "proj")
	for _, d := range []string{".git", "docs"} {
		if err := os.MkdirAll(filepath.Join(proj, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, "outside"), 0o755); err != nil {
		t.Fatal(err)
	}
	links := [][2]string{
		{"../.git", "proj/docs/link"},
		{filepath.Join(root, "outside"), "proj/docs/abs"},
		{"../.git/newfile", "proj/docs/dangling"},
		{"link", "proj/docs/chain"},
		{"loop", "proj/docs/loop"},
		{"proj", "alias"},
	}
	for _, l := range links {
		if err := os.Symlink(l[0], filepath.Join(root, l[1])); err != nil {
			t.Skip("cannot make symlinks here:", err)
		}
	}
	return root, proj
}

func TestNormalizeSymlinks(t *testing.T) {
	t.Parallel()
	root, proj := fsTree(t)
	e := Env{Project: proj, Cwd: proj, Home: filepath.Join(root, "home")}
	tests := []struct {
		in, abs, rel string
	}{
		{"docs/link/config", proj + "/.git/config", ".git/config"},
		{"docs/chain/config", proj + "/.git/config", ".git/config"},
		{"docs/link", proj + "/.git", ".git"},
		// ".." after a symlink leaves its target, as the kernel does.
		{"docs/link/../x", proj + "/x", "x"},
		{"docs/abs/x", root + "/outside/x", ""},
		{"docs/dangling", proj + "/.git/newfile", ".git/newfile"},
		{root + "/alias/src/x", proj + "/src/x", "src/x"},
		// A loop cannot be resolved: the path is used as given.
		{"docs/loop/x", proj + "/docs/loop/x", "docs/loop/x"},
		{"docs/missing/deeper/x", proj + "/docs/missing/deeper/x", "docs/missing/deeper/x"},
	}
	for _, tt := range tests {
		got := Normalize(e, tt.in)
		if got.Abs != tt.abs || got.Rel != tt.rel || got.InProject != (tt.rel != "") {
			t.Errorf("Normalize(%q) = %+v, want abs %s rel %q", tt.in, got, tt.abs, tt.rel)
		}
		if again := Normalize(e, got.Abs); again.Abs != got.Abs || again.Rel != got.Rel {
			t.Errorf("not idempotent: %+v then %+v", got, again)
		}
	}

	// A project or cwd given through a symlink is the same project.
	alias := filepath.Join(root, "alias")
	for _, e := range []Env{{Project: alias, Cwd: alias}, {Project: proj, Cwd: alias}, {Project: alias, Cwd: proj}} {
		if got := Normalize(e, "src/x"); got.Rel != "src/x" || got.Abs != proj+"/src/x" {
			t.Errorf("%+v: %+v", e, got)
		}
	}

	// Writes through the links reach the verdict of their targets.
	pol := DefaultPolicy()
	for _, in := range []string{"docs/link/config", "docs/chain/HEAD", "docs/dangling"} {
		if d := pol.Decide(e, in, Write); d.Verdict != Deny || d.Rule != "protected-path" || d.Pattern != ".git/**" {
			t.Errorf("a write through a symlink into .git, %s: %+v", in, d)
		}
	}
}

func TestWithin(t *testing.T) {
	t.Parallel()
	sb := "/home/u/proj/sandbox"
	tests := []struct {
		p    string
		want bool
	}{
		{sb, true},
		{sb + "/", true},
		{sb + "/x", true},
		{sb + "/a/b", true},
		{sb + "//a/./b", true},
		{sb + "/../x", false},
		{sb + "/a/../../x", false},
		{sb + "-evil/x", false},
		{sb + "x", false},
		{"/home/u/proj", false},
		{"/", false},
		{"relative/x", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := Within(sb, tt.p); got != tt.want {
			t.Errorf("Within(%s, %q) = %v, want %v", sb, tt.p, got, tt.want)
		}
	}
	if !Within("/", "/x") || !Within("/", "/") {
		t.Error("everything is within /")
	}
	if Within("rel", "rel/x") {
		t.Error("a relative root is within nothing")
	}
}

func TestWithinSymlinks(t *testing.T) {
	t.Parallel()
	root, proj := fsTree(t)
	alias := filepath.Join(root, "alias")
	tests := []struct {
		root, p string
		want    bool
	}{
		{alias, proj + "/x", true},
		{proj, alias + "/x", true},
		{proj + "/.git", proj + "/docs/link/config", true},
		{proj + "/docs", proj + "/docs/link/config", false},
		{proj, proj + "/docs/abs/x", false},
		{proj + "/docs", proj + "/docs/link/../x", false},
	}
	for _, tt := range tests {
		if got := Within(tt.root, tt.p); got != tt.want {
			t.Errorf("Within(%s, %s) = %v, want %v", tt.root, tt.p, got, tt.want)
		}
	}
}

func TestGitRepo(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	repo := filepath.Join(root, "repo")
	wt := filepath.Join(root, "worktree")
	os.MkdirAll(filepath.Join(repo, ".git"), 0o755)
	os.WriteFile(filepath.Join(repo, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
	os.MkdirAll(filepath.Join(root, "empty", ".git"), 0o755)
	os.MkdirAll(wt, 0o755)
	// A worktree or submodule has a .git file.
	os.WriteFile(filepath.Join(wt, ".git"), []byte("gitdir: ../repo/.git/worktrees/wt\n"), 0o644)
	for p, want := range map[string]bool{
		repo: true, repo + "/a/b/c": true, wt + "/x": true, root + "/plain/x": gitRepo(root),
		// mkdir x/.git does not make a repository: git needs a HEAD.
		root + "/empty/x": gitRepo(root),
	} {
		if got := gitRepo(p); got != want {
			t.Errorf("gitRepo(%s) = %v, want %v", p, got, want)
		}
	}
}

func TestHarmlessDevice(t *testing.T) {
	t.Parallel()
	for p, want := range map[string]bool{
		"/dev/null": true, "/dev/stderr": true, "/dev/fd/3": true, "/dev/tty": true, "/dev/pts/0": true,
		"/dev/tty13": true, "/dev/console": true, "/dev/ttyS0": false, "/dev/tty1/x": false, "/dev/ttyx": false,
		"/dev/sda": false, "/dev/nullx": false, "/dev": false, "/tmp/null": false,
	} {
		if got := harmlessDevice(p); got != want {
			t.Errorf("harmlessDevice(%s) = %v", p, got)
		}
	}
	// /dev/stderr is a symlink into /proc/self: it stays as written.
	if got := Normalize(env, "/dev/stderr"); got.Abs != "/dev/stderr" {
		t.Errorf("/dev/stderr normalised to %s", got.Abs)
	}
	if got := Normalize(env, "/proc/self/fd/../fd/1"); got.Abs != "/proc/self/fd/1" || strings.Contains(got.Abs, "..") {
		t.Errorf("/proc paths are cleaned, not resolved: %s", got.Abs)
	}
}

// TestNormalizeProcLinks: /proc/PID/root is / in every process and
// /proc/self/cwd is the working directory, so a path through them is the
// path they lead to (a secret read through /proc/self/root is a secret
// read); other /proc paths stay as written.
func TestNormalizeProcLinks(t *testing.T) {
	env := Env{Cwd: "/work/proj", Home: "/home/u"}
	for in, want := range map[string]string{
		"/proc/self/root/home/u/.ssh/id_rsa":      "/home/u/.ssh/id_rsa",
		"/proc/1/root/etc/passwd":                 "/etc/passwd",
		"/proc/self/task/7/root/home/u/.netrc":    "/home/u/.netrc",
		"/proc/thread-self/root/proc/self/root/x": "/x",
		"/proc/self/cwd/.env":                     "/work/proj/.env",
		"/proc/self/root":                         "/",
		"/proc/self/status":                       "/proc/self/status",
		"/proc/1/cwd/.env":                        "/proc/1/cwd/.env",
		"/proc/cpuinfo":                           "/proc/cpuinfo",
	} {
		if got := Normalize(env, in).Abs; got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestGitProjectHome: a repository whose work tree is the home directory
// (git init ~) or an ancestor of it does not make what is under home an
// intentional project; one below home does.
func TestGitProjectHome(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	home := filepath.Join(root, "home", "me")
	for _, d := range []string{home, filepath.Join(home, "code", "app")} {
		os.MkdirAll(filepath.Join(d, ".git"), 0o755)
		os.WriteFile(filepath.Join(d, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
	}
	for p, want := range map[string]bool{
		home + "/.cargo/env":      false,
		home + "/.local/bin/git":  false,
		home + "/Downloads/x":     false,
		home + "/code/app/main.c": true,
		home + "/code/app/.git/x": false,
	} {
		if got := gitProject(home, p); got != want {
			t.Errorf("gitProject(%s) = %v, want %v", p, got, want)
		}
	}
}

// TestNormalizeLinkIntoProc: a link on disk whose target goes through
// /proc/self/root (or /proc/self/cwd) leads where those name, so a
// project link made with ln -s /proc/self/root$HOME is the home
// directory (red team 13 RL: a Read through it printed ~/.ssh/id_rsa).
func TestNormalizeLinkIntoProc(t *testing.T) {
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	home := filepath.Join(root, "home")
	proj := filepath.Join(root, "proj")
	os.MkdirAll(filepath.Join(home, ".ssh"), 0o755)
	os.MkdirAll(proj, 0o755)
	if err := os.Symlink("/proc/self/root"+home, filepath.Join(proj, "pr")); err != nil {
		t.Fatal(err)
	}
	env := Env{Cwd: proj, Project: proj, Home: home}
	if got, want := Normalize(env, filepath.Join(proj, "pr", ".ssh", "id_rsa")).Abs, filepath.Join(home, ".ssh", "id_rsa"); got != want {
		t.Errorf("through a link to /proc/self/root: %q, want %q", got, want)
	}
	if got, want := Normalize(env, filepath.Join(proj, "pr")).Abs, home; got != want {
		t.Errorf("the link itself: %q, want %q", got, want)
	}
}
