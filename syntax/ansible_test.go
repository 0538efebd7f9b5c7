package syntax

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestAnsible checks ad-hoc ansible commands from ansible(1) and the
// modules' documentation: the command of shell, command and raw run on
// this machine (the implicit localhost, -c local, an inventory host the
// pattern selects that is this machine) is a nested script, in the chdir= directory; the script
// module's file is read; the file module with state=absent deletes its
// path. Another machine's commands, check mode and other modules are not
// read.
func TestAnsible(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "fix.sh"), []byte("shred -u key\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cmd string
		// want is the nested script's text ("" for none) and dir the
		// directory it runs in ("" for the command's).
		want, dir string
	}{
		{cmd: "ansible localhost -m shell -a 'rm -rf build'", want: "rm -rf build"},
		{cmd: "ansible localhost -a 'rm -rf build'", want: "rm -rf build"}, // command is the default module
		{cmd: "ansible 127.0.0.1 -m ansible.builtin.raw -a 'rm x'", want: "rm x"},
		{cmd: "ansible all -i localhost, -m shell -a 'rm x'", want: "rm x"},
		{cmd: "ansible all -i 'localhost,127.0.0.1' -m shell -a 'rm x'", want: "rm x"},
		// all selects localhost too: the command runs here and on db1.
		{cmd: "ansible all -i 'localhost,db1' -m shell -a 'rm x'", want: "rm x"},
		{cmd: "ansible web -c local -m shell -a 'rm x'", want: "rm x"},
		{cmd: "ansible web --connection=local --module-name=shell --args='rm x'", want: "rm x"},
		{cmd: "ansible localhost -m command -a 'chdir=/srv rm -rf data creates=/x'", want: "rm -rf data", dir: "/srv"},
		{cmd: "ansible localhost -m shell -a 'echo \"a  b\" removes=/y'", want: `echo "a  b"`},
		{cmd: "ansible localhost -m file -a 'path=/srv/data state=absent'", want: "rm -rf -- /srv/data"},
		{cmd: "ansible localhost -m file -a 'dest=/srv/data state=absent'", want: "rm -rf -- /srv/data"},
		{cmd: "ansible localhost -m script -a 'fix.sh --now'", want: "shred -u key\n"},
		// Look-alikes: another machine, check mode, a harmless module,
		// a file module that creates.
		{cmd: "ansible web -m shell -a 'rm x'"},
		{cmd: "ansible all -i hosts.ini -m shell -a 'rm x'"},
		{cmd: "ansible db1 -i 'localhost,db1' -m shell -a 'rm x'"},
		{cmd: "ansible 'db*' -i 'localhost,db1' -m shell -a 'rm x'"},
		{cmd: "ansible 'local*' -i 'localhost,db1' -m shell -a 'rm x'", want: "rm x"},
		{cmd: "ansible '~.*' -i 'localhost,db1' -m shell -a 'rm x'", want: "rm x"},
		{cmd: "ansible localhost -C -m shell -a 'rm x'"},
		{cmd: "ansible localhost --list-hosts -a 'rm x'"},
		{cmd: "ansible localhost -m ping"},
		{cmd: "ansible localhost -m file -a 'path=/srv/data state=directory'"},
	}
	for _, tt := range tests {
		m, err := Analyze(tt.cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		var nested []string
		var at *Script
		for _, s := range m.Scripts {
			if s.Parent != nil {
				nested = append(nested, s.Src)
				at = s
			}
		}
		if tt.want == "" {
			if len(nested) > 0 {
				t.Errorf("%q: nested scripts %q, want none", tt.cmd, nested)
			}
			continue
		}
		if !slices.Contains(nested, tt.want) {
			t.Errorf("%q: nested scripts %q, want %q", tt.cmd, nested, tt.want)
			continue
		}
		if tt.dir != "" {
			var got string
			for _, c := range m.Calls {
				if c.Script == at && c.Dir.Known {
					got = c.Dir.Path
				}
			}
			if got != tt.dir {
				t.Errorf("%q: runs in %q, want %q", tt.cmd, got, tt.dir)
			}
		}
	}
}

// TestAnsibleInventoryScript: an executable inventory source is a
// program ansible runs for its hosts (the script inventory plugin); a
// file that is not executable is read as an inventory, not run.
func TestAnsibleInventoryScript(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "inv.sh"), []byte("#!/bin/sh\nshred -u key\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "inv.txt"), []byte("#!/bin/sh\nshred -u key\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		cmd  string
		want bool
	}{
		{"ansible web -i inv.sh -m ping", true},
		{"ANSIBLE_INVENTORY=inv.sh ansible web -m ping", true},
		{"ansible web -i inv.txt -m ping", false},
	} {
		m, err := Analyze(tt.cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		got := false
		for _, c := range m.Calls {
			got = got || c.Name == "shred"
		}
		if got != tt.want {
			t.Errorf("%q: runs the inventory's shred %v, want %v", tt.cmd, got, tt.want)
		}
	}
}
