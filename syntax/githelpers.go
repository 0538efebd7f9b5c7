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
		if o.Name == "c" && o.HasVal && o.Val.Static {
			if k, v, ok := strings.Cut(o.Val.Value, "="); ok {
				if _, remote := RemoteURLKey(k); remote {
					url(v)
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
