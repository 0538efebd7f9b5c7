package rewrite

import (
	"path/filepath"
	"reflect"
	"testing"
)

// TestCopyOutAnyWriter: a program that writes a file outside the sandbox
// from content it reads under the sandbox is a copy-out whatever the
// program (dd, tee, ln, split, objcopy, a pipe of tar, program code), and
// what it writes is listed for the session record; programs that only
// name, count or hash a sandbox file, a script run from the sandbox, and
// writes that stay in the sandbox pass.
func TestCopyOutAnyWriter(t *testing.T) {
	t.Parallel()
	elf := "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00"
	cfg := scratchProject(t, map[string]string{
		"proj/agent_sandbox/tool":                 elf,
		"proj/agent_sandbox/dl.sh":                "echo hi\n",
		"proj/README.md":                          "hi\n",
		"proj/agent_sandbox/repo/tests/test_x.py": "def test_x(): pass\n",
		"proj/r12/u12":                            elf,
		"proj/target/release/app":                 elf,
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"dd if=agent_sandbox/dl.sh of=r12/b1.sh", "ask"},
		{"dd of=r12/b2.sh < agent_sandbox/dl.sh", "ask"},
		{"tee r12/b3.sh < agent_sandbox/dl.sh", "ask"},
		{"cat agent_sandbox/dl.sh | tee r12/b4.sh", "ask"},
		{"cat < agent_sandbox/dl.sh > r12/b7.sh", "ask"},
		{"ln agent_sandbox/dl.sh r12/b5.sh", "ask"},
		{"ln -s ../agent_sandbox/dl.sh r12/b6.sh", "ask"},
		{"ln -s ../agent_sandbox/dl.sh r12/", "ask"},
		{`ln -s "$PWD/agent_sandbox" r12/sbl`, "ask"},
		{"cp agent_sandbox/*.sh r12/", "ask"},
		{"cp agent_sandbox/d?.sh r12/b10.sh", "ask"},
		{"sort agent_sandbox/dl.sh -o r12/b11.sh", "ask"},
		{"split -n 1 agent_sandbox/tool r12/u2", "ask"},
		{"objcopy agent_sandbox/tool r12/u12", "ask"},
		{"strip -o r12/u13 agent_sandbox/tool", "ask"},
		{"tar c -C agent_sandbox tool | tar x -C r12", "ask"},
		// With no -C, tar and cpio -i unpack into the working directory;
		// find hands each file under its root to the command it runs.
		{"tar c -C agent_sandbox tool | tar x", "ask"},
		{"tar c -C agent_sandbox . | tar xf -", "ask"},
		{"cd agent_sandbox && tar c tool | (cd .. && tar x)", "ask"},
		{"find agent_sandbox/tool | cpio -o | cpio -id", "ask"},
		{"find agent_sandbox -name dl.sh -exec cp {} r12/ \\;", "ask"},
		{"find agent_sandbox -name dl.sh -exec cat {} \\; > r12/b30.sh", "ask"},
		{"find agent_sandbox -name dl.sh -execdir cp {} $PWD/r12/ \\;", "ask"},
		{"pax -rw agent_sandbox/repo r12", "ask"},
		{"ditto agent_sandbox/repo r12", "ask"},
		{"rclone copy agent_sandbox/repo r12", "ask"},
		{"pax -r < agent_sandbox/x.pax", "ask"},
		{"pax -r -f agent_sandbox/x.pax", "ask"},
		{"echo agent_sandbox/dl.sh | cpio -pd r12", "ask"},
		{"paste agent_sandbox/dl.sh > r12/b22.sh", "ask"},
		{"gzip -c agent_sandbox/dl.sh | gunzip > r12/b23.sh", "ask"},
		{"perl -pe1 agent_sandbox/dl.sh > r12/b24.sh", "ask"},
		{"xxd agent_sandbox/dl.sh | xxd -r > r12/b25.sh", "ask"},
		{"cd agent_sandbox && dd if=dl.sh of=../r12/b26.sh", "ask"},
		{`python3 -c 'open("r12/b21.sh","w").write(open("agent_sandbox/dl.sh").read())'`, "ask"},
		{`node -e 'const fs=require("fs"); fs.writeFileSync("r12/b17.sh", fs.readFileSync("agent_sandbox/dl.sh"))'`, "ask"},
		{`ruby -e 'File.write("r12/b18.sh", File.read("agent_sandbox/dl.sh"))'`, "ask"},
		{"base64 agent_sandbox/dl.sh | base64 -d > r12/b12.sh", "ask"},
		{"csplit agent_sandbox/dl.sh 2", "ask"},
		// A loop or block passing its input on through a variable.
		{`while IFS= read -r l; do echo "$l"; done < agent_sandbox/dl.sh > r12/b13.sh`, "ask"},
		{`cat agent_sandbox/dl.sh | while IFS= read -r l; do echo "$l"; done > r12/b19.sh`, "ask"},
		{"{ cat agent_sandbox/dl.sh; } | tee r12/b16.sh", "ask"},
		{`cat agent_sandbox/dl.sh | { read -r first; echo "$first"; } > r12/first.txt`, "ask"},
		// Look-alikes.
		{"dd if=/dev/zero of=img bs=1M count=1", "allow"},
		{"tee out.log < README.md", "allow"},
		{"ln -s ../shared shared", "allow"},
		{"ln -s agent_sandbox/dl.sh r12/x", "allow"}, // r12/agent_sandbox/dl.sh: not the sandbox's file
		{"ln -s ../src agent_sandbox/", "allow"},
		{"strip -o r12/app target/release/app", "allow"},
		{"cp agent_sandbox/dl.sh agent_sandbox/copy.sh", "allow"},
		{"dd if=agent_sandbox/tool of=agent_sandbox/t2", "allow"},
		{"tar czf agent_sandbox/x.tgz -C agent_sandbox repo", "allow"},
		{"cd agent_sandbox && tar c tool | tar x -C repo", "allow"},
		{"tar c README.md | tar x -C agent_sandbox", "allow"},
		{"find agent_sandbox -name dl.sh -exec cp {} agent_sandbox/repo/ \\;", "allow"},
		{"find agent_sandbox -name '*.sh' -exec sha256sum {} + > r12/sums", "allow"},
		{"find r12 -name u12 -exec cp {} r12/copy \\;", "allow"},
		{"pax -rw README.md agent_sandbox/repo", "allow"},
		{"rclone copy agent_sandbox/repo agent_sandbox/copy", "allow"},
		{"cat agent_sandbox/dl.sh", "allow"},
		{"ls agent_sandbox > r12/list.txt", "allow"},
		{"find agent_sandbox -name '*.sh' | sort > r12/list.txt", "allow"},
		{"sha256sum agent_sandbox/dl.sh > r12/sums", "allow"},
		{"cat agent_sandbox/dl.sh | wc -l > r12/count", "allow"},
		{"grep -c foo agent_sandbox/dl.sh 2> r12/err.log", "allow"},
		{"bash agent_sandbox/dl.sh > r12/log.txt", "allow"},
		{"python3 agent_sandbox/gen.py > r12/out.json", "allow"},
		{"cd agent_sandbox && make > ../build.log", "allow"},
		{`python3 -c 'd=open("README.md").read(); open("r12/o","w").write(d)'`, "allow"},
		{"{ cat README.md; } | tee r12/b20.sh", "allow"},
		{`while read -r l; do echo "$l"; done < README.md > r12/b21.txt`, "allow"},
		{`for f in agent_sandbox/*; do echo "$f"; done > r12/names.txt`, "allow"},
		{"cat agent_sandbox/dl.sh | wc -l | tee r12/count", "allow"},
		{"sort agent_sandbox/dl.sh -o /tmp/sorted.txt", "allow"}, // not the project nor the home directory
		// A program run on a sandbox tree writes its own output.
		{"make -C agent_sandbox/repo > build.log", "allow"},
		{"git clone https://github.com/a/widget && make -C widget > build.log", "rewrite"},
		{"make --directory=agent_sandbox/repo > build.log", "allow"},
		{"cd agent_sandbox/repo && go test ./... > ../../test.log", "allow"},
		{"pytest agent_sandbox/repo/tests > test.log", "allow"},
		{"cat agent_sandbox/*.sh > all.sh", "ask"},
		{"dd if=agent_sandbox/tool of=$HOME/bin/tool", "ask"},
	})

	p := func(rel string) string { return filepath.Join(cfg.Project, rel) }
	for _, tt := range []struct {
		cmd    string
		unread []string
	}{
		{"split -n 1 agent_sandbox/tool r12/u2", []string{p("r12/u2aa"), p("r12/u2aa") + "/"}},
		{"objcopy agent_sandbox/tool r12/u12", []string{p("r12/u12"), p("r12/u12") + "/"}},
		{"strip -o r12/u13 agent_sandbox/tool", []string{p("r12/u13"), p("r12/u13") + "/"}},
		{"tar c -C agent_sandbox tool | tar x -C r12", []string{p("r12") + "/"}},
		{"echo agent_sandbox/tool | cpio -pd r12", []string{p("r12") + "/"}},
		{`ln -s "$PWD/agent_sandbox" r12/sbl`, []string{p("r12/sbl"), p("r12/sbl") + "/"}},
		{"tee r12/t8 < agent_sandbox/tool", []string{p("r12/t8"), p("r12/t8") + "/"}},
		{"cat agent_sandbox/dl.sh", nil},
	} {
		if r := Check(cfg, tt.cmd); !reflect.DeepEqual(r.Unread, tt.unread) {
			t.Errorf("%s: unread %q, want %q", tt.cmd, r.Unread, tt.unread)
		}
	}

	// A later call of the session runs what was copied out: a binary asks.
	earlier := *cfg
	earlier.Earlier = map[string]string{p("r12/u12"): "objcopy agent_sandbox/tool r12/u12", p("r12") + "/": "tar c -C agent_sandbox tool | tar x -C r12"}
	checkDecisions(t, &earlier, []struct{ cmd, want string }{
		{"./r12/u12", "ask"},
		{"./target/release/app", "allow"},
	})
}
