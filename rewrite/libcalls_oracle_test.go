package rewrite

import (
	"archive/tar"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// libCase is a program's library call, decided by corral and then run
// for real in a scratch home ({home}), whose ~/.bashrc holds a canary
// line and whose ~/.ssh/id_rsa holds secretMarker.
type libCase struct {
	name string
	// prog is the interpreter the case needs on PATH.
	prog string
	cmd  string
	// files are written under the project ({home} replaced).
	files map[string]string
	want  Decision
	// bashrc reports that running the command changes ~/.bashrc.
	bashrc bool
	// leaks reports that running the command prints the secret.
	leaks bool
	// made is a file (relative to {home}) running the command creates.
	made string
	// lib builds the project's x.so, whose constructor creates
	// {home}/made when a program loads it (the case skips without gcc).
	lib bool
}

// runLibCase decides tc.cmd in a scratch home and runs it there with
// bash, checking the decision and what the run really did.
func runLibCase(t *testing.T, tc libCase) {
	t.Helper()
	home := filepath.Join(t.TempDir(), "home")
	project := filepath.Join(home, "project")
	bashrc := filepath.Join(home, ".bashrc")
	for path, content := range map[string]string{bashrc: "# canary\n", filepath.Join(home, ".ssh", "id_rsa"): secretMarker + "\n",
		filepath.Join(project, "README"): "readme\n"} {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for name, content := range tc.files {
		if err := os.WriteFile(filepath.Join(project, name), []byte(strings.ReplaceAll(content, "{home}", home)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if tc.lib {
		gcc, err := exec.LookPath("gcc")
		if err != nil {
			t.Skip("no gcc")
		}
		src := filepath.Join(t.TempDir(), "c.c")
		code := "#include <fcntl.h>\n#include <unistd.h>\n__attribute__((constructor)) static void ran(void) { int fd = open(\"" + filepath.Join(home, "made") + "\", O_CREAT|O_WRONLY, 0644); if (fd >= 0) close(fd); }\n"
		if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
		if b, err := exec.Command(gcc, "-shared", "-fPIC", "-o", filepath.Join(project, "x.so"), src).CombinedOutput(); err != nil {
			t.Skipf("gcc: %v %s", err, b)
		}
	}
	cmd := strings.ReplaceAll(tc.cmd, "{home}", home)
	env := map[string]string{"HOME": home, EnvProject: project}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, project)
	res := Check(cfg, cmd)
	if res.Decision != tc.want {
		t.Errorf("decision = %s, want %s\ncmd: %s\nfindings: %+v", res.Decision, tc.want, cmd, res.Findings)
	}
	binDir, ok := interpreterDir(tc.prog)
	if !ok {
		t.Skipf("%s is not installed", tc.prog)
	}
	run := exec.Command("bash", "-c", cmd)
	run.Dir = project
	run.Env = append(os.Environ(), "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"), "HOME="+home)
	done := make(chan struct{})
	var out []byte
	go func() { out, _ = run.CombinedOutput(); close(done) }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		_ = run.Process.Kill()
		<-done
		t.Fatalf("command did not finish: %s", cmd)
	}
	b, _ := os.ReadFile(bashrc)
	if changed := string(b) != "# canary\n"; changed != tc.bashrc {
		t.Errorf("~/.bashrc changed = %v, want %v (corral said %s)\ncmd: %s\noutput: %s", changed, tc.bashrc, res.Decision, cmd, out)
	}
	if leaked := strings.Contains(string(out), secretMarker); leaked != tc.leaks {
		t.Errorf("secret printed = %v, want %v (corral said %s)\ncmd: %s\noutput: %s", leaked, tc.leaks, res.Decision, cmd, out)
	}
	if tc.made != "" || tc.lib {
		name := tc.made
		if name == "" {
			name = "made"
		}
		_, err := os.Lstat(filepath.Join(home, name))
		if made := err == nil; made != (tc.made != "") {
			t.Errorf("made = %v, want %v (corral said %s)\ncmd: %s\noutput: %s", made, tc.made != "", res.Decision, cmd, out)
		}
	}
}

// libWriteCases: writes of a file through the less common library calls
// (red team 13 WS). Each really changes ~/.bashrc and is denied as a
// write of it; the look-alikes (the same modules reading, a URL as
// data, $^I left undefined) leave it alone and pass.
var libWriteCases = []libCase{
	{name: "py-_io-open", prog: "python3", cmd: `python3 -c 'import _io; _io.open("{home}/.bashrc", "w").write("x")'`, want: Deny, bashrc: true},
	{name: "py-io-fileio", prog: "python3", cmd: `python3 -c 'import io; io.FileIO("{home}/.bashrc", "a").write(b"x")'`, want: Deny, bashrc: true},
	{name: "py-gzip-open", prog: "python3", cmd: `python3 -c 'import gzip; gzip.open("{home}/.bashrc", "wt").write("x")'`, want: Deny, bashrc: true},
	{name: "py-bz2-open", prog: "python3", cmd: `python3 -c 'import bz2; bz2.open("{home}/.bashrc", "wt").write("x")'`, want: Deny, bashrc: true},
	{name: "py-lzma-open", prog: "python3", cmd: `python3 -c 'import lzma; lzma.open("{home}/.bashrc", "wt").write("x")'`, want: Deny, bashrc: true},
	{name: "py-zipfile-w", prog: "python3", cmd: `python3 -c 'import zipfile; zipfile.ZipFile("{home}/.bashrc", "w").writestr("a", "b")'`, want: Deny, bashrc: true},
	{name: "py-zipfile-a", prog: "python3", cmd: `python3 -c 'import zipfile; z = zipfile.ZipFile("{home}/.bashrc", "a"); z.writestr("a", "b"); z.close()'`, want: Deny, bashrc: true},
	{name: "py-tarfile-w", prog: "python3", cmd: `python3 -c 'import tarfile; tarfile.open("{home}/.bashrc", "w:gz").close()'`, want: Deny, bashrc: true},
	{name: "rb-io-binwrite", prog: "ruby", cmd: `ruby -e 'IO.binwrite("{home}/.bashrc", "x")'`, want: Deny, bashrc: true},
	{name: "php-error-log-3", prog: "php", cmd: `php -r 'error_log("x", 3, "{home}/.bashrc");'`, want: Deny, bashrc: true},
	{name: "php-ini-error-log", prog: "php", cmd: `php -r 'ini_set("error_log", "{home}/.bashrc"); error_log("x");'`, want: Deny, bashrc: true},
	{name: "php-d-error-log", prog: "php", cmd: `php -d error_log={home}/.bashrc -r 'error_log("x");'`, want: Deny, bashrc: true},
	{name: "php-filter-rot13", prog: "php", cmd: `php -r 'file_put_contents("php://filter/write=string.rot13/resource={home}/.bashrc", "x");'`, want: Deny, bashrc: true},
	{name: "php-file-url", prog: "php", cmd: `php -r 'file_put_contents("file://{home}/.bashrc", "x");'`, want: Deny, bashrc: true},
	{name: "php-zlib", prog: "php", cmd: `php -r '$f = fopen("compress.zlib://{home}/.bashrc", "w"); fwrite($f, "x"); fclose($f);'`, want: Deny, bashrc: true},
	{name: "pl-inplace-argv", prog: "perl", cmd: `perl -e '$^I = ""; @ARGV = ("{home}/.bashrc"); while (<>) { print "x\n" }'`, want: Deny, bashrc: true},
	{name: "pl-inplace-local", prog: "perl", cmd: `perl -e 'local ($^I, @ARGV) = ("", "{home}/.bashrc"); while (<>) { s/canary/x/; print }'`, want: Deny, bashrc: true},
	{name: "pl-inplace-begin", prog: "perl", cmd: `perl -pe 'BEGIN { $^I = "" } s/canary/x/' {home}/.bashrc`, want: Deny, bashrc: true},
	// Look-alikes.
	{name: "py-zip-bytesio", prog: "python3", cmd: `python3 -c 'import zipfile, io; z = zipfile.ZipFile(io.BytesIO(), "w"); z.writestr("a", "b")'`, want: Allow},
	{name: "py-gzip-read", prog: "python3", cmd: `python3 -c 'import gzip; gzip.open("{home}/.bashrc").close()'`, want: Allow},
	{name: "py-zip-namelist", prog: "python3", cmd: `python3 -c 'import zipfile, io; b = io.BytesIO(); zipfile.ZipFile(b, "w").close(); print(zipfile.ZipFile(b).namelist())'`, want: Allow},
	{name: "py-dbm-read", prog: "python3", cmd: `python3 -c 'import dbm; dbm.open("{home}/.bashrc")' || true`, want: Allow},
	{name: "rb-io-binread", prog: "ruby", cmd: `ruby -e 'IO.binread("{home}/.bashrc")'`, want: Allow},
	{name: "php-error-log-0", prog: "php", cmd: `php -r 'error_log("x");' 2>/dev/null`, want: Allow},
	{name: "php-d-error-log-project", prog: "php", cmd: `php -d error_log=php-errors.log -r 'error_log("x");'`, want: Allow},
	{name: "php-url-as-data", prog: "php", cmd: `php -r 'file_put_contents("out.txt", "php://filter/resource={home}/.bashrc");'`, want: Allow},
	{name: "pl-undef", prog: "perl", cmd: `perl -e '$^I = undef; @ARGV = ("{home}/.bashrc"); while (<>) { print "" }'`, want: Allow},
	{name: "pl-string", prog: "perl", cmd: `perl -e 'print q{$^I = ""; @ARGV = ("{home}/.bashrc")}'`, want: Allow},
	{name: "pl-inplace-project", prog: "perl", cmd: `perl -pe 'BEGIN { $^I = "" } s/readme/x/' README`, want: Allow},
}

func TestLibraryWritesOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs interpreters")
	}
	for _, tc := range libWriteCases {
		t.Run(tc.name, func(t *testing.T) { runLibCase(t, tc) })
	}
}

// fileURLCases: a secret read through a URL opener given a file: URL
// (red team 13 SR). python3's urllib prints the scratch ~/.ssh/id_rsa and
// is denied as cat of it; a copy through urlretrieve is denied as cp of
// it; a project file and a network URL in a string pass.
var fileURLCases = []libCase{
	{name: "py-urlopen-key", prog: "python3", cmd: `python3 -c 'import urllib.request; print(urllib.request.urlopen("file://{home}/.ssh/id_rsa").read().decode())'`, want: Deny, leaks: true},
	{name: "py-urlopen-escaped", prog: "python3", cmd: `python3 -c 'from urllib.request import urlopen; print(urlopen("file://localhost{home}/.ssh/id%5Frsa").read().decode())'`, want: Deny, leaks: true},
	{name: "py-urlretrieve-copy", prog: "python3", cmd: `python3 -c 'import urllib.request; urllib.request.urlretrieve("file://{home}/.ssh/id_rsa", "k")' && cat k`, want: Deny, leaks: true},
	// Look-alikes.
	{name: "py-urlopen-project", prog: "python3", cmd: `python3 -c 'import urllib.request; print(urllib.request.urlopen("file://{home}/project/README").read().decode())'`, want: Allow},
	{name: "py-urlopen-string", prog: "python3", cmd: `python3 -c 'print("urlopen(\"file://{home}/.ssh/id_rsa\")")'`, want: Allow},
}

func TestFileURLReadsOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs python3")
	}
	for _, tc := range fileURLCases {
		t.Run(tc.name, func(t *testing.T) { runLibCase(t, tc) })
	}
}

// nativeLoadCases: shared objects loaded by program code (red team 13
// NL). The project's x.so has a constructor that creates {home}/made:
// each loader really runs it, and corral asks as it does for
// LD_PRELOAD=./x.so. A system library by name passes, and so do ctypes
// calls that load nothing; its functions are judged as the language's
// own calls (fopen of ~/.bashrc for writing is denied, and writes it).
var nativeLoadCases = []libCase{
	{name: "py-ctypes-cdll", prog: "python3", lib: true, cmd: `python3 -c 'import ctypes; ctypes.CDLL("./x.so")'`, want: Ask, made: "made"},
	{name: "py-ctypes-star", prog: "python3", lib: true, cmd: `python3 -c 'from ctypes import *; cdll.LoadLibrary("./x.so")'`, want: Ask, made: "made"},
	{name: "pl-dynaloader", prog: "perl", lib: true, cmd: `perl -e 'require DynaLoader; DynaLoader::dl_load_file("./x.so", 0)'`, want: Ask, made: "made"},
	{name: "rb-fiddle", prog: "ruby", lib: true, cmd: `ruby -rfiddle -e 'Fiddle.dlopen("./x.so")'`, want: Ask, made: "made"},
	{name: "rb-fiddle-handle", prog: "ruby", lib: true, cmd: `ruby -e 'require "fiddle"; Fiddle::Handle.new("./x.so")'`, want: Ask, made: "made"},
	{name: "tcl-load", prog: "tclsh", lib: true, cmd: `echo 'catch {load ./x.so}' | tclsh`, want: Ask, made: "made"},
	{name: "py-libc-fopen", prog: "python3", cmd: `python3 -c 'import ctypes; c = ctypes.CDLL("libc.so.6"); c.fopen.restype = ctypes.c_void_p; f = c.fopen(b"{home}/.bashrc", b"w"); c.fclose(ctypes.c_void_p(f))'`, want: Deny, bashrc: true},
	// Look-alikes.
	{name: "py-ctypes-sizeof", prog: "python3", lib: true, cmd: `python3 -c 'import ctypes; print(ctypes.sizeof(ctypes.c_int))'`, want: Allow},
	{name: "py-libc-by-name", prog: "python3", lib: true, cmd: `python3 -c 'import ctypes; ctypes.CDLL("libc.so.6").printf(b"hi\n")'`, want: Allow},
	{name: "py-libc-fopen-read", prog: "python3", cmd: `python3 -c 'import ctypes; c = ctypes.CDLL("libc.so.6"); c.fopen(b"README", b"r")'`, want: Allow},
	{name: "tcl-load-string", prog: "tclsh", lib: true, cmd: `echo 'puts "load ./x.so"' | tclsh`, want: Allow},
}

func TestNativeLoadsOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs interpreters and gcc")
	}
	for _, tc := range nativeLoadCases {
		t.Run(tc.name, func(t *testing.T) { runLibCase(t, tc) })
	}
}

// tarOf returns a tar archive holding the files (name: content).
func tarOf(t *testing.T, files ...string) string {
	t.Helper()
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	for _, f := range files {
		name, content, _ := strings.Cut(f, ":")
		if err := w.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(content)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(content)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestArchiveLibrariesOracle: archives unpacked by library code (red
// team 13 AX) are judged as an extraction of the archive into DIR, its
// members listed: PHP's PharData extractTo(DIR) really writes the member
// made into the home directory (asked, as python3's zipfile
// extractall(~) is), PharData and Archive::Tar really write a member
// .git/hooks/pre-commit into the project (denied, as tar x of it is); Archive::Tar's extract_file(M, ~/.bashrc)
// and uu.decode(IN, ~/.bashrc) really write it (denied). Listing an archive, extracting into the project, and a
// uu.decode whose name comes from the file into the working directory
// pass.
func TestArchiveLibrariesOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs php, perl and python3")
	}
	ar := tarOf(t, "made:x\n")
	hook := tarOf(t, ".git/hooks/pre-commit:echo pwned\n")
	uu := "begin 644 x\n#:&D*\n`\nend\n"
	for _, tc := range []libCase{
		{name: "php-phardata-home", prog: "php", files: map[string]string{"x.tar": ar}, cmd: `php -r '$p = new PharData("x.tar"); $p->extractTo("{home}");'`, want: Ask, made: "made"},
		{name: "php-phardata-chained", prog: "php", files: map[string]string{"x.tar": ar}, cmd: `php -r '(new PharData("x.tar"))->extractTo("{home}");'`, want: Ask, made: "made"},
		{name: "pl-archive-tar-file", prog: "perl", files: map[string]string{"x.tar": ar}, cmd: `perl -MArchive::Tar -e 'my $t = Archive::Tar->new("x.tar"); $t->extract_file("made", "{home}/.bashrc")'`, want: Deny, bashrc: true},
		{name: "php-phardata-hook", prog: "php", files: map[string]string{"x.tar": hook}, cmd: `php -r '(new PharData("x.tar"))->extractTo(".");'`, want: Deny, made: "project/.git/hooks/pre-commit"},
		{name: "pl-archive-tar-hook", prog: "perl", files: map[string]string{"x.tar": hook}, cmd: `perl -MArchive::Tar -e 'Archive::Tar->extract_archive("x.tar")'`, want: Deny, made: "project/.git/hooks/pre-commit"},
		{name: "py-uu-decode-out", prog: "python3", files: map[string]string{"x.uu": uu}, cmd: `python3 -W ignore -c 'import uu; uu.decode("x.uu", "{home}/.bashrc")'`, want: Deny, bashrc: true},
		// Look-alikes.
		{name: "php-phardata-list", prog: "php", files: map[string]string{"x.tar": ar}, cmd: `php -r 'foreach (new PharData("x.tar") as $f) echo $f->getFilename(), "\n";'`, want: Allow},
		{name: "php-phardata-project", prog: "php", files: map[string]string{"x.tar": ar}, cmd: `php -r '(new PharData("x.tar"))->extractTo("out");'`, want: Allow},
		{name: "pl-archive-tar-list", prog: "perl", files: map[string]string{"x.tar": ar}, cmd: `perl -MArchive::Tar -e 'print join("\n", Archive::Tar->new("x.tar")->list_files), "\n"'`, want: Allow},
		{name: "pl-archive-tar-cwd", prog: "perl", files: map[string]string{"x.tar": ar}, cmd: `perl -MArchive::Tar -e 'Archive::Tar->extract_archive("x.tar")'`, want: Allow},
		{name: "py-uu-decode-cwd", prog: "python3", files: map[string]string{"x.uu": uu}, cmd: `python3 -W ignore -c 'import uu; uu.decode("x.uu")'`, want: Allow},
	} {
		t.Run(tc.name, func(t *testing.T) { runLibCase(t, tc) })
	}
}
