package rewrite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkHeredocPython1MiB decides about a command that feeds a 1 MiB
// here-document of Python to python3. The body is text to the shell, so
// its parentheses do not count toward syntax.MaxOperators (the parser
// confirms the body first): the whole body is read by the Python lexer,
// and the deletion of the root on its last line is denied. The target
// (issue 9) is bounded time: well under the agents' 60 s hook timeout.
func BenchmarkHeredocPython1MiB(b *testing.B) {
	unit := "import os\nprint('os.system(\"rm -rf /\")')  # shutil.rmtree('/')\nos.remove('tmp.txt')\n"
	last := "import shutil\nshutil.rmtree('/')\n"
	body := strings.Repeat(unit, (1<<20-64)/len(unit))
	cmd := "python3 <<'EOF'\n" + body + last + "EOF"
	cfg := &Config{Cwd: "/home/user/project", Project: "/home/user/project", Home: "/home/user", Sandbox: "/home/user/project/agent_sandbox"}
	b.SetBytes(int64(len(cmd)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if r := Check(cfg, cmd); r.Decision != Deny {
			b.Fatalf("decision %s %v", r.Decision, r.Findings)
		}
	}
}

// BenchmarkScriptOnDisk1MiB decides about bash f where f is a 1 MiB shell
// script on disk.
func BenchmarkScriptOnDisk1MiB(b *testing.B) {
	dir := b.TempDir()
	unit := "echo 'rm -rf /'\nmkdir -p build/out\ncp a.txt build/out/\n# rm -rf ~\n"
	text := strings.Repeat(unit, (1<<20-64)/len(unit))
	if err := os.WriteFile(filepath.Join(dir, "big.sh"), []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
	cfg := &Config{Cwd: dir, Project: dir, Home: "/home/user", Sandbox: filepath.Join(dir, "agent_sandbox")}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Check(cfg, "bash big.sh")
	}
}
