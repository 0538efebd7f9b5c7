package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCompiledFileOps: C's and Rust's calls that link, truncate, change
// modes and move the working directory are the shell's ln, write,
// chmod/chown and cd (red team of 2026-12-05: chdir(getenv("HOME"));
// unlink(".bashrc") and a Rust symlink onto ~/.claude/settings.json were
// allowed). Look-alikes: a declaration, a method named link, a
// current_path() that only reads.
func TestCompiledFileOps(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"c-chdir", C, "int main(void) { chdir(\"/home/u\"); unlink(\".bashrc\"); }", []string{"chdir chdir: /home/u", "delete unlink: .bashrc"}},
		{"c-symlink", C, "int main(void) { symlink(\"/tmp/e\", \"/home/u/.profile\"); }", []string{"shell symlink: ln -s -- '/tmp/e' '/home/u/.profile'"}},
		{"c-link", C, "int main(void) { link(\"/home/u/.ssh/id_rsa\", \"k\"); }", []string{"shell link: ln -- '/home/u/.ssh/id_rsa' 'k'"}},
		{"c-truncate", C, "int main(void) { truncate(\"/home/u/.bashrc\", 0); }", []string{"write truncate: /home/u/.bashrc"}},
		{"c-chmod", C, "int main(void) { chmod(\"/home/u/.claude/settings.json\", 0); }", []string{"shell chmod: chmod 000 -- '/home/u/.claude/settings.json'"}},
		{"cpp-fs", C, "int main() { std::filesystem::current_path(\"/home/u\"); std::filesystem::create_symlink(\"/tmp/e\", \".profile\"); }",
			[]string{"chdir std.filesystem.current_path: /home/u", "shell std.filesystem.create_symlink: ln -s -- '/tmp/e' '.profile'"}},
		{"rust-symlink", Rust, "use std::os::unix::fs::symlink;\nfn main() { symlink(\"/tmp/e\", \"/home/u/.profile\").unwrap(); }", []string{"shell symlink: ln -s -- '/tmp/e' '/home/u/.profile'"}},
		{"rust-hard-link", Rust, "fn main() { std::fs::hard_link(\"/home/u/.ssh/id_rsa\", \"k\").unwrap(); }", []string{"shell std.fs.hard_link: ln -- '/home/u/.ssh/id_rsa' 'k'"}},
		{"rust-cd", Rust, "fn main() { std::env::set_current_dir(\"/home/u\").unwrap(); std::fs::remove_dir_all(\".ssh\").unwrap(); }",
			[]string{"chdir std.env.set_current_dir: /home/u", "delete -r std.fs.remove_dir_all: .ssh"}},
		{"rust-perms", Rust, "fn main() { std::fs::set_permissions(\"/home/u/.bashrc\", p).unwrap(); }", []string{"shell std.fs.set_permissions: chmod 000 -- '/home/u/.bashrc'"}},
		// Look-alikes.
		{"c-decl", C, "int symlink(const char *a, const char *b);\nint chdir(const char *p);", nil},
		{"c-method", C, "void f(Node *n) { n->link(a, b); }", nil},
		{"cpp-current-path-read", C, "auto p = std::filesystem::current_path();", nil},
	} {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			if e.Kind == Chdir {
				got = append(got, "chdir "+e.Call+": "+e.Path)
				continue
			}
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}
