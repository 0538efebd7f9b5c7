package syntax

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	sh "mvdan.cc/sh/v3/syntax"
)

// wordArg parses text as the second word of a command and returns it as
// a dynamic Arg (ThisMachineArg and LiteralSkeleton read only the word).
func wordArg(t *testing.T, text string) Arg {
	t.Helper()
	f, err := sh.NewParser().Parse(strings.NewReader("x "+text), "")
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	ce := f.Stmts[0].Cmd.(*sh.CallExpr)
	return Arg{Word: ce.Args[1], Raw: text, Value: text}
}

func TestThisMachineArg(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ word, want string }{
		{`$(hostname):.bashrc`, "localhost:.bashrc"},
		{"`hostname`", "localhost"},
		{`"$HOSTNAME":x`, "localhost:x"},
		{`me@${HOSTNAME}`, "me@localhost"},
		{`me@"$(hostname -f)":'a b'`, "me@localhost:a b"},
		{`$(uname -n)`, "localhost"},
		{`$(/usr/bin/hostname --short)`, "localhost"},
		{`$(hostnamectl hostname --static)`, "localhost"},
		{`$(cat /etc/hostname)`, "localhost"},
		{`$(hostname -I | awk '{print $1}')`, "localhost"},
		{`$(hostname | head -1)`, "localhost"},
		{`$(hostname 2>/dev/null)`, "localhost"},
		{`$(command hostname)`, "localhost"},
		{`$(env uname -n)`, "localhost"},
		{`$(command -p hostname -f)`, "localhost"},
		{`$(command hostname web1)`, ""},
		// Not this machine, or not only it.
		{`$(hostname -d)`, ""},
		{`$(hostname web1)`, ""},
		{`$(uname -a)`, ""},
		{`$(hostname -f | cut -d. -f2)`, ""},
		{`$(hostname > f)`, ""},
		{`${HOSTNAME:-x}`, ""},
		{`${HOSTNAME%%.*}`, ""}, // a cut name: loopbackName's prefix rule is for static words
		{`$HOST`, ""},
		{`$H:x`, ""},
		{`$(hostname)$x`, ""},
		{`$(hostname; echo evil)`, ""},
		{`plain`, ""},
	} {
		got, ok := ThisMachineArg(wordArg(t, tc.word))
		if tc.want == "" {
			if ok {
				t.Errorf("%s: ThisMachineArg = %q, want not this machine", tc.word, got.Value)
			}
			continue
		}
		if !ok || !got.Static || got.Value != tc.want {
			t.Errorf("%s: ThisMachineArg = %q (ok %v), want %q", tc.word, got.Value, ok, tc.want)
		}
		if !loopbackHost(wordArg(t, strings.SplitN(tc.word, ":", 2)[0])) && !strings.Contains(tc.word, ":'") {
			t.Errorf("%s: loopbackHost of its host part is false", tc.word)
		}
	}
}

func TestLiteralSkeleton(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ word, want, runTimeName string }{
		{`$H:x`, "#:x", "yes"},
		{`'a'"$b"/c`, "a#/c", "no"},
		{`conf/"$f"`, "conf/#", "yes"},
		{`"$x.sh"`, "#.sh", "yes"},
		{`"$NVM_DIR/nvm.sh"`, "#/nvm.sh", "no"},
		{`"$(dirname "$0")"/lib.sh`, "#/lib.sh", "no"},
		{`a\:b$((1))`, "a:b#", "yes"},
		{`$'x\ty'/z`, "#/z", "no"},
	} {
		a := wordArg(t, tc.word)
		if got := LiteralSkeleton(a.Word, "#"); got != tc.want {
			t.Errorf("%s: LiteralSkeleton = %q, want %q", tc.word, got, tc.want)
		}
		if got := a.FileNameAtRunTime(); got != (tc.runTimeName == "yes") {
			t.Errorf("%s: FileNameAtRunTime = %v", tc.word, got)
		}
	}
}

// TestThisMachineOracle runs the programs ThisMachineArg reads as
// printing this machine's name, where installed, and requires their
// output to be a name loopbackName takes for this machine: the premise
// of the rule, held to the real programs.
func TestThisMachineOracle(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	name, err := os.Hostname()
	if err != nil || name == "" {
		t.Skip("no host name")
	}
	ran := 0
	for _, cmd := range []string{"hostname", "hostname -s", "uname -n", "cat /etc/hostname", "cat /proc/sys/kernel/hostname", `bash -c 'echo "$HOSTNAME"'`} {
		prog := strings.Fields(cmd)[0]
		if _, err := exec.LookPath(prog); err != nil {
			continue
		}
		out, err := exec.Command(bash, "-c", cmd).Output()
		if err != nil {
			continue // /etc/hostname may be absent in a container
		}
		h := strings.TrimSpace(string(out))
		if h == "" {
			continue
		}
		ran++
		if !loopbackName(h) {
			t.Errorf("%s prints %q, which loopbackName does not take for this machine (%q)", cmd, h, name)
		}
		if !namePrinter(strings.Fields(strings.Trim(cmd, "'"))) && prog != "bash" {
			t.Errorf("%s: namePrinter does not read it as printing the name", cmd)
		}
	}
	if ran == 0 {
		t.Skip("none of the programs ran")
	}
}
