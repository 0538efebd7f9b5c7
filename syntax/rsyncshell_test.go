package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestRshWords: rsync splits -e CMD at spaces only; single and double
// quotes group, a doubled quote inside quotes is one quote, and a
// backslash, "#" and ";" are ordinary characters (rsync's do_cmd).
func TestRshWords(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{`ssh -p 22`, []string{"ssh", "-p", "22"}},
		{`sh -c "rm -rf ~/.ssh" #`, []string{"sh", "-c", "rm -rf ~/.ssh", "#"}},
		{`env -u # sh -c "x y"`, []string{"env", "-u", "#", "sh", "-c", "x y"}},
		{`sh -c "x"" ; y ; ""z"`, []string{"sh", "-c", `x" ; y ; "z`}},
		{`sh -c 'it''s'`, []string{"sh", "-c", "it's"}},
		{`a\ b`, []string{`a\`, "b"}},
		{"a\tb", []string{"a\tb"}},
		{`a"b c"d`, []string{"ab cd"}},
		{`''`, []string{""}},
	} {
		if got := rshWords(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("rshWords(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestRsyncOperandEnd: which operands name a host, as rsync reads them.
func TestRsyncOperandEnd(t *testing.T) {
	for _, tc := range []struct {
		in     string
		ok     bool
		want   rsyncEnd
		reason string
	}{
		{"host:y", true, rsyncEnd{host: "host", path: "y"}, "remote shell"},
		{"u@host:y", true, rsyncEnd{user: "u", host: "host", path: "y"}, "user"},
		{"rm -rf ~:y", true, rsyncEnd{host: "rm -rf ~", path: "y"}, "any text without a slash"},
		{"h::m/x", true, rsyncEnd{host: "h", path: "m/x", daemon: true}, "daemon"},
		{"rsync://u@h:873/m/x", true, rsyncEnd{user: "u", host: "h", path: "m/x", daemon: true}, "URL"},
		{"[::1]:y", true, rsyncEnd{host: "::1", path: "y"}, "IPv6"},
		{"./a:b", false, rsyncEnd{}, "slash before the colon"},
		{"dir/a:b", false, rsyncEnd{}, "slash before the colon"},
		{"plain", false, rsyncEnd{}, "no colon"},
		{":y", false, rsyncEnd{}, "no host"},
	} {
		got, ok := rsyncOperandEnd(tc.in)
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("rsyncOperandEnd(%q) = %+v %v, want %+v %v (%s)", tc.in, got, ok, tc.want, tc.ok, tc.reason)
		}
	}
}

// TestRshWordsOracle runs the real rsync with a remote shell that
// records its arguments, and compares the words with rshWords and the
// host with rsyncOperandEnd.
func TestRshWordsOracle(t *testing.T) {
	rsync, err := exec.LookPath("rsync")
	if err != nil {
		t.Skip("rsync not installed")
	}
	dir := t.TempDir()
	rec := filepath.Join(dir, "rec")
	if err := os.WriteFile(rec, []byte("#!/bin/sh\nfor a; do printf '%s\\n' \"$a\"; done > \"$REC_OUT\"\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "src"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{
		rec + ` -c "x"" ; y ; ""z"`,
		rec + ` -u # 'it''s' a\ b`,
		rec + ` "a b"c`,
	} {
		out := filepath.Join(dir, "out")
		os.Remove(out)
		c := exec.Command(rsync, "-e", cmd, "src", "u@host:dst")
		c.Dir = dir
		c.Env = append(os.Environ(), "REC_OUT="+out)
		_ = c.Run()
		b, err := os.ReadFile(out)
		if err != nil {
			t.Errorf("%s: remote shell did not run", cmd)
			continue
		}
		got := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		want := append(rshWords(cmd)[1:], "-l", "u", "host", "rsync", "--server")
		if len(got) < len(want) || !reflect.DeepEqual(got[:len(want)], want) {
			t.Errorf("rsync -e %q ran %q, model %q", cmd, got, want)
		}
	}
}
