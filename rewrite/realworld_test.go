package rewrite

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/corral-dev/corral/corpus"
	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// The real-world corpora (../shared/data beside the module root): every
// example of the tldr pages, the NL2Bash commands and the shell lines of
// popular READMEs. Nobody on this project wrote them, so they measure
// corral rather than its authors' expectations.

// sharedData returns shared/data beside the module root or one of its
// ancestors, or skips.
func sharedData(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("module root (go.mod) not found above the working directory")
		}
		dir = parent
	}
	// A worktree (../wt/NAME) finds it beside an ancestor further up.
	for up := filepath.Dir(dir); ; up = filepath.Dir(up) {
		data := filepath.Join(up, "shared", "data")
		if _, err := os.Stat(filepath.Join(data, "tldr.jsonl")); err == nil {
			return data
		}
		if filepath.Dir(up) == up {
			break
		}
	}
	t.Skipf("shared data not found in shared/data beside %s or an ancestor: the real-world corpora are not available here", dir)
	return ""
}

// dataLine is one line of the shared corpora.
type dataLine struct {
	Command string `json:"command"`
	// Page is the tldr page the example is from ("git-clone").
	Page     string `json:"page"`
	BashNOK  *bool  `json:"bash_n_ok"`
	Keypress bool   `json:"keypress"`
}

// readLines reads a corpus file, leaving out tldr's key sequences for
// interactive programs, which are not shell lines.
func readLines(t testing.TB, path string) []dataLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []dataLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var d dataLine
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !d.Keypress {
			out = append(out, d)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// realWorldConfig is the virtual machine of the corpus: cwd = project =
// /home/user/project, HOME=/home/user, sandbox <project>/agent_sandbox.
func realWorldConfig() *Config {
	env := map[string]string{"HOME": corpus.Home, EnvProject: corpus.Project}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, corpus.Project)
	cfg.NoGlobMatches, cfg.NoScriptFiles = true, true
	return cfg
}

// TestRealWorldParser compares corral's parser with bash -n on every line
// that has bash's verdict: at least 99.5% agreement per file.
func TestRealWorldParser(t *testing.T) {
	data := sharedData(t)
	for _, name := range []string{"tldr.jsonl", "nl2bash.jsonl"} {
		lines := readLines(t, filepath.Join(data, name))
		agree, total, corralOnly, bashOnly := 0, 0, 0, 0
		var diffs []string
		for _, l := range lines {
			if l.BashNOK == nil {
				continue
			}
			total++
			err := syntax.Valid(l.Command)
			switch ok := err == nil; {
			case ok == *l.BashNOK:
				agree++
				continue
			case ok:
				corralOnly++
			default:
				bashOnly++
			}
			if len(diffs) < 20 {
				diffs = append(diffs, fmt.Sprintf("bash -n ok %v, corral %v: %q", *l.BashNOK, err, l.Command))
			}
		}
		if total == 0 {
			t.Errorf("%s: no line carries bash_n_ok", name)
			continue
		}
		rate := float64(agree) / float64(total)
		t.Logf("%s: parser agrees with bash -n on %d of %d lines (%.2f%%); %d parse only for corral, %d only for bash",
			name, agree, total, 100*rate, corralOnly, bashOnly)
		for _, d := range diffs {
			t.Logf("  disagreement: %s", d)
		}
		if rate < 0.995 {
			t.Errorf("%s: agreement %.2f%% is below 99.5%%", name, 100*rate)
		}
	}
}

// An independent, deliberately simple classification of the commands:
// tldr's page when there is one, and the words of the command. Commands in
// neither category must pass untouched, unless an exception below says
// why not.
var (
	acquisitionPages = regexp.MustCompile(`^(git-clone|git-submodule|git-svn|git-subtree|jj-git-clone|jj-git|curl|wget2?|aria2c|axel|http|xh|curlie|gh-gist|gh-run|gh-repo|gh-repo-clone|gh-release|gh-release-download|gh-pr|gh-pr-checkout|svn|svn-checkout|hg|hg-clone|scp|rsync)$`)
	dangerPages      = regexp.MustCompile(`^(rm|rmdir|unlink|shred|srm|dd|mkfs.*|mke2fs|mkswap|wipefs|blkdiscard|[sc]?fdisk|c?gdisk|sgdisk|parted.*|cryptsetup.*|nvme.*|shutdown|reboot|halt|poweroff|init|telinit|loginctl|killall5|rc-service|systemctl.*|service|kubectl.*|helm.*|docker.*|podman.*|chmod|chown|chgrp|setfacl|crontab|zpool|zfs|lvremove|vgremove|pvremove|mdadm|userdel|deluser|usermod|passwd|chpasswd|chage|pkill|killall|iptables.*|ip6tables.*|nft|ufw|firewall-cmd|nmcli|ip|ifdown|ifconfig|git-(reset|clean|push|checkout|checkout-index|restore|stash|branch|filter-branch|filter-repo|update-ref|read-tree|rebase|gc|prune|reflog))$`)

	// Command words, at the start of a word (after a blank, an operator,
	// a quote or a directory: /bin/rm).
	wordStart         = `(?:^|[\s|;&(\x60'"{/])`
	wordEnd           = `(?:$|[\s|;&)\x60'"}])`
	acquisitionWords  = regexp.MustCompile(wordStart + `(curl|wget2?|aria2c|axel|svn|hg|scp|rsync|gh\s+(repo|release|pr|gist|run)|git\s+(-\S+\s+)*(clone|submodule|svn|subtree)|(fossil|darcs)\s+clone|(bzr|brz)\s+(branch|checkout)|(glab\s+repo|tea)\s+clone|nc|ncat|netcat|telnet|socat|openssl\s+s_client|pip3?\s+download|npm\s+pack|helm\s+(pull|fetch)|yt-dlp|youtube-dl|gallery-dl|kaggle\s+(datasets|competitions)\s+download|dnf\s+download|yumdownloader|gem\s+fetch|apt(-get)?\s+(download|source)|aws\s+s3\s+(cp|mv|sync)\s+s3:\S*|gsutil\s+(-\S+\s+)*(cp|mv|rsync)\s+(-\S+\s+)*gs:\S*|gcloud\s+storage\s+(cp|mv|rsync)\s+gs:\S*|s3cmd\s+(-\S+\s+)*(get|sync)\s+(-\S+\s+)*s3:\S*|rclone\s+(copy|copyto|move|moveto|sync)\s+(-\S+\s+(\S+\s+)?)*\w+:\S*|(docker|podman|nerdctl)\s+((image|container)\s+)?(save|export)|skopeo\s+(copy|sync)|crane\s+(pull|export)|regctl\s+image\s+export|oras\s+pull|(hf|huggingface-cli)\s+download|az\s+storage\s+(blob|file)\s+download(-batch)?|lwp-download|lwp-request|(GET|POST|PUT)\s+(-\S+\s+)*\S+://|cvs\s+(-\S+\s+)*(checkout|co|get|export)|pijul\s+clone|fossil\s+open|hub\s+clone|sl\s+clone|degit|tiged|giget|ghq\s+get|cookiecutter|copier\s+(copy|update|recopy)|cargo\s+generate|(npm|yarn|pnpm|bun)\s+create|npm\s+init\s+[^-\s]|composer\s+create-project|rails\s+new\s.*(-m|--template)|gdown|ipfs\s+get|webtorrent\s+download|transmission-cli|sshfs|curlftpfs|rclone\s+(-\S+\s+)*(mount|nfsmount|cmount))` + wordEnd)
	dangerWords       = regexp.MustCompile(wordStart + `(rm|rmdir|unlink|shred|srm|dd|mkfs[.\w]*|mke2fs|mkswap|wipefs|blkdiscard|[sc]?fdisk|c?gdisk|sgdisk|parted|cryptsetup|nvme|shutdown|reboot|halt|poweroff|init|telinit|loginctl|killall5|rc-service|systemctl|service|kubectl|helm|docker|podman|chmod|chown|chgrp|setfacl|crontab|zpool|zfs|lvremove|vgremove|pvremove|mdadm|userdel|deluser|usermod|passwd|chpasswd|chage|pkill|killall|ip6?tables(?:-\w+)?|nft|ufw|firewall-cmd|nmcli|ip|ifdown|ifconfig|flashrom|efibootmgr|fwupdmgr|fwupdtool|mokutil|sg_format|sg_sanitize|hdparm|debugfs|xfs_repair|btrfs|dmsetup|tmpreaper|tmpwatch|unison|ttyd|gotty|websocketd|wetty|shellinaboxd|telnetd|tmate|upterm|sshx|sshd|dropbear|ngrok|cloudflared|lt|localtunnel|bore|frpc|chisel|tailscale|zrok)` + wordEnd + `|` + wordStart + `git\s+(-\S+\s+)*(reset|clean|push|checkout|checkout-index|restore|stash|branch|filter-branch|filter-repo|update-ref|read-tree|rebase|gc|prune|reflog)` + wordEnd + `|:\(\)|-delete\b|>\s*/dev/[a-z]+/`)
	runtimeScriptText = regexp.MustCompile(`(^|\W)(eval|bash|sh|zsh|dash|ksh|source)\b[^|;&]*[$\x60]|(^|[;&|]\s*)\.\s[^|;&]*[$\x60]|\$\(|\x60`)
)

func category(l dataLine) string {
	switch {
	case acquisitionPages.MatchString(l.Page) || acquisitionWords.MatchString(l.Command):
		return "acquisition"
	case dangerPages.MatchString(l.Page) || dangerWords.MatchString(l.Command):
		return "danger"
	}
	return "other"
}

// An exception lets a rule act on a command outside the acquisition and
// danger categories, for a reason, when its check holds for the finding.
type exception struct {
	reason string
	holds  func(f Finding) bool
}

var exceptions = map[string]exception{
	"bash-write": {"a write through the path guards to a path outside the project (~/.bashrc, /etc/fstab, /usr/local/bin) or to a protected one (.env, *.pem): seed 002 asks outside safe paths and blocks system paths, seed 001 protects secrets; or to one path a program prints at run time (mv \"$(readlink -f l)\" d: red team 19 PI2)",
		func(f Finding) bool {
			return f.PathContext == guards.ContextOutside || f.PathContext == guards.ContextBlocked || strings.Contains(f.Message, "Protected path:") ||
				strings.Contains(f.Message, "at run time: it could be any file")
		}},
	"bash-delete": {"a deletion through the path guards outside the project, the sandbox and the safe paths (seed 002's rm outside safe paths)",
		func(f Finding) bool {
			return f.PathContext == guards.ContextOutside || f.PathContext == guards.ContextBlocked
		}},
	"unparsed": {"the command, or a script string in it, does not parse and holds a risky word: ask rather than fail open",
		func(f Finding) bool { return syntax.Valid(f.Text) != nil }},
	"runtime-script": {"a shell, eval or source runs a script only known at run time (while read l; do eval $l; done, source \"$file\"): corral cannot see it",
		func(f Finding) bool { return runtimeScriptText.MatchString(f.Text) }},
	"rm-root": {"a deletion or move whose target starts with a value only known at run time (mv $d/* .): if the value is empty or unset the path starts at / (issue 8, unknown path roots)",
		func(f Finding) bool { return strings.Contains(f.Message, "only known at run time") }},
	"hidden-code": {"program code runs a shell command or deletes a path only known at run time (perl backticks with $_ inside), or a generated script holds a risky command: corral cannot see it",
		func(f Finding) bool { return strings.Contains(f.Message, "only known") }},
	"secret-read": {"a read of a file in the secret class (a private key, credentials, .env) or a recursive read of a directory holding one (grep -r x /), or a program asked to print a stored credential (gh auth token, git credential fill): issue 9 denies it in every tool; or a credential helper of the agent's choosing, which git hands the user's credentials (git config credential.helper 'store --file=F'): asked",
		func(f Finding) bool {
			return f.PathContext == guards.ContextBlocked && (strings.Contains(f.Message, "secret pattern") || strings.Contains(f.Message, "a credential the agent would then hold")) ||
				f.Decision == Ask && strings.Contains(f.Message, "git hands a credential helper")
		}},
	"account-change": {"setcap gives a program privileges (cap_setuid+ep on an interpreter is a way to root): issue 12 asks",
		func(f Finding) bool { return strings.Contains(f.Message, "setcap") }},
	"kernel-change": {"the running kernel's state changed (rmmod, modprobe -r, insmod, kexec -e, sysctl -w, swapoff): a driver unloaded or a setting changed for the whole machine, issue 12 asks",
		func(f Finding) bool { return true }},
	"package-remove": {"a package removal given a list only known at run time (pacman -Rsn $(pacman -Qdtq)): what it names could be a package the machine needs, issue 12 asks",
		func(f Finding) bool { return strings.Contains(f.Message, "only known at run time") }},
	"power": {"umount -a takes every file system away from the programs using them, rtcwake -m mem/disk/freeze suspends the machine, KDE's session manager asked to log out ends the desktop session: issue 12 asks",
		func(f Finding) bool {
			return strings.Contains(f.Message, "every file system") || strings.Contains(f.Message, "suspends or powers off") ||
				strings.Contains(f.Message, "KDE's session manager")
		}},
	"disk-write": {"a write test of a block device (badblocks -w overwrites it, -n rewrites each block): the device's data is at stake",
		func(f Finding) bool { return strings.Contains(f.Message, "badblocks") }},
	"disk-fill": {"an endless stream (yes, /dev/zero, /dev/urandom) written to a file, or more than 10 GiB of one: it fills the disk (issue 12)",
		func(f Finding) bool { return strings.Contains(f.Message, "fill the disk") }},
	"secret-operand": {"a program corral has no reading of given a secret file as any word, an operand or an option's value (melt ~/.ssh/id_ed25519 prints the key as words; cfssl certinfo -cert, gmssl sm2 -in: what a program with no keyUses row does with a key is not known): it may print or send it; the test has no disk, where a key the program only makes (tomb forge x.key) would be absent and pass",
		func(f Finding) bool {
			return f.PathContext == guards.ContextBlocked && strings.Contains(f.Message, "secret pattern")
		}},
	"exfiltrate": {"an upload of a local file to a host off network.allow_hosts (gh gist create, http f@file, ncat < file), or of a secret or the environment: issue 9 asks or denies",
		func(f Finding) bool {
			return strings.Contains(f.Message, "upload") || strings.Contains(f.Message, "environment")
		}},
	"file-transfer": {"a file-transfer client's own commands fetch files into the working directory (smbclient -c 'get f', lftp -c 'mirror …'), which corral cannot move into the sandbox: issue 12's more ways to fetch",
		func(f Finding) bool { return f.Kind == "download" }},
	"remote-access": {"ssh -R opens a port on the other host that leads back to this machine (a reverse forward): whoever reaches that port reaches here, past the agent's guards",
		func(f Finding) bool {
			return strings.HasPrefix(f.Message, "ssh -") || strings.HasPrefix(f.Message, "autossh -")
		}},
	"network-change": {"a program handed to a network connection (nc -e shell, a bind or reverse shell): whoever connects runs commands",
		func(f Finding) bool { return strings.Contains(f.Message, "runs commands here") }},
	"remote-run": {"a program told to fetch code from an address and run it (pip install git+URL, deno run URL): remote code, as curl | sh",
		func(f Finding) bool { return strings.Contains(f.Message, "code fetched and run at once") }},
	"agent-unguarded": {"another coding agent started with its approvals off (crush --yolo, copilot --allow-all-tools): its commands are not seen by corral",
		func(f Finding) bool { return strings.Contains(f.Message, "starts an agent") }},
	"dynamic-command": {"the command's name is only known at run time and its text mentions a risky command",
		func(f Finding) bool { return strings.ContainsAny(f.Text, "$`") }},
}

// realWorldBaseline is the committed, reviewed count of decisions per
// corpus file and category. TestRealWorldDecisions fails on any change
// not recorded there; -realworld.update rewrites it, and the diff is then
// read and judged before it is committed.
const realWorldBaseline = "testdata/realworld_decisions.txt"

var updateRealWorld = flag.Bool("realworld.update", false, "rewrite "+realWorldBaseline+" with the decisions found")

// TestRealWorldDecisions runs every shared command through the engine,
// compares the decisions per category with the committed baseline, and
// checks that no command outside the acquisition and danger categories is
// rewritten, asked about or denied except by an exception whose check
// holds.
func TestRealWorldDecisions(t *testing.T) {
	data := sharedData(t)
	cfg := realWorldConfig()
	used := map[string]int{}
	var table []string
	defer func() { compareRealWorldBaseline(t, table) }()
	for _, name := range []string{"tldr.jsonl", "nl2bash.jsonl", "readmes.jsonl"} {
		counts := map[string]*[Deny + 1]int{}
		var unexpected []string
		for _, l := range readLines(t, filepath.Join(data, name)) {
			cat := category(l)
			r := Check(cfg, l.Command)
			if counts[cat] == nil {
				counts[cat] = new([Deny + 1]int)
			}
			counts[cat][r.Decision]++
			if cat != "other" || r.Decision <= Warn {
				continue
			}
			if r.Decision == Rewrite {
				unexpected = append(unexpected, fmt.Sprintf("rewrite %q -> %q", l.Command, r.Rewritten))
				continue
			}
			for _, f := range r.Findings {
				if f.Decision <= Warn {
					continue
				}
				if e, ok := exceptions[f.Rule]; ok && e.holds(f) {
					used[f.Rule]++
					continue
				}
				unexpected = append(unexpected, fmt.Sprintf("%s by %s (%s, path context %q): %q", f.Decision, f.Rule, f.Message, f.PathContext, l.Command))
			}
		}
		cats := make([]string, 0, len(counts))
		for c := range counts {
			cats = append(cats, c)
		}
		sort.Strings(cats)
		for _, c := range cats {
			m := counts[c]
			t.Logf("%-14s %-12s allow %5d  warn %4d  rewrite %4d  ask %4d  deny %4d", name, c, m[Allow], m[Warn], m[Rewrite], m[Ask], m[Deny])
			for d := Allow; d <= Deny; d++ {
				table = append(table, fmt.Sprintf("%s %s %s %d", name, c, d, m[d]))
			}
		}
		for i, u := range unexpected {
			if i == 50 {
				t.Errorf("%s: … and %d more", name, len(unexpected)-50)
				break
			}
			t.Errorf("%s: a command outside the acquisition and danger categories was acted on: %s", name, u)
		}
	}
	rules := make([]string, 0, len(used))
	for r := range used {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	for _, r := range rules {
		t.Logf("exception %-15s %4d findings: %s", r, used[r], exceptions[r].reason)
	}
}

// compareRealWorldBaseline compares the decision counts with the
// committed baseline, line by line, or rewrites it under -realworld.update.
func compareRealWorldBaseline(t *testing.T, table []string) {
	t.Helper()
	if t.Failed() && len(table) == 0 {
		return
	}
	if *updateRealWorld {
		// The comment lines (the review notes) are kept; only the counts
		// are written anew.
		head := "# Decisions per corpus file and category (TestRealWorldDecisions).\n" +
			"# Reviewed by a person: a change here is a change in what corral does to real commands.\n"
		if old, err := os.ReadFile(realWorldBaseline); err == nil {
			head = ""
			for _, l := range strings.Split(string(old), "\n") {
				if strings.HasPrefix(l, "#") && l != "# file category decision count" {
					head += l + "\n"
				}
			}
		}
		head += "# file category decision count\n"
		if err := os.WriteFile(realWorldBaseline, []byte(head+strings.Join(table, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(realWorldBaseline)
	if err != nil {
		t.Fatalf("no baseline: %v (write one with -realworld.update, then review it)", err)
	}
	want := map[string]string{}
	var order []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Fields(l)
		key := strings.Join(f[:len(f)-1], " ")
		want[key] = f[len(f)-1]
		order = append(order, key)
	}
	got := map[string]string{}
	for _, l := range table {
		f := strings.Fields(l)
		key := strings.Join(f[:len(f)-1], " ")
		got[key] = f[len(f)-1]
		if _, ok := want[key]; !ok {
			order = append(order, key)
		}
	}
	changed := 0
	for _, k := range order {
		if got[k] != want[k] {
			changed++
			t.Errorf("real-world decisions changed: %s: baseline %s, now %s", k, or(want[k], "none"), or(got[k], "none"))
		}
	}
	if changed > 0 {
		t.Errorf("%d counts differ from %s: if the change is right, run go test ./rewrite -run TestRealWorldDecisions -realworld.update and commit the reviewed diff", changed, realWorldBaseline)
	}
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// acquiringForm finds a command that brings content onto disk, at the
// start of a command (after an operator or a wrapper).
var acquiringForm = regexp.MustCompile(`(?:^|[|;&(]\s*)(?:(?:sudo|noglob|oniux|nohup|time|parallel(?:\s+-\S+(?:\s+\d+)?)*|systemd-inhibit(?:\s+--\S+(?:\s+[^-\s]\S*)?)*)\s+)*` +
	`(git\s+clone|git\s+submodule\s+add|git\s+svn\s+clone|jj\s+git\s+clone|gh\s+repo\s+clone|gh\s+repo\s+fork\b.*--clone|gh\s+release\s+download|gh\s+pr\s+checkout|gh\s+gist\s+clone|gh\s+run\s+download|svn\s+(checkout|co|export)|hg\s+clone|curl|wget2?|aria2c|axel|scp|rsync)\b`)

// A deliberate allow of an acquiring form, with the check that shows it
// applies.
var acquisitionAllows = []struct {
	reason string
	holds  func(cmd string) bool
}{
	{"curl prints to stdout (no -o, -O, --output, --remote-name, -J, >): nothing lands on disk; a pipe into a program that is no shell or interpreter is that program's business",
		func(cmd string) bool {
			curl, _, _ := strings.Cut(cmd, "|")
			return curlToStdout.MatchString(cmd) && !curlOutput.MatchString(curl)
		}},
	{"an HTTP client (httpie's http, xh, curlie) prints the response (no -d, --download, -o, --output, >): nothing lands on disk",
		func(cmd string) bool {
			return httpClientPrint.MatchString(cmd) && !httpClientSave.MatchString(cmd)
		}},
	{"wget writes to stdout (-O -, --output-document -, -qO-): nothing lands on disk",
		regexp.MustCompile(`^(?:[^|]*\s)?wget2?\s.*(--output-document -|-O -|-qO-|-O-)`).MatchString},
	{"scp or rsync without a remote source: an upload or a local copy, judged by the path guards",
		func(cmd string) bool {
			return copyCommand.MatchString(cmd) && !remoteOperand.MatchString(stripDest(cmd))
		}},
	{"scp or rsync from one remote host to another: nothing lands here",
		func(cmd string) bool {
			words := strings.Fields(cmd)
			return copyCommand.MatchString(cmd) && remoteOperand.MatchString(" "+words[len(words)-1])
		}},
}

var (
	curlToStdout = regexp.MustCompile(`^(?:[^|]*\s)?curl\s[^>|]*$|^(?:[^|]*\s)?curl\s[^>|]*\|\s*(fx|git (am|apply)|mods|promtool|viu|zek|jq)\b`)
	curlOutput   = regexp.MustCompile(`\s(-[a-zA-Z]*[oOJ]\b|--output|--remote-name)`)
	// httpClientPrint and httpClientSave: httpie's, xh's and curlie's
	// commands, and the options and redirections that save a response.
	httpClientPrint = regexp.MustCompile(`^(https?|xhs?|curlie)\s`)
	httpClientSave  = regexp.MustCompile(`\s(-d\b|--download|-o\b|--output|>)`)
	copyCommand     = regexp.MustCompile(`^(?:\S+\s+)?(scp|rsync)\s`)
	remoteOperand   = regexp.MustCompile(`\s(rsync://|[\w.-]*@?[\w.-]+:[^/\s]|[\w.-]+@[\w.-]+:)`)
)

// stripDest drops the last word (a copy's destination) so that only the
// sources are looked at.
func stripDest(cmd string) string {
	if i := strings.LastIndexByte(strings.TrimSpace(cmd), ' '); i > 0 {
		return cmd[:i]
	}
	return cmd
}

// TestRealWorldAcquisitions checks that every acquisition example of tldr
// is handled: rewritten into the sandbox, asked about or denied, or
// allowed for a reason whose check holds (curl to stdout, an upload).
func TestRealWorldAcquisitions(t *testing.T) {
	data := sharedData(t)
	cfg := realWorldConfig()
	total, handled := 0, map[Decision]int{}
	allowed := map[string]int{}
	for _, l := range readLines(t, filepath.Join(data, "tldr.jsonl")) {
		if !acquiringForm.MatchString(l.Command) {
			continue
		}
		total++
		r := Check(cfg, l.Command)
		if r.Decision >= Rewrite {
			handled[r.Decision]++
			continue
		}
		ok := false
		for _, a := range acquisitionAllows {
			if a.holds(l.Command) {
				allowed[a.reason]++
				ok = true
				break
			}
		}
		if !ok {
			t.Errorf("tldr %s: acquisition example not handled (%s): %s", l.Page, r.Decision, l.Command)
		}
	}
	n := 0
	for _, c := range allowed {
		n += c
	}
	t.Logf("tldr acquisition examples: %d; handled %d (rewritten %d, asked %d, denied %d), allowed for a reason %d, not handled %d",
		total, handled[Rewrite]+handled[Ask]+handled[Deny], handled[Rewrite], handled[Ask], handled[Deny], n,
		total-n-handled[Rewrite]-handled[Ask]-handled[Deny])
	for _, a := range acquisitionAllows {
		t.Logf("  allowed %3d: %s", allowed[a.reason], a.reason)
	}
	if total < 60 {
		t.Errorf("only %d tldr acquisition examples found; the classification is broken", total)
	}
}
