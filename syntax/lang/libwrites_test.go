package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLibraryWrites: files written through the less common library
// calls (red team 13 WS), each written from the library's documentation:
// io's C and pure-Python modules, the compressed-file modules' open and
// classes, zipfile and tarfile opened for writing, dbm and shelve by
// their flag; Ruby's IO.binwrite; PHP's error_log type 3, ini_set of
// error_log and the stream wrappers that reach a file; Perl's $^I with
// the names it puts in @ARGV. Look-alikes read, or name the call in a
// string.
func TestLibraryWrites(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"py-_io-open", Python, `import _io; _io.open("/h/.bashrc", "w").write("x")`, []string{"write _io.open: /h/.bashrc"}},
		{"py-_pyio-fileio", Python, `import _pyio; _pyio.FileIO("/h/.bashrc", "a")`, []string{"append _pyio.FileIO: /h/.bashrc"}},
		{"py-_io-open-read", Python, `import _io; print(_io.open("notes.txt").read())`, []string{"read _io.open: notes.txt"}},
		{"py-gzip-open-wt", Python, `import gzip; gzip.open("/h/.bashrc", "wt").write("x")`, []string{"write gzip.open: /h/.bashrc"}},
		{"py-bz2-open-kw", Python, `import bz2; bz2.open(filename="/h/.bashrc", mode="ab")`, []string{"append bz2.open: /h/.bashrc"}},
		{"py-lzma-file", Python, `from lzma import LZMAFile; LZMAFile("/h/.bashrc", "w")`, []string{"write lzma.LZMAFile: /h/.bashrc"}},
		{"py-gzipfile", Python, `import gzip as g; g.GzipFile("/h/.bashrc", "wb")`, []string{"write gzip.GzipFile: /h/.bashrc"}},
		{"py-zipfile-w", Python, `import zipfile; zipfile.ZipFile("/h/.bashrc", "w").writestr("a", "b")`, []string{"write zipfile.ZipFile: /h/.bashrc"}},
		{"py-zipfile-a", Python, `import zipfile; zipfile.ZipFile("/h/.bashrc", mode="a")`, []string{"append zipfile.ZipFile: /h/.bashrc"}},
		{"py-tarfile-wgz", Python, `import tarfile; tarfile.open("/h/.bashrc", "w:gz")`, []string{"write tarfile.open: /h/.bashrc"}},
		{"py-tarfile-stream", Python, `import tarfile; tarfile.open(name="/h/.bashrc", mode="w|")`, []string{"write tarfile.open: /h/.bashrc"}},
		{"py-dbm-c", Python, `import dbm; dbm.open("/h/.bashrc", "c")`, []string{"append dbm.open: /h/.bashrc"}},
		{"py-dbm-flag-kw", Python, `import dbm; dbm.open("/h/.bashrc", flag="n")`, []string{"append dbm.open: /h/.bashrc"}},
		{"py-shelve-default", Python, `import shelve; shelve.open("/h/.bashrc")`, []string{"unpickle shelve.open: /h/.bashrc",
			"unpickle shelve.open: /h/.bashrc.db", "unpickle shelve.open: /h/.bashrc.pag", "unpickle shelve.open: /h/.bashrc.dat",
			"append shelve.open: /h/.bashrc"}},
		{"py-wave", Python, `import wave; wave.open("/h/.bashrc", "wb")`, []string{"write wave.open: /h/.bashrc"}},
		{"py-gzip-runtime", Python, "import os, gzip\np = os.path.expanduser('~') + '/.bashrc'\ngzip.open(p, 'wt')", []string{"write gzip.open: ~/.bashrc (home)"}},
		// Read modes and the default mode read the file, as open(F)
		// does (red team of 2026-12-05): no write; a string is nothing.
		{"py-gzip-read", Python, `import gzip; print(gzip.open("/h/.bashrc").read())`, []string{"read gzip.open: /h/.bashrc"}},
		{"py-gzip-rt", Python, `import gzip; print(gzip.open("/h/.bashrc", "rt").read())`, []string{"read gzip.open: /h/.bashrc"}},
		{"py-zip-namelist", Python, `import zipfile; print(zipfile.ZipFile("x.zip").namelist())`, []string{"read zipfile.ZipFile: x.zip"}},
		{"py-tar-names", Python, `import tarfile; print(tarfile.open("x.tar", "r:gz").getnames())`, []string{"read tarfile.open: x.tar"}},
		{"py-dbm-read", Python, `import dbm; print(dbm.open("/h/.bashrc")["k"])`, []string{"read dbm.open: /h/.bashrc"}},
		{"py-dbm-r", Python, `import dbm; print(dbm.open("/h/.bashrc", "r")["k"])`, []string{"read dbm.open: /h/.bashrc"}},
		{"py-zip-bytesio", Python, `import zipfile, io; print(zipfile.ZipFile(io.BytesIO(b"")).namelist())`, nil},
		{"py-string", Python, `print('gzip.open("/h/.bashrc", "wt")')`, nil},
		// Ruby.
		{"rb-io-binwrite", Ruby, `IO.binwrite("/h/.bashrc", "x")`, []string{"write IO.binwrite: /h/.bashrc"}},
		{"rb-io-binread", Ruby, `puts IO.binread("/h/notes")`, []string{"read IO.binread: /h/notes"}},
		// PHP.
		{"php-error-log-3", PHP, `error_log("x", 3, "/h/.bashrc");`, []string{"append error_log: /h/.bashrc"}},
		{"php-ini-error-log", PHP, `ini_set("error_log", "/h/.bashrc"); error_log("x");`, []string{"append ini_set: /h/.bashrc"}},
		{"php-filter-write", PHP, `file_put_contents("php://filter/write=string.rot13/resource=/h/.bashrc", "x");`, []string{"write file_put_contents: /h/.bashrc"}},
		{"php-file-url", PHP, `file_put_contents("FILE:///h/.bashrc", "x");`, []string{"write file_put_contents: /h/.bashrc"}},
		{"php-zlib-fopen", PHP, `$f = fopen("compress.zlib:///h/.bashrc", "w");`, []string{"write fopen: /h/.bashrc"}},
		{"php-filter-nested", PHP, `file_put_contents("php://filter/resource=compress.bzip2:///h/.bashrc", "x");`, []string{"write file_put_contents: /h/.bashrc"}},
		{"php-phar", PHP, `file_put_contents("phar:///h/a.tar/x.txt", "x");`, []string{"write file_put_contents: /h/a.tar"}},
		{"php-gzopen", PHP, `$g = gzopen("/h/.bashrc", "w9");`, []string{"write gzopen: /h/.bashrc"}},
		{"php-filter-read", PHP, `echo file_get_contents("php://filter/read=convert.base64-encode/resource=/h/.env");`, []string{"read file_get_contents: /h/.env"}},
		// Look-alikes: other message types, other settings, the
		// output stream, a URL as the data.
		{"php-error-log-0", PHP, `error_log("x"); error_log("x", 0); error_log("x", 4);`, nil},
		{"php-ini-other", PHP, `ini_set("display_errors", "/h/.bashrc");`, nil},
		{"php-stdout", PHP, `file_put_contents("php://stdout", "x");`, []string{"write file_put_contents: php://stdout"}},
		{"php-url-data", PHP, `file_put_contents("out.txt", "php://filter/resource=/h/.bashrc");`, []string{"write file_put_contents: out.txt"}},
		// Perl: $^I with @ARGV.
		{"pl-inplace-argv", Perl, `$^I = ""; @ARGV = ("/h/.bashrc"); while (<>) { print "x" }`, []string{"write $^I: /h/.bashrc"}},
		{"pl-inplace-local", Perl, `local ($^I, @ARGV) = (".bak", "/h/.bashrc", "/h/.profile"); print while <>;`, []string{"write $^I: /h/.bashrc", "write $^I: /h/.profile"}},
		{"pl-inplace-push", Perl, `push @ARGV, "/h/.bashrc"; $^I = ""; print while <>;`, []string{"write $^I: /h/.bashrc"}},
		{"pl-inplace-qw", Perl, `@ARGV = qw(/h/.bashrc); $^I = ""; print while <>;`, []string{"write $^I: /h/.bashrc"}},
		// Look-alikes: $^I undefined or never set, in a string.
		{"pl-inplace-undef", Perl, `$^I = undef; @ARGV = ("/h/.bashrc"); print while <>;`, []string{"read <> of @ARGV: /h/.bashrc"}}, // printed, not written
		{"pl-argv-only", Perl, `@ARGV = ("/h/.bashrc"); print while <>;`, []string{"read <> of @ARGV: /h/.bashrc"}},                  // printed, not written
		{"pl-inplace-string", Perl, `print q{$^I = ""; @ARGV = ("/h/.bashrc")};`, nil},
	} {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestPerlSetsInPlace: code that defines $^I makes perl's operands
// in-place edits; code that reads $^I, undefines it or only prints it
// does not.
func TestPerlSetsInPlace(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]bool{
		`BEGIN{$^I=""} s/a/b/`:        true,
		`BEGIN { $^I = ".orig" }`:     true,
		`local ($^I) = ("");`:         true,
		`print $^I; $^I == 1`:         false,
		`$^I = undef;`:                false,
		`print "BEGIN{\$^I=\"\"}"`:    false,
		`s/a/b/; # $^I = ""`:          false,
		`my $x = "$^I = 1"; print $x`: false,
	} {
		if got := PerlSetsInPlace(src); got != want {
			t.Errorf("PerlSetsInPlace(%q) = %v, want %v", src, got, want)
		}
	}
}

// TestFileURLReads: URL openers given a file: URL read the local file
// (red team 13 SR), and those that save it copy it; network URLs, a
// file: URL on another host and a URL in a string are no read here.
func TestFileURLReads(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"py-urlopen", Python, `import urllib.request; print(urllib.request.urlopen("file:///h/.ssh/id_rsa").read())`, []string{"read urllib.request.urlopen: /h/.ssh/id_rsa"}},
		{"py-urlopen-from", Python, "from urllib.request import urlopen as u\nprint(u('file://localhost/h/.ssh/id%5Frsa').read())", []string{"read urllib.request.urlopen: /h/.ssh/id_rsa"}},
		{"py-request", Python, `import urllib.request as r; print(r.urlopen(r.Request("FILE:///h/.env")).read())`, []string{"read urllib.request.Request: /h/.env"}},
		{"py-urlretrieve", Python, `import urllib.request; urllib.request.urlretrieve("file:///h/.ssh/id_rsa", "k")`, []string{"shell urllib.request.urlretrieve: cp -T -- '/h/.ssh/id_rsa' 'k'"}},
		{"py-urlretrieve-temp", Python, `import urllib.request; urllib.request.urlretrieve("file:///h/.ssh/id_rsa")`, []string{"read urllib.request.urlretrieve: /h/.ssh/id_rsa"}},
		{"pl-lwp-get", Perl, `use LWP::Simple; print get("file:///h/.ssh/id_rsa");`, []string{"read LWP.Simple.get: /h/.ssh/id_rsa"}},
		{"pl-lwp-getstore", Perl, `use LWP::Simple; getstore("file:///h/.ssh/id_rsa", "k");`, []string{"shell LWP.Simple.getstore: cp -T -- '/h/.ssh/id_rsa' 'k'"}},
		{"js-fetch", JS, `console.log(await (await fetch("file:///h/.ssh/id_rsa")).text())`, []string{"read fetch: /h/.ssh/id_rsa"}},
		// Look-alikes.
		{"py-urlopen-https", Python, `import urllib.request; print(urllib.request.urlopen("https://example.com/x").read())`, nil},
		{"py-urlopen-remote-host", Python, `import urllib.request; urllib.request.urlopen("file://server/h/.ssh/id_rsa")`, nil},
		{"py-string", Python, `print('urlopen("file:///h/.ssh/id_rsa")')`, nil},
		{"pl-get-no-lwp", Perl, `my %h; print get("file:///h/.ssh/id_rsa");`, nil},
	} {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestNativeLoads: shared objects loaded by program code (red team 13
// NL) are Includes of native code when named by path, nothing when named
// without a slash (the system's), and hidden when named at run time;
// ctypes calls of libc's file functions are the file operations they
// are.
func TestNativeLoads(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"pl-dl-load-file", Perl, `require DynaLoader; DynaLoader::dl_load_file("./x.so", 0);`, []string{"include DynaLoader.dl_load_file: ./x.so (native library)"}},
		{"pl-dl-load-file-bare", Perl, `use DynaLoader; dl_load_file("/tmp/x.so");`, []string{"include dl_load_file: /tmp/x.so (native library)"}},
		{"pl-dl-load-file-var", Perl, `require DynaLoader; DynaLoader::dl_load_file($ARGV[0]);`, []string{"hidden DynaLoader.dl_load_file: $ARGV[0] (a native library named at run time)"}},
		{"rb-fiddle-dlopen", Ruby, `require "fiddle"; Fiddle.dlopen("./x.so")`, []string{"include Fiddle.dlopen: ./x.so (native library)"}},
		{"rb-fiddle-handle", Ruby, `require "fiddle"; h = Fiddle::Handle.new("./x.so")`, []string{"include Fiddle.Handle.new: ./x.so (native library)"}},
		{"rb-ffi-lib", Ruby, "require 'ffi'\nmodule M\n  extend FFI::Library\n  ffi_lib './x.so'\nend", []string{"include ffi_lib: ./x.so (native library)"}},
		{"js-process-dlopen", JS, `process.dlopen(module, "./x.node")`, []string{"include process.dlopen: ./x.node (native library)"}},
		{"js-deno-dlopen", JS, `Deno.dlopen("./x.so", {})`, []string{"include Deno.dlopen: ./x.so (native library)"}},
		{"tcl-load", Tcl, "load ./x.so\nputs hi", []string{"include load: ./x.so (native library)"}},
		{"tcl-load-opts", Tcl, "load -global -- /tmp/x.so Pkg", []string{"include load: /tmp/x.so (native library)"}},
		{"py-libc-fopen-w", Python, `import ctypes; c = ctypes.CDLL("libc.so.6"); c.fopen(b"/h/.bashrc", b"a")`, []string{"append c.fopen: /h/.bashrc"}},
		{"py-libc-fopen-r", Python, `import ctypes; c = ctypes.CDLL("libc.so.6"); c.fopen(b"/h/.env", b"r")`, []string{"read c.fopen: /h/.env"}},
		{"py-libc-rename", Python, `import ctypes; c = ctypes.CDLL(None); c.rename(b"a", b"/h/.bashrc")`, []string{"shell c.rename: mv -T -- 'a' '/h/.bashrc'"}},
		{"py-libc-symlinkat", Python, `import ctypes; c = ctypes.CDLL(None); c.symlinkat(b"/h/x", -100, b"/h/.bashrc")`, []string{"shell c.symlinkat: ln -s -- '/h/x' '/h/.bashrc'"}},
		{"py-ctypes-star", Python, "from ctypes import *\nCDLL('./x.so')", []string{"include ctypes.CDLL: ./x.so (native library)"}},
		// Look-alikes: by name, the process itself, ctypes without a
		// load, a string, a method of another object.
		{"pl-dl-by-name", Perl, `require DynaLoader; DynaLoader::dl_load_file("libm.so.6");`, nil},
		{"rb-fiddle-nil", Ruby, `require "fiddle"; Fiddle.dlopen(nil)`, nil},
		{"rb-fiddle-name", Ruby, `require "fiddle"; Fiddle.dlopen("libc.so.6")`, nil},
		{"py-sizeof", Python, `import ctypes; print(ctypes.sizeof(ctypes.c_int))`, nil},
		{"tcl-load-string", Tcl, `puts "load ./x.so"`, nil},
		{"js-dlopen-no-ffi", JS, `const dlopen = require("./mine"); dlopen("./x.so")`, nil},
		{"py-libc-printf", Python, `import ctypes; ctypes.CDLL("libc.so.6").printf(b"open(/h/.bashrc)")`, nil},
	} {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			if e.Kind == Include {
				got = append(got, "include "+e.Call+": "+e.Path+" ("+e.Text+")")
				continue
			}
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestArchiveExtractions: archives unpacked by PHP's PharData and
// ZipArchive, Perl's Archive::Tar and Archive::Extract, and Python's
// uu.decode (red team 13 AX), paired with the archive the program opens;
// listing an archive, or extracting with no archive opened, is none.
func TestArchiveExtractions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"php-phardata", PHP, `$p = new PharData("x.tar"); $p->extractTo("/h");`, []string{"extract extractTo: x.tar into /h"}},
		{"php-phardata-chained", PHP, `(new PharData("x.tar.gz"))->extractTo(".");`, []string{"extract extractTo: x.tar.gz into ."}},
		{"php-ziparchive", PHP, `$z = new ZipArchive; $z->open("x.zip"); $z->extractTo("/h");`, []string{"extract extractTo: x.zip into /h"}},
		{"php-phardata-runtime", PHP, `$p = new PharData($argv[1]); $p->extractTo("/h");`, []string{"extract extractTo:  into "}},
		{"pl-archive-tar-extract", Perl, `use Archive::Tar; my $t = Archive::Tar->new("x.tar"); $t->extract;`, []string{"extract extract: x.tar into ."}},
		{"pl-extract-archive", Perl, `use Archive::Tar; Archive::Tar->extract_archive("x.tgz");`, []string{"extract Archive.Tar.extract_archive: x.tgz into ."}},
		{"pl-archive-extract", Perl, `use Archive::Extract; Archive::Extract->new(archive => "x.zip")->extract(to => "/h");`, []string{"extract extract: x.zip into /h"}},
		{"pl-extract-file", Perl, `use Archive::Tar; my $t = Archive::Tar->new("x.tar"); $t->extract_file("a", "/h/.bashrc");`, []string{"write extract_file: /h/.bashrc"}},
		{"py-uu-out", Python, `import uu; uu.decode("x.uu", "/h/.bashrc")`, []string{"write uu.decode: /h/.bashrc"}},
		{"py-uu-cwd", Python, `from uu import decode; decode("x.uu")`, []string{"extract uu.decode: x.uu into ."}},
		// Look-alikes.
		{"php-list", PHP, `foreach (new PharData("x.tar") as $f) echo $f;`, nil},
		{"php-extract-no-archive", PHP, `$o->extractTo("/h");`, nil},
		{"pl-list", Perl, `use Archive::Tar; print Archive::Tar->new("x.tar")->list_files;`, nil},
		{"pl-string", Perl, `print "Archive::Tar->extract_archive('x.tar')";`, nil},
		{"py-uu-encode", Python, `import uu; uu.encode("a", "a.uu")`, nil},
	} {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			if e.Kind == Extract {
				if e.Argv[0] != safeExtract {
					t.Errorf("%s: kind %q, want %q", tc.name, e.Argv[0], safeExtract)
				}
				got = append(got, "extract "+e.Call+": "+e.Path+" into "+e.Text)
				continue
			}
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}
