package syntax

import (
	"bufio"
	"io"
	"os"
	"path"
	"strings"
)

// GitFetchOptions are the options of git fetch and git pull that take a
// value (git-fetch(1), git-pull(1)); those whose value is optional take
// it only after "=" and are flags here.
var GitFetchOptions = OptSpec{ShortVal: "ojsXS", LongEq: true, LongVal: []string{"depth", "deepen", "shallow-since",
	"shallow-exclude", "refmap", "server-option", "upload-pack", "jobs", "negotiation-tip", "filter",
	"submodule-prefix", "recurse-submodules-default", "strategy", "strategy-option", "cleanup"}}

// GitTreeVerb reports whether git subcommand v writes the commits its
// revision arguments name into the work tree or the index (checking out,
// merging, rebasing onto, resetting to, cherry-picking, restoring from
// them).
func GitTreeVerb(v string) bool {
	switch v {
	case "checkout", "switch", "merge", "rebase", "reset", "cherry-pick", "restore", "read-tree", "worktree", "revert", "stash":
		return true
	}
	return false
}

// GitForeignURL reports whether a repository argument of git fetch or
// pull names a place off this machine: a URL with a scheme other than
// file://, git's scp-like [user@]host:path (a colon before any slash), or
// a transport helper (ext::, fd::).
func GitForeignURL(v string) bool {
	if scheme, _, ok := strings.Cut(v, "://"); ok {
		return scheme != "file"
	}
	if strings.Contains(v, "::") {
		return true
	}
	colon := strings.IndexByte(v, ':')
	slash := strings.IndexByte(v, '/')
	return colon > 1 && (slash < 0 || colon < slash)
}

// RevisionRefs returns the ref names a revision argument is built from,
// as written: FETCH_HEAD~2 and FETCH_HEAD^{tree} are FETCH_HEAD,
// a..b and a...b are a and b, x:path is x, and an option's value after
// "=" (--source=x, --onto=x) is read the same way; another option gives
// none.
func RevisionRefs(v string) []string {
	if strings.HasPrefix(v, "-") {
		_, val, ok := strings.Cut(v, "=")
		if !ok {
			return nil
		}
		v = val
	}
	var out []string
	for _, part := range strings.Split(strings.ReplaceAll(v, "...", ".."), "..") {
		if i := strings.IndexAny(part, "~^@:"); i >= 0 {
			part = part[:i]
		}
		if part = strings.TrimPrefix(part, "+"); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// maxFetchRecord bounds what is read of FETCH_HEAD and of a reflog.
const maxFetchRecord = 64 << 10

// fetchedFrom finds, for a git call that puts commits into the work tree
// (GitTreeVerb), whether a revision it names holds commits an earlier
// command fetched from a foreign repository that is not one of the
// repository's configured remotes, as the repository on disk records it:
// FETCH_HEAD lists what the last fetch brought and from where ("… of
// URL"), and the reflog of a ref a fetch stored into (git fetch URL
// main:refs/heads/x) says "fetch … URL …: storing head". It returns that
// repository as recorded, or "". Files are read only when the walker
// reads files, each at most maxFetchRecord bytes from its end.
func (w *walker) fetchedFrom(sub string, rest []Arg, repo gitRepoAt) string {
	if w.read == nil || repo.dir == "" || !GitTreeVerb(sub) {
		return ""
	}
	var remotes map[string]string // configured remote name -> URL
	configured := func() map[string]string {
		if remotes == nil {
			remotes = map[string]string{}
			for _, kv := range configSettings(repo.config) {
				key, val, _ := strings.Cut(kv, "=")
				if name, ok := RemoteURLKey(key); ok {
					remotes[name] = val
				}
			}
		}
		return remotes
	}
	common := path.Dir(repo.config)
	fetchHead := path.Join(repo.dir, "FETCH_HEAD")
	for _, a := range rest {
		if !a.Static {
			// A revision only run time knows ("$(cut -f1
			// .git/FETCH_HEAD)") may be what the fetch brought.
			if u, _ := foreignFetchHead(fetchHead, configured()); u != "" && !strings.HasPrefix(a.Raw, "-") {
				return u
			}
			continue
		}
		for _, ref := range RevisionRefs(a.Value) {
			if ref == "FETCH_HEAD" || isHexPrefix(ref) {
				// FETCH_HEAD, or a commit of it named by its hash.
				if u, shas := foreignFetchHead(fetchHead, configured()); u != "" && (ref == "FETCH_HEAD" || hashOf(ref, shas)) {
					return u
				}
				if ref == "FETCH_HEAD" {
					continue
				}
			}
			for _, log := range reflogFiles(ref) {
				for _, d := range []string{repo.dir, common} {
					if u := foreignReflog(path.Join(d, "logs", log), configured()); u != "" {
						return u
					}
				}
			}
		}
	}
	return ""
}

// RemoteURLKey reports whether config key k is remote.NAME.url (section
// and key without case, as git reads them), and NAME.
func RemoteURLKey(k string) (string, bool) {
	i, j := strings.IndexByte(k, '.'), strings.LastIndexByte(k, '.')
	if i < 0 || j <= i || !strings.EqualFold(k[:i], "remote") || !strings.EqualFold(k[j+1:], "url") {
		return "", false
	}
	return k[i+1 : j], true
}

// reflogFiles are the reflogs, relative to logs/, that a short or full
// ref name may be kept in (gitrevisions(7): refs/NAME, refs/heads/NAME,
// refs/remotes/NAME, …); none for a name that could leave logs/.
func reflogFiles(ref string) []string {
	if strings.Contains(ref, "..") || strings.HasPrefix(ref, "/") || ref == "HEAD" || ref == "ORIG_HEAD" {
		return nil
	}
	if strings.HasPrefix(ref, "refs/") {
		return []string{ref}
	}
	return []string{"refs/" + ref, "refs/heads/" + ref, "refs/remotes/" + ref}
}

// tailLines reads the last maxFetchRecord bytes of a regular file as
// lines (the first, maybe cut, dropped when the file was longer).
func tailLines(file string) []string {
	f, err := os.Open(file)
	if err != nil {
		return nil
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	cut := fi.Size() > maxFetchRecord
	if cut {
		if _, err := f.Seek(-maxFetchRecord, io.SeekEnd); err != nil {
			return nil
		}
	}
	var lines []string
	sc := bufio.NewScanner(io.LimitReader(f, maxFetchRecord))
	sc.Buffer(make([]byte, 0, 4096), maxFetchRecord)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if cut && len(lines) > 0 {
		lines = lines[1:]
	}
	return lines
}

// isConfigured reports whether repository r, as a fetch names or records
// it, is a configured remote: its name, or the URL one is configured with.
func isConfigured(r string, remotes map[string]string) bool {
	if _, ok := remotes[r]; ok {
		return true
	}
	for _, u := range remotes {
		if strings.TrimSuffix(u, "/") == strings.TrimSuffix(r, "/") {
			return true
		}
	}
	return false
}

// foreignFetchHead reads a FETCH_HEAD file: each line is
// "SHA<TAB>[not-for-merge]<TAB>DESCRIPTION", the description "branch
// 'main' of URL" or the URL alone. It returns the first foreign URL that
// is not a configured remote's, and the commits fetched from such URLs.
func foreignFetchHead(file string, remotes map[string]string) (url string, shas []string) {
	for _, line := range tailLines(file) {
		f := strings.SplitN(line, "\t", 3)
		if len(f) < 3 {
			continue
		}
		u := f[2]
		if i := strings.LastIndex(u, " of "); i >= 0 {
			u = u[i+len(" of "):]
		}
		u = strings.TrimSpace(u)
		if GitForeignURL(u) && !isConfigured(u, remotes) {
			if url == "" {
				url = u
			}
			shas = append(shas, f[0])
		}
	}
	return url, shas
}

// isHexPrefix reports whether v may be an abbreviated commit hash: 7 to
// 40 hexadecimal digits.
func isHexPrefix(v string) bool {
	if len(v) < 7 || len(v) > 40 {
		return false
	}
	for _, r := range v {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F') {
			return false
		}
	}
	return true
}

// hashOf reports whether abbreviated hash v names one of shas.
func hashOf(v string, shas []string) bool {
	for _, s := range shas {
		if strings.HasPrefix(s, strings.ToLower(v)) {
			return true
		}
	}
	return false
}

// foreignReflog reads a reflog ("OLD NEW IDENT TIME ZONE<TAB>MESSAGE"
// lines) for an update by git fetch from a foreign repository that is
// not a configured remote: git records the fetch's own words, "fetch
// [OPTIONS] REPOSITORY [REFSPEC…]: storing head".
func foreignReflog(file string, remotes map[string]string) string {
	for _, line := range tailLines(file) {
		_, msg, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		msg, ok = strings.CutPrefix(msg, "fetch ")
		if !ok {
			continue
		}
		if i := strings.LastIndex(msg, ": "); i >= 0 {
			msg = msg[:i]
		}
		words := strings.Fields(msg)
		args := make([]Arg, len(words))
		for i, wd := range words {
			args[i] = Arg{Value: wd, Static: true}
		}
		_, ops := ScanOptions(args, GitFetchOptions)
		if len(ops) == 0 {
			continue
		}
		r := words[ops[0]]
		if GitForeignURL(r) && !isConfigured(r, remotes) {
			return r
		}
	}
	return ""
}
