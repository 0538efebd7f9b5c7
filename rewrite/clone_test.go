package rewrite

import (
	"os/exec"
	"strings"
	"testing"
)

// TestCloneName: each program names a clone it is given no directory for
// by its own rule (git's "humanish" part, gh's repository name, hg's and
// svn's base name, jj's last segment without .git).
func TestCloneName(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ program, src, want string }{
		{"git", "https://github.com/acme/widget.git", "widget"},
		{"git", "https://github.com/acme/widget", "widget"},
		{"git", "https://github.com/acme/widget/", "widget"},
		{"git", "/srv/repos/widget/.git", "widget"},
		{"git", "/srv/repos/widget/.git/", "widget"},
		{"git", "git@github.com:acme/widget.git", "widget"},
		{"git", "host:widget.git", "widget"},
		{"git", "ssh://user@host:2222/srv/widget.git", "widget"},
		{"git", "https://example.com", "example.com"},
		{"git", "https://example.com:8080", "example.com"},
		{"git", "https://user@example.com/", "example.com"},
		{"git", "../widget.bundle", "widget"},
		{"git", "my  repo\t.git", "my repo"},
		{"git", "/", "repo"},
		{"gh", "acme/widget", "widget"},
		{"gh", "widget", "widget"},
		{"gh", "https://github.com/acme/widget.git", "widget"},
		{"gh", "5b0e0062eb8e9654adad7bb1d81cc75f", "5b0e0062eb8e9654adad7bb1d81cc75f"},
		{"hg", "https://hg.example.com/repo/", "repo"},
		{"hg", "https://hg.example.com/repo.git", "repo.git"},
		{"hg", "https://hg.example.com/a/b#stable", "b"},
		{"hg", "ssh://hg@example.com//srv/hg/proj", "proj"},
		{"hg", "../proj", "proj"},
		{"hg", "https://hg.example.com", "repo"},
		{"svn", "https://svn.example.com/p/trunk", "trunk"},
		{"svn", "https://svn.example.com/p/trunk/", "trunk"},
		{"svn", "https://svn.example.com/p/trunk@1234", "trunk"},
		{"svn", "https://svn.example.com/p/my%20dir", "my dir"},
		{"svn", "https://svn.example.com/p/x.git", "x.git"},
		{"svn", "^/branches/dev", "dev"},
		{"jj", "https://github.com/acme/widget.git", "widget"},
		{"jj", "https://github.com/acme/widget/", "widget"},
		{"jj", "git@github.com:widget", "widget"},
		{"jj", `C:\src\widget`, "widget"},
	} {
		if got := cloneName(tc.program, tc.src); got != tc.want {
			t.Errorf("cloneName(%s, %q) = %q, want %q", tc.program, tc.src, got, tc.want)
		}
	}
}

// TestCloneDestAcrossPrograms: every clone-like command gets the same
// treatment from the one destination helper, whatever the program: no
// destination → one is added in the sandbox under the name the program
// would derive; a destination outside → it moves; one inside → left
// alone; a source only known at run time → an explicit destination
// derived at run time; a source that is a command substitution → ask.
func TestCloneDestAcrossPrograms(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	sb := cfg.Sandbox
	type want struct {
		decision  Decision
		rewritten string
	}
	for _, tc := range []struct {
		cmd  string
		want want
	}{
		// No destination: the program's own name for it.
		{"git clone https://x.org/a/widget.git", want{Rewrite, "git clone https://x.org/a/widget.git " + sb + "/widget"}},
		{"git clone --bare https://x.org/a/widget.git", want{Rewrite, "git clone --bare https://x.org/a/widget.git " + sb + "/widget.git"}},
		{"git svn clone https://svn.x.org/p/trunk", want{Rewrite, "git svn clone https://svn.x.org/p/trunk " + sb + "/trunk"}},
		{"gh repo clone acme/widget", want{Rewrite, "gh repo clone acme/widget " + sb + "/widget"}},
		{"gh gist clone 5b0e0062", want{Rewrite, "gh gist clone 5b0e0062 " + sb + "/5b0e0062"}},
		{"gh repo fork acme/widget --clone", want{Rewrite, "gh repo fork acme/widget --clone -- " + sb + "/widget"}},
		{"gh repo fork acme/widget --clone --fork-name=mine", want{Rewrite, "gh repo fork acme/widget --clone --fork-name=mine -- " + sb + "/mine"}},
		{"hg clone https://hg.x.org/widget.git", want{Rewrite, "hg clone https://hg.x.org/widget.git " + sb + "/widget.git"}},
		{"svn co https://svn.x.org/p/trunk@12", want{Rewrite, "svn co https://svn.x.org/p/trunk@12 " + sb + "/trunk"}},
		{"svn co https://svn.x.org/p/a https://svn.x.org/p/b", want{Rewrite, "svn co https://svn.x.org/p/a https://svn.x.org/p/b " + sb}},
		{"jj git clone https://x.org/a/widget.git", want{Rewrite, "jj git clone https://x.org/a/widget.git " + sb + "/widget"}},
		// A destination outside the sandbox moves; "." takes the derived name.
		{"git clone https://x.org/a/widget.git w", want{Rewrite, "git clone https://x.org/a/widget.git " + sb + "/w"}},
		{"gh repo clone acme/widget .", want{Rewrite, "gh repo clone acme/widget " + sb + "/widget"}},
		{"hg clone https://hg.x.org/widget ../w", want{Rewrite, "hg clone https://hg.x.org/widget " + sb + "/w"}},
		{"svn export https://svn.x.org/p/trunk .", want{Rewrite, "svn export https://svn.x.org/p/trunk " + sb + "/trunk"}},
		{"jj git clone https://x.org/a/widget.git ./", want{Rewrite, "jj git clone https://x.org/a/widget.git " + sb + "/widget"}},
		{`git clone https://x.org/a/widget.git "$d"`, want{Rewrite, `git clone https://x.org/a/widget.git ` + sb + `/"$d"`}},
		// An option with a run-time value is the option, not the source
		// (the URL was rewritten as the destination).
		{`git clone --depth=$D https://x.org/a/widget.git`, want{Rewrite, `git clone --depth=$D https://x.org/a/widget.git ` + sb + `/widget`}},
		// Inside the sandbox: left alone.
		{"git clone https://x.org/a/widget.git " + sb + "/w", want{Allow, ""}},
		{"hg clone https://hg.x.org/widget " + sb + "/w", want{Allow, ""}},
		{"cd " + sb + " && jj git clone https://x.org/a/widget.git", want{Allow, ""}},
		// A source named at run time: the same explicit destination for all.
		{`git clone "$URL"`, want{Rewrite, `git clone "$URL" ` + sb + `/"$(basename -- "$URL" .git)"`}},
		{`git clone --mirror "$URL"`, want{Rewrite, `git clone --mirror "$URL" ` + sb + `/"$(basename -- "$URL" .git).git"`}},
		{`/usr/lib/git-core/git-clone "$URL"`, want{Rewrite, `/usr/lib/git-core/git-clone "$URL" ` + sb + `/"$(basename -- "$URL" .git)"`}},
		{`gh repo clone "$R"`, want{Rewrite, `gh repo clone "$R" ` + sb + `/"$(basename -- "$R" .git)"`}},
		{`gh gist clone "$G"`, want{Rewrite, `gh gist clone "$G" ` + sb + `/"$(basename -- "$G" .git)"`}},
		{`gh repo fork "$R" --clone`, want{Rewrite, `gh repo fork "$R" --clone -- ` + sb + `/"$(basename -- "$R" .git)"`}},
		{`hg clone "$S"`, want{Rewrite, `hg clone "$S" ` + sb + `/"$(basename -- "$S")"`}},
		{`svn checkout "$U"`, want{Rewrite, `svn checkout "$U" ` + sb + `/"$(basename -- "$U")"`}},
		{`jj git clone "$S"`, want{Rewrite, `jj git clone "$S" ` + sb + `/"$(basename -- "$S" .git)"`}},
		// A command substitution would run twice: ask, for every program.
		{`git clone "$(cat url)"`, want{Ask, ""}},
		{`gh repo clone "$(cat repo)"`, want{Ask, ""}},
		{"hg clone `cat src`", want{Ask, ""}},
		{`svn co "$(cat url)"`, want{Ask, ""}},
		{`jj git clone "$(cat url)"`, want{Ask, ""}},
	} {
		r := Check(cfg, tc.cmd)
		if r.Decision != tc.want.decision || r.Rewritten != tc.want.rewritten {
			t.Errorf("%s:\n got  %s %q\n want %s %q", tc.cmd, r.Decision, r.Rewritten, tc.want.decision, tc.want.rewritten)
		}
	}
}

// TestRunTimeNameMatchesStatic runs, in bash, the destination corral
// writes for a source only known at run time, and requires it to be the
// name corral derives for the same source when it is static: one rule,
// whether the name is known now or at run time.
func TestRunTimeNameMatchesStatic(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	cfg := testConfig()
	for _, tc := range []struct{ cmd, src string }{
		{`git clone "$S"`, "https://github.com/acme/widget.git"},
		{`git clone "$S"`, "https://github.com/acme/widget"},
		{`git clone "$S"`, "git@github.com:acme/widget.git"},
		{`gh repo clone "$S"`, "acme/widget"},
		{`gh repo clone "$S"`, "https://github.com/acme/widget"},
		{`gh gist clone "$S"`, "5b0e0062eb8e"},
		{`hg clone "$S"`, "https://hg.example.com/repo/"},
		{`hg clone "$S"`, "https://hg.example.com/repo.git"},
		{`svn co "$S"`, "https://svn.example.com/p/trunk"},
		{`svn export "$S"`, "https://svn.example.com/p/x.git/"},
		{`jj git clone "$S"`, "https://github.com/acme/widget.git"},
	} {
		r := Check(cfg, tc.cmd)
		if r.Decision != Rewrite {
			t.Errorf("%s: %s, want rewrite", tc.cmd, r.Decision)
			continue
		}
		dest := r.Rewritten[strings.LastIndex(r.Rewritten, " /")+1:]
		out, err := exec.Command(bash, "-c", "S='"+tc.src+"'; printf %s "+dest).Output()
		static := Check(cfg, strings.Replace(tc.cmd, `"$S"`, tc.src, 1))
		want := static.Rewritten[strings.LastIndex(static.Rewritten, " /")+1:]
		if err != nil || string(out) != want {
			t.Errorf("%s with S=%s: run-time destination %s is %q (%v), the static one %q", tc.cmd, tc.src, dest, out, err, want)
		}
	}
}
