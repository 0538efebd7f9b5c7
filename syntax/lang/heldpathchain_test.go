package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHeldPathChain: a path method (joinpath, expanduser, Ruby's join)
// called on a name that holds a path object (red team of 2026-12-06:
// p = Path.home(); p.joinpath(".bashrc").write_text(…) was allowed, as
// p / ".bashrc" was not). A known path is judged at the joined path; a
// path only run time knows is a write or a deletion of an unknown path
// (asked), also through a name assigned from it. A list's join and a
// chain on a relative path keep their decision.
func TestHeldPathChain(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		l    Lang
		src  string
		kind Kind   // the effect wanted (0: none of Write, Delete, Hidden)
		path string // its path ("" for one only run time knows)
		home bool
	}{
		// Attacks: a known home path.
		{"py-write", Python, "import pathlib\np = pathlib.Path.home()\np.joinpath('.bashrc').write_text('x')\n", Write, "~/.bashrc", true},
		{"py-unlink", Python, "import pathlib\np = pathlib.Path.home()\np.joinpath('.ssh', 'id_rsa').unlink()\n", Delete, "~/.ssh/id_rsa", true},
		{"py-read", Python, "import pathlib\np = pathlib.Path.home()\nprint(p.joinpath('.ssh', 'id_rsa').read_text())\n", Read, "~/.ssh/id_rsa", true},
		{"py-expanduser", Python, "import pathlib\np = pathlib.Path('~')\np.expanduser().joinpath('.bashrc').write_text('x')\n", Write, "~/.bashrc", true},
		{"py-held-join", Python, "import pathlib\np = pathlib.Path.home()\nq = p.joinpath('.bashrc')\nq.write_text('x')\n", Write, "~/.bashrc", true},
		{"rb-write", Ruby, "require 'pathname'\np = Pathname.new(Dir.home)\np.join('.bashrc').write('x')\n", Write, "~/.bashrc", true},
		// Attacks: a path only run time knows.
		{"py-unknown-chain", Python, "import pathlib\np = pathlib.Path(input())\np.joinpath('a').write_text('x')\n", Write, "", false},
		{"py-unknown-unlink", Python, "import pathlib\np = pathlib.Path(input())\np.joinpath('a').unlink()\n", Hidden, "", false},
		{"py-unknown-held", Python, "import pathlib\np = pathlib.Path(input())\nx = p.joinpath('a')\nx.write_text('x')\n", Write, "", false},
		{"py-unknown-held-slash", Python, "import pathlib\np = pathlib.Path(input())\nx = p / 'a'\nx.write_text('x')\n", Write, "", false},
		{"rb-unknown-chain", Ruby, "require 'pathname'\np = Pathname(gets)\np.join('x').write('x')\n", Hidden, "", false},
		{"rb-unknown-held", Ruby, "require 'pathname'\np = Pathname(gets)\nx = p.join('x')\nx.write('x')\n", Hidden, "", false},
		// Look-alikes that keep their decision.
		{"py-relative", Python, "import pathlib\np = pathlib.Path('out')\np.joinpath('a.txt').write_text('x')\n", Write, "out/a.txt", false},
		{"py-print-only", Python, "import pathlib\np = pathlib.Path.home()\nprint(p.joinpath('.ssh_notes.txt'))\n", 0, "", false},
		{"py-text-only", Python, "print('p = Path.home(); p.joinpath(\".bashrc\").write_text(1)')\n", 0, "", false},
		{"rb-list-join", Ruby, "a = ['x', 'y']\nputs a.join(',')\n", 0, "", false},
		{"rb-relative", Ruby, "require 'pathname'\np = Pathname.new('out')\np.join('a.txt').write('x')\n", Write, "out/a.txt", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []Effect
			for _, e := range Analyze(tc.l, tc.src) {
				if e.Kind == Write || e.Kind == Delete || e.Kind == Hidden || e.Kind == Read && tc.kind == Read {
					got = append(got, e)
				}
			}
			if tc.kind == 0 {
				if len(got) != 0 {
					t.Errorf("effects %+v, want none", got)
				}
				return
			}
			if len(got) != 1 || got[0].Kind != tc.kind || got[0].Path != tc.path || (got[0].Tilde || got[0].Home) != tc.home {
				t.Errorf("effects %+v, want one %v of %q (home %v)", got, tc.kind, tc.path, tc.home)
			}
		})
	}
}

// TestHeldPathChainOracle: the real python3 and ruby join a held path
// object as the table above says (the write lands at the joined path).
func TestHeldPathChainOracle(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, prog, src string
	}{
		{"python3", "python3", "import pathlib,os\np = pathlib.Path(os.environ['D'])\np.joinpath('.bashrc').write_text('x')\n"},
		{"ruby", "ruby", "require 'pathname'\np = Pathname.new(ENV['D'])\np.join('.bashrc').write('x')\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bin, err := exec.LookPath(tc.prog)
			if err != nil {
				t.Skip(tc.prog + " not installed")
			}
			d := t.TempDir()
			flag := "-c"
			if tc.prog == "ruby" {
				flag = "-e"
			}
			cmd := exec.Command(bin, flag, tc.src)
			cmd.Env = append(os.Environ(), "D="+d)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v %s", tc.prog, err, out)
			}
			b, err := os.ReadFile(filepath.Join(d, ".bashrc"))
			if err != nil || strings.TrimSpace(string(b)) != "x" {
				t.Errorf("%s wrote %q (%v), want x in D/.bashrc", tc.prog, b, err)
			}
		})
	}
}
