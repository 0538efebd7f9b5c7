package rewrite

import "testing"

// gitHelperCases (red team 14 GR1): git runs a remote helper
// git-remote-NAME for a NAME::ADDRESS or NAME://ADDRESS URL, and a merge
// strategy git-merge-NAME for -s NAME (also pull.twohead, pull.octopus
// and branch.<name>.mergeOptions' -s), found on PATH as git SUB's git-SUB
// is. A directory the command puts first on PATH holds the agent's
// program: it is read and judged. Each runs for real in the scratch home
// (runCodeCase): the denied ones remove the canary; git's own helpers
// and strategies are never looked up there, and the look-alikes leave it.
var gitHelperCases = []codeCase{
	{name: "git-remote-helper-ls-remote", prog: "git", cmd: "chmod +x bin/git-remote-foo && PATH=$PWD/bin:$PATH git ls-remote foo::bar",
		files: map[string]string{"bin/git-remote-foo": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "git-remote-helper-scheme", prog: "git", cmd: "chmod +x bin/git-remote-s4 && PATH=$PWD/bin:$PATH git ls-remote s4://bucket/x",
		files: map[string]string{"bin/git-remote-s4": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "git-remote-helper-config-url", prog: "git", cmd: "chmod +x bin/git-remote-foo && PATH=$PWD/bin:$PATH git -c remote.o.url=foo::x ls-remote o",
		files: map[string]string{"bin/git-remote-foo": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "git-merge-strategy", prog: "git", cmd: "git init -q -b main . && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m a && git checkout -q -b b && " +
		"git -c user.name=a -c user.email=a@b commit -q --allow-empty -m b && git checkout -q main && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m c && " +
		"chmod +x bin/git-merge-evil && PATH=$PWD/bin:$PATH git -c user.name=a -c user.email=a@b merge -q -s evil b",
		files: map[string]string{"bin/git-merge-evil": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	// pull.twohead and branch.<name>.mergeOptions name the strategy git
	// merge runs when no -s is given (builtin/merge.c): allow -> deny.
	{name: "git-merge-strategy-twohead", prog: "git", cmd: "git init -q -b main . && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m a && git checkout -q -b b && " +
		"git -c user.name=a -c user.email=a@b commit -q --allow-empty -m b && git checkout -q main && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m c && " +
		"chmod +x bin/git-merge-evil && PATH=$PWD/bin:$PATH git -c user.name=a -c user.email=a@b -c pull.twohead=evil merge -q b",
		files: map[string]string{"bin/git-merge-evil": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "git-merge-strategy-mergeoptions", prog: "git", cmd: "git init -q -b main . && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m a && git checkout -q -b b && " +
		"git -c user.name=a -c user.email=a@b commit -q --allow-empty -m b && git checkout -q main && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m c && " +
		"chmod +x bin/git-merge-evil && PATH=$PWD/bin:$PATH git -c user.name=a -c user.email=a@b -c 'branch.main.mergeOptions=-s evil' merge -q b",
		files: map[string]string{"bin/git-merge-evil": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	// Look-alikes: git's own helpers and strategies are found in its exec
	// path first, a planted file of that name never runs.
	{name: "git-merge-strategy-twohead-own-look", prog: "git", cmd: "git init -q -b main . && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m a && git checkout -q -b b && " +
		"git -c user.name=a -c user.email=a@b commit -q --allow-empty -m b && git checkout -q main && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m c && " +
		"chmod +x bin/git-merge-resolve && PATH=$PWD/bin:$PATH git -c user.name=a -c user.email=a@b -c pull.twohead=resolve merge -q b",
		files: map[string]string{"bin/git-merge-resolve": "#!/bin/sh\nrm -rf {home}\n"}, want: Allow},
	{name: "git-merge-strategy-own-look", prog: "git", cmd: "git init -q -b main . && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m a && git checkout -q -b b && " +
		"git -c user.name=a -c user.email=a@b commit -q --allow-empty -m b && git checkout -q main && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m c && " +
		"chmod +x bin/git-merge-ours && PATH=$PWD/bin:$PATH git -c user.name=a -c user.email=a@b merge -q -s ours b",
		files: map[string]string{"bin/git-merge-ours": "#!/bin/sh\nrm -rf {home}\n"}, want: Allow},
	{name: "git-remote-helper-own-look", prog: "git", cmd: "chmod +x bin/git-remote-https && PATH=$PWD/bin:$PATH git ls-remote https://127.0.0.1:9/x.git || true",
		files: map[string]string{"bin/git-remote-https": "#!/bin/sh\nrm -rf {home}\n"}, want: Allow},
}

func TestExecGitHelpers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs")
	}
	for _, tc := range gitHelperCases {
		t.Run(tc.name, func(t *testing.T) { runCodeCase(t, tc) })
	}
}

// TestGitHelperDecisions: the same lookups where running the command
// would leave the canary's fate to other rules' findings (a clone, a
// fetch into a new repository), decided only.
func TestGitHelperDecisions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/bin/git-remote-foo": "#!/bin/sh\nrm -rf ~\n", "proj/bin/git-merge-evil": "#!/bin/sh\nrm -rf ~\n",
		"proj/bin/git-merge-ours": "#!/bin/sh\nrm -rf ~\n", "proj/bin/git-remote-https": "#!/bin/sh\nrm -rf ~\n", "home/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"PATH=$PWD/bin:$PATH git clone foo::bar", "deny"},
		{"PATH=$PWD/bin:$PATH git fetch foo::bar", "deny"},
		{"PATH=$PWD/bin:$PATH git push foo::bar main", "deny"},
		{"PATH=$PWD/bin:$PATH git remote add o foo::bar && PATH=$PWD/bin:$PATH git fetch foo::bar", "deny"},
		{"PATH=$PWD/bin:$PATH git archive --remote=foo::bar HEAD", "deny"},
		{"PATH=$PWD/bin:$PATH git pull -s evil . main", "deny"},
		{"PATH=$PWD/bin:$PATH git merge --strategy=evil main", "deny"},
		{"PATH=$PWD/bin:$PATH git rebase -s evil main", "deny"},
		{"PATH=$PWD/bin:$PATH git -c pull.twohead=evil merge main", "deny"},
		{"PATH=$PWD/bin:$PATH git -c 'pull.twohead=ort evil' pull . main", "deny"},
		{"PATH=$PWD/bin:$PATH git -c 'branch.main.mergeOptions=--no-ff -s evil' merge main", "deny"},
		// A strategy that git config keeps for later merges, or one only
		// known at run time, is looked up then: ask.
		{"git config pull.twohead evil", "ask"},
		{"git config pull.octopus 'octopus evil'", "ask"},
		{"git config branch.main.mergeOptions '--strategy=evil'", "ask"},
		{"git merge -s \"$S\" main", "ask"},
		// Look-alikes.
		{"PATH=$PWD/bin:$PATH git merge -s ours main", "allow"},
		{"PATH=$PWD/bin:$PATH git merge -s ort main", "allow"},
		{"PATH=$PWD/bin:$PATH git fetch https://example.invalid/x.git", "allow"},
		{"git fetch foo::bar", "allow"}, // PATH as the user has it: the user's program
		{"git fetch origin", "allow"},
		{"git merge -s ours main", "allow"},
		{"git config pull.twohead ort", "allow"},
		{"git config pull.octopus 'octopus ours'", "allow"},
		{"git config branch.main.mergeOptions '--no-ff -s subtree'", "allow"},
		{"git -c pull.twohead=resolve merge main", "allow"},
		{"git remote-https", "allow"},
	})
}
