package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// cCases are C and C++ sources with the effects each has, written from
// the C library's and the C++ standard library's documentation (system(3),
// popen(3), exec(3), unlink(2), remove(3), rmdir(2), nftw(3), fopen(3),
// open(2), std::filesystem::remove_all). Look-alikes (a printed command,
// a comment, std::remove of a range, a declaration) have none.
var cCases = []struct {
	name string
	src  string
	want []string
}{
	{"hello", "#include <stdio.h>\nint main(void) {\n  printf(\"rm -rf ~\\n\");\n  puts(\"system(\\\"x\\\")\");\n  return 0;\n}\n", nil},
	{"comment", "// system(\"rm -rf ~\");\n/* unlink(\"/etc/passwd\"); */\nint main(){return 0;}", nil},
	{"system", "#include <stdlib.h>\nint main(){ system(\"rm -rf ~\"); }", []string{"shell system: rm -rf ~"}},
	{"std-system", "int main(){ std::system(\"rm -rf ~\"); }", []string{"shell std.system: rm -rf ~"}},
	{"system-concat", "int main(){ system(\"rm -rf \" \"~\"); }", []string{"shell system: rm -rf ~"}},
	{"system-void", "int main(){ (void)system(\"git clone https://github.com/a/b\"); }", []string{"shell system: git clone https://github.com/a/b"}},
	{"system-runtime", "int main(int c, char **v){ system(v[1]); }", []string{"hidden system: v[1]"}},
	{"popen", "int main(){ FILE *f = popen(\"rm -rf ~\", \"r\"); }", []string{"shell popen: rm -rf ~"}},
	{"macro", "#define NUKE system(\"rm -rf ~\")\nint main(){ NUKE; }", []string{"shell system: rm -rf ~"}},
	{"declaration", "int system(const char *);\nint unlink(const char *p);\nint main(){return 0;}", nil},
	{"execl", "int main(){ execl(\"/bin/sh\", \"sh\", \"-c\", \"rm -rf ~\", (char *)NULL); }", []string{"exec execl: /bin/sh -c rm -rf ~"}},
	{"execlp", "int main(){ execlp(\"rm\", \"rm\", \"-rf\", \"/home/user\", NULL); }", []string{"exec execlp: rm -rf /home/user"}},
	{"execle", "int main(){ execle(\"/bin/rm\", \"rm\", \"-rf\", \"/x\", NULL, envp); }", []string{"exec execle: /bin/rm -rf /x"}},
	{"execl-runtime", "int main(int c, char **v){ execl(\"/bin/sh\", \"sh\", \"-c\", v[1], NULL); }", []string{`hidden execl: "/bin/sh", "sh", "-c", v[1]`}},
	{"execv-array", "int main(){ char *args[] = {\"rm\", \"-rf\", \"/home/user\", NULL};\n execvp(\"rm\", args); }", []string{"exec execvp: rm -rf /home/user"}},
	{"execv-compound", "int main(){ execv(\"/bin/rm\", (char *[]){\"rm\", \"-rf\", \"/x\", NULL}); }", []string{"exec execv: /bin/rm -rf /x"}},
	{"execv-runtime", "int main(int c, char **v){ execv(v[1], v + 1); }", []string{"hidden execv: v[1], v + 1"}},
	{"execv-array-changed", "int main(int c, char **v){ char *a[] = {\"ls\", NULL, NULL};\n a[1] = v[1]; execvp(\"ls\", a); }", []string{"hidden execvp: \"ls\", a"}},
	{"posix-spawn", "int main(){ char *a[] = {\"sh\", \"-c\", \"rm -rf ~\", NULL};\n posix_spawn(&pid, \"/bin/sh\", NULL, NULL, a, environ); }", []string{"exec posix_spawn: /bin/sh -c rm -rf ~"}},
	{"unlink", "int main(){ unlink(\"/home/user/.bashrc\"); }", []string{"delete unlink: /home/user/.bashrc"}},
	{"remove", "int main(){ remove(\"notes.txt\"); }", []string{"delete remove: notes.txt"}},
	{"rmdir", "int main(){ rmdir(\"build\"); }", []string{"rmdir rmdir: build"}},
	{"remove-all", "int main(){ std::filesystem::remove_all(\"/home/user\"); }", []string{"delete -r std.filesystem.remove_all: /home/user"}},
	{"fs-remove-ec", "int main(){ std::error_code ec; fs::remove(\"a.txt\", ec); }", []string{"delete fs.remove: a.txt"}},
	{"std-remove-range", "int main(){ v.erase(std::remove(v.begin(), v.end(), 3), v.end()); }", nil},
	{"unlink-runtime", "int main(int c, char **v){ unlink(v[1]); }", []string{"hidden unlink: v[1]"}},
	{"unlinkat", "int main(){ unlinkat(AT_FDCWD, \"/srv/x\", AT_REMOVEDIR); }", []string{"rmdir unlinkat: /srv/x"}},
	{"syscall-unlink", "int main(){ syscall(SYS_unlink, \"/home/user/.ssh/id_rsa\"); }", []string{"delete syscall: /home/user/.ssh/id_rsa"}},
	{"nftw-removing", "static int rm_cb(const char *p, const struct stat *s, int f, struct FTW *w){ return remove(p); }\nint main(){ return nftw(\"/home/user\", rm_cb, 64, FTW_DEPTH | FTW_PHYS); }",
		[]string{"hidden remove: p", `hidden nftw: "/home/user" (a callback that deletes)`}},
	{"nftw-listing", "static int show(const char *p, const struct stat *s, int f, struct FTW *w){ puts(p); return 0; }\nint main(){ return nftw(\".\", show, 64, 0); }", nil},
	{"fopen-write", "int main(){ FILE *f = fopen(\"/home/user/.bashrc\", \"a\"); }", []string{"append fopen: /home/user/.bashrc"}},
	{"fopen-read", "int main(){ FILE *f = fopen(\"data.txt\", \"r\"); }", []string{"read fopen: data.txt"}},
	{"open-write", "int main(){ int fd = open(\".git/hooks/pre-commit\", O_WRONLY | O_CREAT | O_TRUNC, 0755); }", []string{"write open: .git/hooks/pre-commit"}},
	{"ofstream", "int main(){ std::ofstream out(\"/home/user/.profile\", std::ios::app); }", []string{"append std::ofstream: /home/user/.profile"}},
	{"ofstream-open", "int main(){ std::ofstream out; out.open(\"x.log\"); }", []string{"write out.open: x.log"}},
	{"raw-string", "int main(){ system(R\"sh(rm -rf \"$HOME\")sh\"); }", []string{"shell system: rm -rf \"$HOME\""}},
	{"char-literal", "int main(){ char q = '\"'; puts(\"system(\\\"x\\\")\"); }", nil},
	{"include", "#include \"evil.h\"\n#include <stdio.h>\nint main(){ f(); }", []string{"include #include: evil.h"}},
}

func TestCEffects(t *testing.T) {
	t.Parallel()
	for _, tc := range cCases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, e := range Analyze(C, tc.src) {
				if e.Kind == Include {
					got = append(got, "include "+e.Call+": "+e.Path)
					continue
				}
				got = append(got, describeProgram(e))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Analyze(c, %q) (-want +got):\n%s", tc.src, diff)
			}
		})
	}
}

func FuzzCEffects(f *testing.F) {
	for _, tc := range cCases {
		f.Add(tc.src)
	}
	f.Add("#define J(a,b) a##b\nint main(void) { int (*f)(const char *) = system; char p[9]; strcpy(p, getenv(\"HOME\")); strcat(p, \"/x\"); f(p); return J(sys,tem)(p); }\n")
	f.Fuzz(func(t *testing.T, src string) {
		_ = Analyze(C, src)
	})
}
