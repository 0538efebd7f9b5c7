package rewrite

import (
	"os"
	"path/filepath"
	"testing"
)

// Variables and configuration that make a program load code the command
// does not name: rustc's linker in RUSTFLAGS (and its 0x1f-separated
// CARGO_ENCODED_RUSTFLAGS), cargo's CARGO_BUILD_RUSTC and
// CARGO_TARGET_<triple>_LINKER, pytest's PYTEST_ADDOPTS, PYTEST_PLUGINS and
// its configuration files' addopts, Python's PYTHONBREAKPOINT. Run for
// real where the program is installed (cargo, python3).
var loadVarCases = []codeCase{
	{name: "rustflags-linker", prog: "cargo", cmd: "chmod +x evil.sh && RUSTUP_HOME=/root/.rustup cargo init -q --vcs none --name c . && RUSTUP_HOME=/root/.rustup RUSTFLAGS='-C linker=./evil.sh' cargo build -q --offline",
		files: map[string]string{"evil.sh": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "rustflags-target-cpu-look", prog: "cargo", cmd: "RUSTUP_HOME=/root/.rustup cargo init -q --vcs none --name c . && RUSTUP_HOME=/root/.rustup RUSTFLAGS='-C target-cpu=native' cargo build -q --offline", want: Allow},
	{name: "pythonbreakpoint-cwd-module", prog: "python3", cmd: "PYTHONBREAKPOINT=evilmod.f python3 -c 'breakpoint()'",
		files: map[string]string{"evilmod.py": "import shutil\nshutil.rmtree('{home}')\ndef f(): pass\n"}, want: Deny, gone: true},
	{name: "pythonbreakpoint-look", prog: "python3", cmd: "PYTHONBREAKPOINT=0 python3 -c 'breakpoint()'",
		files: map[string]string{"evilmod.py": "import shutil\nshutil.rmtree('{home}')\n"}, want: Allow},
}

func TestExecLoadVars(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs")
	}
	if _, err := os.Stat("/root/.rustup"); err != nil {
		t.Log("no /root/.rustup: the cargo cases need a toolchain there")
	}
	for _, tc := range loadVarCases {
		t.Run(tc.name, func(t *testing.T) { runCodeCase(t, tc) })
	}
}

// TestLoadVarsDecisions: the same mechanisms decided only (pytest is not
// installed here; its reading of these words is documented behaviour).
func TestLoadVarsDecisions(t *testing.T) {
	t.Parallel()
	evil := "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))\n"
	for _, tc := range []struct {
		files map[string]string
		cmd   string
		want  Decision
	}{
		{nil, "RUSTFLAGS='-Clinker=./evil.sh' cargo build", Deny},
		{nil, "RUSTFLAGS='--codegen linker=./evil.sh -C opt-level=3' cargo build", Deny},
		{nil, "RUSTFLAGS='-C link-arg=-fuse-ld=./evil.sh' cargo build", Deny},
		{nil, "CARGO_ENCODED_RUSTFLAGS=$'-C\\x1flinker=./evil.sh' cargo build", Deny},
		{nil, "export CARGO_ENCODED_RUSTFLAGS=-Clinker=./evil.sh; cargo test", Deny},
		{nil, "CARGO_BUILD_RUSTC=./evil.sh cargo build", Deny},
		{nil, "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER=./evil.sh cargo build", Deny},
		{nil, "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS='-C linker=./evil.sh' cargo build", Deny},
		{nil, "RUSTFLAGS='-C target-cpu=native' cargo build --release", Allow},
		{nil, "RUSTFLAGS='-C link-arg=-fuse-ld=lld -D warnings' cargo build", Allow},
		{nil, "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER=clang cargo build", Allow},
		{nil, "PYTEST_ADDOPTS='-p evilmod' pytest", Deny},
		{nil, "export PYTEST_ADDOPTS='-q -p evilmod'; python3 -m pytest", Deny},
		{nil, "PYTEST_PLUGINS=okmod,evilmod pytest", Deny},
		{map[string]string{"pytest.ini": "[pytest]\naddopts = -q\n  -p evilmod\n"}, "pytest", Deny},
		{map[string]string{"tox.ini": "[tox]\nenvlist = py3\n[pytest]\naddopts: -p evilmod\n"}, "pytest", Deny},
		{map[string]string{"setup.cfg": "[metadata]\nname = x\n[tool:pytest]\naddopts = -p evilmod\n"}, "pytest", Deny},
		{map[string]string{"pyproject.toml": "[project]\nname = \"x\"\n[tool.pytest.ini_options]\naddopts = \"-p evilmod\"\n"}, "python -m pytest", Deny},
		{map[string]string{"pyproject.toml": "[tool.pytest.ini_options]\naddopts = [\"-p\", \"evilmod\"]\n"}, "pytest", Deny},
		{nil, "PYTEST_ADDOPTS=-v pytest", Allow},
		{nil, "PYTEST_ADDOPTS='-p no:cacheprovider' pytest", Allow},
		{nil, "PYTEST_ADDOPTS='-p evilmod'; pytest", Allow}, // not exported: pytest does not see it
		{map[string]string{"pytest.ini": "[pytest]\naddopts = -ra -q\n"}, "pytest", Allow},
		{map[string]string{"setup.cfg": "[pytest]\naddopts = -p evilmod\n"}, "pytest", Allow}, // setup.cfg's section is [tool:pytest]
		{map[string]string{"pyproject.toml": "[tool.black]\naddopts = \"-p evilmod\"\n"}, "pytest", Allow},
		{nil, "PYTHONBREAKPOINT=evilmod.f python3 app.py", Deny},
		{nil, "PYTHONBREAKPOINT=ipdb.set_trace python3 app.py", Allow},
		{nil, "PYTHONBREAKPOINT=0 python3 -c 'breakpoint()'", Allow},
		{nil, "cat README.md", Allow},
	} {
		dir := t.TempDir()
		files := map[string]string{"evilmod.py": evil, "okmod.py": "X = 1\n", "evil.sh": "#!/bin/sh\nrm -rf ~\n", "app.py": "print(1)\n"}
		for k, v := range tc.files {
			files[k] = v
		}
		for name, content := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		env := map[string]string{"HOME": "/home/u", EnvProject: dir}
		cfg, _ := NewConfig(func(k string) string { return env[k] }, dir)
		if res := Check(cfg, tc.cmd); res.Decision != tc.want {
			t.Errorf("%s (files %v): %s, want %s\n%+v", tc.cmd, tc.files, res.Decision, tc.want, res.Findings)
		}
	}
}
