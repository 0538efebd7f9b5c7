package rewrite

import (
	"fmt"
	"math"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

var secretRead = Rule{
	Decisions: []Decision{Rewrite, Ask, Deny},
	Name:      "secret-read",
	Doc: `A shell command that reads a secret file (the path module's secret class:
SSH private keys and ~/.ssh except public parts, cloud and registry
credentials, .env files except .env.example/.sample/.template, *.pem, *.key,
*.p12, *.pfx) puts its content in front of the agent: cat, less, more, head,
tail, bat, xxd, od, hexdump, base64, strings, nl, tac, sed, awk, jq, sort,
cut, diff and the other text tools, editors, dd if=, grep/rg/ag of such a
file or, recursively, of a directory that holds an anchored secret (grep -r
x ~), copies and archives of one (cp, mv, tar, zip, rsync, scp, from this
machine through ssh too: scp localhost:.ssh/id_rsa . reads ~/.ssh/id_rsa; tar's
operands resolved in the directory each -C DIR before them leads to: tar
-C ~ -cf - .ssh), an extraction to stdout (tar -xOf A, unzip -p A) of an
archive on disk with a member named like a secret, input
redirections from one (< ~/.ssh/id_rsa), and source or . of a secret outside
the project (a project's own .env is how it configures itself), and git
commands that print a secret out of the object store or the work tree (git
show HEAD:.env, git cat-file -p :.env, git diff HEAD -- .env, git log -p --
.env, git archive HEAD .env, git blame .env, git grep KEY -- .env; not with
--stat or --name-only, not an excluding pathspec :!.env). An operand is every
path it can name: what a glob matches (cat .en?, head ~/.ssh/id_*), each word
of a brace expansion, a command substitution whose output its text shows
(less $(echo .env)), each value a for loop over a glob gives its variable
(for f in ~/.ssh/*; do cat $f; done), and the paths another program yields
at run time: find -exec cat {}, find/echo/printf/ls | xargs cat, cat
$(find . -name .env) (find's -name tests narrow them, as grep -r --include
and rg -g narrow a search, unless a name they keep is one the files of an
anchored secret directory have: -name '*', --include='id_*'); any other output
only known at run time ($(git ls-files)) is not judged. Searches of a
directory (grep -r, rg --hidden, rg -uu, ag -u, git grep --untracked) are
also judged by the secrets on disk under it when the hook runs (a bounded
walk). Compressors and encoders read, to stdout or to a copy (gzip -c,
zstd -o x .env, gzip server.key in place: server.key.gz is no secret's
name, while .env.zst is; openssl -in, gpg -o -, gpg --enarmor, gpg -o x
--symmetric; not gzip -l/-t, gpg --verify/-b/--print-md); curl prints
what a file:// URL names and, with -w @FILE, FILE's text; so do
archivers fed names on stdin or operands after their mode (cpio -o/-p,
pax -w, bsdtar -c, ar r/q), git hash-object -w (git cat-file then
prints the blob by its hash), and the options whose value is a file the
program shows (grep -f, awk -f, diff --from-file, jq --rawfile and
--slurpfile). Each reader's operands are found with its own option
table (sort -o out .env, shuf -n1 .env, cut -d = -f 2 .env). Printing the variables (env, printenv, set,
export -p, declare -p) after the script sourced a secret (source .env;
env), or one variable that holds its content (source .env; echo "$KEY";
B=$KEY; printf %s "$B"; ${!v} for v in $(compgen -v); printenv "$v";
declare -p "$v"); code of another language that prints exported ones
(set -a; source .env; set +a; python3 -c 'print(os.environ)', node -p
process.env.KEY, p ENV, print %ENV); a shell that echoes a secret it
reads or runs (bash -v .env, bash -x .env, sh -x .env, bash ~/.ssh/id_rsa, which prints each line that is no command in its errors, set -x or set -v
before source .env, a marked word under set -x). Archives and recursive copies of a directory
(tar c, zip -r, 7z a, jar cf, cp -r, rsync -a) are judged by the secrets on
disk under it, minus the command's own exclusions (tar --exclude, zip -x,
7z -xr!PAT). git add of a secret,
or of a directory holding one that no ignore file names, asks: staging is
how it gets committed and pushed. Denied by default, naming the pattern
and how to allow that one path; a policy can make it ask ("secrets":
{"action": "ask"}). perl -n/-p and ruby -n/-p read the files after their
code. A link made in the same
command leads to its target (ln -s ~/.ssh/id_rsa k; cat k). Uploads of
secrets are the exfiltrate rule's. Programs that print a stored credential
are read as that secret (rewrite/secret_printers.go): gh auth token, git
credential fill, aws configure export-credentials, gcloud auth
print-access-token, az account get-access-token, kubectl config view --raw,
a keychain's or password store's lookup (security find-generic-password -w,
secret-tool lookup, op read, pass NAME, keyring get, bw get password),
docker-credential-* get, gpg --export-secret-keys, aws sts
get-session-token, kubectl get secret X -o yaml, vault read, vault kv get,
sops -d, age -d, doppler secrets get, npm config get //host/:_authToken,
rclone config show/dump, my_print_defaults, and ps e/eww/-E (every
process's environment, as /proc/*/environ holds it).
Programs that print or copy out the files they are given: m4, tsort, a
C compiler's -E (gcc -E -x c .env), dos2unix/unix2dos -n IN OUT and -O;
make -p when its makefile includes a secret (include .env, -include
.env); docker compose config --environment (the .env values interpolation
uses), compose config given --env-file F (the compose file with F's
values) and compose given an --env-file that is no env file (its parser
quotes the text from the bad line on: --env-file ~/.ssh/id_rsa up);
plain compose config with the project's .env or a secret env_file in the
compose file (the resolved file holds their values), and compose run or
exec SVC env (run's --env-from-file, the service's env_file, the .env
values its environment takes); direnv export and direnv exec DIR env
print the environment a secret .envrc (or the .env it loads) sets. A relative name in a directory only known at run time is judged
from the home directory and those above it too (tar -C "$D" -c .ssh), and
a name . finds in a PATH entry only known at run time from every
directory where it could reach a secret (PATH=~/bin:$X . credentials):
both ask.
Files printed or copied through an option or operand: pip install
-r/-c (bad lines quoted), file -f, diff3, git merge-file -p, git
interpret-trailers, basenc, git commit/tag/notes/merge -F (a message
git log prints), php -d auto_prepend_file=FILE.
A shell's own channels: a start-up file it runs and quotes in
errors (BASH_ENV, --rcfile/--init-file, ENV with -i), a history it
loads and lists (history -r/-n FILE, HISTFILE) and readline's
bindings (bind -f FILE, INPUTRC with bash -i); BASH_ENV given to a
program that may start a bash asks.
Programs reading a file an option names: make -f (a .env's lines are
make variables, which -p prints), git config -f (an INI file such as
~/.pypirc is git config: -l prints it), php -s/-w and php FILE (text
outside <?php is printed), groff/nroff, logger -f (into the system
log); docker, podman or nerdctl run --env-file with a command that
prints the environment (env, printenv, sh -c 'env'; sh -c text
expanding a variable asks); a program an env loader gives a file's
variables that prints them (node --env-file=.env -p process.env, dotenv
-e .env -- env, dotenv run -- printenv KEY, honcho run env, pipenv run
env), python-dotenv's dotenv list/get, and in code dotenv_values() with
no path; a static file server of a directory that
is or holds a secret (python -m http.server [-d DIR], python -m
uploadserver [-d DIR], updog [-d DIR], php -S -t DIR, busybox httpd -h
DIR, ruby -run -e httpd [DIR], node's http-server [DIR] and serve [DIR]
run by npx or by name, darkhttpd DIR, miniserve [PATH], sfz [PATH] and
caddy file-server [--root DIR]; the working directory when none is
given; miniserve and sfz leave out hidden files unless -H or -a); and git add of a secret followed by git diff
--cached, which prints it.
In a repository that tracks a secret: a reader fed the names git
ls-files or git ls-tree lists (git ls-files | xargs cat, cat $(git
ls-files)), git push to a URL and git bundle create, which ship the
tracked files. diff of two directories prints a secret both hold (or
either, with -N: diff -rN ~ EMPTY).
A path through another process's /proc directory (/proc/$PPID/cwd/.env,
/proc/1/root/etc/shadow) is judged as the paths it can name.
Setting a credential helper that is no known credential store (git config
credential.helper '!cmd', a program's path, store --file=F, or git -c
credential.helper=…) asks: git hands the helper the user's credentials on
its standard input at the next fetch or push.`,
	// With the Perl, Ruby, PHP and Python interpreters of the language
	// table and credentialPrinterNames (see init in rules.go).
	Commands: []string{"cat", "less", "more", "head", "tail", "bat", "batcat", "xxd", "od", "hexdump", "base64", "base32", "strings", "nl", "tac",
		"grep", "egrep", "fgrep", "rg", "ag", "zgrep", "cp", "install", "mv", "tar", "zip", "rsync", "scp", "source", ".",
		// Text tools print what they read; a program, filter or script
		// comes first for the ones in programFirstReaders.
		"sed", "awk", "gawk", "mawk", "jq", "yq", "sort", "cut", "diff", "cmp", "paste", "rev", "fold", "column",
		"uniq", "comm", "join", "look", "cpp", "sdiff", "iconv", "expand", "unexpand", "pr", "fmt", "zcat", "bzcat", "xzcat", "zless",
		"zmore", "view", "vi", "vim", "nvim", "nano", "emacs", "split", "dd", "git",
		"gzip", "pigz", "bzip2", "pbzip2", "xz", "lzma", "zstd", "lz4", "lzip", "brotli", "openssl", "gpg", "gpg2",
		"env", "printenv", "set", "export", "declare", "typeset", "7z", "7za", "7zr", "7zz", "jar", "dotenv",
		"shuf", "bsdtar", "cpio", "pax", "ar", "sftp", "lftp", "curl", "make", "gmake", "logger", "groff", "nroff", "troff", "busybox", "httpd",
		"docker", "podman", "nerdctl", "docker-compose", "podman-compose", "http-server", "serve", "unzip", "direnv",
		"darkhttpd", "miniserve", "sfz", "updog", "caddy",
		"m4", "gm4", "tsort", "colordiff", "gcc", "cc", "clang", "g++", "c++", "clang++", "dos2unix", "unix2dos", "mac2unix", "unix2mac"},
	Call:     checkSecretRead,
	Redirect: checkSecretRedirect,
	Command:  checkSecretVars,
}

// readerSpecs are the options that take a value, for the commands whose
// operands are all files read.
var readerSpecs = lazy.Value[map[string]optSpec]{New: func() map[string]optSpec {
	return map[string]optSpec{
		"head":    {shortVal: "nc", longVal: longOpts("lines", "bytes"), longEq: true},
		"tail":    {shortVal: "ncs", longVal: longOpts("lines", "bytes", "sleep-interval", "pid", "max-unchanged-stats"), longEq: true},
		"od":      {shortVal: "AjNSt", longVal: longOpts("address-radix", "skip-bytes", "read-bytes", "format"), longEq: true}, // -S/--strings[=N] and -w/--width[=N] take their value attached
		"xxd":     {shortVal: "cglosn", longVal: longOpts("cols", "groupsize", "len", "seek", "name")},
		"hexdump": {shortVal: "enfs", longVal: longOpts("format", "format-file", "length", "skip"), longEq: true},
		"base64":  {shortVal: "w", longVal: longOpts("wrap"), longEq: true},
		"base32":  {shortVal: "w", longVal: longOpts("wrap"), longEq: true},
		"strings": {shortVal: "nteT", longVal: longOpts("bytes", "radix", "encoding", "target", "output-separator"), longEq: true},
		"nl":      {shortVal: "bdfhilnsvw", longVal: longOpts("body-numbering", "section-delimiter", "footer-numbering", "header-numbering", "line-increment", "join-blank-lines", "number-format", "number-separator", "starting-line-number", "number-width"), longEq: true},
		"tac":     {shortVal: "s", longVal: longOpts("separator"), longEq: true},
		"bat":     {shortVal: "lmpHr", longVal: longOpts("language", "map-syntax", "highlight-line", "line-range", "style", "theme", "tabs", "wrap", "terminal-width", "color", "paging", "pager", "decorations"), longEq: true},
		"less":    {shortVal: "bhjkoOpPtTxyz#", longVal: longOpts("log-file", "tag", "pattern", "prompt"), longEq: true},
		"grep": {shortVal: "efmABCdD", longVal: longOpts("regexp", "file", "max-count", "after-context", "before-context", "context", "label", "include", "exclude", "exclude-dir", "exclude-from", "binary-files", "devices", "directories", "group-separator"), longEq: true, abbrev: true,
			// GNU grep takes any unambiguous prefix of a long option
			// (--derefer is --dereference-recursive): its flags are
			// listed so that a prefix resolves among all of them.
			longFlag: longOpts("extended-regexp", "fixed-strings", "basic-regexp", "perl-regexp", "ignore-case", "no-ignore-case", "word-regexp", "line-regexp",
				"null-data", "no-messages", "invert-match", "version", "help", "byte-offset", "line-number", "line-buffered", "with-filename", "no-filename",
				"only-matching", "quiet", "silent", "text", "recursive", "dereference-recursive", "files-with-matches", "files-without-match", "count",
				"initial-tab", "null", "color", "colour", "no-group-separator")},
		"rg":      {shortVal: "efmABCgtTEMj", longVal: longOpts("regexp", "file", "max-count", "after-context", "before-context", "context", "glob", "iglob", "type", "type-not", "encoding", "max-columns", "threads", "sort", "sortr", "color", "colors", "replace", "max-depth", "max-filesize", "ignore-file", "pre", "pre-glob", "path-separator", "type-add", "type-clear", "engine", "dfa-size-limit", "regex-size-limit", "context-separator", "field-context-separator", "field-match-separator", "hostname-bin", "hyperlink-format"), longEq: true},
		"ag":      {shortVal: "ABCGgm", longVal: longOpts("after", "before", "context", "file-search-regex", "max-count", "ignore", "pager", "depth", "path-to-ignore"), longEq: true},
		"tar":     fromCore(syntax.TarOptions),
		"zip":     {shortVal: "bnxitZP", longVal: longOpts("exclude", "include", "temp-path", "suffixes", "password", "compression-method"), longEq: true},
		"cp":      copyOptions("cp"),
		"install": copyOptions("install"),
		"mv":      copyOptions("mv"),
		// The text tools' options that take a value (GNU coreutils,
		// diffutils, util-linux, from their manuals): a word after one is
		// its value, never a file read (sort -o out .env reads .env,
		// sort -o .env x writes it), and an attached value (shuf -n1
		// .env) leaves the next word an operand.
		"sort":  {shortVal: "kotST", longVal: longOpts("key", "output", "field-separator", "buffer-size", "temporary-directory", "parallel", "batch-size", "compress-program", "files0-from", "random-source", "sort"), longEq: true},
		"shuf":  {shortVal: "ino", longVal: longOpts("input-range", "head-count", "output", "random-source"), longEq: true},
		"cut":   {shortVal: "bcdf", longVal: longOpts("bytes", "characters", "delimiter", "fields", "output-delimiter"), longEq: true},
		"uniq":  {shortVal: "fsw", longVal: longOpts("skip-fields", "skip-chars", "check-chars"), longEq: true},
		"paste": {shortVal: "d", longVal: longOpts("delimiters"), longEq: true},
		// join -a FILENUM and -v FILENUM print the unpaired lines of
		// that file (join -a1 .env /dev/null prints all of .env).
		"join": {shortVal: "12ajteov", longEq: true},
		// look [-adf] [-t CHAR] STRING FILE…: the lines of each FILE
		// that start with STRING (look - key, look -f - FILE).
		"look": {shortVal: "t", longVal: longOpts("terminate"), longEq: true},
		// cpp [options] INFILE [OUTFILE] (gcc(1), preprocessor options):
		// the input, its directives run, is printed or written to
		// OUTFILE; -P only drops the line markers. Options are single
		// dash words; these take the next word as their value.
		"cpp": {shortVal: "DUIoxA", longOne: true, longVal: longOpts("include", "imacros", "idirafter", "iprefix", "iwithprefix", "iwithprefixbefore",
			"isysroot", "isystem", "iquote", "imultilib", "MF", "MT", "MQ", "Xpreprocessor", "aux-info", "dumpdir", "dumpbase", "dumpbase-ext")},
		// sdiff prints both files side by side; -o FILE writes the
		// merge.
		"sdiff":    {shortVal: "owI", longVal: longOpts("output", "width", "ignore-matching-lines", "tabsize", "diff-program"), longEq: true},
		"comm":     {longVal: longOpts("output-delimiter"), longEq: true},
		"fold":     {shortVal: "w", longVal: longOpts("width"), longEq: true},
		"fmt":      {shortVal: "pgw", longVal: longOpts("prefix", "goal", "width"), longEq: true},
		"expand":   {shortVal: "t", longVal: longOpts("tabs"), longEq: true},
		"unexpand": {shortVal: "t", longVal: longOpts("tabs"), longEq: true},
		"pr":       {shortVal: "hloNwW", longVal: longOpts("header", "length", "indent", "first-line-number", "width", "page-width", "columns"), longEq: true},
		"column":   {shortVal: "cslonNEHORTWrip", longVal: longOpts("output-width", "separator", "table-columns-limit", "output-separator", "table-name", "table-columns", "table-right", "table-truncate", "table-noextreme", "table-wrap", "table-hide", "table-order", "tree", "tree-id", "tree-parent"), longEq: true},
		"iconv":    {shortVal: "fto", longVal: longOpts("from-code", "to-code", "output"), longEq: true},
		"split":    {shortVal: "abClnt", longVal: longOpts("suffix-length", "bytes", "line-bytes", "lines", "number", "separator", "additional-suffix", "filter"), longEq: true},
		"cmp":      {shortVal: "in", longVal: longOpts("ignore-initial", "bytes"), longEq: true},
		"diff":     {shortVal: "CUIFSXxLD", longVal: longOpts("ignore-matching-lines", "show-function-line", "starting-file", "exclude", "exclude-from", "label", "ifdef", "from-file", "to-file", "width", "tabsize", "horizon-lines", "palette", "old-line-format", "new-line-format", "unchanged-line-format", "line-format", "old-group-format", "new-group-format", "changed-group-format", "unchanged-group-format"), longEq: true},
		"sed":      {shortVal: "efl", shortOpt: "i", longVal: longOpts("expression", "file", "line-length"), longEq: true},
		"awk":      {shortVal: "fvF", longVal: longOpts("file", "assign", "field-separator", "include", "load", "source", "exec"), longEq: true},
		// make -f FILE reads FILE as a makefile (a .env's KEY=value
		// lines are variables, printed by -p or by any recipe or
		// --eval); its operands are targets. logger -f FILE sends each
		// line to the system log, where journalctl shows it (and -s to
		// stderr); its operands are the message. groff and nroff print
		// their files formatted.
		"make":   {shortVal: "CfIoW", longVal: longOpts("file", "makefile", "directory", "include-dir", "old-file", "assume-old", "what-if", "new-file", "assume-new", "eval"), longEq: true},
		"logger": {shortVal: "fnpPtuS", longVal: longOpts("file", "server", "port", "priority", "tag", "socket", "size", "msgid", "sd-id", "sd-param"), longEq: true},
		"groff":  {shortVal: "dfFIKLmMnoPrTwWD", longEq: true},
	}
}}

// valueReads are the options of readers whose value is a file whose
// content the program reads and shows or matches on: grep -f .env takes
// each line of it for a pattern, awk -f prints a line it cannot parse,
// diff --from-file compares, jq --rawfile/--slurpfile bind its text to a
// variable the filter prints.
var valueReads = lazy.Value[map[string][]string]{New: func() map[string][]string {
	return map[string][]string{
		"grep": {"f", "file"},
		"rg":   {"f", "file"},
		"awk":  {"f", "file"},
		"diff": {"from-file", "to-file"},
		// cpp -include FILE puts FILE's text before the input's.
		"cpp":  {"include"},
		"make": {"f", "file", "makefile"},
		// logger --journald=FILE (its value attached) reads journal
		// entries from FILE.
		"logger": {"f", "file", "journald"},
	}
}}

// programsOf returns the interpreter names of the languages ls (perl,
// ruby and their kin), from the language table.
func programsOf(ls ...lang.Lang) []string {
	return lang.ProgramsOf(ls...)
}

func checkSecretRead(p *Pass, c *syntax.Call) {
	if p.checkCredentialPrinter(c) || c.Name != "git" && c.Name != "gpg" && c.Name != "gpg2" && slices.Contains(credentialPrinterNames(), c.Name) {
		return // gh, aws, …: only their printing verbs read a secret
	}
	if c.Name == "git" {
		p.gitSecretRead(c)
		return
	}
	if c.Name == "lftp" {
		p.checkLoopbackLftpReads(c)
		return
	}
	if p.checkFilePrinters(c) {
		return
	}
	switch c.Name {
	case "docker", "podman", "nerdctl":
		if p.containerMountSecret(c) {
			return
		}
	}
	switch c.Name {
	case "env", "printenv", "set", "export", "declare", "typeset":
		if p.direnvExecDump(c) {
			return
		}
		p.checkSecretEnv(c)
		return
	case "curl":
		// curl prints what a file:// URL names (curl file://$HOME/.ssh/
		// id_rsa), and -w @FILE reads its output format from FILE and
		// prints it.
		opts, operands := scan(c.Args, specFor("curl"))
		for u := range curlURLs(c, opts, operands) {
			if path, ok := fileURLPath(u); ok && path != "" && u.Static {
				if p.secretOperand(c, syntax.Arg{Value: path, Raw: u.Raw, Static: true, Start: u.Start, End: u.End}, false, false, nil) {
					return
				}
			}
		}
		for _, o := range find(opts, "w", "write-out") {
			if f, ok := strings.CutPrefix(o.val.Value, "@"); ok && o.val.Static && f != "" && f != "-" {
				if p.secretOperand(c, syntax.Arg{Value: f, Raw: o.val.Raw, Static: true, Start: o.val.Start, End: o.val.End}, false, false, nil) {
					return
				}
			}
		}
		return
	case "7z", "7za", "7zr", "7zz", "jar":
		p.checkArchivers(c)
		return
	case "docker", "podman", "nerdctl", "docker-compose", "podman-compose":
		if cc, ok := syntax.ReadComposeCall(c); ok {
			p.checkCompose(c, cc)
		} else if c.Name != "docker-compose" && c.Name != "podman-compose" {
			p.checkContainerEnvFile(c)
		}
		return
	case "unzip":
		p.checkTarToStdout(c)
		return
	case "direnv":
		p.checkDirenv(c)
		return
	case "busybox", "httpd", "http-server", "serve", "darkhttpd", "miniserve", "sfz", "updog", "caddy":
		p.checkServer(c)
		return
	case "dotenv":
		if p.dotenvPrints(c, c.Args) {
			return
		}
		// dotenv-cli -p NAME prints NAME's value from the files it loads
		// (-e FILE…, else .env).
		printed := false
		var files []syntax.Arg
		for i := 0; i < len(c.Args); i++ {
			switch v := c.Args[i].Value; {
			case v == "--":
				i = len(c.Args)
			case v == "-p" && i+1 < len(c.Args):
				printed = true
				i++
			case v == "-e" && i+1 < len(c.Args):
				files = append(files, c.Args[i+1])
				i++
			}
		}
		if !printed {
			return
		}
		if len(files) == 0 {
			files = []syntax.Arg{{Value: ".env", Raw: ".env", Static: true}}
		}
		for _, f := range files {
			p.secretOperand(c, f, false, false, nil)
		}
		return
	}
	switch lang.ForProgram(c.Name) {
	case lang.Python:
		// python3 -m dotenv list prints the file as the dotenv CLI does;
		// otherwise only its file servers: a script given is the code
		// rules'.
		m, args := pythonModule(c)
		if m == "dotenv" {
			p.dotenvPrints(c, args)
			return
		}
		if p.pythonModuleReads(c, m, args) {
			return
		}
		p.checkServer(c)
		return
	case lang.PHP:
		if !p.checkServer(c) {
			p.checkPHP(c)
		}
		return
	}
	if p.checkServer(c) {
		return // ruby -run -e httpd DIR
	}
	if l := lang.ForProgram(c.Name); l == lang.Perl || l == lang.Ruby {
		// perl -ne/-pe CODE FILE…, ruby -ne 'print' FILE, perl -e
		// 'print <>' FILE: the words after the code are the files the
		// program reads (<>, ARGF): a secret among them is read.
		code, file, _, ok := syntax.InterpreterWords(c)
		if !ok || code < 0 || file >= 0 {
			return
		}
		for _, a := range c.Args[code+1:] {
			if a.Static && !strings.HasPrefix(a.Value, "-") {
				if p.secretOperand(c, a, false, false, nil) {
					return
				}
			}
		}
		return
	}
	name := c.Name
	switch name {
	case "egrep", "fgrep", "zgrep":
		name = "grep"
	case "colordiff":
		name = "diff" // it runs diff with its words and colours the output
	case "batcat":
		name = "bat"
	case "gawk", "mawk":
		name = "awk"
	case "bsdtar":
		name = "tar"
	case "gmake":
		name = "make"
	case "nroff", "troff":
		name = "groff"
	}
	switch name {
	case "sftp":
		p.checkLoopbackSftpGet(c)
		p.checkLoopbackSftpBatchGets(c)
		return
	case "cpio", "pax", "ar":
		p.checkArchiveLists(c, name)
		return
	case "jq":
		p.checkJq(c)
		return
	}
	spec := readerSpecs.Get()[name]
	if name == "rsync" || name == "scp" {
		spec = remoteCopySpec(name)
	}
	opts, operands := scan(c.Args, spec)
	files := operands
	recursive, hidden := false, true
	inPlace := false
	// search is how a search tool reads a directory it is given, for the
	// files on disk under it; nil for the other readers.
	var search *guards.Walk
	for _, o := range opts {
		if slices.Contains(valueReads.Get()[name], o.name) && o.hasVal {
			if p.secretOperand(c, o.val, false, false, nil) {
				return
			}
		}
	}
	if compressors.Get()[name] {
		// gzip -c, xz --stdout, zstd -c: the file's content, compressed,
		// goes to stdout; zstd -o x.zst .env, gzip key.pem: to a copy
		// where -o says or beside it (key.pem.gz, which no secret
		// pattern names): the secret under another name, read as cp
		// reads it. Listing and testing (-l, -t) show sizes only,
		// and decompressing in place (gzip -d .env.gz) gives the secret
		// back its own name.
		opts, files = scan(c.Args, optSpec{shortVal: compressorVals.Get()[name], longEq: true})
		if has(opts, "l", "list", "t", "test") || has(opts, "d", "decompress", "uncompress") && !has(opts, "c", "stdout", "to-stdout") {
			return
		}
		if !has(opts, "c", "stdout", "to-stdout", "o", "output") {
			// In place: FILE.gz beside FILE. A copy whose name is still a
			// secret's (.env.gz, ~/.ssh/id_rsa.gz) exposes nothing, and
			// names only known at run time (find ~ -exec gzip {} ';',
			// log rotation) are not judged.
			inPlace = true
			suffix := compressorSuffix.Get()[name]
			if o := find(opts, "S", "suffix"); len(o) > 0 && name != "zstd" && name != "lzip" {
				suffix = o[len(o)-1].val.Value
			}
			var keep []int
			for _, i := range files {
				a := c.Args[i]
				if a.Static && !a.Glob {
					if _, ok := p.secretOf(c.Dir, sub(a, a.Value+suffix)); ok {
						continue
					}
				}
				keep = append(keep, i)
			}
			files = keep
		}
	}
	switch name {
	case "sed", "awk", "gawk", "mawk", "jq", "yq":
		if name == "sed" && has(opts, "i", "in-place") {
			// Edited in place, not printed: the write guards judge it.
			// But sed writes a new file and renames it over the name, so
			// a hard link of a secret (notes.txt, a second name of
			// sub/.env) becomes a file of its own holding the secret's
			// text under a name no pattern protects: a copy, read as cp
			// reads its source.
			if !has(opts, "e", "f", "expression", "file") && len(files) > 0 {
				files = files[1:]
			}
			for _, i := range files {
				if s, ok := p.secretOf(c.Dir, c.Args[i]); ok && s.LinkOf != "" {
					p.reportSecret(c, s, "sed -i copies (a new file at the hard link's name)")
					return
				}
			}
			return
		}
		// The first operand is the script or filter, unless -e/-f (sed)
		// or -f (awk) gave it.
		if !has(opts, "e", "f", "expression", "file") && len(files) > 0 {
			files = files[1:]
		}
	case "openssl":
		// openssl enc -in .env, openssl rsa -in key.pem: the input is
		// printed (encoded, encrypted, or as it is) unless only a public
		// part or nothing is.
		pub := false
		for _, a := range c.Args {
			pub = pub || a.Value == "-pubout" || a.Value == "-noout"
		}
		for i, a := range c.Args {
			if a.Value == "-in" && i+1 < len(c.Args) && !pub {
				p.secretOperand(c, c.Args[i+1], false, false, nil)
			}
		}
		return
	case "gpg", "gpg2":
		// gpg -e -o - .env, gpg --enarmor .env, gpg -o x --symmetric
		// .env: the file, armored, encrypted or signed, goes to stdout
		// or to a copy that the agent's own passphrase or key opens.
		// Commands that only check or hash a file, or sign it apart
		// (--verify, --print-md, -b), or handle keys, read none.
		var gopts []option
		gopts, files = scan(c.Args, gpgSpec)
		if has(gopts, gpgNoContent...) {
			return
		}
	case "dd":
		// dd if=FILE reads it.
		for _, a := range c.Args {
			if v, ok := strings.CutPrefix(a.Value, "if="); ok {
				p.secretOperand(c, sub(a, v), false, false, nil)
			}
		}
		return
	case "look":
		// The first operand is the string looked for.
		if len(files) > 0 {
			files = files[1:]
		}
	case "diff":
		// diff -r A B prints the secrets under a directory
		// (secret_read_diff.go).
		if p.diffTrees(c, opts, files) {
			return
		}
	case "cpp":
		// A second operand is the output file.
		if len(files) > 1 {
			files = files[:1]
		}
	case "grep", "rg", "ag":
		// The first operand is the pattern, unless -e/-f gave it (ag's
		// -f is --follow).
		patFile := has(opts, "file") || name != "ag" && has(opts, "f")
		if !has(opts, "e", "regexp") && !patFile && len(files) > 0 {
			files = files[1:]
		}
		if name == "rg" {
			// ripgrep's configuration file comes first
			// (secret_read_rgconfig.go), and an ignore file this
			// command writes can whitelist any file.
			opts = append(p.rgConfigOpts(c, opts, spec), opts...)
			if p.writesRgIgnore(c) {
				// Its lines are only known at run time: ask.
				opts = append(opts, option{name: "hidden", long: true}, option{name: "no-ignore", long: true})
				p.askSecret = true
				defer func() { p.askSecret = false }()
			}
		}
		recursive = name != "grep" || has(opts, "r", "R", "recursive", "dereference-recursive", "d")
		// ripgrep and ag skip hidden directories unless told otherwise.
		hidden = name == "grep" || has(opts, "hidden", "u", "unrestricted", ".")
		if recursive {
			search = searchWalk(name, opts)
			if name == "grep" {
				p.grepLeaveOut(c, files, search)
			}
			if len(files) == 0 && !c.ExtraArgs && c.PipeIndex == 0 {
				// grep -r PAT, rg PAT: the working directory.
				p.secretOperand(c, syntax.Arg{Value: ".", Static: true, Raw: "."}, recursive, hidden, search)
				return
			}
		}
	case "tar":
		if !tarCreates(c, opts) {
			p.checkTarToStdout(c)
			return
		}
		// The first word's letters are options too (tar czhf).
		opts, _ = scan(syntax.TarArgs(c.Args), spec)
		if p.tarCreateOperands(c, copyWalk(name, c, opts)) {
			return
		}
		files = nil
		recursive = true
	case "zip", "rsync", "scp", "cp", "install":
		if name == "install" && has(opts, "d", "directory") {
			return // install -d makes directories
		}
		recursive = name != "cp" && name != "install" || name == "cp" && has(opts, "r", "R", "a", "recursive", "archive")
		search = copyWalk(name, c, opts)
		if name == "zip" && len(files) > 0 {
			files = zipOperands(c, files[1:]) // after the archive written
		} else if len(files) > 0 && !copyTargetDir(name, opts) {
			files = files[:len(files)-1] // the destination
		}
	case "mv":
		if len(files) > 0 && !copyTargetDir(name, opts) {
			files = files[:len(files)-1]
		}
		// mv of a symbolic link moves the link, reading nothing
		// through it (delete_link.go).
		kept := files[:0:0]
		for _, f := range files {
			if !p.unlinkedSource(c, c.Args[f]) {
				kept = append(kept, f)
			}
		}
		files = kept
	case "uniq", "split":
		// uniq IN OUT, split FILE PREFIX: the second operand is written.
		if len(files) > 1 {
			files = files[:1]
		}
	case "make", "logger":
		files = nil // targets, or the message's words
		if name == "make" && p.makeIncludesSecret(c, opts) {
			return
		}
	case "shuf":
		// shuf -e WORD…, shuf -i 1-10: the operands are the lines, not
		// files.
		if has(opts, "e", "echo", "i", "input-range") {
			return
		}
	case "source", ".":
		if len(files) > 0 {
			files = files[:1]
		}
		// . id_rsa after PATH=~/.ssh: the file bash finds in PATH, whose
		// lines it prints in its errors (id_rsa: line 2: …: command not
		// found).
		for _, f := range c.ScriptPaths {
			if s, ok := p.secretOf(c.Dir, syntax.Arg{Value: f, Raw: f, Static: true}); ok && !s.Path.InProject {
				if name, ok := strings.CutPrefix(f, syntax.AnyDirPrefix); ok {
					// PATH=~/bin:$X . credentials: X may be ~/.aws.
					p.maybeSecret = true
					s.Path.Abs = name + " (in a PATH entry only known at run time)"
				}
				p.reportSecret(c, s, fmt.Sprintf("%s finds in PATH and reads", c.Name))
				return
			}
		}
	}
	if name == "tar" {
		for _, o := range find(opts, "T", "files-from") {
			if o.val.Static && o.val.Value == "-" {
				// tar -c -T -: the names on stdin (git ls-files | tar
				// -czf - -T -), as cpio -o reads them.
				p.stdinNames(c)
				continue
			}
			if !p.secretOperand(c, o.val, false, false, nil) {
				// tar czf x.tgz -T list: the names in the list, under
				// the -C directory in effect (tar -C ~ -T list).
				p.namesFile(c, o.val, tarDirAt(c, opts, o.idx), false)
			}
		}
	}
	// zip -@ and rsync --files-from=- archive or copy the names on stdin.
	if name == "zip" && has(opts, "@", "names-stdin") {
		p.stdinNames(c)
	}
	if name == "rsync" {
		for _, o := range find(opts, "files-from") {
			if o.val.Static && o.val.Value == "-" {
				p.stdinNames(c)
			} else {
				// rsync --files-from=list / host:: the names in the
				// list, each relative to the source directory.
				var src syntax.Dir
				if len(files) > 0 {
					if a := localOperand(c.Args[files[0]]); a.Static && !strings.Contains(a.Value, ":") {
						src = c.Dir.Join(a.Value)
					}
				}
				p.namesFile(c, o.val, src, true)
			}
		}
		if len(find(opts, "files-from")) > 0 {
			// With --files-from the source directory is where the
			// names start, not a tree rsync reads: only the names go.
			files = nil
		}
	}
	intoVars := readIntoVariables(c)
	for _, i := range files {
		a := c.Args[i]
		if name == "rsync" || name == "scp" {
			// scp localhost:.ssh/id_rsa .: a source on this machine
			// through ssh is the file under ~ (loopback_transfer.go).
			a = localOperand(a)
		}
		if intoVars {
			// export $(cat .env | xargs): the project's own file, whose
			// lines all become assignments, is what source .env is.
			if s, ok := p.secretOf(c.Dir, a); ok && (!s.Path.InProject || !assignableLines(s.Path.Abs, dropsComments(c))) {
				p.reportSecret(c, s, fmt.Sprintf("%s reads", c.Name))
			}
			continue
		}
		if name == "source" || name == "." {
			if s, ok := p.secretOf(c.Dir, a); ok && !s.Path.InProject {
				p.reportSecret(c, s, fmt.Sprintf("%s reads", c.Name))
			}
			continue
		}
		if p.takesLinkAsLink(c, name, opts, a) {
			continue // cp -a sshlink x, zip -y: the link is copied (delete_link.go)
		}
		if !recursive && p.omitsDirectory(c, name, a) {
			continue // cp sshlink x: "omitting directory"
		}
		if p.secretOperand(c, a, recursive, hidden, search) {
			return
		}
	}
	if name == "source" || name == "." || p.Config.Paths == nil || inPlace {
		return
	}
	// find -exec cat {} +, find … | xargs cat, echo .env | xargs head:
	// the operands another program gives at run time.
	for _, in := range c.Inputs {
		// parallel cat ::: .env
		if p.secretOperand(c, in, false, false, nil) {
			return
		}
	}
	if srcs, ok := p.extraSources(c); ok {
		from := "the command before it"
		if fromFind(c) {
			from = "find"
		}
		p.secretSources(c, srcs, from, recursive && !has(opts, "no-recursion"))
	}
}

// compressors are the programs that, given -c or --stdout, write a file's
// content compressed to stdout; compressorVals their short options that
// take a value.
var (
	compressors = lazy.Value[map[string]bool]{New: func() map[string]bool {
		return setOf("gzip", "pigz", "bzip2", "pbzip2", "xz", "lzma", "zstd", "lz4", "lzip", "brotli")
	}}
	// compressorSuffix is the suffix each adds to the name of the copy
	// it writes in place (gzip and pigz take another with -S/--suffix).
	compressorSuffix = lazy.Value[map[string]string]{New: func() map[string]string {
		return map[string]string{"gzip": ".gz", "pigz": ".gz", "bzip2": ".bz2", "pbzip2": ".bz2", "xz": ".xz",
			"lzma": ".lzma", "zstd": ".zst", "lz4": ".lz4", "lzip": ".lz", "brotli": ".br"}
	}}
	compressorVals = lazy.Value[map[string]string]{New: func() map[string]string {
		return map[string]string{"zstd": "oDMT", "lz4": "B", "xz": "MFT", "lzma": "MFT", "pigz": "bpK", "brotli": "oqw", "gzip": "S", "bzip2": "", "pbzip2": "bmp", "lzip": "bmos"}
	}}
)

// grepLeaveOut rewrites a recursive grep of a tree that holds secret
// files by name (a project's .env, server.key) so that it leaves them out
// (--exclude=NAME for each name found on disk), as rg already does for
// hidden and ignored files: the search still runs, and no line of a
// secret (nor, with -l or -c, whether it matches) reaches the agent. The
// names are added to search's exclusions, so the reading that follows
// finds nothing more. An anchored secret (~/.ssh under ~), more than 16
// names, a dynamic operand or a call corral cannot edit are left to that
// reading, which denies.
func (p *Pass) grepLeaveOut(c *syntax.Call, files []int, search *guards.Walk) {
	if search == nil || len(search.Names) > 0 || p.Config.Paths == nil || p.Config.NoGlobMatches || !editable(c) || c.ExtraArgs {
		return
	}
	roots := []syntax.Arg{{Value: ".", Static: true, Raw: "."}}
	if len(files) > 0 {
		roots = roots[:0]
		for _, i := range files {
			roots = append(roots, c.Args[i])
		}
	}
	env := p.guardsEnv(c.Dir)
	secrets := p.Config.Paths.Secrets()
	walk := *search
	walk.Exclude = append([]string{}, search.Exclude...)
	var names []string
	for _, a := range roots {
		if !a.Static || a.Glob {
			return
		}
		if _, ok := p.secretOf(c.Dir, a); ok {
			return // grep -r x .env: the secret itself
		}
		for _, r := range p.readPaths(c.Dir, a) {
			if r.glob {
				return
			}
			if _, ok := secrets.Holds(env, r.path, true); ok {
				return
			}
			for {
				s, ok := secrets.OnDisk(env, r.path, walk)
				if !ok {
					break
				}
				name := path.Base(s.Path.Abs)
				if strings.Contains(s.Pattern, "/") || slices.Contains(names, name) || len(names) == 16 {
					return // an anchored secret, or one exclusion does not remove it
				}
				names = append(names, name)
				walk.Exclude = append(walk.Exclude, name)
			}
		}
	}
	if len(names) == 0 {
		return
	}
	sort.Strings(names)
	var text strings.Builder
	for _, n := range names {
		text.WriteString(" --exclude=" + syntax.Quote(n))
	}
	search.Exclude = walk.Exclude
	p.Report(c, Finding{Rule: "secret-read", Decision: Rewrite, PathContext: "blocked",
		Message: fmt.Sprintf("%s searches a tree that holds secret files (%s)", c.Name, strings.Join(names, ", ")),
		Fix: &Fix{Message: "corral leaves them out of the search (--exclude)",
			Edits: []syntax.Edit{Insert(c, c.NameArg.End, text.String())}}})
}

// searchWalk describes which files a recursive grep, rg or ag reads under
// a directory: grep -r every file but --exclude's, only --include's when
// given; rg and ag skip hidden files and what git ignores unless told
// (rg --hidden, -uu, ag -u, --hidden), and read only -g's globs when
// given. rg -t/--type selects files by language: nil, not searched.
func searchWalk(name string, opts []option) *guards.Walk {
	w := &guards.Walk{Hidden: true}
	switch name {
	case "grep":
		// grep -r follows only the links named on its command line;
		// -R all of them.
		w.SkipLinks = !has(opts, "R", "dereference-recursive")
		for _, o := range find(opts, "include") {
			w.Names = append(w.Names, o.val.Value)
		}
		for _, o := range find(opts, "exclude") {
			w.Exclude = append(w.Exclude, o.val.Value)
		}
	case "rg":
		if has(opts, "t", "type") {
			return nil
		}
		us := 0
		for _, o := range opts {
			if o.name == "u" || o.name == "unrestricted" {
				us++
			}
		}
		w.Hidden = us >= 2 || has(opts, "hidden", ".")
		w.SkipLinks = !has(opts, "L", "follow")
		w.Ignores = us == 0 && !has(opts, "no-ignore", "no-ignore-vcs")
		// ripgrep's .ignore and .rgignore can whitelist hidden and
		// git-ignored files (guards/rgignore.go).
		w.RgIgnores = us == 0 && !has(opts, "no-ignore")
		for _, o := range find(opts, "g", "glob", "iglob") {
			if g, ok := strings.CutPrefix(o.val.Value, "!"); ok {
				w.Exclude = append(w.Exclude, g)
				continue
			}
			// Each alternative of a brace group is a glob of its own
			// (rg -g '{.env,README.md}' is -g .env -g README.md; nested
			// groups too, a bounded count: more is every file).
			alts, ok := guards.ExpandBraces(o.val.Value)
			if !ok {
				alts = []string{"*"}
			}
			for _, g := range alts {
				w.Names = append(w.Names, g)
				// A glob that names hidden files overrides ripgrep's
				// hidden filter: rg -g '*' x ~ reads ~/.ssh/id_rsa.
				w.Hidden = w.Hidden || guards.GlobNamesHidden(g)
			}
		}
	case "ag":
		all := has(opts, "u", "unrestricted", "a", "all-types")
		w.SkipLinks = !has(opts, "f", "follow")
		w.Hidden = all || has(opts, "hidden")
		w.Ignores = !all && !has(opts, "skip-vcs-ignores", "U")
	}
	return w
}

// tarCreates reports whether tar reads files to put in an archive
// (-c/--create, -r, -u, -A) rather than extracting or listing.
// tarCreateOperands judges the inputs of tar c/r/u: each operand is
// resolved against the directory the -C DIR/--directory=DIR options
// before it lead to, in turn from the working directory (GNU tar and
// bsdtar change directory as they meet each -C, so tar -C ~ -cf - .ssh
// archives ~/.ssh, while tar -cf - .ssh -C ~ archives ./.ssh). A -C whose
// directory is known only at run time leaves the operands after it
// relative to an unknown directory, which the path module takes for the
// project (tar -C "$D" -czf a.tgz . is judged as an archive of the
// project, as it was before -C was read).
func (p *Pass) tarCreateOperands(c *syntax.Call, search *guards.Walk) bool {
	args := syntax.TarArgs(c.Args)
	opts, operands := scan(args, specFor("tar"))
	for _, i := range operands {
		dir := c.Dir
		for _, o := range opts {
			if o.idx >= i || o.name != "C" && o.name != "directory" || !o.hasVal {
				continue
			}
			if o.val.Static {
				dir = dir.Join(o.val.Value)
			} else {
				dir = syntax.Dir{}
			}
		}
		cc := c
		if dir != c.Dir {
			moved := *c
			moved.Dir = dir
			cc = &moved
		}
		if p.takesLinkAsLink(cc, "tar", opts, args[i]) {
			continue // tar czf x sshlink archives the link (delete_link.go)
		}
		if p.secretOperand(cc, args[i], true, true, search) {
			return true
		}
	}
	return false
}

func tarCreates(c *syntax.Call, opts []option) bool {
	if has(opts, "c", "create", "r", "append", "u", "update") {
		return true
	}
	// Old-style first word without a dash: "tar czf out.tgz dir".
	if len(c.Args) > 0 && c.Args[0].Static {
		v := c.Args[0].Value
		if len(v) > 0 && v[0] != '-' {
			for _, ch := range v {
				if ch == 'c' || ch == 'r' || ch == 'u' {
					return true
				}
			}
		}
	}
	return false
}

// secretOf judges one word as a path read in dir: every path it can
// name (readPaths) is matched against the secret class.
func (p *Pass) secretOf(dir syntax.Dir, a syntax.Arg) (guards.Secret, bool) {
	if p.Config.Paths == nil {
		return guards.Secret{}, false
	}
	p.maybeSecret = false
	if s, ok := p.secretOfWord(dir, a); ok {
		return s, true
	}
	if probe, ok := procProbe(a); ok {
		// /proc/$PPID/environ, /proc/$pid/task/*/environ, /proc/$P/cwd/.env,
		// /proc/$(pgrep -n node)/root/root/.ssh/id_rsa: some process's
		// environment, root or working directory, whichever it is.
		if s, ok := p.secretOfWord(dir, probe); ok {
			s.Path.Abs = a.Value
			return s, true
		}
	}
	// cat ${x:-~/.ssh/id_rsa}: a value the word takes when its variables
	// are unset or empty; reportSecret then asks.
	for _, r := range maybeArgs(a) {
		if s, ok := p.secretOfWord(dir, r); ok {
			p.maybeSecret = true
			return s, true
		}
	}
	// A directory that is one of a few (if c; then cd ~/.aws; else cd
	// /tmp; fi; cat credentials): a relative name is read in each, and a
	// secret in one of them is a read that may happen.
	if !dir.Known {
		for _, d := range dir.Candidates() {
			if s, ok := p.secretOfWord(syntax.Dir{Path: d, Known: true}, a); ok {
				p.maybeSecret = true
				return s, true
			}
		}
		// A directory only known at run time (tar -C "$D" -c .ssh, cd
		// "$D" && cat .docker/config.json) may be the home directory or
		// one above it: a relative name is also judged from each (the
		// project and the working directory it is already taken for).
		// Not from every anchored secret's own directory, as a path
		// through an unknown process's working directory is: cd "$D" &&
		// cat config.yml is ordinary work, ~/.fly/config.yml no likely D.
		if a.Static && a.Value != "" && !path.IsAbs(a.Value) && !strings.HasPrefix(a.Value, "~") && len(dir.Candidates()) == 0 && p.Config.Home != "" {
			for d := path.Clean(p.Config.Home); ; d = path.Dir(d) {
				if s, ok := p.secretOfWord(syntax.Dir{Path: d, Known: true}, a); ok {
					p.maybeSecret = true // s names the file it is when D is d
					return s, true
				}
				if d == "/" || d == "." {
					break
				}
			}
		}
	}
	return guards.Secret{}, false
}

// procEntry matches a run-time path in a process's /proc directory that
// names its environment, or a file through its root or working
// directory: the process (1) is only known at run time, the rest (4) is
// written out.
var procEntry = lazy.Regexp{Expr: "^/proc/(.+?)/(task/[^/]+/)?(environ|root|cwd)(/[^$`]*)?$"}

// procProbe is the path a run-time word naming a process's entry is
// judged as: the same entry of a process the path module takes for any
// (/proc/0/cwd/.env for /proc/$P/cwd/.env; 0 is no process's id, so it
// is neither the shell's own working directory nor any one process).
func procProbe(a syntax.Arg) (syntax.Arg, bool) {
	if a.Static {
		return a, false
	}
	m := procEntry.Get().FindStringSubmatch(a.Value)
	if m == nil {
		return a, false
	}
	return syntax.Arg{Value: "/proc/0/" + m[3] + m[4], Raw: a.Raw, Static: true}, true
}

// secretOfWord is secretOf of the paths a word names.
func (p *Pass) secretOfWord(dir syntax.Dir, a syntax.Arg) (guards.Secret, bool) {
	secrets := p.Config.Paths.Secrets()
	env := p.guardsEnv(dir)
	for _, r := range p.readPaths(dir, a) {
		if r.glob {
			if s, ok := secrets.MatchGlobOpts(env, r.path, r.flags()); ok {
				return s, true
			}
			if s, ok := p.secretGlobThroughLinks(dir, env, r); ok {
				return s, true
			}
			continue
		}
		if s, ok := secrets.Match(env, r.path); ok {
			return s, true
		}
		// Through a link the same command makes (ln -s ~/.ssh/id_rsa k;
		// cat k), the file read is the link's target. The word does not
		// say which script it is in, so a link made after the read counts
		// too: reading a name the command then links to a secret is no
		// everyday shape.
		abs := guards.Normalize(env, r.path).Abs
		if phys, ok := p.physicalPath(env.Cwd, r.path, math.MaxInt, nil); ok {
			// ln -s ~/.ssh t && cat t/../.aws/credentials: the ".."
			// leaves the link's target.
			if s, ok := secrets.Match(env, phys); ok {
				return s, true
			}
		}
		for _, l := range p.madeLinks() {
			if rest, ok := strings.CutPrefix(abs, l.link); ok && (rest == "" || rest[0] == '/') {
				if s, ok := secrets.Match(env, l.target+rest); ok {
					return s, true
				}
			}
		}
	}
	return guards.Secret{}, false
}

// secretGlobThroughLinks judges a glob read through the links the
// command makes (ln -s ~/.ssh k && cat k/*, ln -s ~/.ssh/id_rsa k && cat
// k*): bash expands the pattern when the reader runs, after the link is
// made, so a pattern that matches the link's name reads its target, and
// the segments after the name are matched in the target. As for a
// literal path through a made link, the order within the command is not
// placed.
func (p *Pass) secretGlobThroughLinks(dir syntax.Dir, env guards.Env, r readPath) (guards.Secret, bool) {
	links := p.madeLinks()
	if len(links) == 0 {
		return guards.Secret{}, false
	}
	abs, ok := p.absPattern(dir, r.path)
	if !ok {
		return guards.Secret{}, false
	}
	secrets := p.Config.Paths.Secrets()
	for _, l := range links {
		if l.unknown || l.target == "" {
			continue
		}
		rest, ok := linkGlobRest(abs, l.link, r.opts, false)
		if !ok {
			continue
		}
		if syntax.GlobMeta(rest) < 0 {
			if s, ok := secrets.Match(env, l.target+rest); ok {
				return s, true
			}
			continue
		}
		tp := globEscape(l.target) + rest
		if s, ok := secrets.MatchGlobOpts(env, tp, r.flags()); ok {
			return s, true
		}
		if p.Config.NoGlobMatches {
			continue
		}
		for _, m := range syntax.GlobFiles(tp, r.opts) {
			if s, ok := secrets.Match(env, m); ok {
				return s, true
			}
		}
	}
	return guards.Secret{}, false
}

// absPattern makes the glob pattern pat absolute as bash expands it in
// dir: ~/ is the home directory, a relative pattern is under dir (the
// project when dir is only known at run time); the fixed parts are
// escaped. ok is false when there is no directory to take it from.
func (p *Pass) absPattern(dir syntax.Dir, pat string) (string, bool) {
	if strings.HasPrefix(pat, "~/") && p.Config.Home != "" {
		pat = globEscape(p.Config.Home) + pat[1:]
	}
	if strings.HasPrefix(pat, "/") {
		return pat, true
	}
	base := dir.Path
	if !dir.Known || base == "" {
		base = p.Config.Project
	}
	if base == "" {
		return "", false
	}
	return globEscape(base) + "/" + pat, true
}

// readPath is one path a word can name: a literal path, or a glob
// pattern (bash's, quoted characters escaped).
type readPath struct {
	path string
	glob bool
	// opts are the shell options in force for the pattern (dotglob,
	// nocaseglob) when glob.
	opts syntax.GlobOpts
}

// flags returns the options of a pattern as the guards take them.
func (r readPath) flags() guards.GlobFlags {
	return guards.GlobFlags{Dot: r.opts.Has(syntax.GlobDot), NoCase: r.opts.Has(syntax.GlobNoCase)}
}

// readPaths lists the paths a read operand can name, the way bash
// expands it: a static word is itself (brace expansion already made one
// word per value); a glob is its pattern and, unless the engine is told
// not to look, the files it matches on disk now (as the write guards
// match theirs); a word built by command substitutions whose output the
// text shows (less $(echo .env), cat .env$(true)) is each field it gives.
// A word only known at run time ($(ls *.go), "$f") names nothing: a read
// of it is not judged.
func (p *Pass) readPaths(dir syntax.Dir, a syntax.Arg) []readPath {
	if oneOf(a) {
		var out []readPath
		for _, r := range candidateArgs(a) {
			out = append(out, p.readPaths(dir, r)...)
		}
		return out
	}
	if !a.Static {
		fields, ok := syntax.SubstFields(a)
		if !ok {
			return nil
		}
		var out []readPath
		for _, f := range fields {
			out = append(out, p.readPaths(dir, f)...)
		}
		return out
	}
	if a.Value == "" {
		return nil
	}
	pat := a.Pattern()
	if pat == "" {
		pat = a.Value
	}
	if !a.Glob || syntax.GlobMeta(pat) < 0 {
		// GlobMeta: also extglob's @( +( !( (cat @(.env|README.md)).
		return []readPath{{path: a.Value}}
	}
	out := []readPath{{path: pat, glob: true, opts: a.GlobOpts}}
	return append(out, p.globOnDisk(dir, pat, a)...)
}

// globOnDisk returns the files a glob matches when the hook runs (at most
// maxGlobMatches), as bash's pathname expansion finds them under the
// shell options in force where a is expanded (syntax.GlobFiles: without
// dotglob a name with a leading dot only when the pattern's segment
// starts with one), less the names GLOBIGNORE removes.
func (p *Pass) globOnDisk(dir syntax.Dir, pat string, a syntax.Arg) []readPath {
	o := a.GlobOpts
	if p.Config.NoGlobMatches {
		return nil
	}
	abs, ok := p.absPattern(dir, pat)
	if !ok {
		return nil
	}
	var out []readPath
	for _, m := range syntax.GlobFiles(abs, o) {
		if len(out) == maxGlobMatches {
			break
		}
		if dir.Known && a.IgnoresMatch(m, dir.Path) {
			continue // GLOBIGNORE removes it from the expansion
		}
		out = append(out, readPath{path: m})
	}
	return out
}

// secretOperand judges one operand of reader c and reports whether it
// found a secret: every path the word can name, each value an enclosing
// for loop gives it (for f in ~/.ssh/*; do cat "$f"; done), the paths a
// command substitution of find or ls prints (cat $(find . -name .env));
// for a recursive reader also an anchored secret under a directory and,
// for a search tool (search not nil) when the engine may look at disk,
// a secret file under it now.
func (p *Pass) secretOperand(c *syntax.Call, a syntax.Arg, recursive, hidden bool, search *guards.Walk) bool {
	if vals, ok := syntax.LoopValues(c, a, p.Config.Home); ok {
		for _, v := range vals {
			if p.secretOperand(c, v, recursive, hidden, search) {
				return true
			}
		}
		return false
	}
	// The paths a producer in a command substitution prints (find, ls)
	// first: what they select is certain, where the candidates a
	// substitution's text names are only possible (substmentions.go).
	if p.Config.Paths != nil && !a.Static {
		if srcs, ok := p.substSources(c, a); ok && p.secretSources(c, srcs, "a command substitution", recursive) {
			return true
		}
		// ls | while read f; do cat "$f"; done, for f in $(git
		// ls-files): a loop over a listing (secret_read_loops.go).
		if srcs, ok := p.loopSources(c, a); ok && p.secretSources(c, srcs, "a loop over a listing", recursive) {
			return true
		}
	}
	if s, ok := p.secretOf(c.Dir, a); ok {
		p.reportSecret(c, s, fmt.Sprintf("%s reads", c.Name))
		return true
	}
	if p.Config.Paths == nil {
		return false
	}
	if !recursive {
		return false
	}
	env := p.guardsEnv(c.Dir)
	for _, r := range p.readPaths(c.Dir, a) {
		if r.glob {
			continue
		}
		if search != nil && len(search.Names) > 0 {
			// grep -r --include='*.py', rg -g '*.go': only files of those
			// names are read, judged as find DIR -name … reading them is.
			if s, ok := p.secretTree(c, r.path, *search); ok {
				p.reportSecret(c, s, fmt.Sprintf("%s reads", c.Name))
				return true
			}
			continue
		}
		if s, ok := p.Config.Paths.Secrets().Holds(env, r.path, hidden); ok {
			p.reportSecret(c, s, fmt.Sprintf("%s reads everything under", c.Name))
			return true
		}
		if search == nil || p.Config.NoGlobMatches {
			continue
		}
		if s, ok := p.Config.Paths.Secrets().OnDisk(env, r.path, *search); ok {
			p.reportSecret(c, s, fmt.Sprintf("%s reads everything under %s, which holds", c.Name, r.path))
			return true
		}
	}
	return false
}

func (p *Pass) reportSecret(c *syntax.Call, s guards.Secret, verb string) {
	d := Deny
	if p.Config.Paths.Secrets().Verdict == guards.Ask || p.maybeSecret || p.askSecret {
		d = Ask
	}
	p.maybeSecret = false
	p.Report(c, Finding{Rule: "secret-read", Decision: d, Message: s.Reason(verb), PathContext: "blocked"})
}

// guardsEnv is the path module's view of a call running in dir.
func (p *Pass) guardsEnv(dir syntax.Dir) guards.Env {
	cfg := p.Config
	env := guards.Env{Project: cfg.Project, Cwd: dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	if !dir.Known {
		env.Cwd = cfg.Project
	}
	return env
}

func checkSecretRedirect(p *Pass, r syntax.Redirect) {
	if r.Op != "<" && r.Op != "<>" || p.Config.Paths == nil {
		return
	}
	s, ok := p.secretOf(r.Dir, r.Target)
	if !ok {
		return
	}
	d := Deny
	if p.Config.Paths.Secrets().Verdict == guards.Ask {
		d = Ask
	}
	f := Finding{Rule: "secret-read", Decision: d, Message: s.Reason("a redirection reads"), PathContext: "blocked", Text: r.Target.Raw}
	f.Start, f.End = topSpanOf(r.Script, r.Target.Start, r.Target.End)
	p.Report(nil, f)
}

// copyWalk describes which files an archiver or a recursive copy takes
// from a directory it is given, for the secrets on disk under it: tar
// (creating), zip -r, cp -r/-a, rsync -r/-a and scp -r take every file,
// hidden ones included, except those their own exclusion options name
// (tar --exclude, zip -x/--exclude, rsync --exclude and --filter '- P').
// nil when it does not descend (zip, cp or rsync without recursion, tar
// --no-recursion) or when a list of exclusions is read from a file
// (--exclude-from, -X): what that file names is not known here.
func copyWalk(name string, c *syntax.Call, opts []option) *guards.Walk {
	w := &guards.Walk{Hidden: true}
	var excludes []string
	switch name {
	case "tar":
		if has(opts, "no-recursion", "X", "exclude-from") {
			return nil
		}
		w.SkipLinks = !has(opts, "h", "dereference") // archived as links
		for _, o := range find(opts, "exclude") {
			excludes = append(excludes, o.val.Value)
		}
	case "cp":
		if !has(opts, "r", "R", "a", "recursive", "archive") {
			return nil
		}
		w.SkipLinks = !has(opts, "L", "dereference") // copied as links
	case "scp":
		if !has(opts, "r") {
			return nil
		}
	case "rsync":
		if !has(opts, "r", "a", "recursive", "archive") || has(opts, "exclude-from", "include-from", "files-from", "include", "F") {
			return nil
		}
		// Copied as links (-l, -a) or skipped, unless made copies.
		w.SkipLinks = !has(opts, "L", "copy-links", "copy-unsafe-links", "k", "copy-dirlinks")
		for _, o := range find(opts, "exclude") {
			excludes = append(excludes, o.val.Value)
		}
		for _, o := range find(opts, "f", "filter") {
			rule := o.val.Value
			for _, pre := range []string{"- ", "-,", "exclude ", "hide "} {
				if v, ok := strings.CutPrefix(rule, pre); ok {
					excludes = append(excludes, strings.TrimSpace(v))
				}
			}
		}
	case "zip":
		if !has(opts, "r", "R", "recurse-paths") {
			return nil
		}
		w.SkipLinks = has(opts, "y", "symlinks") // zip follows links unless -y
		xs, is, fromFile := zipPatterns(c)
		if fromFile {
			return nil
		}
		for _, i := range xs {
			excludes = append(excludes, c.Args[i].Value)
		}
		for _, i := range is {
			w.Names = append(w.Names, baseGlob(c.Args[i].Value))
		}
	}
	for _, x := range excludes {
		if x = baseGlob(x); x != "" {
			w.Exclude = append(w.Exclude, x)
		}
	}
	return w
}

// baseGlob is the last segment of an archiver's pattern, which the walk
// matches against a file's name wherever it is: tar and rsync match a
// pattern without a slash against every name, and zip's * crosses
// directories, so "*.env" and "*/.env" name every .env.
func baseGlob(x string) string {
	x = strings.TrimSuffix(x, "/")
	if i := strings.LastIndex(x, "/"); i >= 0 {
		x = x[i+1:]
	}
	return x
}

// zipPatterns returns the indexes in c.Args of zip's exclusion and
// inclusion patterns: -x/--exclude and -i/--include take every word after
// them up to the next option. fromFile reports a list read from a file
// (-x@file).
func zipPatterns(c *syntax.Call) (excl, incl []int, fromFile bool) {
	for i := 0; i < len(c.Args); i++ {
		v := c.Args[i].Value
		if v != "-x" && v != "--exclude" && v != "-i" && v != "--include" {
			continue
		}
		j := i + 1
		for ; j < len(c.Args) && !strings.HasPrefix(c.Args[j].Value, "-"); j++ {
			if strings.HasPrefix(c.Args[j].Value, "@") {
				fromFile = true
			}
			if v == "-x" || v == "--exclude" {
				excl = append(excl, j)
			} else {
				incl = append(incl, j)
			}
		}
		i = j - 1
	}
	return excl, incl, fromFile
}

// zipOperands drops from zip's operands the patterns that follow -x/-i
// (scan takes only the first word as the option's value).
func zipOperands(c *syntax.Call, files []int) []int {
	skip := map[int]bool{}
	for i := 0; i < len(c.Args); i++ {
		v := c.Args[i].Value
		if v != "-x" && v != "--exclude" && v != "-i" && v != "--include" {
			continue
		}
		for j := i + 1; j < len(c.Args) && !strings.HasPrefix(c.Args[j].Value, "-"); j++ {
			skip[j] = true
		}
	}
	var out []int
	for _, i := range files {
		if !skip[i] {
			out = append(out, i)
		}
	}
	return out
}
