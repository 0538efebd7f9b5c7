package syntax

import (
	"strings"
)

// GitRemoteHelper returns the transport NAME git hands URL to a remote
// helper program for, git-remote-NAME found in git's exec path or on
// PATH (gitremote-helpers(7), transport.c): NAME::ADDRESS always, and
// NAME://ADDRESS when NAME is no scheme git speaks itself (ssh, git,
// file; http, https, ftp and ftps are its own helpers). ok is false for
// a URL git handles without one.
func GitRemoteHelper(url string) (string, bool) {
	name, _, ok := strings.Cut(url, "::")
	if !ok {
		scheme, _, found := strings.Cut(url, "://")
		if !found {
			return "", false
		}
		switch strings.ToLower(scheme) {
		case "ssh", "git", "file", "git+ssh", "ssh+git":
			return "", false
		}
		name = scheme
	}
	if name == "" || strings.Contains(name, "/") {
		return "", false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.') {
			return "", false
		}
	}
	return name, true
}

// GitOwnTransport reports a remote helper git ships itself (its exec
// path holds git-remote-NAME): http, https, ftp, ftps, and ext and fd,
// which run a command or use descriptors and are judged on their own.
func GitOwnTransport(name string) bool {
	switch strings.ToLower(name) {
	case "http", "https", "ftp", "ftps", "ext", "fd":
		return true
	}
	return false
}

// GitMergeStrategies returns the strategies a git configuration key
// (pull.twohead, pull.octopus, branch.<name>.mergeOptions, any case)
// names in value, a list
// separated by blanks (builtin/merge.c add_strategies), leaving out git's
// own: git merge runs git-merge-NAME from its exec path or PATH for each
// other, in turn, until one merges.
//
// branch.<name>.mergeOptions holds git merge's options for merges into
// that branch: the strategies of its -s/--strategy.
func GitMergeStrategies(key, value string) []string {
	k := strings.ToLower(key)
	names := strings.Fields(value)
	switch {
	case !GitStrategyKey(k):
		return nil
	case strings.HasPrefix(k, "branch."):
		var args []Arg
		for _, f := range strings.Fields(strings.NewReplacer(`"`, "", "'", "").Replace(value)) {
			args = append(args, Arg{Value: f, Raw: f, Static: true})
		}
		opts, _ := ScanOptions(args, gitMergeStrategySpec())
		names = nil
		for _, o := range opts {
			if (o.Name == "s" || o.Long && o.Name == "strategy") && o.HasVal {
				names = append(names, o.Val.Value)
			}
		}
	}
	var out []string
	for _, s := range names {
		if !GitBuiltinStrategy(s) && !strings.Contains(s, "/") {
			out = append(out, s)
		}
	}
	return out
}

// GitStrategyKey reports a git configuration key (any case) that names
// merge strategies: pull.twohead, pull.octopus, branch.<name>.mergeOptions.
func GitStrategyKey(key string) bool {
	k := strings.ToLower(key)
	return k == "pull.twohead" || k == "pull.octopus" || strings.HasPrefix(k, "branch.") && strings.HasSuffix(k, ".mergeoptions")
}

// GitBuiltinStrategy reports a merge strategy git ships: ort and
// recursive are built in, octopus, ours, resolve and subtree are
// git-merge-NAME of its exec path.
func GitBuiltinStrategy(s string) bool {
	switch s {
	case "ort", "recursive", "octopus", "ours", "resolve", "subtree":
		return true
	}
	return false
}

// gitMergeStrategySpec are the options of the subcommands that take a
// merge strategy (-s NAME, --strategy=NAME) among their value options.
func gitMergeStrategySpec() OptSpec {
	return OptSpec{ShortVal: "sXmFCSx", LongEq: true, LongVal: []string{"strategy", "strategy-option", "message",
		"file", "into-name", "cleanup", "gpg-sign", "onto", "exec", "mainline", "depth", "jobs", "upload-pack", "rebase-merges", "empty", "whitespace"}}
}

// gitHelpers reads the helper programs git finds by a name the command
// gives (red team 14 GR1): a remote helper git-remote-NAME for a
// NAME::ADDRESS or NAME://ADDRESS URL among the words of a transport
// command or a -c remote.X.url=, and a merge strategy git-merge-NAME for
// merge/pull/rebase/cherry-pick/revert -s NAME. Each is looked up on the
// command's PATH as git NAME's git-NAME is (dispatchedProgram): a file
// in a directory the command puts on PATH is read as the program that
// runs; git's own helpers (its exec path) and the built-in ort and
// recursive strategies are git's.
func (w *walker) gitHelpers(c scope, call *Call, global []Arg, sub string, rest []Arg) {
	var helpers []string
	add := func(h string) {
		for _, x := range helpers {
			if x == h {
				return
			}
		}
		helpers = append(helpers, h)
	}
	url := func(v string) {
		if name, ok := GitRemoteHelper(v); ok && !GitOwnTransport(name) {
			add("remote-" + name)
		}
	}
	gopts, _ := ScanOptions(global, GitGlobalOptions)
	for _, o := range gopts {
		if k, _, ok := strings.Cut(o.Val.Raw, "="); o.Name == "c" && o.HasVal && !o.Val.Static && ok && (sub == "merge" || sub == "pull") &&
			GitStrategyKey(k) {
			// -c pull.twohead="$S": a strategy only known at run time.
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Raw,
				What: "git -c " + clip(o.Val.Raw, 40) + " makes git " + sub + " run a merge strategy program git-merge-NAME only known at run time"})
		}
		if o.Name == "c" && o.HasVal && o.Val.Static {
			if k, v, ok := strings.Cut(o.Val.Value, "="); ok {
				if _, remote := RemoteURLKey(k); remote {
					url(v)
				}
				if sub == "merge" || sub == "pull" {
					// pull.twohead/pull.octopus: the strategies git
					// merge (and pull's merge) tries when no -s is given.
					for _, s := range GitMergeStrategies(k, v) {
						add("merge-" + s)
					}
				}
			}
		}
	}
	switch sub {
	case "clone", "fetch", "pull", "ls-remote", "push", "archive", "remote", "submodule", "fetch-pack", "send-pack":
		for _, a := range rest {
			if !a.Static {
				continue
			}
			url(a.Value)
			if strings.HasPrefix(a.Value, "--") {
				if _, v, ok := strings.Cut(a.Value, "="); ok {
					url(v) // --remote=NAME::…
				}
			}
		}
	}
	switch sub {
	case "merge", "pull", "rebase", "cherry-pick", "revert":
		opts, _ := ScanOptions(rest, gitMergeStrategySpec())
		for _, o := range opts {
			if (o.Name == "s" || o.Long && o.Name == "strategy") && o.HasVal && !o.Val.Static {
				// -s "$S": a strategy only known at run time is any
				// git-merge-NAME on PATH.
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Raw,
					What: "git " + sub + " -s " + clip(o.Val.Raw, 30) + " runs the merge strategy program git-merge-NAME of a name only known at run time"})
			}
			if (o.Name == "s" || o.Long && o.Name == "strategy") && o.HasVal && o.Val.Static {
				switch s := o.Val.Value; s {
				case "ort", "recursive", "":
				default:
					if !strings.ContainsAny(s, "/") {
						add("merge-" + s)
					}
				}
			}
		}
	}
	for _, h := range helpers {
		if GitOwnCommand(h) {
			continue
		}
		inner := *call
		inner.Name = "git-" + h
		inner.NameArg = Arg{Value: inner.Name, Raw: inner.Name, Static: true, Start: call.NameArg.Start, End: call.NameArg.End}
		inner.Args = nil
		w.pathProgram(c, &inner)
	}
}
