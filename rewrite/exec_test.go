package rewrite

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// The execution tests run rewritten commands for real: bash, git against
// local bare repositories, curl and wget against a loopback HTTP server,
// svn, hg and rsync when installed. Each case asserts that the rewritten
// command exits 0, that its content landed in the sandbox with the
// expected bytes, that nothing else on the machine the command can reach
// (project, home, their parent) changed, and that the original command
// would have put the content outside the sandbox.
//
// gh is not covered: gh repo clone and gh release download ask the GitHub
// API over HTTPS before they fetch anything, which no offline stand-in
// answers. scp is not covered either: it runs /usr/bin/ssh by absolute
// path, so no stand-in host can be given without changing the command.

// execCase is a command that, once rewritten, must run with real tools and
// leave its content in the sandbox and nowhere else.
type execCase struct {
	name string
	// cmd is the command; {repos} is the fixture's repository folder,
	// {sandbox} the run's sandbox, {host} and {port} the loopback HTTP
	// server's address (for bash's /dev/tcp).
	cmd string
	// setup runs in the project before the command and is not checked.
	setup string
	// files are paths relative to the sandbox that must exist afterwards,
	// with their exact content; "/" marks a directory.
	files map[string]string
	// stdout must contain this.
	stdout string
	// allow: the command is already sandboxed (or not an acquisition) and
	// must pass unchanged.
	allow bool
	// known names an engine limitation the case shows: while it fails, the
	// failure is logged and the run skipped; once it passes, the test
	// fails until known is removed.
	known string
}

var execCases = []execCase{
	// git clone.
	{name: "clone", cmd: "git clone https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-dir", cmd: "git clone https://github.com/acme/widget.git vendor/w", files: map[string]string{"w/README.md": execWidget}},
	{name: "clone-dot", cmd: "git clone https://github.com/acme/widget.git .", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-cd-log", cmd: "git clone https://github.com/acme/widget.git && cd widget && git log --oneline",
		files: map[string]string{"widget/README.md": execWidget}, stdout: "first commit"},
	{name: "clone-dir-cd-cat", cmd: "git clone -q https://github.com/acme/widget.git w; cd w; cat README.md",
		files: map[string]string{"w/README.md": execWidget}, stdout: execWidget},
	{name: "clone-pushd", cmd: "git clone -q https://github.com/acme/widget.git && pushd widget >/dev/null && git log --oneline",
		files: map[string]string{"widget/README.md": execWidget}, stdout: "first commit"},
	{name: "clone-ls-follow", cmd: "git clone -q https://github.com/acme/widget.git && ls widget",
		files: map[string]string{"widget/README.md": execWidget}, stdout: "README.md"},
	{name: "clone-subshell", cmd: "(git clone https://github.com/acme/widget.git)", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-bash-c", cmd: "bash -c 'git clone https://github.com/acme/widget.git'", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-sh-c", cmd: `sh -c "git clone -q https://github.com/acme/widget.git w2"`, files: map[string]string{"w2/README.md": execWidget}},
	{name: "clone-bash-c-cd", setup: "mkdir sub", cmd: `bash -c "cd sub && git clone -q https://github.com/acme/widget.git && cd widget && git log --oneline"`,
		files: map[string]string{"widget/README.md": execWidget}, stdout: "first commit"},
	{name: "clone-heredoc", cmd: "bash <<'EOF'\ngit clone -q https://github.com/acme/widget.git\nEOF", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-eval", cmd: "eval 'git clone -q https://github.com/acme/widget.git'", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-cmdsubst", cmd: `echo "$(git clone -q https://github.com/acme/widget.git && echo cloned)"`,
		files: map[string]string{"widget/README.md": execWidget}, stdout: "cloned"},
	{name: "clone-env", cmd: "env GIT_TERMINAL_PROMPT=0 git clone https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-timeout", cmd: "timeout 60 git clone https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-command", cmd: "command git clone https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-nice-nohup", cmd: "nice -n 5 nohup git clone -q https://github.com/acme/widget.git >/dev/null 2>&1", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-assign", cmd: "GIT_TERMINAL_PROMPT=0 git clone -q https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-options", cmd: "git clone -q --depth 1 --branch main --origin upstream https://github.com/acme/widget.git",
		files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-double-dash", cmd: "git clone -q -- https://github.com/acme/widget.git w", files: map[string]string{"w/README.md": execWidget}},
	{name: "clone-global-c", cmd: "git -c core.autocrlf=false clone -q https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-bare", cmd: "git clone -q --bare https://github.com/acme/widget.git", files: map[string]string{"widget.git/HEAD": "ref: refs/heads/main\n"}},
	{name: "clone-two", cmd: "git clone -q https://github.com/acme/widget.git && git clone -q https://github.com/acme/gadget.git g",
		files: map[string]string{"widget/README.md": execWidget, "g/README.md": execGadget}},
	{name: "clone-loop", cmd: `for r in widget gadget; do git clone "https://github.com/acme/$r.git"; done`,
		files: map[string]string{"widget/README.md": execWidget, "gadget/README.md": execGadget}},
	{name: "clone-while-read", cmd: `printf '%s\n' widget gadget | while read -r r; do git clone -q "https://github.com/acme/$r.git"; done`,
		files: map[string]string{"widget/README.md": execWidget, "gadget/README.md": execGadget}},
	{name: "clone-xargs", cmd: "echo https://github.com/acme/widget.git | xargs git clone -q", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-if", cmd: "if [ ! -d widget ]; then git clone -q https://github.com/acme/widget.git; fi", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-function", cmd: `get() { git clone -q "$1"; }; get https://github.com/acme/widget.git`, files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-after-cd", setup: "mkdir sub", cmd: "cd sub && git clone https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-after-cd-up", cmd: "cd .. && git clone -q https://github.com/acme/widget.git && cd widget && git log --oneline",
		files: map[string]string{"widget/README.md": execWidget}, stdout: "first commit"},
	{name: "clone-git-C", setup: "mkdir sub", cmd: "git -C sub clone https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-home-tilde", cmd: "git clone -q https://github.com/acme/widget.git ~/src/widget", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-home-var", cmd: `git clone -q https://github.com/acme/widget.git "$HOME/code/w"`, files: map[string]string{"w/README.md": execWidget}},
	{name: "clone-parent", cmd: "git clone -q https://github.com/acme/widget.git ../elsewhere", files: map[string]string{"elsewhere/README.md": execWidget}},
	{name: "clone-cd-sub-then-cd", setup: "mkdir sub", cmd: "cd sub && git clone -q https://github.com/acme/widget.git && cd widget && git log --oneline",
		files: map[string]string{"widget/README.md": execWidget}, stdout: "first commit"},
	{name: "clone-subshell-then-cd", setup: "mkdir sub", cmd: "(cd sub && git clone -q https://github.com/acme/widget.git) && cd sub/widget && git log --oneline",
		files: map[string]string{"widget/README.md": execWidget}, stdout: "first commit"},
	{name: "clone-then-subshell-cd", cmd: "git clone -q https://github.com/acme/widget.git && (cd widget && git log --oneline)",
		files: map[string]string{"widget/README.md": execWidget}, stdout: "first commit"},
	{name: "clone-cd-or-exit", cmd: "git clone -q https://github.com/acme/widget.git; cd widget || exit 1; git log --oneline",
		files: map[string]string{"widget/README.md": execWidget}, stdout: "first commit"},
	{name: "clone-then-git-C", cmd: "git clone -q https://github.com/acme/widget.git && git -C widget log --oneline",
		files: map[string]string{"widget/README.md": execWidget}, stdout: "first commit"},
	{name: "clone-then-cat", cmd: "git clone -q https://github.com/acme/widget.git && cat widget/README.md",
		files: map[string]string{"widget/README.md": execWidget}, stdout: execWidget},
	{name: "clone-quoted-dir-cd", cmd: `git clone -q https://github.com/acme/widget.git "my dir" && cd "my dir" && git log --oneline`,
		files: map[string]string{"my dir/README.md": execWidget}, stdout: "first commit"},
	{name: "clone-dot-slash-dir-cd", cmd: "git clone -q https://github.com/acme/widget.git ./w && cd ./w && git log --oneline",
		files: map[string]string{"w/README.md": execWidget}, stdout: "first commit"},
	{name: "clone-home-cd", cmd: "git clone -q https://github.com/acme/widget.git ~/widget && cd ~/widget && git log --oneline",
		files: map[string]string{"widget/README.md": execWidget}, stdout: "first commit"},
	{name: "clone-no-dot-git", cmd: "git clone -q https://github.com/acme/widget && cd widget && git log --oneline",
		files: map[string]string{"widget/README.md": execWidget}, stdout: "first commit"},
	{name: "clone-pushd-popd", setup: "mkdir sub", cmd: "pushd sub >/dev/null && git clone -q https://github.com/acme/widget.git && popd >/dev/null && ls",
		files: map[string]string{"widget/README.md": execWidget}, stdout: "sub"},
	{name: "clone-cd-home", cmd: `cd "$HOME" && git clone -q https://github.com/acme/widget.git`, files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-recurse-submodules", cmd: "git clone -q --recurse-submodules https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-mirror", cmd: "git clone -q --mirror https://github.com/acme/widget.git", files: map[string]string{"widget.git/HEAD": "ref: refs/heads/main\n"}},
	{name: "clone-bash-c-loop", cmd: `bash -c 'for r in widget gadget; do git clone -q "https://github.com/acme/$r.git"; done'`,
		files: map[string]string{"widget/README.md": execWidget, "gadget/README.md": execGadget}},
	{name: "clone-xargs-n1-file", setup: "printf 'https://github.com/acme/widget.git\\nhttps://github.com/acme/gadget.git\\n' > repos.txt",
		cmd: "xargs -n1 git clone -q < repos.txt", files: map[string]string{"widget/README.md": execWidget, "gadget/README.md": execGadget}},
	{name: "clone-sh-c-positional", cmd: `sh -c 'git clone -q "$0"' https://github.com/acme/widget.git`, files: map[string]string{"widget/README.md": execWidget}},
	{name: "clone-into-sandbox", allow: true, cmd: "git clone -q https://github.com/acme/widget.git {sandbox}/mine", files: map[string]string{"mine/README.md": execWidget}},
	{name: "clone-in-sandbox-dir", allow: true, cmd: "cd {sandbox} && git clone -q https://github.com/acme/widget.git", files: map[string]string{"widget/README.md": execWidget}},

	// curl.
	// bash's own connection to the loopback server: what is read from
	// /dev/tcp is the download.
	{name: "dev-tcp-read", cmd: `exec 3<>/dev/tcp/{host}/{port}; printf 'GET /files/data.json HTTP/1.0\r\n\r\n' >&3; sed '1,/^\r$/d' <&3 > data.json`,
		files: map[string]string{"data.json": execJSON}},
	{name: "dev-tcp-loop", cmd: `exec 3<>/dev/tcp/{host}/{port}; printf 'GET /files/b.txt HTTP/1.0\r\n\r\n' >&3; while read -r l; do printf '%s\n' "$l"; done <&3 > raw.txt; tail -n 1 raw.txt`,
		stdout: "bee", files: map[string]string{"raw.txt": ""}},
	// What bash's own readers store from the connection, printed into a
	// file (red team 16 NS1): the file lands in the sandbox.
	{name: "dev-tcp-mapfile-u", cmd: `exec 3<>/dev/tcp/{host}/{port}; printf 'GET /files/b.txt HTTP/1.0\r\n\r\n' >&3; mapfile -u3 a; printf '%s' "${a[@]}" > raw.txt; tail -n 1 raw.txt`,
		stdout: "bee", files: map[string]string{"raw.txt": ""}},
	{name: "dev-tcp-read-u", cmd: `exec 3<>/dev/tcp/{host}/{port}; printf 'GET /files/b.txt HTTP/1.0\r\n\r\n' >&3; read -r -u3 l; echo "$l" > status.txt; cat status.txt`,
		stdout: "HTTP/1", files: map[string]string{"status.txt": ""}},
	{name: "curl-o", cmd: "curl -s -o data.json http://example.com/files/data.json", files: map[string]string{"data.json": execJSON}},
	{name: "input-redirect-follow", cmd: "curl -s -o data.json http://example.com/files/data.json && wc -c < data.json",
		files: map[string]string{"data.json": execJSON}, stdout: "17"},
	// A download held in a variable or a substitution and printed into a
	// file (issue 12): the file is the download's and lands in the sandbox.
	{name: "curl-var-echo-file", cmd: `x=$(curl -s http://example.com/files/data.json); echo "$x" > data.json`, files: map[string]string{"data.json": execJSON}},
	{name: "curl-subst-printf-file", cmd: `printf '%s\n' "$(curl -s http://example.com/files/data.json)" > data.json`, files: map[string]string{"data.json": execJSON}},
	{name: "curl-var-here-string-tee", cmd: `x=$(curl -s http://example.com/files/data.json); tee data.json <<< "$x" >/dev/null`, files: map[string]string{"data.json": execJSON}},
	{name: "curl-o-after-url", cmd: "curl -s http://example.com/files/data.json -o data.json", files: map[string]string{"data.json": execJSON}},
	{name: "curl-O", cmd: "curl -sO http://example.com/files/data.json", files: map[string]string{"data.json": execJSON}},
	{name: "curl-fsSLo", cmd: "curl -fsSLo data.json http://example.com/files/data.json", files: map[string]string{"data.json": execJSON}},
	{name: "curl-sSL-o", cmd: "curl -sSL -o data.json http://example.com/files/data.json", files: map[string]string{"data.json": execJSON}},
	{name: "curl-o-attached", cmd: "curl -s -odata.json http://example.com/files/data.json", files: map[string]string{"data.json": execJSON}},
	{name: "curl-output", cmd: "curl -s --output data.json http://example.com/files/data.json", files: map[string]string{"data.json": execJSON}},
	{name: "curl-pairs", cmd: "curl -s -o a.json http://example.com/files/data.json -o b.txt http://example.com/files/b.txt",
		files: map[string]string{"a.json": execJSON, "b.txt": execBee}},
	{name: "curl-O-twice", cmd: "curl -s -O http://example.com/files/data.json -O http://example.com/files/b.txt",
		files: map[string]string{"data.json": execJSON, "b.txt": execBee}},
	{name: "curl-remote-name-all", cmd: "curl -s --remote-name-all http://example.com/files/data.json http://example.com/files/b.txt",
		files: map[string]string{"data.json": execJSON, "b.txt": execBee}},
	{name: "curl-output-dir-and-o", setup: "mkdir dl", cmd: "curl -s --output-dir dl -o data.json http://example.com/files/data.json", files: map[string]string{"data.json": execJSON}},
	{name: "curl-dump-header", cmd: "curl -s -D headers.txt -o data.json http://example.com/files/data.json",
		files: map[string]string{"data.json": execJSON, "headers.txt": ""}},
	{name: "curl-output-dir", setup: "mkdir dl", cmd: "curl -s --output-dir dl -O http://example.com/files/data.json", files: map[string]string{"data.json": execJSON}},
	{name: "curl-OJ", cmd: "curl -sOJ 'http://example.com/files/download?id=7'", files: map[string]string{"named.txt": execNamed}},
	{name: "curl-o-home", cmd: "curl -s -o ~/data.json http://example.com/files/data.json", files: map[string]string{"data.json": execJSON}},
	{name: "curl-o-create-dirs", cmd: "curl -s --create-dirs -o out/deep/data.json http://example.com/files/data.json", files: map[string]string{"out/deep/data.json": execJSON}},
	{name: "curl-redirect", cmd: "curl -s http://example.com/files/data.json > out.json", files: map[string]string{"out.json": execJSON}},
	{name: "curl-append", cmd: "curl -s http://example.com/files/b.txt >> log.txt", files: map[string]string{"log.txt": execBee}},
	{name: "curl-redirect-stderr", cmd: "curl -s http://example.com/files/data.json 2>/dev/null > out.json", files: map[string]string{"out.json": execJSON}},
	{name: "curl-tee", cmd: "curl -s http://example.com/files/data.json | tee out.json", files: map[string]string{"out.json": execJSON}, stdout: `"ok"`},
	{name: "curl-tee-pipe", cmd: "curl -s http://example.com/files/b.txt | tee b.txt | wc -c", files: map[string]string{"b.txt": execBee}, stdout: "4"},
	{name: "curl-filter-redirect", cmd: "curl -s http://example.com/files/data.json | grep ok > filtered.txt", files: map[string]string{"filtered.txt": execJSON}},
	{name: "curl-tar", cmd: "curl -s http://example.com/files/w.tar.gz | tar xz", files: map[string]string{"pkg/": "", "pkg/hello.txt": execTarHello}},
	{name: "curl-tar-dash", cmd: "curl -sL http://example.com/files/w.tar.gz | tar -xzf -", files: map[string]string{"pkg/hello.txt": execTarHello}},
	{name: "curl-tar-C", setup: "mkdir vendor", cmd: "curl -s http://example.com/files/w.tar.gz | tar -xz -C vendor", files: map[string]string{"pkg/hello.txt": execTarHello}},
	{name: "curl-o-then-tar", cmd: "curl -s -o x.tgz http://example.com/files/w.tar.gz && tar xzf x.tgz",
		files: map[string]string{"x.tgz": "", "pkg/hello.txt": execTarHello}},
	{name: "curl-o-then-cat", cmd: "curl -s -o data.json http://example.com/files/data.json && cat data.json",
		files: map[string]string{"data.json": execJSON}, stdout: `"ok"`},
	{name: "curl-O-then-grep", cmd: "curl -sO http://example.com/files/b.txt && grep -c bee b.txt", files: map[string]string{"b.txt": execBee}, stdout: "1"},
	{name: "curl-write-out", cmd: "curl -s -w '%{http_code}' -o data.json http://example.com/files/data.json", files: map[string]string{"data.json": execJSON}, stdout: "200"},
	{name: "curl-timeout", cmd: "timeout 30 curl -sSfo data.json http://example.com/files/data.json", files: map[string]string{"data.json": execJSON}},
	{name: "curl-bash-c", cmd: "bash -c 'curl -sO http://example.com/files/data.json'", files: map[string]string{"data.json": execJSON}},
	{name: "curl-after-cd", setup: "mkdir dl", cmd: "cd dl && curl -sO http://example.com/files/data.json", files: map[string]string{"data.json": execJSON}},
	{name: "curl-subshell-cd", setup: "mkdir dl", cmd: "(cd dl && curl -s -o d.json http://example.com/files/data.json)", files: map[string]string{"d.json": execJSON}},
	{name: "curl-loop", cmd: `for f in data.json b.txt; do curl -sO "http://example.com/files/$f"; done`,
		files: map[string]string{"data.json": execJSON, "b.txt": execBee}},
	{name: "curl-loop-o", cmd: `for f in data.json b.txt; do curl -s -o "$f" "http://example.com/files/$f"; done`,
		files: map[string]string{"data.json": execJSON, "b.txt": execBee}},
	{name: "curl-o-dash-redirect", cmd: "curl -s -o - http://example.com/files/b.txt > b.txt", files: map[string]string{"b.txt": execBee}},
	{name: "curl-output-dash-tar", cmd: "curl -s --output - http://example.com/files/w.tar.gz | tar xz", files: map[string]string{"pkg/hello.txt": execTarHello}},
	{name: "curl-o-and-stdout", cmd: "curl -s -o a.json http://example.com/files/data.json http://example.com/files/b.txt > b.out",
		files: map[string]string{"a.json": execJSON, "b.out": execBee}},
	{name: "curl-all-redirect", cmd: "curl -s http://example.com/files/b.txt &> b.txt", files: map[string]string{"b.txt": execBee}},
	{name: "curl-fd1-redirect", cmd: "curl -s http://example.com/files/b.txt 1> b.txt", files: map[string]string{"b.txt": execBee}},
	{name: "curl-clobber-redirect", cmd: "curl -s http://example.com/files/b.txt >| b.txt", files: map[string]string{"b.txt": execBee}},
	{name: "curl-tee-two", cmd: "curl -s http://example.com/files/b.txt | tee b1.txt b2.txt >/dev/null", files: map[string]string{"b1.txt": execBee, "b2.txt": execBee}},
	{name: "curl-tee-append", cmd: "curl -s http://example.com/files/b.txt | tee -a log.txt | grep -c bee", files: map[string]string{"log.txt": execBee}, stdout: "1"},
	{name: "curl-tee-dashdash", cmd: "curl -s http://example.com/files/b.txt | tee -- b.txt >/dev/null", files: map[string]string{"b.txt": execBee}},
	{name: "curl-gunzip-redirect", cmd: "curl -s http://example.com/files/w.tar.gz | gunzip > w.tar", files: map[string]string{"w.tar": ""}},
	{name: "curl-gunzip-tar", cmd: "curl -s http://example.com/files/w.tar.gz | gunzip | tar x", files: map[string]string{"pkg/hello.txt": execTarHello}},
	{name: "curl-tar-C-first", setup: "mkdir vendor", cmd: "curl -s http://example.com/files/w.tar.gz | tar -C vendor -xz", files: map[string]string{"pkg/hello.txt": execTarHello}},
	{name: "curl-tar-long", cmd: "curl -s http://example.com/files/w.tar.gz | tar --extract --gzip", files: map[string]string{"pkg/hello.txt": execTarHello}},
	// Process substitutions are pipes: the bytes go to the commands of
	// >(…) or come out of <(…) into the command holding it.
	{name: "curl-procsubst-tar", cmd: "curl -s http://example.com/files/w.tar.gz > >(tar xz); wait", files: map[string]string{"pkg/hello.txt": execTarHello}},
	{name: "curl-o-procsubst-tar", cmd: "curl -s -o >(tar xz) http://example.com/files/w.tar.gz; wait", files: map[string]string{"pkg/hello.txt": execTarHello}},
	{name: "curl-tee-procsubst-tar", cmd: "curl -s http://example.com/files/w.tar.gz | tee >(tar xz) >/dev/null; wait", files: map[string]string{"pkg/hello.txt": execTarHello}},
	{name: "tar-f-procsubst-curl", cmd: "tar xzf <(curl -s http://example.com/files/w.tar.gz)", files: map[string]string{"pkg/hello.txt": execTarHello}},
	{name: "tar-stdin-procsubst-curl", cmd: "tar xz < <(curl -s http://example.com/files/w.tar.gz)", files: map[string]string{"pkg/hello.txt": execTarHello}},
	{name: "cat-procsubst-curl", cmd: "cat <(curl -s http://example.com/files/w.tar.gz) > w.tgz", files: map[string]string{"w.tgz": ""}},
	{name: "curl-parallel", cmd: "curl -s -Z -o a.json http://example.com/files/data.json -o b.txt http://example.com/files/b.txt",
		files: map[string]string{"a.json": execJSON, "b.txt": execBee}},
	{name: "curl-url-glob-O", cmd: "curl -s -O 'http://example.com/files/{data.json,b.txt}'", files: map[string]string{"data.json": execJSON, "b.txt": execBee}},
	{name: "curl-url-glob-o-hash", cmd: "curl -s 'http://example.com/files/{data.json,b.txt}' -o 'got_#1'",
		files: map[string]string{"got_data.json": execJSON, "got_b.txt": execBee}},
	{name: "curl-var-output", cmd: `name=data.json; curl -s -o "$name" "http://example.com/files/$name"`, files: map[string]string{"data.json": execJSON}},
	{name: "curl-stdout-only", allow: true, cmd: "curl -s http://example.com/files/data.json | grep -c ok", stdout: "1"},
	{name: "curl-into-sandbox", allow: true, cmd: "curl -s -o {sandbox}/d.json http://example.com/files/data.json", files: map[string]string{"d.json": execJSON}},

	// wget.
	{name: "wget-default", cmd: "wget -q http://example.com/files/data.json", files: map[string]string{"data.json": execJSON}},
	{name: "wget-verbose", cmd: "wget http://example.com/files/data.json", files: map[string]string{"data.json": execJSON}},
	{name: "wget-two", cmd: "wget -q http://example.com/files/data.json http://example.com/files/b.txt", files: map[string]string{"data.json": execJSON, "b.txt": execBee}},
	{name: "wget-O", cmd: "wget -O d.json http://example.com/files/data.json", files: map[string]string{"d.json": execJSON}},
	{name: "wget-q-O", cmd: "wget -q -O d.json http://example.com/files/data.json", files: map[string]string{"d.json": execJSON}},
	{name: "wget-qO", cmd: "wget -qO d.json http://example.com/files/data.json", files: map[string]string{"d.json": execJSON}},
	{name: "wget-output-document", cmd: "wget -q --output-document=d.json http://example.com/files/data.json", files: map[string]string{"d.json": execJSON}},
	{name: "wget-O-home", cmd: "wget -q -O ~/d.json http://example.com/files/data.json", files: map[string]string{"d.json": execJSON}},
	{name: "wget-P", cmd: "wget -q -P dl http://example.com/files/data.json", files: map[string]string{"dl/data.json": execJSON}},
	{name: "wget-directory-prefix", cmd: "wget -q --directory-prefix=dl http://example.com/files/data.json", files: map[string]string{"dl/data.json": execJSON}},
	{name: "wget-O-stdout-redirect", cmd: "wget -qO- http://example.com/files/data.json > d.json", files: map[string]string{"d.json": execJSON}},
	{name: "wget-O-stdout-tar", cmd: "wget -qO- http://example.com/files/w.tar.gz | tar xz", files: map[string]string{"pkg/hello.txt": execTarHello}},
	{name: "wget-then-cat", cmd: "wget -q http://example.com/files/b.txt && cat b.txt", files: map[string]string{"b.txt": execBee}, stdout: "bee"},
	{name: "wget-i", setup: "printf 'http://example.com/files/data.json\\nhttp://example.com/files/b.txt\\n' > urls.txt",
		cmd: "wget -q -i urls.txt", files: map[string]string{"data.json": execJSON, "b.txt": execBee}},
	{name: "wget-r-np", cmd: "wget -q -r -np http://example.com/site/",
		files: map[string]string{"example.com/site/index.html": execIndex, "example.com/site/page2.html": execPage2}},
	{name: "wget-r-np-nH", cmd: "wget -q -r -np -nH http://example.com/site/",
		files: map[string]string{"site/index.html": execIndex, "site/page2.html": execPage2}},
	{name: "wget-O-after-url", cmd: "wget -q http://example.com/files/data.json -O d.json", files: map[string]string{"d.json": execJSON}},
	{name: "wget-O-subdir", setup: "mkdir out", cmd: "wget -q -O out/d.json http://example.com/files/data.json", files: map[string]string{"d.json": execJSON}},
	{name: "wget-c-O", cmd: "wget -q -c -O d.json http://example.com/files/data.json", files: map[string]string{"d.json": execJSON}},
	{name: "wget-qP", cmd: "wget -qP dl http://example.com/files/data.json", files: map[string]string{"dl/data.json": execJSON}},
	{name: "wget-x", cmd: "wget -q -x http://example.com/files/data.json", files: map[string]string{"example.com/files/data.json": execJSON}},
	{name: "wget-O-stdout-append", cmd: "wget -q -O - http://example.com/files/b.txt >> b.txt", files: map[string]string{"b.txt": execBee}},
	{name: "wget-O-stdout-tee", cmd: "wget -qO - http://example.com/files/b.txt | tee b.txt", files: map[string]string{"b.txt": execBee}, stdout: "bee"},
	{name: "wget-after-cd", setup: "mkdir dl", cmd: "cd dl && wget -q http://example.com/files/data.json", files: map[string]string{"data.json": execJSON}},
	{name: "wget-loop", cmd: `for f in data.json b.txt; do wget -q "http://example.com/files/$f"; done`,
		files: map[string]string{"data.json": execJSON, "b.txt": execBee}},
	{name: "wget-sh-c", cmd: `sh -c "wget -q -O d.json http://example.com/files/data.json"`, files: map[string]string{"d.json": execJSON}},

	// svn, hg, rsync (skipped when not installed).
	{name: "svn-checkout", cmd: "svn checkout -q file://{repos}/svn/proj", files: map[string]string{"proj/README.txt": execSvnReadme}},
	{name: "svn-co-cd", cmd: "svn co -q file://{repos}/svn/proj && cd proj && cat README.txt", files: map[string]string{"proj/README.txt": execSvnReadme}, stdout: "svn readme"},
	{name: "svn-co-dir", cmd: "svn co -q file://{repos}/svn/proj work && cat work/README.txt", files: map[string]string{"work/README.txt": execSvnReadme}, stdout: "svn readme"},
	{name: "svn-export", cmd: "svn export -q file://{repos}/svn/proj", files: map[string]string{"proj/README.txt": execSvnReadme}},
	{name: "hg-clone", cmd: "hg clone -q file://{repos}/hg/proj", files: map[string]string{"proj/README.txt": execHgReadme}},
	{name: "hg-clone-dir-cd", cmd: "hg clone -q file://{repos}/hg/proj h && cd h && hg log --template '{desc}\\n'",
		files: map[string]string{"h/README.txt": execHgReadme}, stdout: "init"},
	{name: "rsync-dir", cmd: "rsync -a build-host:{repos}/remote/files/ mirror/", files: map[string]string{"mirror/remote.txt": execRemote, "mirror/b.txt": execBee}},
	{name: "rsync-dir-cat", cmd: "rsync -a build-host:{repos}/remote/files/ mirror/ && cat mirror/remote.txt",
		files: map[string]string{"mirror/remote.txt": execRemote}, stdout: "remote file"},
	{name: "rsync-dot", cmd: "rsync -a deploy@build-host:{repos}/remote/files/remote.txt .", files: map[string]string{"remote.txt": execRemote}},

	// A tar of a moved archive with its own -C/--directory outside the
	// sandbox unpacks into the sandbox; one -O names one URL's file and the
	// next URL's stdout is followed; wget -r -nH's top directory follows.
	{name: "tar-C-after-download", setup: "mkdir vendor", cmd: "curl -s -o w.tgz http://example.com/files/w.tar.gz && tar -xzf w.tgz -C vendor",
		files: map[string]string{"pkg/hello.txt": execTarHello}},
	{name: "tar-directory-after-download", setup: "mkdir vendor", cmd: "curl -s -o w.tgz http://example.com/files/w.tar.gz && tar -xzf w.tgz --directory=vendor",
		files: map[string]string{"pkg/hello.txt": execTarHello}},
	{name: "curl-O-second-url-stdout", cmd: "curl -sO http://example.com/files/data.json http://example.com/files/b.txt > b.out",
		files: map[string]string{"data.json": execJSON, "b.out": execBee}},
	// curl puts every -o under --output-dir, so the -o beside a -O becomes
	// a name relative to the sandbox.
	{name: "curl-O-and-o", cmd: "curl -s -O http://example.com/files/data.json -o b.txt http://example.com/files/b.txt",
		files: map[string]string{"data.json": execJSON, "b.txt": execBee}},
	{name: "separate-git-dir", cmd: "git clone -q --separate-git-dir=../gitdir https://github.com/acme/widget.git w", files: map[string]string{"w/README.md": execWidget, "gitdir/": ""}},
	{name: "wget-recursive-nH-follow", cmd: "wget -q -r -np -nH http://example.com/site/ && cat site/page2.html",
		files: map[string]string{"site/page2.html": execPage2}, stdout: "second"},

	// A compound command's redirection is where the download inside it
	// goes (the shell model's file descriptors).
	{name: "block-redirect", cmd: "{ curl -s http://example.com/files/b.txt; } > b.txt", files: map[string]string{"b.txt": execBee}},
	{name: "subshell-redirect", cmd: "(curl -s http://example.com/files/b.txt) > b.txt", files: map[string]string{"b.txt": execBee}},
	{name: "exec-redirect", cmd: "exec > b.txt; curl -s http://example.com/files/b.txt", files: map[string]string{"b.txt": execBee}},
	{name: "dup-redirect", cmd: "curl -s http://example.com/files/b.txt 3>b.txt 1>&3", files: map[string]string{"b.txt": execBee}},

	// Downstream programs that write the download they read on stdin to a
	// file: their file lands in the sandbox.
	{name: "pipe-into-block", cmd: "curl -s http://example.com/files/b.txt | { cat > b.txt; }", files: map[string]string{"b.txt": execBee}},
	{name: "pipe-into-subshell", cmd: "curl -s http://example.com/files/b.txt | (cat > b.txt)", files: map[string]string{"b.txt": execBee}},
	{name: "pipe-dd-of", cmd: "curl -s http://example.com/files/b.txt | dd of=b.txt status=none", files: map[string]string{"b.txt": execBee}},
	{name: "pipe-sh-c-cat", cmd: "curl -s http://example.com/files/b.txt | sh -c 'cat > b.txt'", files: map[string]string{"b.txt": execBee}},
	{name: "pipe-install-stdin", cmd: "curl -s http://example.com/files/b.txt | install -m 644 /dev/stdin b.txt", files: map[string]string{"b.txt": execBee}},
	{name: "pipe-tee-a", cmd: "curl -s http://example.com/files/b.txt | tee -a b.txt > /dev/null", files: map[string]string{"b.txt": execBee}},
	{name: "curl-o-dev-fd3", cmd: "curl -s -o /dev/fd/3 http://example.com/files/b.txt 3> b.txt", files: map[string]string{"b.txt": execBee}},
	{name: "curl-o-dev-stdout", cmd: "curl -s -o /dev/stdout http://example.com/files/b.txt > b.txt", files: map[string]string{"b.txt": execBee}},
	{name: "pipe-split-prefix", cmd: "curl -s http://example.com/files/b.txt | split -b 1M - part", files: map[string]string{"partaa": execBee}},

	// Commits fetched from a URL and printed by git show or git archive:
	// where they are written moves into the sandbox. The setup fetches
	// once already, so that the command's own fetch changes nothing in
	// .git and only the file it writes is seen.
	{name: "fetch-url-show", setup: execFetchSetup,
		cmd: "git fetch -q https://github.com/acme/widget.git && git show FETCH_HEAD:README.md > r.md", files: map[string]string{"r.md": execWidget}},
	{name: "fetch-url-cat-file-tee", setup: execFetchSetup,
		cmd: "git fetch -q https://github.com/acme/widget.git && git cat-file -p FETCH_HEAD:README.md | tee r.md >/dev/null", files: map[string]string{"r.md": execWidget}},
	{name: "fetch-url-archive-tar", setup: execFetchSetup,
		cmd: "git fetch -q https://github.com/acme/widget.git && git archive FETCH_HEAD | tar x", files: map[string]string{"README.md": execWidget}},
	{name: "fetch-url-archive-o", setup: execFetchSetup,
		cmd: "git fetch -q https://github.com/acme/widget.git && git archive -o w.tar FETCH_HEAD && tar xf w.tar", files: map[string]string{"w.tar": ""}},

	// A download whose words come from a function's arguments or an
	// array: the edit of the body or of the word of its own lands it in
	// the sandbox.
	{name: "function-args-o", cmd: `get() { curl -s "$1" -o "$2"; }; get http://example.com/files/b.txt b.txt`, files: map[string]string{"b.txt": execBee}},
	{name: "function-args-twice-same", cmd: `get() { curl -s "$1" -o "$2"; }; get http://example.com/files/b.txt b.txt; get http://example.com/files/data.json b.txt`,
		files: map[string]string{"b.txt": execJSON}},
	{name: "array-command-o", cmd: `a=(curl -s); "${a[@]}" -o b.txt http://example.com/files/b.txt`, files: map[string]string{"b.txt": execBee}},

	// Known limitations: each runs, and must keep failing until the engine
	// learns the case (then the test asks for known to be removed).
	{name: "known-curl-config-file", setup: `printf 'url = "http://example.com/files/data.json"\noutput = "k.json"\n' > dl.cfg`,
		cmd: "curl -s -K dl.cfg", files: map[string]string{"k.json": execJSON},
		known: "an output named in a curl -K config file is seen, and asks: corral does not rewrite the config file itself"},
	{name: "known-xargs-replace", cmd: "echo https://github.com/acme/widget.git | xargs -I{} git clone -q {}", files: map[string]string{"widget/README.md": execWidget},
		known: "the appended destination 'sandbox/{}' is itself replaced by xargs -I: the clone lands in sandbox/https:/github.com/acme/widget.git (inside, at a wrong name)"},
	{name: "known-extracted-follow", cmd: "curl -s http://example.com/files/w.tar.gz | tar xz && cat pkg/hello.txt",
		files: map[string]string{"pkg/hello.txt": execTarHello}, stdout: "hello",
		known: "what an archive holds is unknown statically, so later paths into the extracted tree are not followed"},
	{name: "known-dynamic-clone-cd", cmd: `for r in widget gadget; do git clone -q "https://github.com/acme/$r.git" && (cd "$r" && git log --oneline); done`,
		files: map[string]string{"widget/README.md": execWidget, "gadget/README.md": execGadget}, stdout: "first commit",
		known: "a clone named at run time becomes git -C sandbox clone, but the later cd \"$r\" is not followed"},
}

// execFetchSetup makes the project a repository that has fetched widget
// once.
const execFetchSetup = "git init -q && git commit -q --allow-empty -m init && git fetch -q https://github.com/acme/widget.git"

// execLayout places the project, the home directory and the sandbox
// under a run's base directory.
type execLayout struct {
	name string
	dirs func(base string) (project, home, sandbox string)
}

var execLayouts = []execLayout{
	// The sandbox beside the project.
	{"beside", func(b string) (string, string, string) {
		return filepath.Join(b, "project"), filepath.Join(b, "home"), filepath.Join(b, "sandbox")
	}},
	// The default: <project>/agent_sandbox.
	{"in-project", func(b string) (string, string, string) {
		p := filepath.Join(b, "project")
		return p, filepath.Join(b, "home"), filepath.Join(p, "agent_sandbox")
	}},
	// The seed's CONTENT_FILTER_SANDBOX_DIR=~/work/sandbox, project in home.
	{"in-home", func(b string) (string, string, string) {
		h := filepath.Join(b, "home")
		return filepath.Join(h, "project"), h, filepath.Join(h, "work", "sandbox")
	}},
}

var execToolWord = regexp.MustCompile(`\b(svn|hg|rsync)\b`)

// needs skips t unless the optional programs tc runs are installed.
func (f *execFixture) needs(t *testing.T, tc execCase) {
	t.Helper()
	for _, m := range execToolWord.FindAllString(tc.cmd, -1) {
		if m == "svn" && !f.have["svnadmin"] {
			m = "svnadmin"
		}
		if !f.have[m] {
			t.Skipf("%s is not installed", m)
		}
	}
}

// prepare makes a run's directories, warms the home directory (svn makes
// ~/.subversion on its first run; that is not content) and runs the
// case's setup.
func (f *execFixture) prepare(t *testing.T, tc execCase, l execLayout) (base, project, home, sandbox string) {
	t.Helper()
	base = t.TempDir()
	project, home, sandbox = l.dirs(base)
	for _, d := range []string{project, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if f.have["svn"] && execToolWord.FindString(tc.cmd) == "svn" {
		execMust(t, project, f.env(home), "svn --version -q >/dev/null")
	}
	if tc.setup != "" {
		execMust(t, project, f.env(home), tc.setup)
	}
	return base, project, home, sandbox
}

func TestExecution(t *testing.T) {
	f := newExecFixture(t)
	for _, tc := range execCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f.needs(t, tc)
			for _, l := range execLayouts {
				t.Run(l.name, func(t *testing.T) {
					t.Parallel()
					f.runRewritten(t, tc, l)
				})
			}
			if !tc.allow {
				t.Run("original", func(t *testing.T) {
					t.Parallel()
					f.runOriginal(t, tc)
				})
			}
		})
	}
}

// runRewritten checks tc in layout l and runs what corral lets through.
func (f *execFixture) runRewritten(t *testing.T, tc execCase, l execLayout) {
	base, project, home, sandbox := f.prepare(t, tc, l)
	problems := f.rewrittenProblems(t, tc, base, project, home, sandbox)
	switch {
	case len(problems) > 0 && tc.known != "":
		t.Skipf("known limitation (%s):\n%s", tc.known, strings.Join(problems, "\n"))
	case len(problems) > 0:
		t.Error(strings.Join(problems, "\n"))
	case tc.known != "":
		t.Errorf("the case passes now: remove its known limitation (%s)", tc.known)
	}
}

// rewrittenProblems checks tc and runs the command corral lets through;
// it returns what went wrong.
func (f *execFixture) rewrittenProblems(t *testing.T, tc execCase, base, project, home, sandbox string) []string {
	t.Helper()
	cmd := f.expand(tc.cmd, sandbox)
	cfg := &Config{Cwd: project, Project: project, Home: home, Sandbox: sandbox, Mode: ModeRewrite, Approve: ApproveAuto}
	res := Check(cfg, cmd)
	run := res.Rewritten
	if tc.allow {
		if res.Rewritten != "" || res.Decision > Warn {
			return []string{fmt.Sprintf("corral changed a command it should pass: decision %s, rewritten %q\nfindings: %+v", res.Decision, res.Rewritten, res.Findings)}
		}
		run = cmd
	} else if res.Decision != Rewrite {
		return []string{fmt.Sprintf("decision %s, want rewrite\ncommand: %s\nfindings: %+v", res.Decision, cmd, res.Findings)}
	}
	if again := Check(cfg, cmd); again.Rewritten != res.Rewritten {
		return []string{fmt.Sprintf("two checks of the same command disagree:\n%s\n%s", res.Rewritten, again.Rewritten)}
	}
	t.Logf("runs: %s", run)
	// The hook creates the sandbox before it answers.
	if err := os.MkdirAll(sandbox, 0o755); err != nil {
		t.Fatal(err)
	}
	before := snapshotTree(t, base, sandbox)
	out, err := execBash(project, f.env(home), run)
	if err != nil {
		return []string{fmt.Sprintf("the command corral lets run failed: %v\ncommand: %s\nstdout: %s\nstderr: %s", err, run, out.stdout, out.stderr)}
	}
	problems := sandboxProblems(t, tc, sandbox, run)
	if tc.stdout != "" && !strings.Contains(out.stdout, tc.stdout) {
		problems = append(problems, fmt.Sprintf("stdout %q lacks %q\ncommand: %s", out.stdout, tc.stdout, run))
	}
	if d := before.diff(snapshotTree(t, base, sandbox)); len(d) > 0 {
		problems = append(problems, fmt.Sprintf("content landed outside the sandbox %s: %v\ncommand: %s", sandbox, d, run))
	}
	return problems
}

// sandboxProblems compares the sandbox with the files tc expects there.
func sandboxProblems(t *testing.T, tc execCase, sandbox, run string) []string {
	t.Helper()
	var problems []string
	for _, rel := range sortedKeys(tc.files) {
		want := tc.files[rel]
		p := filepath.Join(sandbox, filepath.FromSlash(rel))
		info, err := os.Stat(p)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s is not in the sandbox: %v\ncommand: %s\nsandbox holds: %v", rel, err, run, sortedKeys(snapshotTree(t, sandbox, ""))))
			continue
		}
		if strings.HasSuffix(rel, "/") {
			if !info.IsDir() {
				problems = append(problems, rel+" is not a directory")
			}
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", rel, err))
			continue
		}
		if want != "" && string(data) != want {
			problems = append(problems, fmt.Sprintf("%s holds %q, want %q", rel, data, want))
		}
	}
	return problems
}

// runOriginal shows what the rewrite prevents: the original command puts
// its content outside the sandbox, and nothing in it.
func (f *execFixture) runOriginal(t *testing.T, tc execCase) {
	base, project, home, sandbox := f.prepare(t, tc, execLayouts[0])
	cmd := f.expand(tc.cmd, sandbox)
	if err := os.MkdirAll(sandbox, 0o755); err != nil {
		t.Fatal(err)
	}
	before := snapshotTree(t, base, sandbox)
	out, err := execBash(project, f.env(home), cmd)
	if err != nil {
		t.Fatalf("the original command fails, so the case shows nothing: %v\ncommand: %s\nstderr: %s", err, cmd, out.stderr)
	}
	if d := before.diff(snapshotTree(t, base, sandbox)); len(d) == 0 {
		t.Errorf("the original command left nothing outside the sandbox; the case shows nothing\ncommand: %s", cmd)
	}
	if in := snapshotTree(t, sandbox, ""); len(in) > 1 {
		t.Errorf("the original command wrote into the sandbox: %v", sortedKeys(in))
	}
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
