package rewrite

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// A patch made from the repository's own working tree: `git diff |
// patch -p1 -R`, or `git diff > x.patch; patch -p1 < x.patch`. git
// diff prints only the paths the repository tracks (never under .git,
// which git refuses to track), in headers "--- a/PATH" / "+++ b/PATH".
// Which ones is asked of the real git when the hook runs (`git diff
// --name-only` with the same revisions and paths, no external diff, no
// textconv), and each header is then read as any other diff's: stripped
// by -p, placed by -d, and judged as the write it is. This holds only
// while that listing is what the command will print: git diff with no
// option beyond a plain set, no git option before "diff" but -C, no GIT_*
// variable changed, no external diff or diff command configured unless
// --no-ext-diff (an external diff prints what it likes), no configured
// source or destination prefix, and no command before it in the same
// script that could change the index or the work tree. Otherwise the
// diff stays unread (unreadDiff).

// gitDiffFlags are the git diff options that keep its headers the
// listing's: they choose what is compared, not how names are printed.
var gitDiffFlags = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"--cached": true, "--staged": true, "--merge-base": true, "-R": true, "--binary": true, "--full-index": true,
		"--no-ext-diff": true, "--no-textconv": true, "--no-color": true, "--color=never": true, "-a": true, "--text": true,
		"--relative": true, "-p": true, "--patch": true, "-u": true, "--no-renames": true, "-M": true, "-w": true,
		"--ignore-all-space": true, "-b": true, "--ignore-space-change": true, "--minimal": true, "--patience": true,
		"--histogram": true, "-U0": true, "-U1": true, "-U2": true, "-U3": true, "-U5": true, "-U10": true,
	}
}}

// maxDiffNames bounds the names one git diff listing contributes.
const maxDiffNames = 2000

// gitDiffText returns a diff whose headers are those `git diff …` (call
// g) prints, listed by the real git now; ok is false when that cannot be
// known (see above).
func (p *Pass) gitDiffText(g *syntax.Call) (string, bool) {
	if g == nil || g.Name != "git" || g.Host != nil {
		return "", false
	}
	dir, sub := gitArgs(g)
	if sub < 0 || !dir.Known || g.Args[sub].Value != "diff" || gitElsewhere(g, sub) {
		return "", false
	}
	opts, _ := scan(g.Args[:sub], specFor("git"))
	for _, o := range opts {
		if o.name != "C" {
			return "", false // -c, --git-dir, -p …: not the plain listing
		}
	}
	for _, n := range g.EnvChanged {
		if strings.HasPrefix(n, "GIT_") {
			return "", false
		}
	}
	args := []string{"diff", "--name-only", "-z", "--no-renames", "--no-ext-diff", "--no-textconv"}
	var words []string
	noExt, dashes := false, false
	for _, a := range g.Args[sub+1:] {
		if !a.Static || a.Glob || strings.ContainsAny(a.Value, "\x00\n") {
			return "", false
		}
		switch v := a.Value; {
		case dashes:
			words = append(words, v)
		case v == "--":
			dashes = true
			words = append(words, v)
		case strings.HasPrefix(v, "-"):
			if !gitDiffFlags.Get()[v] {
				return "", false
			}
			switch v {
			case "--cached", "--staged", "--merge-base", "--relative":
				args = append(args, v)
			case "--no-ext-diff":
				noExt = true
			}
		default:
			words = append(words, v)
		}
	}
	top := repoTop(dir.Path)
	if top == "" {
		return "", false
	}
	// The configuration as git will read it for the agent (the user's
	// global file too): an external diff, a diff driver's command or a
	// configured prefix changes what the headers say.
	conf, err := boundedOutput(dir.Path, []string{"LC_ALL=C", "PATH=/usr/bin:/bin:/usr/local/bin", "GIT_TERMINAL_PROMPT=0",
		"GIT_OPTIONAL_LOCKS=0", "HOME=" + p.Config.Home}, "git", "--no-pager", "config", "--includes", "--get-regexp", `^diff\.`)
	if err != nil && len(conf) > 0 {
		return "", false
	}
	noPrefix, relative := false, false
	for _, line := range strings.Split(string(conf), "\n") {
		key, val, _ := strings.Cut(line, " ")
		switch {
		case key == "diff.external" || strings.HasSuffix(key, ".command"):
			if !noExt {
				return "", false
			}
		case key == "diff.srcprefix" || key == "diff.dstprefix":
			return "", false
		case key == "diff.noprefix":
			noPrefix = gitTrue(val)
		case key == "diff.relative":
			// The listing runs without the user's configuration: name
			// the files as the configured git diff will.
			relative = gitTrue(val)
		}
	}
	if relative && !slices.Contains(args, "--relative") {
		args = append(args, "--relative")
	}
	out, err := runGit(dir.Path, append(append(args, "--end-of-options"), words...)...)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	n := 0
	for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if name == "" {
			continue
		}
		if n++; n > maxDiffNames {
			return "", false
		}
		if noPrefix {
			b.WriteString("--- " + name + "\n+++ " + name + "\n")
		} else {
			b.WriteString("--- a/" + name + "\n+++ b/" + name + "\n")
		}
	}
	return b.String(), true
}

// gitTrue reports a git boolean that is true (a key alone, true, yes,
// on or a nonzero number).
func gitTrue(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "false", "no", "off", "0", "":
		return v == ""
	}
	return true
}

// quietBefore reports that no command of c's script before the position
// end can change what git diff lists — the index, the work tree, the
// repository: only cd, pushd, popd and git's readers (status, diff, log,
// show) with no redirection run before it, and except (the git diff
// that writes the patch file) with its own.
func (p *Pass) quietBefore(c *syntax.Call, end int, except *syntax.Call) bool {
	for _, o := range p.Model.Calls {
		if o == c || o == except || o.Script != c.Script || o.End > end {
			continue
		}
		if len(o.Redirs) > 0 {
			return false
		}
		switch o.Name {
		case "cd", "pushd", "popd", "true", ":":
			continue
		case "git":
			if _, sub := gitArgs(o); sub >= 0 {
				switch o.Args[sub].Value {
				case "status", "diff", "log", "show":
					if o.Args[sub].Value != "diff" || p.plainGitDiff(o) {
						continue
					}
				}
			}
		}
		return false
	}
	return true
}

// plainGitDiff reports a git diff that only prints (no --output).
func (p *Pass) plainGitDiff(g *syntax.Call) bool {
	for _, a := range g.Args {
		if !a.Static || strings.HasPrefix(a.Value, "--out") || strings.HasPrefix(a.Value, "--ext") {
			return false
		}
	}
	return true
}

// gitDiffWriter returns the one command before c in its script that
// writes the file abs when that command is a git diff whose standard
// output is redirected there with ">" (git diff > x.patch), or nil; and
// whether a git command before c writes it at all (git show REV:f >
// x.patch, which madeEarlier leaves to the acquisition rules as it does
// every command they know, though only a fetch is theirs).
func (p *Pass) gitDiffWriter(c *syntax.Call, abs string, reader *syntax.Call) (*syntax.Call, bool) {
	writer, wrote := p.stdoutWriter(c, abs, reader)
	if writer == nil || writer.Name != "git" {
		return nil, wrote
	}
	return writer, wrote
}

// stdoutWriter returns the one command before c in its script that
// writes the file abs, when it writes it only by its standard output
// redirected there with ">" (git diff > x.patch, diff -u a b > p), or
// nil; and whether a git command before c writes it at all.
func (p *Pass) stdoutWriter(c *syntax.Call, abs string, reader *syntax.Call) (*syntax.Call, bool) {
	var writer *syntax.Call
	wrote, many := false, false
	for _, o := range p.Model.Calls {
		if o == c || o == reader || o.Script != c.Script || o.End > c.Start {
			continue
		}
		writes := false
		for _, a := range o.Args {
			v := a.Value
			if i := strings.IndexByte(v, '='); i > 0 && strings.HasPrefix(v, "-") {
				v = v[i+1:]
			}
			if !a.Static || v != "" && o.Dir.Join(v).Known && o.Dir.Join(v).Path == abs {
				writes = true
			}
		}
		stdout := false
		for _, r := range o.Redirs {
			if !r.Writes() {
				continue
			}
			if !r.Target.Static || r.Dir.Join(r.Target.Value).Path == abs {
				if (r.Op == ">" || r.Op == ">|") && (r.Fd == "" || r.Fd == "1") && r.Target.Static {
					stdout = true
				} else {
					writes = true
				}
			}
		}
		if !writes && !stdout {
			continue
		}
		if o.Name == "git" {
			wrote = true
		}
		if writes || writer != nil {
			many = true
		}
		writer = o
	}
	if many {
		return nil, wrote
	}
	return writer, wrote
}

// readerStart is where the commands that feed c begin: the stage that
// reads the diff into it (cat x.patch | patch), or c itself.
func readerStart(c, reader *syntax.Call) int {
	if reader != nil {
		return reader.Start
	}
	return c.Start
}

// gitCommitPatchText returns a diff whose headers name the files of the
// patch a commit's own printer writes: `git show REV` (REV's changes
// against its parent, as git diff-tree lists them) and `git
// format-patch … --stdout` (each commit's mail, as git log --name-only
// lists them: a lone REV is REV..HEAD, -N the last N up to it). Piped
// into git apply or git am they bring that commit's files into the work
// tree, as git cherry-pick REV would (red team 13 GB). Listed by the
// real git now; ok is false when the command has an option beyond a
// plain set, a git option but -C, a GIT_* variable set, or a revision
// that is not a static word (git show REV:FILE prints a file, not a
// patch).
func (p *Pass) gitCommitPatchText(g *syntax.Call) (string, bool) {
	if g == nil || g.Name != "git" || g.Host != nil {
		return "", false
	}
	dir, sub := gitArgs(g)
	if sub < 0 || !dir.Known || gitElsewhere(g, sub) {
		return "", false
	}
	verb := g.Args[sub].Value
	if verb != "show" && verb != "format-patch" {
		return "", false
	}
	opts, _ := scan(g.Args[:sub], specFor("git"))
	for _, o := range opts {
		if o.name != "C" {
			return "", false
		}
	}
	for _, n := range g.EnvChanged {
		if strings.HasPrefix(n, "GIT_") {
			return "", false
		}
	}
	var revs []string
	count, stdout, root := "", false, false
	for _, a := range g.Args[sub+1:] {
		a = revWord(a, false)
		v := a.Value
		if !a.Static || a.Glob || strings.ContainsAny(v, "\x00\n") {
			return "", false
		}
		switch {
		case v == "--stdout":
			stdout = true
		case v == "--root":
			root = true
		case len(v) > 1 && v[0] == '-' && strings.Trim(v[1:], "0123456789") == "":
			count = v
		case v == "-p" || v == "--patch" || v == "--binary" || v == "--full-index" || v == "--no-color" || v == "-k" || v == "--keep-subject" ||
			v == "--no-stat" || v == "--no-signature" || v == "-s" || v == "--signoff" || v == "-n" || v == "--numbered" || v == "-N" ||
			v == "--no-numbered" || v == "--zero-commit" || v == "-q" || v == "--quiet" || strings.HasPrefix(v, "--format=") || strings.HasPrefix(v, "--pretty="):
		case strings.HasPrefix(v, "-") || strings.Contains(v, ":"):
			return "", false
		default:
			revs = append(revs, v)
		}
	}
	var args []string
	switch verb {
	case "show":
		if len(revs) != 1 || count != "" {
			return "", false
		}
		args = []string{"diff-tree", "-r", "--root", "--no-commit-id", "--name-only", "-z", "--no-renames", "--end-of-options", revs[0]}
	case "format-patch":
		if len(revs) == 0 && count != "" {
			revs = []string{"HEAD"} // format-patch -1: the last commit
		}
		if !stdout || len(revs) == 0 {
			return "", false
		}
		if len(revs) == 1 && count == "" && !root && !strings.Contains(revs[0], "..") {
			revs[0] += "..HEAD"
		}
		args = []string{"log", "--format=", "--name-only", "-z", "--no-renames", "--no-merges"}
		if count != "" {
			args = append(args, count)
		}
		args = append(append(args, "--end-of-options"), revs...)
	}
	out, err := runGit(dir.Path, args...)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	seen := map[string]bool{}
	for _, name := range strings.Split(string(out), "\x00") {
		if name = strings.Trim(name, "\n"); name == "" || seen[name] {
			continue
		}
		if seen[name] = true; len(seen) > maxDiffNames {
			return "", false
		}
		b.WriteString("--- a/" + name + "\n+++ b/" + name + "\n")
	}
	return b.String(), true
}
