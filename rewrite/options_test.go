package rewrite

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

func words(t *testing.T, cmd string) []syntax.Arg {
	t.Helper()
	m, err := syntax.Analyze(cmd, syntax.Options{Cwd: "/p", Home: "/h"})
	// The first call is the command's own; a nested one may follow
	// (tar --to-com=sh runs sh).
	if err != nil || len(m.Calls) == 0 {
		t.Fatalf("%s: %v", cmd, err)
	}
	return m.Calls[0].Args
}

// TestScanAbbreviations: the scanner resolves long options the way GNU
// getopt_long and git do.
func TestScanAbbreviations(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		prog, cmd string
		want      string // options found, as name[=value] or name?cand|cand
		operands  int
	}{
		{"rm", "rm --recu --forc /", "recursive force", 1},
		{"rm", "rm --re -f x", "recursive f", 1},
		{"rm", "rm --p /", "preserve-root", 1},
		{"rm", "rm --no-p /", "no-preserve-root", 1},
		{"rm", "rm --rec=x y", "recursive=x", 1},
		{"rm", "rm -- --recursive", "", 1},
		{"git reset", "git --har HEAD", "hard", 1},
		// Exact beats a longer option it is a prefix of.
		{"git push", "git --force origin", "force", 1},
		{"git push", "git --forc origin", "forc?force|force-if-includes|force-with-lease", 1},
		{"git push", "git --force-w origin", "force-with-lease", 1},
		{"git push", "git --rep x origin", "repo=x", 1},
		{"git clean", "git -fdx --dry", "f d x dry-run", 0},
		{"git checkout", "git -qbnew main", "q b=new", 1},
		// Programs that take no abbreviation keep the word as given.
		{"", "x --recu y", "recu", 1},
		{"sed", "sed -i.bak -e s/a/b/ f", "i=.bak e=s/a/b/", 1},
		{"sed", "sed --in-pl s/a/b/ f", "in-place", 2},
		{"perl", "perl -pi -e 1 f", "p i= e=1", 1},
	} {
		args := words(t, tc.cmd)
		opts, operands := scan(args, specFor(tc.prog))
		var got []string
		for _, o := range opts {
			s := o.name
			if o.hasVal {
				s += "=" + o.val.Value
			}
			if o.ambiguous != nil {
				s += "?" + strings.Join(o.ambiguous, "|")
			}
			got = append(got, s)
		}
		if strings.Join(got, " ") != tc.want || len(operands) != tc.operands {
			t.Errorf("%s: %q, %d operands; want %q, %d", tc.cmd, strings.Join(got, " "), len(operands), tc.want, tc.operands)
		}
	}
}

// TestAbbreviatedOptionsDecide: rules see an abbreviated option as the
// program does, and an option that makes a command harmless counts only
// when it is unambiguous.
func TestAbbreviatedOptionsDecide(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{"rm --recu --forc /", Deny},
		{"rm --recursive --force /", Deny},
		{"rm --forc --recu ~", Deny},
		{"sudo rm --recur --fo /etc", Deny},
		{"git reset --har HEAD~1", Ask},
		{"git reset --ha", Ask},
		{"git push --forc origin main", Ask},
		{"git push --fo origin main", Ask},
		{"git push --force-w origin main", Allow},
		{"git clean --forc -d", Ask},
		{"git clean --forc --dry", Allow},
		{"git branch --del --forc topic", Ask},
		{"chmod --recu 777 /srv/www", Deny},
		{"git checkout --forc main", Ask},
		// Look-alikes: prefixes of harmless options.
		{"git reset --so HEAD~1", Allow},
		{"git reset --mix", Allow},
		{"rm --verb notes.txt", Allow},
		{"git push --dry origin main", Allow},
	} {
		if got := Check(cfg, tc.cmd); got.Decision != tc.want {
			t.Errorf("%s: %s, want %s %v", tc.cmd, got.Decision, tc.want, got.Findings)
		}
	}
}

// TestProgramSpecsComplete: a prefix is only resolved right against the
// whole list of a program's long options. Where the program is installed,
// every long option its help lists must be in its spec.
func TestProgramSpecsComplete(t *testing.T) {
	t.Parallel()
	long := regexp.MustCompile(`--(?:\[no-\])?([a-z][a-z0-9-]+)`)
	checked := 0
	for _, ps := range withCopyPrograms() {
		prog, spec := ps.name, ps.spec
		for _, n := range spec.longVal {
			if spec.longFlag.has(n) {
				t.Errorf("%s: --%s is listed both as taking a value and not", prog, n)
			}
		}
		if !spec.abbrev {
			continue
		}
		argv := strings.Fields(prog)
		if argv[0] == "perl" {
			continue
		}
		if _, err := exec.LookPath(argv[0]); err != nil {
			continue
		}
		if len(argv) > 1 {
			argv = append(argv, "-h")
		} else {
			argv = append(argv, "--help")
		}
		out, _ := exec.Command(argv[0], argv[1:]...).CombinedOutput()
		if len(out) == 0 {
			continue
		}
		checked++
		for _, m := range long.FindAllStringSubmatch(string(out), -1) {
			n := m[1]
			if !spec.longVal.has(n) && !spec.longFlag.has(n) {
				t.Errorf("%s: its help lists --%s, which its spec lacks (abbreviations would resolve wrongly)", prog, n)
			}
		}
	}
	t.Logf("%d programs' specs checked against their help", checked)
}

// TestScanDownloaders: curl, wget and tar read with their whole option
// lists: abbreviations resolve as each program resolves them, options
// with a value take it separate, attached (-ofile) or after "=" (not for
// curl, which has no --name=value), and bundled short flags end at the
// first that takes a value.
func TestScanDownloaders(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		prog, cmd string
		want      string
		operands  int
	}{
		// "output" is a prefix of "output-dir": only the whole name is
		// unambiguous, as curl says ("option --outp: is ambiguous").
		{"curl", "curl --outp f https://x/a", "outp?output|output-dir", 2},
		{"curl", "curl --dump-h h --create-d -o d/f https://x/a", "dump-header=h create-dirs o=d/f", 1},
		{"curl", "curl --remote-header -O https://x/a", "remote-header-name O", 1},
		{"curl", "curl --output-d d -O https://x/a", "output-dir=d O", 1},
		{"curl", "curl --out f https://x/a", "out?output|output-dir", 2},
		{"curl", "curl -fsSLo f https://x/a", "f s S L o=f", 1},
		{"curl", "curl -ofile https://x/a", "o=file", 1},
		{"curl", "curl --output=f https://x/a", "output=", 1},
		{"curl", "curl -H 'A: b' --da @x --remote-na https://x/a", "H=A: b da?data|data-ascii|data-binary|data-raw|data-urlencode remote-na?remote-name|remote-name-all", 2},
		{"curl", "curl --data-b @x -K cfg https://x/a", "data-binary=@x K=cfg", 1},
		{"curl", "curl -w '%{http_code}' -X POST https://x/a", "w=%{http_code} X=POST", 1},
		{"wget", "wget --output-doc=f https://x/a", "output-document=f", 1},
		{"wget", "wget --output-doc f https://x/a", "output-document=f", 1},
		{"wget", "wget --directory-p=d https://x/a", "directory-prefix=d", 1},
		{"wget", "wget -qO- https://x/a", "q O=-", 1},
		{"wget", "wget -nd -np -P dl https://x/a", "n=d n=p P=dl", 1},
		{"wget", "wget --rec --lev 2 https://x/", "recursive level=2", 1},
		{"wget", "wget -e robots=off --spid https://x/", "e=robots=off spider", 1},
		{"tar", "tar --direc=d -xzf a.tgz", "directory=d x z f=a.tgz", 0},
		{"tar", "tar -x --file a.tar --strip 1 -C out", "x file=a.tar strip-components=1 C=out", 0},
		{"tar", "tar -xf a.tar --one-top-level out", "x f=a.tar one-top-level", 1},
		{"tar", "tar -xf a.tar --one-top-level=out", "x f=a.tar one-top-level=out", 0},
		{"tar", "tar --extr --abs -f a.tar", "extract absolute-names f=a.tar", 0},
		{"tar", "tar -xvC/tmp -f a.tar", "x v C=/tmp f=a.tar", 0},
		{"tar", "tar --to-com=sh -xf a.tar", "to-command=sh x f=a.tar", 0},
	} {
		args := words(t, tc.cmd)
		opts, operands := scan(args, specFor(tc.prog))
		var got []string
		for _, o := range opts {
			s := o.name
			if o.hasVal {
				s += "=" + o.val.Value
			}
			if o.ambiguous != nil {
				s += "?" + strings.Join(o.ambiguous, "|")
			}
			got = append(got, s)
		}
		if strings.Join(got, " ") != tc.want || len(operands) != tc.operands {
			t.Errorf("%s: %q, %d operands; want %q, %d", tc.cmd, strings.Join(got, " "), len(operands), tc.want, tc.operands)
		}
	}
}

// TestDownloaderAbbreviationsDecide: an abbreviated option that saves a
// file is moved into the sandbox like the full one, and its value is
// never taken for a URL or a file.
func TestDownloaderAbbreviationsDecide(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	sb := cfg.Sandbox
	for _, tc := range []struct {
		cmd, want string
	}{
		{"curl --dump-h h https://x.org/a", "curl --dump-h " + sb + "/h https://x.org/a"},
		{"curl --remote-header -O https://x.org/a", "curl --output-dir " + sb + " --remote-header -O https://x.org/a"},
		{"curl -fsSLo f https://x.org/a", "curl -fsSLo " + sb + "/f https://x.org/a"},
		{"curl -ofile https://x.org/a", "curl -o" + sb + "/file https://x.org/a"},
		{"wget --output-doc=f https://x.org/a", "wget --output-doc=" + sb + "/f https://x.org/a"},
		{"wget --directory-p dl https://x.org/a", "wget --directory-p " + sb + "/dl https://x.org/a"},
		{"curl -sL https://x.org/a.tgz | tar --direc=out -xz", "curl -sL https://x.org/a.tgz | tar --direc=" + sb + " -xz"},
		{"curl -sL https://x.org/a.tgz | tar xzC out", "curl -sL https://x.org/a.tgz | tar xzC " + sb},
		{"curl -sL https://x.org/a.tgz | tar --extr -z", "curl -sL https://x.org/a.tgz | tar --extr -z -C " + sb},
		{"curl -sSLo a.zip https://x.org/a.zip && unzip -dout a.zip", "curl -sSLo " + sb + "/a.zip https://x.org/a.zip && unzip -d" + sb + " " + sb + "/a.zip"},
	} {
		r := Check(cfg, tc.cmd)
		if r.Decision != Rewrite || r.Rewritten != tc.want {
			t.Errorf("%s:\n got  %s %q\n want rewrite %q", tc.cmd, r.Decision, r.Rewritten, tc.want)
		}
	}
	if r := Check(cfg, "curl -sL https://x.org/a.tgz | tar --extr --abs -z"); r.Decision != Ask {
		t.Errorf("tar --abs (absolute-names) extracting a download: %s, want ask", r.Decision)
	}
}

// TestGlobalOptionsBeforeSubcommand: git's and gh's options before the
// subcommand are read with their specs (which stop at the subcommand):
// values are skipped, -C moves the directory, and a word only known at
// run time hides the subcommand.
func TestGlobalOptionsBeforeSubcommand(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd, sub, dir string
	}{
		{"git -C sub -c a.b=c --git-dir=x --no-pager clone u", "clone", "/p/sub"},
		{"git --git-dir x --work-tree y status", "status", "/p"},
		{"git --exec-path clone u", "clone", "/p"},
		{"git --exec-path=/x -p log", "log", "/p"},
		{"git -C a -C b reset --hard", "reset", "/p/a/b"},
		{"git $X reset --hard", "", ""},
		{"git --version", "", "/p"},
	} {
		args := words(t, tc.cmd)
		c := &syntax.Call{Args: args, Dir: syntax.Dir{Path: "/p", Known: true}}
		dir, sub := gitArgs(c)
		got := ""
		if sub >= 0 {
			got = args[sub].Value
		}
		if got != tc.sub || tc.dir != "" && dir.Path != tc.dir || tc.dir == "" && dir.Known {
			t.Errorf("%s: subcommand %q in %+v, want %q in %q", tc.cmd, got, dir, tc.sub, tc.dir)
		}
	}
	cfg := testConfig()
	for cmd, want := range map[string]Decision{
		"gh -R acme/w pr checkout 12":                       Deny,
		"gh pr checkout --repo=acme/w -b topic 12":          Deny,
		"git submodule --quiet add https://x.org/a.git lib": Ask,
		"git submodule --quiet update --init":               Allow,
		"git -c x.y=add submodule status":                   Allow,
		"corral --color=never confirm x":                    Deny,
		"corral --color never session clear":                Deny,
		"corral $X":                                         Deny,
		"corral --color never rules":                        Allow,
	} {
		if r := Check(cfg, cmd); r.Decision != want {
			t.Errorf("%s: %s, want %s", cmd, r.Decision, want)
		}
	}
	if r := Check(cfg, "gh pr checkout --repo=acme/widget 12"); !strings.Contains(r.Findings[0].Message, "gh repo clone acme/widget") {
		t.Errorf("gh pr checkout --repo=: the advice names the repository: %s", r.Findings[0].Message)
	}
}

// TestProgramsOnce: programs is a list, so nothing but this test stops a
// program from being listed twice (specFor would only ever see the
// first entry).
func TestProgramsOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, ps := range withCopyPrograms() {
		if seen[ps.name] {
			t.Errorf("%q is listed twice in programs", ps.name)
		}
		seen[ps.name] = true
		if got := specFor(ps.name); got.shortVal != ps.spec.shortVal || len(got.longVal) != len(ps.spec.longVal) || len(got.longFlag) != len(ps.spec.longFlag) {
			t.Errorf("specFor(%q) is not its entry in programs", ps.name)
		}
	}
	if len(seen) < 50 {
		t.Errorf("programs lists %d programs; the table is not being read", len(seen))
	}
	if got := specFor("no-such-program"); got.abbrev || got.longEq || len(got.longVal) > 0 || got.shortVal != "" {
		t.Errorf("specFor of an unknown program = %+v, want the empty spec", got)
	}
}

// withCopyPrograms is programs with cp, mv, ln and install, which specFor
// reads from the shell model's table (syntax.CopyOptions) instead.
func withCopyPrograms() []programSpec {
	out := append([]programSpec{}, programs...)
	for _, n := range []string{"cp", "mv", "ln", "install"} {
		out = append(out, programSpec{n, copyOptions(n)})
	}
	return out
}
