package rewrite

import (
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// gitStdinWriter is a git command that stores what it reads on stdin in
// the repository (or git's credential file): the download becomes an
// object, a ref, an index entry, a commit or tag message or a note,
// which a later checkout or merge writes into the work tree. corral
// cannot move a repository into the sandbox, so each asks.
type gitStdinWriter struct {
	spec optSpec
	// flags are options one of which must be given for the command to
	// read stdin (hash-object --stdin with -w); empty: it always does.
	flags [][]string
	// file lists the options whose value, when it names stdin ("-",
	// /dev/stdin), makes the command read it (commit -F -).
	file []string
	// sub is the word after the subcommand that must be given (notes
	// add, credential-store store); empty: none.
	sub []string
	// not lists options with which it stores nothing (unpack-objects -n).
	not  []string
	what string
}

// gitStdinWriters is the table, by git subcommand.
var gitStdinWriters = lazy.Value[map[string]gitStdinWriter]{New: func() map[string]gitStdinWriter {
	msg := optSpec{shortVal: "mFcCtuS", longEq: true, abbrev: true, longVal: longOpts("message", "file", "reuse-message",
		"reedit-message", "fixup", "squash", "template", "author", "date", "cleanup", "trailer", "pathspec-from-file", "local-user", "ref")}
	return map[string]gitStdinWriter{
		"hash-object": {spec: optSpec{shortVal: "t", longEq: true, longVal: longOpts("path")},
			flags: [][]string{{"w"}, {"stdin"}}, not: []string{"stdin-paths"}, what: "stores the download as an object in the repository"},
		"commit": {spec: msg, file: []string{"F", "file"}, what: "takes the download as the commit message"},
		"tag":    {spec: msg, file: []string{"F", "file"}, what: "takes the download as the tag message"},
		"notes": {spec: msg, file: []string{"F", "file"}, sub: []string{"add", "append"},
			what: "stores the download as a note in the repository"},
		"unpack-objects": {spec: optSpec{longEq: true, longVal: longOpts("max-input-size")}, not: []string{"n"},
			what: "unpacks the downloaded pack into the repository's objects"},
		"index-pack": {spec: optSpec{shortVal: "o", longEq: true, longVal: longOpts("keep", "index-version", "threads", "max-input-size", "object-format", "promisor")},
			flags: [][]string{{"stdin"}}, what: "stores the downloaded pack in the repository"},
		"update-ref": {spec: optSpec{shortVal: "m"}, flags: [][]string{{"stdin"}}, what: "moves the repository's refs as the download says"},
		"update-index": {spec: optSpec{longEq: true, longVal: longOpts("cacheinfo", "chmod", "index-version")},
			flags: [][]string{{"index-info"}}, what: "stages the entries the download lists"},
		"checkout-index": {spec: optSpec{longEq: true, longVal: longOpts("prefix", "stage")},
			flags: [][]string{{"stdin"}}, what: "writes the work-tree files the download names"},
		"mktree":           {spec: optSpec{}, what: "stores the tree the download lists in the repository"},
		"mktag":            {spec: optSpec{}, what: "stores the download as a tag object in the repository"},
		"credential-store": {spec: optSpec{longEq: true, longVal: longOpts("file")}, sub: []string{"store"}, what: "stores the downloaded credentials in git's credential file"},
		"credential-cache": {spec: optSpec{longEq: true, longVal: longOpts("timeout", "socket")}, sub: []string{"store"}, what: "stores the downloaded credentials for git to send"},
		"credential":       {spec: optSpec{}, sub: []string{"approve", "store"}, what: "stores the downloaded credentials through git's helpers"},
	}
}}

// followGitStdin asks about a git command of the gitStdinWriters table
// that reads a download on its stdin; it reports whether s was one.
func (p *Pass) followGitStdin(s *syntax.Call, rule, kind string) bool {
	_, sub := gitArgs(s)
	if sub < 0 {
		return false
	}
	name := s.Args[sub].Value
	w, ok := gitStdinWriters.Get()[name]
	if !ok {
		return false
	}
	args := s.Args[sub+1:]
	opts, ops := scan(args, w.spec)
	if len(w.sub) > 0 {
		if len(ops) == 0 || !contains(w.sub, args[ops[0]].Value) {
			return true // another action: reads no content to store
		}
		name += " " + args[ops[0]].Value
	}
	if has(opts, w.not...) {
		return true
	}
	for _, f := range w.flags {
		if !has(opts, f...) {
			return true
		}
	}
	if len(w.file) > 0 {
		reads := false
		for _, o := range find(opts, w.file...) {
			reads = reads || p.namesStdin(s, o.val)
		}
		if !reads {
			return true
		}
	}
	p.Report(s, Finding{Rule: rule, Decision: Ask, Kind: kind,
		Message: "git " + name + " " + w.what + "; corral cannot keep that in the sandbox"})
	return true
}
