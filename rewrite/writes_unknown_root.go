package rewrite

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// unknownRoot judges a write or deletion whose path starts with a value
// only known at run time and ends in a known tail ("$DIR/.git/hooks/
// pre-commit", $X/.bashrc): the run-time part can name any directory, so
// the tail is put under the ones where a protected file is most likely —
// the root (the value empty or unset, as rm-root reads "$DIR/"*), the
// project, the home directory and the working directory — and when one of
// them makes a path the guards deny, it asks, naming that path. A tail
// that is only a file name in no directory ("$f.bak", "$LOG") is left to
// the checks after it; it reports whether it reported.
func (p *Pass) unknownRoot(dir syntax.Dir, t target, report func(Decision, string, string), what, verb string) bool {
	cfg := p.Config
	tail, param := knownTail(t.path())
	if cfg.Paths == nil || len(tail) < 2 || tail[0] != '/' {
		return false
	}
	roots := []string{cfg.Project, cfg.Home}
	if param {
		// An unset or empty variable gives the root. A substitution's
		// program printing nothing is its failure, not its use
		// ($(brew --prefix)/etc/…), and ${DIR:?} stops the shell.
		roots = append([]string{""}, roots...)
	}
	if dir.Known {
		roots = append(roots, dir.Path)
	} else if cfg.Cwd != "" {
		roots = append(roots, cfg.Cwd)
	}
	env := guards.Env{Project: cfg.Project, Cwd: cfg.Project, Home: cfg.Home, Sandbox: cfg.Sandbox}
	var cands []string
	for _, root := range roots {
		if root == "/" {
			root = ""
		}
		cands = append(cands, root+tail)
	}
	// The run-time part can also be the directory that holds a file the
	// self layer protects ($D/settings.json with D=~/.claude).
	cands = append(cands, selfFilesEndingIn(p.selfFiles(), strings.TrimPrefix(tail, "/"))...)
	// Or the head of one of corral's own directories, there or not yet
	// ($P/.local/state/corral/allowlist.json with P the home).
	for _, prot := range cfg.Protected {
		if cand := protectedHead(prot, tail); cand != "" {
			cands = append(cands, cand)
		}
	}
	seen := map[string]bool{}
	for _, cand := range cands {
		if seen[cand] {
			continue
		}
		seen[cand] = true
		for _, prot := range cfg.Protected {
			if prot != "" && guards.Within(prot, cand) {
				report(Ask, fmt.Sprintf("%s %s %s, a path only known at run time that can be %s (corral's own configuration, state or program)", what, verb, t.arg.Raw, cand), "n/a")
				return true
			}
		}
		d := cfg.Paths.Decide(env, cand, t.action)
		if d.Verdict != guards.Deny {
			continue
		}
		why := d.Pattern
		if why == "" {
			why = d.Rule
		}
		report(Ask, fmt.Sprintf("%s %s %s, a path only known at run time that can be %s (%s)", what, verb, t.arg.Raw, cand, why), "n/a")
		return true
	}
	return false
}

// unknownCwd judges a write or deletion of a relative path made in a
// directory only known at run time (cd "$(ls -d ~)"; rm -rf .ssh, cd
// "$X"; echo … >> .bashrc): the same name is put in the home directory
// and at the root, and when the guards deny it there, it asks, naming
// that path. Only a deny counts, so an ordinary name (build, out.txt)
// that would merely be outside the project there passes as before; the
// project itself is judged by the caller. A directory that is one of a
// few (a trap that cds to ~/.claude may have run: trap 'cd ~/.claude'
// ERR; false; echo {} > settings.json) puts the name in each of them
// too, ".." included.
func (p *Pass) unknownCwd(dir syntax.Dir, t target, report func(Decision, string, string), what, verb string) {
	cfg := p.Config
	rel := t.path()
	if cfg.Paths == nil || rel == "" || rel == "." {
		return
	}
	env := guards.Env{Project: cfg.Project, Cwd: cfg.Project, Home: cfg.Home, Sandbox: cfg.Sandbox}
	var cands []string
	for _, d := range dir.Candidates() {
		cands = append(cands, dir2(d).Join(rel).Path)
	}
	if rel != ".." && !strings.HasPrefix(rel, "../") {
		name := strings.TrimPrefix(rel, "./")
		for _, root := range []string{cfg.Home, ""} {
			if root != "" || cfg.Home != "" {
				cands = append(cands, root+"/"+name)
			}
		}
		// The directory can also be the one that holds a file the self
		// layer protects (cd "$(cat d.txt)"; echo {} > settings.json, with
		// ~/.claude in d.txt): each such file, or a directory above one,
		// whose path ends in the name.
		cands = append(cands, selfFilesEndingIn(p.selfFiles(), name)...)
		// Or one of the home directory's hidden directories (cd
		// "$(cat d.txt)"; rm -f id_rsa with ~/.ssh in d.txt): the name
		// where a file of that name is there on disk, and ssh's
		// authorized_keys, which a write creates. Not when the
		// directory is one of a few known ones (cd src; with src
		// possibly missing).
		if len(dir.Candidates()) == 0 {
			cands = append(cands, homeDotFiles(cfg.Home, name)...)
		}
	}
	for _, cand := range cands {
		d := cfg.Paths.Decide(env, cand, t.action)
		if d.Verdict != guards.Deny {
			continue
		}
		why := d.Pattern
		if why == "" {
			why = d.Rule
		}
		report(Ask, fmt.Sprintf("%s %s %s in a directory only known at run time, which can be %s (%s)", what, verb, rel, cand, why), "n/a")
		return
	}
}

// selfFilesEndingIn returns each of files, or a directory above one,
// whose path ends in the relative path rel (whole names: rel
// "settings.json" or ".claude/settings.json", not "ings.json").
func selfFilesEndingIn(files []string, rel string) []string {
	rel = strings.TrimSuffix(rel, "/")
	if rel == "" || rel == "." || strings.HasPrefix(rel, "../") || rel == ".." {
		return nil
	}
	var out []string
	for _, f := range files {
		for a := f; a != "/" && a != "."; a = filepath.Dir(a) {
			if strings.HasSuffix(a, "/"+rel) {
				out = append(out, a)
			}
		}
	}
	return out
}

// dir2 is the known directory d.
func dir2(d string) syntax.Dir { return syntax.Dir{Path: d, Known: true} }

// knownTail returns the part of a word's value after its last part only
// known at run time ($X, ${X…}, $(…), `…`), and whether that part is a
// parameter that can be empty ($X, ${X:-}, not ${X:?} nor a command
// substitution). It returns "" when the value has no run-time part.
func knownTail(v string) (string, bool) {
	tail, param, found := "", false, false
	for i := 0; i < len(v); {
		if v[i] == '$' || v[i] == '`' {
			if head, rest, ok := headOf(v[i:]); ok {
				subst := strings.HasPrefix(head, "$(") || strings.HasPrefix(head, "`")
				tail, param, found = rest, !subst && !guardedHead(head), true
				i += len(head)
				continue
			}
		}
		i++
	}
	if !found {
		return "", false
	}
	return tail, param
}

// computedTarget asks about a write whose whole path a program prints at
// run time: a command substitution in the target of a redirection or
// tee (> $(cat f), tee "$(…)"), or a variable this command assigns from
// one (X=$(cat f); : > $X) as the target of any program's write or
// deletion but rm's (cp F "$x", mv "$x" D, ln -sf T "$x", chmod -R,
// chown -R, sed -i, dd of=, truncate; red team 15 RG7), when no known
// directory follows it. The command then writes a
// file of its own choosing that no guard can see (> $(echo ~/.bashrc |
// rev | rev)). A variable from the environment ("$LOG", $OUT) passes: the
// command did not choose it; so does mktemp's output, a new temporary
// file.
func (p *Pass) computedTarget(t target, report func(Decision, string, string), what, verb string) bool {
	if t.action == guards.Write || t.action == guards.Delete {
		if prog, ok := p.codeComputedHead(t.arg); ok {
			// rm -f $(python3 -c 'print("/h/.ba" + "shrc")'), cp x $(node
			// -e '…HOME + "/.bashrc"'), rm -f $(echo ~/.bashrx | sed
			// s/x$/c/): quoted or not, with a known tail or not, the
			// name is one the program computed (computedprint.go).
			report(Ask, fmt.Sprintf("%s %s %s, a path %s computes at run time: it could be any file", what, verb, t.arg.Raw, prog), "n/a")
			return true
		}
	}
	if (t.action == guards.Write || t.action == guards.Delete) && t.arg.Printed && t.arg.PrintedBy() == "name" {
		if filter, from, ok := p.renamedElsewhere(t.arg); ok {
			// find ~ -name .bashrx | while read f; do cp p "$(echo "$f" |
			// sed s/x$/c/)"; done, with a known tail or not
			// (renamed_filter.go).
			report(Ask, fmt.Sprintf("%s %s %s, a name %s makes at run time from %s: it could be any file there", what, verb, t.arg.Raw, filter, from), "n/a")
			return true
		}
	}
	quoted := quotedSubstPath(t.arg)
	if t.action != guards.Write && t.action != guards.Delete || t.action == guards.Delete && what == "rm" && !quoted && !quotedPrintedVar(t.arg) {
		// rm's run-time targets are rm-root's (rm -r asks, as find
		// -delete does), but for one path in quotes: a substitution
		// (below) or a variable set to one (x=$(cat p); rm -f "$x").
		return false
	}
	// A known part after the run-time one ("$f.log", $(…)/x) is judged by
	// the checks before and after this one.
	if tail, _ := knownTail(t.path()); tail != "" {
		return false
	}
	if !syntax.PrintedPath(t.arg) {
		return false
	}
	if what != "redirection" && what != "tee" && !t.arg.Printed && !quoted {
		// Another program's operand: only a path stored first (x=$(cat
		// p); cp F "$x") or one in double quotes (cp F "$(cmd)", rm -f
		// "$(cmd)": one field, one path the program chose; red team 19
		// PI2). An unquoted inline $(…) there is most often the list of
		// files the command works on (chmod +x $(find . -name '*.sh'),
		// mv $(ls *.txt) old/, parallel 'mv {} {.}.bak').
		return false
	}
	by := "the output of a command"
	if t.arg.Printed {
		switch t.arg.PrintedBy() {
		case "read", "mapfile", "readarray", "name":
			// find … | while read f; do … > "$f"; done: a name the
			// loop reads, as find -exec's {} is, not a path a program
			// computed to hide it.
			return false
		}
		by = "a variable set to the output of a command"
	}
	report(Ask, fmt.Sprintf("%s %s %s, a path that is %s at run time: it could be any file", what, verb, t.arg.Raw, by), "n/a")
	return true
}

// codeComputedHead reports a word whose value starts with what a command
// substitution prints when a command of that substitution computes the
// text (syntax.ComputesText: program code, a shell, a decoder, a filter
// of static text), or a variable this command set to the output of an
// interpreter, a shell or a decoder ($x after x=$(python3 -c …)). A
// listing's names (find, ls, git ls-files, cat LIST) are not computed:
// rm -f $(find . -name '*.o') passes. It returns the program.
func (p *Pass) codeComputedHead(a syntax.Arg) (string, bool) {
	if a.Word == nil || a.Static || len(a.Word.Parts) == 0 {
		return "", false
	}
	var cs *sh.CmdSubst
	switch part := a.Word.Parts[0].(type) {
	case *sh.CmdSubst:
		cs = part
	case *sh.DblQuoted:
		if len(part.Parts) > 0 {
			cs, _ = part.Parts[0].(*sh.CmdSubst)
		}
	}
	if cs == nil {
		if a.Printed && a.PrintedBy() != "" && len(a.Word.Parts) == 1 {
			name := a.PrintedBy()
			if syntax.RunnerOf(name) != syntax.NotRunner || syntax.IsEncoder(name) {
				return name, true
			}
		}
		return "", false
	}
	if p.Model == nil {
		return "", false
	}
	start, end := int(cs.Pos().Offset()), int(cs.End().Offset())
	var prog string
	for _, in := range p.Model.Calls {
		if in.Subst == "" || !hostedBy(in, a) {
			continue
		}
		if (in.Start < start || in.End > end) && in.Host != nil && in.Start < in.Host.End && in.End > in.Host.Start {
			continue // a substitution of another of the host's words
		}
		// In the word's substitution, or in the body of a function it
		// calls (f() { python3 -c …; }; rm -f $(f)).

		if name, ok := syntax.ComputesText(in); ok && (prog == "" || name < prog) {
			prog = name
		}
	}
	return prog, prog != ""
}

// hostedBy reports that call runs inside a substitution of word a: its
// host, or the host of a substitution it is in (cat <(python3 -c …) in
// $(…)), holds a.
func hostedBy(call *syntax.Call, a syntax.Arg) bool {
	for h, n := call.Host, 0; h != nil && n < 16; h, n = h.Host, n+1 {
		if hostHolds(h, a) {
			return true
		}
	}
	return false
}

// hostHolds reports that a is one of call's words, at the same place.
func hostHolds(call *syntax.Call, a syntax.Arg) bool {
	if call.Script == nil || a.Start < call.Start || a.End > call.End {
		return false
	}
	for _, b := range call.Args {
		if b.Start == a.Start && b.Raw == a.Raw {
			return true
		}
	}
	for _, r := range call.Redirs {
		if r.Target.Start == a.Start && r.Target.Raw == a.Raw {
			return true
		}
	}
	return false
}

// quotedSubstPath reports a word that starts with a command substitution
// and whose substitutions all stand inside double quotes ("$(cmd)",
// "$(dirname "$f")/$(cmd)", of="$(cmd)"): bash does not split their
// output, so the word is one path a program chose, not a list of them. A
// word with a known directory first ("build/$(cat n)") is a name in that
// directory, judged by the checks before; one whose first program lists
// names from the disk (ls, find: "$(ls -t *.log | tail -1)") is a name
// that listing gives, as such a variable's is.
func quotedSubstPath(a syntax.Arg) bool {
	if a.Word == nil || a.Static || a.Split {
		return false
	}
	quoted, head := false, true
	for i, part := range a.Word.Parts {
		switch part := part.(type) {
		case *sh.CmdSubst:
			return false
		case *sh.DblQuoted:
			for j, in := range part.Parts {
				cs, ok := in.(*sh.CmdSubst)
				if !ok {
					continue
				}
				if i == 0 && j == 0 || i == 1 && j == 0 && isOptionHead(a.Word.Parts[0]) {
					quoted = true
					switch substFirstName(cs) {
					case "ls", "find", "fd", "git":
						head = false
					}
				}
			}
			if !quoted {
				return false
			}
		default:
			if i > 0 || !isOptionHead(part) {
				return quoted && head
			}
		}
	}
	return quoted && head
}

// quotedPrintedVar reports a word that is one variable in double quotes
// ("$x") holding the whole output of a command substitution corral does
// not compute, other than a listing of names from the disk (ls, find,
// a glob), which is the name of a file found there.
func quotedPrintedVar(a syntax.Arg) bool {
	if a.Word == nil || a.Static || !a.Printed || len(a.Word.Parts) != 1 {
		return false
	}
	dq, ok := a.Word.Parts[0].(*sh.DblQuoted)
	if !ok || len(dq.Parts) != 1 {
		return false
	}
	if _, ok := dq.Parts[0].(*sh.ParamExp); !ok {
		return false
	}
	switch a.PrintedBy() {
	case "ls", "find", "fd", "git", "glob", "mktemp":
		return false
	}
	return true
}

// isOptionHead reports a literal that ends in = (of=, --output=): the
// value after it is the path.
func isOptionHead(p sh.WordPart) bool {
	l, ok := p.(*sh.Lit)
	return ok && strings.HasSuffix(l.Value, "=") && !strings.ContainsAny(l.Value, "/")
}

// substFirstName is the literal name of the first command a command
// substitution runs ("" when it has none).
func substFirstName(cs *sh.CmdSubst) string {
	if len(cs.Stmts) == 0 {
		return ""
	}
	st := cs.Stmts[0]
	for {
		bc, ok := st.Cmd.(*sh.BinaryCmd)
		if !ok {
			break
		}
		st = bc.X
	}
	ce, ok := st.Cmd.(*sh.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return ""
	}
	return ce.Args[0].Lit()
}

// protectedHead returns the path tail names inside the protected path
// prot when a run-time head is the part of prot before it: prot
// /home/u/.local/state/corral and tail /.local/state/corral/allowlist.json
// give /home/u/.local/state/corral/allowlist.json; "" when no head does.
func protectedHead(prot, tail string) string {
	if prot == "" || !strings.HasPrefix(prot, "/") {
		return ""
	}
	prot = strings.TrimSuffix(prot, "/")
	for k := len(tail); k > 0; k-- {
		if k < len(tail) && tail[k] != '/' {
			continue
		}
		if strings.HasSuffix(prot, tail[:k]) {
			return prot[:len(prot)-k] + tail
		}
	}
	return ""
}

// runtimeNameSelf returns a file the self layer protects that a write or
// deletion can reach when its path is a known directory followed by a
// name only run time knows, given as the known pieces around the
// run-time ones (echo x > ~/.claude/$f, cp p ~/.claude/"$(basename
// "$f")", a name read from a stream: read f < n; … > ~/.claude/$f, xargs
// -I{} cp {} ~/.claude/{}), or "". A run-time piece can be any text, "/"
// included, so the path can be any file under that directory whose name
// fits the known pieces around it (~/.claude/$f.json can be
// ~/.claude/settings.json, out/$f.log no agent's settings). A path
// whose first piece is run-time ("$f", "$DIR/x") is unknownRoot's.
func (p *Pass) runtimeNameSelf(pieces []string, env guards.Env) string {
	if p.Config.Paths == nil || len(pieces) < 2 {
		return ""
	}
	slash := strings.LastIndexByte(pieces[0], '/')
	if slash < 0 {
		return ""
	}
	d := guards.Normalize(env, pieces[0][:slash+1]).Abs
	if d == "" {
		return ""
	}
	pieces = append([]string{pieces[0][slash+1:]}, pieces[1:]...)
	return p.Config.Paths.SelfGlob(env, func(abs string) bool {
		rel, ok := strings.CutPrefix(abs, strings.TrimSuffix(d, "/")+"/")
		return ok && piecesMatch(rel, pieces)
	})
}

// placeholderPieces splits word v of call c at the replacement strings
// its launcher fills in (xargs -I{}, find -exec's {}, parallel's): ok is
// false when it holds none.
func placeholderPieces(c *syntax.Call, v string) ([]string, bool) {
	rs := c.Repls(v)
	if len(rs) == 0 {
		return nil, false
	}
	var pieces []string
	start := 0
	for _, r := range rs {
		if r.Start < start || r.End > len(v) {
			return nil, false
		}
		pieces = append(pieces, v[start:r.Start])
		start = r.End
	}
	return append(pieces, v[start:]), true
}

// runtimePieces splits a path as written into the known text around its
// run-time pieces ($x, ${x…}, $(…), `…`): "a/$x.json" is ["a/", ".json"].
// ok is false when it has none.
func runtimePieces(v string) ([]string, bool) {
	var pieces []string
	start := 0
	for i := 0; i < len(v); {
		if v[i] == '$' || v[i] == '`' {
			if head, _, ok := headOf(v[i:]); ok {
				pieces = append(pieces, v[start:i])
				i += len(head)
				start = i
				continue
			}
		}
		i++
	}
	if pieces == nil {
		return nil, false
	}
	return append(pieces, v[start:]), true
}

// piecesMatch reports whether s is the known pieces with any text
// between them: it starts with the first, ends with the last and holds
// the others in order.
func piecesMatch(s string, pieces []string) bool {
	first, last := pieces[0], pieces[len(pieces)-1]
	if !strings.HasPrefix(s, first) {
		return false
	}
	s = s[len(first):]
	for _, mid := range pieces[1 : len(pieces)-1] {
		i := strings.Index(s, mid)
		if i < 0 {
			return false
		}
		s = s[i+len(mid):]
	}
	return strings.HasSuffix(s, last)
}

// homeDotFiles returns home/.X/name for each hidden directory .X of the
// home directory (read when the hook runs, at most 512 entries, in name
// order) that holds a file or directory called name, and
// home/.ssh/name for the files sshd reads keys and commands from, which
// a write creates. name must be a single path element.
func homeDotFiles(home, name string) []string {
	if home == "" || name == "" || strings.Contains(name, "/") || name == "." || name == ".." {
		return nil
	}
	var out []string
	if name == "authorized_keys" || name == "authorized_keys2" || name == "rc" || name == "environment" {
		out = append(out, filepath.Join(home, ".ssh", name))
	}
	f, err := os.Open(home)
	if err != nil {
		return out
	}
	defer f.Close()
	entries, _ := f.ReadDir(512)
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") && e.IsDir() {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	for _, n := range names {
		cand := filepath.Join(home, n, name)
		if _, err := os.Lstat(cand); err == nil {
			out = append(out, cand)
		}
	}
	return out
}
