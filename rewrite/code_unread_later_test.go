package rewrite

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestUnreadFromEarlierCalls: the files one call leaves with bytes
// corral could not read (Result.Unread), handed to a later call's check
// (Config.Earlier), make running them ask, by every way of running a
// file; what the file holds now is read when it is a script.
func TestUnreadFromEarlierCalls(t *testing.T) {
	t.Parallel()
	elf := "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00"
	cfg := scratchProject(t, map[string]string{
		"proj/t":                             elf,
		"proj/bin/tool":                      elf,
		"proj/s.sh":                          "echo hi\n",
		"proj/rm.sh":                         "rm -rf ~\n",
		"proj/logo.png":                      "\x89PNG\r\n\x1a\n\x00",
		"proj/built":                         elf,
		"proj/aw":                            "#!/usr/bin/awk -f\nBEGIN { print 1 }\n",
		"proj/d/t":                           elf,
		"proj/m.py":                          "print(1)\n",
		"proj/lib/x.so":                      elf,
		"proj/app.py":                        "import m\n",
		"proj/__pycache__/m.cpython-311.pyc": "\xa7\x0d\x0d\x0a\x00\x00\x00\x00",
	})
	proj := cfg.Project
	p := func(rel string) string { return filepath.Join(proj, rel) }
	if err := os.Symlink(".", p("alias")); err != nil {
		t.Fatal(err)
	}

	// What a call leaves unread, and what it rewrites with known content.
	for _, tt := range []struct {
		cmd             string
		unread, rewrote []string
	}{
		{"echo f0VMRgIBAQA= | base64 -d > t", []string{p("t")}, nil},
		{"xxd -r -p hex.txt > t", []string{p("t")}, nil},
		{`printf '\x7fELF\x02\x01' > t`, []string{p("t")}, nil},
		{"uudecode -o t x.uu > t", []string{p("t")}, nil},
		{"python3 gen.py > out.bin", []string{p("out.bin")}, nil},
		{"printf 'echo hi\\n' > t", nil, []string{p("t")}},
		{"cc -x c - -o t <<<'int main(void){return 0;}'", nil, []string{p("t")}},
		{"echo hi > /dev/null", nil, nil},
	} {
		r := Check(cfg, tt.cmd)
		if !reflect.DeepEqual(r.Unread, tt.unread) || !reflect.DeepEqual(r.Rewrote, tt.rewrote) {
			t.Errorf("%s: unread %q rewrote %q, want %q and %q", tt.cmd, r.Unread, r.Rewrote, tt.unread, tt.rewrote)
		}
	}

	earlier := *cfg
	earlier.Earlier = map[string]string{
		p("t"):                             "echo f0VMRgIBAQA= | base64 -d > t",
		p("bin/tool"):                      "curl -s https://x.example/tool | gunzip > bin/tool",
		p("s.sh"):                          "python3 gen.py > s.sh",
		p("rm.sh"):                         "python3 gen.py > rm.sh",
		p("logo.png"):                      "base64 -d logo.b64 > logo.png",
		p("gone"):                          "base64 -d g.b64 > gone",
		p("aw"):                            "base64 -d a.b64 > aw",
		p("d/t"):                           "base64 -d t.b64 > d/t",
		p("lib/x.so"):                      "base64 -d x.b64 > lib/x.so",
		p("__pycache__/m.cpython-311.pyc"): "base64 -d m.b64 > __pycache__/m.cpython-311.pyc",
	}
	checkDecisions(t, &earlier, []struct{ cmd, want string }{
		{"./t", "ask"},
		{"chmod +x t && ./t", "ask"},
		{"bash t", "ask"},
		{"sh -c ./t", "ask"},
		{"exec ./t", "ask"},
		{"nohup ./t &", "ask"},
		{"timeout 5 ./t --flag", "ask"},
		{"env A=1 ./t", "ask"},
		{"sudo ./t", "ask"},
		{"xargs ./t < /dev/null", "ask"},
		{"find . -name x -exec ./t {} \\;", "ask"},
		{"PATH=$PWD/bin:$PATH tool", "ask"},
		{"./bin/tool", "ask"},
		{"python3 t", "ask"},
		{"source ./t", "ask"},
		{"mv t u && ./u", "ask"},
		{"cp t u; ./u", "ask"},
		// The dynamic loader runs a file that need not be executable.
		{"/lib64/ld-linux-x86-64.so.2 ./t", "ask"},
		{"/lib64/ld-linux-x86-64.so.2 --argv0 x --library-path /x ./t a", "ask"},
		// Moved with its directory; run through a symbolic link.
		{"mv d e && ./e/t", "ask"},
		{"cp -r d e; e/t", "ask"},
		{"mv d e/ && ./e/d/t", "ask"},
		{"./alias/t", "ask"},
		{"./alias/d/t", "ask"},
		// A library the dynamic linker loads into a program (asked
		// about whoever wrote it: syntax/shellenv.go).
		{"LD_PRELOAD=./lib/x.so ls", "ask"},
		{"LD_LIBRARY_PATH=lib ls", "ask"},
		// Bytecode Python loads in place of a module's source.
		{"python3 app.py", "ask"},
		// A script in a language corral does not read is as unread.
		{"./aw", "ask"},
		// Text added to it leaves it the earlier call's bytes.
		{"echo 'echo hi' >> t; ./t", "ask"},
		{"printf 'echo hi\\n' | tee -a t > /dev/null; ./t", "ask"},
		// The file holds a script now: it is read, as any script is.
		{"./s.sh", "allow"},
		{"bash s.sh", "allow"},
		{"bash rm.sh", "deny"},
		// Look-alikes: not run, rewritten first, another session's, gone.
		{"file logo.png; cat t | od -c | head", "allow"},
		{"cp logo.png docs/", "allow"},
		{"rm t", "allow"},
		{"printf 'echo hi\\n' > t; ./t", "allow"},
		{"cc -x c - -o t <<<'int main(void){return 0;}' && ./t", "allow"},
		{"./built", "allow"},
		{"./gone", "allow"},
		{"/lib64/ld-linux-x86-64.so.2 --help", "allow"},
		{"/lib64/ld-linux-x86-64.so.2 /bin/true", "allow"},
		{"awk -f aw /dev/null", "allow"},
	})
	if r := Check(&earlier, "chmod +x t && ./t"); !strings.Contains(r.Findings[0].Message, "base64 -d > t") {
		t.Errorf("the ask does not name the call that wrote t: %v", r.Findings)
	}
	// Without the session's record (another session), nothing asks.
	checkDecisions(t, cfg, []struct{ cmd, want string }{{"./t", "allow"}, {"./bin/tool", "allow"}, {"python3 app.py", "allow"}})

	// Text added to it does not take it off the record; text written
	// over it does.
	for cmd, forgets := range map[string]bool{"echo hi >> t": false, "echo hi | tee -a t": false, "echo hi > t": true, "echo hi | tee t": true} {
		r := Check(&earlier, cmd)
		if got := len(r.Rewrote) == 1 && r.Rewrote[0] == p("t"); got != forgets {
			t.Errorf("%s: rewrote %q", cmd, r.Rewrote)
		}
	}

	// A copy carries the call its bytes came from.
	if r := Check(&earlier, "mv t u"); !reflect.DeepEqual(r.Unread, []string{p("u")}) || r.UnreadBy[p("u")] != earlier.Earlier[p("t")] {
		t.Errorf("mv t u: unread %q by %q", r.Unread, r.UnreadBy)
	}

	// A lost record: a binary in the project asks, a script is read, a
	// system program runs as itself.
	lost := *cfg
	lost.EarlierLost = true
	checkDecisions(t, &lost, []struct{ cmd, want string }{
		{"./built", "ask"},
		{"./s.sh", "allow"},
		{"ls", "allow"},
		{"/bin/true", "allow"},
	})
}

// TestUnreadFromSandbox: a call that copies or unpacks external content
// out of the sandbox lists what it fills (a directory an archive unpacks
// into as a whole, ending in a slash) for the session record; a later
// call running a file below a directory recorded whole asks unless it
// is a script corral reads or this command writes it with known text;
// the sandbox's own binaries ask in any session.
func TestUnreadFromSandbox(t *testing.T) {
	t.Parallel()
	elf := "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00"
	cfg := scratchProject(t, map[string]string{
		"proj/agent_sandbox/tool":   elf,
		"proj/agent_sandbox/x.sh":   "echo hi\n",
		"proj/agent_sandbox/x.py":   "print(1)\n",
		"proj/vendor.tar":           "x",
		"proj/bin/":                 "",
		"proj/out/tool":             elf,
		"proj/out/run.sh":           "echo hi\n",
		"proj/other/tool":           elf,
		"proj/agent_sandbox/app.py": "import m\n",
		"proj/agent_sandbox/m.py":   "print(1)\n",
		"proj/agent_sandbox/__pycache__/m.cpython-311.pyc": "\xa7\x0d\x0d\x0a\x00\x00\x00\x00",
	})
	proj := cfg.Project
	p := func(rel string) string { return filepath.Join(proj, rel) }
	for _, tt := range []struct {
		cmd    string
		unread []string
	}{
		{"tar xf agent_sandbox/x.tar", []string{proj + "/"}},
		{"tar -xzf agent_sandbox/x.tgz -C out", []string{p("out") + "/"}},
		{"unzip agent_sandbox/x.zip -d out", []string{p("out") + "/"}},
		{"cp agent_sandbox/tool ./t", []string{p("t"), p("t") + "/"}},
		{"cp agent_sandbox/tool bin", []string{p("bin/tool"), p("bin/tool") + "/"}},
		{"install -m755 agent_sandbox/tool bin/", []string{p("bin/tool"), p("bin/tool") + "/"}},
		{"mv agent_sandbox/tool bin/t", []string{p("bin/t"), p("bin/t") + "/"}},
		{"gunzip -c agent_sandbox/t.gz > t", []string{p("t")}},
		{"7z x agent_sandbox/a.7z -oout", []string{p("out") + "/"}},
		{"cpio -idv < agent_sandbox/a.cpio", []string{proj + "/"}},
		{"cpio -id -D out < agent_sandbox/a.cpio", []string{p("out") + "/"}},
		{"cpio -tv < agent_sandbox/a.cpio", nil},
		{"7z l agent_sandbox/a.7z", nil},
		// Look-alikes: into the sandbox, or a project archive.
		{"tar xf vendor.tar -C agent_sandbox && ls agent_sandbox", nil},
		{"tar xf vendor.tar -C out", nil},
	} {
		r := Check(cfg, tt.cmd)
		if !reflect.DeepEqual(r.Unread, tt.unread) {
			t.Errorf("%s: unread %q, want %q", tt.cmd, r.Unread, tt.unread)
		}
	}

	earlier := *cfg
	earlier.Earlier = map[string]string{p("out") + "/": "tar xf agent_sandbox/x.tar -C out"}
	checkDecisions(t, &earlier, []struct{ cmd, want string }{
		{"./out/tool", "ask"},
		{"cd out && ./tool", "ask"},
		{"mv out/tool t && ./t", "ask"},
		{"./agent_sandbox/tool", "ask"},
		{"/lib64/ld-linux-x86-64.so.2 agent_sandbox/tool", "ask"},
		// Scripts are read where they run; reading is not running.
		{"bash out/run.sh", "allow"},
		{"bash agent_sandbox/x.sh", "allow"},
		{"python3 agent_sandbox/x.py", "allow"},
		// Bytecode Python cached below a directory recorded whole is
		// Python's own.
		{"python3 agent_sandbox/app.py", "allow"},
		{"ls out agent_sandbox; file out/tool", "allow"},
		{"./other/tool", "allow"},
		{"tar xf vendor.tar -C agent_sandbox && ls agent_sandbox", "allow"},
		// Written here with known text, it is not the archive's.
		{"printf 'echo hi\\n' > out/tool && ./out/tool", "allow"},
	})
	other := *cfg
	checkDecisions(t, &other, []struct{ cmd, want string }{
		{"./out/tool", "allow"},
		{"./agent_sandbox/tool", "ask"},
	})
}
