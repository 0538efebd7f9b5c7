package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestGoCmdFieldsAndFS: an exec.Cmd filled in by the program itself
// runs its Path with its Args, as os/exec documents (red team of
// 2026-12-05: &exec.Cmd{Path: "/bin/sh", Args: …"rm -rf ~"} was allowed);
// os.DirFS reads the tree it roots, os.CopyFS writes under its
// directory, and http.FileServer(http.Dir(d)) serves d. Look-alikes:
// url.URL's Path, an exec.Cmd given only its output, a literal Cmd of a
// harmless program.
func TestGoCmdFieldsAndFS(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"cmd-literal", `c := &exec.Cmd{Path: "/bin/sh", Args: []string{"sh", "-c", "rm -rf ~"}}`, []string{"exec exec.Cmd: /bin/sh -c rm -rf ~"}},
		{"cmd-literal-multiline", "c := exec.Cmd{\n\tPath: \"/bin/rm\",\n\tArgs: []string{\"rm\", \"-rf\", \"/srv\"},\n\tStdout: os.Stdout,\n}\n", []string{"exec exec.Cmd: /bin/rm -rf /srv"}},
		{"cmd-literal-path-only", `(&exec.Cmd{Path: "/usr/local/bin/cleanup"}).Run()`, []string{"exec exec.Cmd: /usr/local/bin/cleanup"}},
		{"cmd-literal-args-var", `c := &exec.Cmd{Path: "/bin/sh", Args: argv}`, []string{`hidden exec.Cmd: exec.Cmd{Path: "/bin/sh", Args: argv}`}},
		{"cmd-literal-path-var", `c := &exec.Cmd{Path: p, Args: []string{"x"}}`, []string{`hidden exec.Cmd: exec.Cmd{Path: p, Args: []string{"x"}}`}},
		{"fields-assigned", "c := exec.Command(\"true\")\nc.Path = \"/bin/sh\"\nc.Args = []string{\"sh\", \"-c\", \"rm -rf ~\"}\nc.Run()\n",
			[]string{"exec exec.Command: true", "exec exec.Cmd: /bin/sh -c rm -rf ~"}},
		{"var-cmd-fields", "var c exec.Cmd\nc.Path = \"/bin/rm\"\nc.Args = []string{\"rm\", \"-rf\", \"/srv\"}\n", []string{"exec exec.Cmd: /bin/rm -rf /srv"}},
		{"new-cmd-path-only", "c := new(exec.Cmd)\nc.Path = \"/bin/sh\"\n", []string{`hidden exec.Cmd.Path: c.Path = "/bin/sh"`}},
		{"args-appended", "c := exec.Command(\"rm\")\nc.Args = append(c.Args, dirs...)\n", []string{"exec exec.Command: rm", "hidden exec.Cmd.Args: c.Args = append(c.Args, dirs...)"}},
		{"struct-field-recv", "s.cmd = exec.Command(\"ls\")\ns.cmd.Path = bin\n", []string{"exec exec.Command: ls", "hidden exec.Cmd.Path: s.cmd.Path = bin"}},
		{"dirfs-home", "h, _ := os.UserHomeDir()\nos.CopyFS(\"/tmp/out\", os.DirFS(h+\"/.ssh\"))\n", []string{`shell os.CopyFS: cp -rT -- "$FS" '/tmp/out'`, "read os.DirFS: (run time: /.ssh)"}},
		{"dirfs-literal", `fs.ReadFile(os.DirFS("/home/u"), ".ssh/id_rsa")`, []string{"shell os.DirFS: tar -cf - -- '/home/u'"}},
		{"copyfs-dirfs", `os.CopyFS(".claude", os.DirFS("evil"))`, []string{"shell os.CopyFS: cp -rT -- 'evil' '.claude'", "shell os.DirFS: tar -cf - -- 'evil'"}},
		{"http-dir", `http.ListenAndServe(":80", http.FileServer(http.Dir("/home/u")))`, []string{"shell http.FileServer(http.Dir(…)): python3 -m http.server -d '/home/u'"}},
		{"symlink", `os.Symlink("/tmp/e.json", "/home/u/.claude/settings.json")`, []string{"shell os.Symlink: ln -s -- '/tmp/e.json' '/home/u/.claude/settings.json'"}},
		{"hardlink", `os.Link("/home/u/.ssh/id_rsa", "k")`, []string{"shell os.Link: ln -- '/home/u/.ssh/id_rsa' 'k'"}},
		{"truncate", `os.Truncate("/home/u/.bashrc", 0)`, []string{"write os.Truncate: /home/u/.bashrc"}},
		{"chmod", `os.Chmod("/home/u/.claude/settings.json", 0)`, []string{"shell os.Chmod: chmod 000 -- '/home/u/.claude/settings.json'"}},
		{"chmod-decimal", `os.Chmod("/home/u/.ssh/id_rsa", 384)`, []string{"shell os.Chmod: chmod 600 -- '/home/u/.ssh/id_rsa'"}},
		{"chmod-0o", `os.Chmod("run.sh", 0o755)`, []string{"shell os.Chmod: chmod 755 -- 'run.sh'"}},
		{"chmod-var", `os.Chmod("x", mode)`, []string{"shell os.Chmod: chmod 000 -- 'x'"}},
		{"chdir", "func main() {\n\th, _ := os.UserHomeDir()\n\tos.Chdir(h)\n\tos.RemoveAll(\".ssh\")\n}\n", []string{"chdir os.Chdir: ~", "delete -r os.RemoveAll: .ssh"}},
		// The same Cmd reached through a second name (red team of
		// 2026-12-06: d := c; d.Path = …; d.Args = … ran sh -c unseen), a
		// parameter or struct field of its type, a function of the
		// source that returns one, and a name whose type only another
		// package knows but which gets Path and Args and is run.
		{"alias", "c := exec.Command(\"true\")\nd := c\nd.Path = \"/bin/sh\"\nd.Args = []string{\"sh\", \"-c\", \"rm -rf ~\"}\nd.Run()\n",
			[]string{"exec exec.Command: true", "exec exec.Cmd: /bin/sh -c rm -rf ~"}},
		{"alias-chain", "c := exec.Command(\"true\")\nvar d = c\nvar e *exec.Cmd\ne = d\ne.Path = \"/bin/sh\"\ne.Args = []string{\"sh\", \"-c\", \"rm -rf ~\"}\n",
			[]string{"exec exec.Command: true", "exec exec.Cmd: /bin/sh -c rm -rf ~"}},
		{"alias-typed-var", "c := exec.Command(\"true\")\nvar d *exec.Cmd = c\nd.Path = \"/bin/sh\"\n", []string{"exec exec.Command: true", `hidden exec.Cmd.Path: d.Path = "/bin/sh"`}},
		{"alias-pointer", "var c exec.Cmd\np := &c\n(*p).Path = \"/bin/sh\"\np.Args = []string{\"sh\", \"-c\", \"rm -rf ~\"}\n", []string{"exec exec.Cmd: /bin/sh -c rm -rf ~"}},
		{"alias-deref", "c := &exec.Cmd{}\nd := *c\nd.Args = argv\n", []string{"hidden exec.Cmd.Args: d.Args = argv"}},
		{"param", "func run(c *exec.Cmd) {\n\tc.Path = \"/bin/sh\"\n\tc.Args = []string{\"sh\", \"-c\", \"rm -rf ~\"}\n\tc.Run()\n}\n", []string{"exec exec.Cmd: /bin/sh -c rm -rf ~"}},
		{"struct-field", "type S struct {\n\tcmd *exec.Cmd\n}\n\nfunc main() {\n\ts := S{cmd: exec.Command(\"true\")}\n\ts.cmd.Path = \"/bin/sh\"\n\ts.cmd.Args = []string{\"sh\", \"-c\", \"rm -rf ~\"}\n\ts.cmd.Run()\n}\n",
			[]string{"exec exec.Command: true", "exec exec.Cmd: /bin/sh -c rm -rf ~"}},
		{"struct-field-alias", "var s S\ns.cmd = exec.Command(\"true\")\nt := s.cmd\nt.Path = bin\n", []string{"exec exec.Command: true", "hidden exec.Cmd.Path: t.Path = bin"}},
		{"maker", "func mk() *exec.Cmd { return exec.Command(\"true\") }\n\nfunc main() {\n\tc := mk()\n\tc.Path = \"/bin/sh\"\n\tc.Args = []string{\"sh\", \"-c\", \"rm -rf ~\"}\n\tc.Run()\n}\n",
			[]string{"exec exec.Command: true", "exec exec.Cmd: /bin/sh -c rm -rf ~"}},
		{"maker-method-err", "func (s *S) mk(n string) (*exec.Cmd, error) { return nil, nil }\n\nfunc main() {\n\tc, err := s.mk(\"a\")\n\tc.Path = \"/bin/rm\"\n\tc.Args = []string{\"rm\", \"-rf\", \"/srv\"}\n}\n",
			[]string{"exec exec.Cmd: /bin/rm -rf /srv"}},
		{"untyped-path-args-run", "c := helper.Make()\nc.Path = \"/bin/sh\"\nc.Args = []string{\"sh\", \"-c\", \"rm -rf ~\"}\nc.Run()\n", []string{"exec exec.Cmd: /bin/sh -c rm -rf ~"}},
		{"untyped-args-exec-import", "import \"os/exec\"\n\nfunc main() {\n\tc := helper.Make()\n\tc.Args = []string{\"sh\", \"-c\", \"rm -rf ~\"}\n\tc.Output()\n}\n",
			[]string{`hidden exec.Cmd.Args: c.Args = []string{"sh", "-c", "rm -rf ~"}`}},
		// Look-alikes.
		{"url-path-alias", "u, _ := url.Parse(s)\nv := u\nv.Path = \"/x\"\nc := exec.Command(\"ls\")\nd := c\nd.Run()\n", []string{"exec exec.Command: ls"}},
		{"untyped-not-run", "c := helper.Make()\nc.Path = \"/bin/sh\"\nc.Args = []string{\"sh\", \"-c\", \"rm -rf ~\"}\n", nil},
		{"untyped-path-run", "u := lib.New()\nu.Path = \"/x\"\nu.Run()\n", nil},
		{"cobra-args", "cmd := &cobra.Command{}\ncmd.Args = cobra.ExactArgs(1)\ncmd.Execute()\n", nil},
		{"url-path", "u, _ := url.Parse(s)\nu.Path = \"/x\"\nc := exec.Command(\"ls\")\n", []string{"exec exec.Command: ls"}},
		{"cmd-stdout-only", "c := exec.Cmd{Stdout: os.Stdout}\n", nil},
		{"cmd-literal-ls", `c := &exec.Cmd{Path: "/bin/ls", Args: []string{"ls", "-l"}}`, []string{"exec exec.Cmd: /bin/ls -l"}},
		{"cmd-in-string", "s := `exec.Cmd{Path: \"/bin/sh\"}`", nil},
	} {
		var got []string
		for _, e := range Analyze(Go, tc.src) {
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
