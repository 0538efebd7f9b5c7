package syntax

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/corral-dev/corral/internal/bounded"
)

// Local packages installed by npm, yarn, pnpm and bun (red team 16 NP1).
//
// npm install SPEC installs a package from this machine whenever
// npm-package-arg takes SPEC for a file spec, whatever its spelling:
// file:P, a path (/x, ./x, ../x, ~/x, .x), a name with two or more
// slashes (a/b/c, a/b/), a name ending in .tgz, .tar.gz or .tar, and the
// same after NAME@ (x@./pkg, x@file:../y). A directory is linked and its
// preinstall, install, postinstall and prepare scripts run there; a
// tarball is extracted into node_modules/NAME and its preinstall,
// install and postinstall scripts run there (npm 11, checked with the
// real npm). So the package's package.json is read: a directory's from
// disk, a tarball's from the archive (gzip or plain tar, the member
// whose path without its first component is package.json, bounded as
// the extraction reader is); an archive that cannot be read, or whose
// package.json is binary or too large, asks. yarn add, pnpm add and bun
// add (also install/i with a package, global add) take the same specs.

// npmLocalSpec reports the path a package spec of the command line (npm
// install ARG) names when npm-package-arg (npa) takes it for a local
// package, and whether it is a tarball; the path is relative to the
// current directory unless it is absolute.
func npmLocalSpec(arg, home string) (p string, tarball, ok bool) {
	nameEnd := -1
	if len(arg) > 1 {
		if k := strings.IndexByte(arg[1:], '@'); k >= 0 {
			nameEnd = k + 1
		}
	}
	namePart := arg
	if nameEnd > 0 {
		namePart = arg[:nameEnd]
	}
	spec := arg
	switch {
	case npaIsURL(arg):
	case npaIsGit(arg):
		return "", false, false
	case !strings.HasPrefix(namePart, "@") && (strings.Contains(namePart, "/") || npaIsFileType(namePart)):
	case nameEnd > 0:
		spec = arg[nameEnd+1:]
	}
	return npmLocalDep(spec, home)
}

// npmLocalDep is npmLocalSpec for the spec of a named dependency (the
// value of a package.json dependency, or what follows NAME@): npa's
// resolve and fromFile on POSIX.
func npmLocalDep(spec, home string) (p string, tarball, ok bool) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return "", false, false
	}
	if !npaIsFileSpec(spec) {
		if npaIsHostedShortcut(spec) || npaIsURL(spec) {
			return "", false, false
		}
		if !strings.Contains(spec, "/") && !npaIsFileType(spec) {
			return "", false, false // a registry name
		}
	}
	tarball = npaIsFileType(spec)
	// fromFile: only a lower-case file: is a URL (FILE:/x is the relative
	// path FILE:/x); file://host/x is /host/x; file:/../x is ../x.
	p = spec
	if rest, isURL := strings.CutPrefix(spec, "file:"); isURL {
		p = rest
		if p == "" {
			p = "." // file: alone is the current directory
		}
	}
	if len(p) > 2 && strings.HasPrefix(p, "//") && p[2] != '/' {
		p = p[1:]
	}
	if trim := strings.TrimLeft(p, "/"); len(p)-len(trim) >= 1 && len(p)-len(trim) <= 3 &&
		(trim == "." || trim == ".." || strings.HasPrefix(trim, "./") || strings.HasPrefix(trim, "../")) {
		p = trim
	}
	// ~ at the head of the URL's path is the home directory.
	specPath := p
	if strings.HasPrefix(specPath, "//") {
		specPath = specPath[2:]
	}
	specPath = path.Clean("/" + specPath)
	if specPath == "/~" || strings.HasPrefix(specPath, "/~/") {
		if home == "" {
			return "", false, false
		}
		return filepath.Join(home, specPath[2:]), tarball, true
	}
	if strings.HasPrefix(p, "/") {
		return path.Clean(p), tarball, true
	}
	return p, tarball, true
}

// npaIsURL is npa's isURL: /^(?:git[+])?[a-z]+:/i.
func npaIsURL(s string) bool {
	if len(s) >= 4 && strings.EqualFold(s[:4], "git+") {
		s = s[4:]
	}
	i := 0
	for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
		i++
	}
	return i > 0 && i < len(s) && s[i] == ':'
}

// npaIsGit is npa's isGit: /^[^@]+@[^:.]+\.[^:]+:.+$/i (user@host.x:path).
func npaIsGit(s string) bool {
	at := strings.IndexByte(s, '@')
	if at <= 0 {
		return false
	}
	rest := s[at+1:]
	colon := strings.IndexByte(rest, ':')
	if colon <= 0 || colon == len(rest)-1 {
		return false
	}
	host := rest[:colon]
	dot := strings.IndexByte(host, '.')
	return dot > 0 && dot < len(host)-1
}

// npaIsFileType is npa's isFileType: /[.](?:tgz|tar\.gz|tar)$/i.
func npaIsFileType(s string) bool {
	l := strings.ToLower(s)
	return strings.HasSuffix(l, ".tgz") || strings.HasSuffix(l, ".tar.gz") || strings.HasSuffix(l, ".tar")
}

// npaIsFileSpec is npa's isFileSpec on POSIX: file:, or
// /^(?:[.]|~[/]|[/]|[a-zA-Z]:)/.
func npaIsFileSpec(s string) bool {
	if len(s) >= 5 && strings.EqualFold(s[:5], "file:") {
		return true
	}
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "~/") || strings.HasPrefix(s, "/") {
		return true
	}
	return len(s) >= 2 && s[1] == ':' && (s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z')
}

// npaIsHostedShortcut reports a GitHub shortcut hosted-git-info takes
// before npa looks for a folder: user/repo (one slash, not at the end),
// with an optional #committish.
func npaIsHostedShortcut(s string) bool {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	i := strings.IndexByte(s, '/')
	return i > 0 && i < len(s)-1 && strings.Count(s, "/") == 1 && !strings.Contains(s, ":")
}

// npmTarballScripts are the scripts npm runs of a package installed from
// a tarball (prepare is a directory's, not a tarball's: npm 11).
var npmTarballScripts = []string{"preinstall", "install", "postinstall"}

// localPackageSpecs runs the install scripts of each local package among
// specs (the operands of npm install, yarn add, pnpm add, bun add), as
// the package manager named tool installs it: a directory's
// (dirScripts) in that directory, with its own local dependencies; a
// tarball's from the archive.
func (w *walker) localPackageSpecs(c scope, call *Call, specs, dirScripts []string, tool string, deps bool) {
	for _, spec := range specs {
		if strings.HasPrefix(spec, "-") {
			continue // an option
		}
		p, tarball, ok := npmLocalSpec(spec, w.home)
		if !ok {
			continue
		}
		d := call.Dir.Join(p)
		if !d.Known {
			continue
		}
		if tarball {
			w.tarballScripts(c, call, d, tool+" "+spec)
			continue
		}
		w.ownScripts(c, call, d, dirScripts, tool+" "+spec)
		if deps {
			// Installed, its own local dependencies are installed too.
			w.fileDepScripts(c, call, d, tool, map[string]bool{d.Path: true})
		}
	}
}

// tarballScripts runs the install scripts of the package in the tarball
// at tgz, which call installs (label names the install): the archive's
// package.json is read, and its other members are recorded as written
// into node_modules/NAME, where the scripts run. An archive this command
// made, or that cannot be read, asks. It returns the directory the
// package was recorded as installed in and its package.json text, with ok
// false when no package was recorded there (unread, no package.json, a
// name npm would not install under node_modules).
func (w *walker) tarballScripts(c scope, call *Call, tgz Dir, label string) (inst Dir, manifestText string, ok bool) {
	if w.read == nil {
		return Dir{}, "", false
	}
	unread := func(why string) {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: tgz.Path,
			What: label + " runs the lifecycle scripts of a package archive " + why})
	}
	if _, wrote := w.written[tgz.Path]; wrote || w.opaque[tgz.Path] {
		unread("this command writes")
		return Dir{}, "", false
	}
	fi, err := os.Stat(tgz.Path)
	if err != nil {
		w.noteAbsentRead(tgz.Path)
		return Dir{}, "", false // npm fails: no such file
	}
	// Recorded as read (an approval is bound to the archive as it is).
	w.read(tgz.Path)
	if !fi.Mode().IsRegular() {
		unread("that is not a regular file")
		return Dir{}, "", false
	}
	pkg, err := readPackageTarball(tgz.Path)
	if err != nil {
		unread("corral cannot read (" + err.Error() + ")")
		return Dir{}, "", false
	}
	if !pkg.found {
		return Dir{}, "", false // no package.json: npm installs nothing
	}
	var manifest struct {
		Name    string                     `json:"name"`
		Scripts map[string]json.RawMessage `json:"scripts"`
	}
	if json.Unmarshal([]byte(pkg.manifest), &manifest) != nil {
		unread("whose package.json corral cannot parse")
		return Dir{}, "", false
	}
	root := call.Dir
	if at, _, found := w.findUp(call.Dir, "package.json"); found {
		root = Dir{Path: filepath.Dir(at), Known: true}
	}
	inst = root.Join("node_modules")
	if n := manifest.Name; n != "" && !strings.Contains(n, "..") && !strings.HasPrefix(n, "/") && strings.Count(n, "/") <= 1 {
		inst = inst.Join(n)
		ok = true
		for _, m := range pkg.texts {
			w.setWritten(inst.Join(m.name).Path, m.text)
		}
		for _, m := range pkg.unread {
			w.setOpaque(inst.Join(m).Path)
		}
	}
	inner, env := w.packageScriptCall(call, inst)
	for _, n := range npmTarballScripts {
		raw, ok := manifest.Scripts[n]
		if !ok {
			continue
		}
		var s string
		if json.Unmarshal(raw, &s) != nil {
			continue
		}
		w.origin = w.projectRel(tgz.Path) + ": package/package.json scripts." + n + " (" + label + ")"
		w.childIn(c, inner, s, nil, "package script", false, env, inst)
		w.origin = ""
	}
	return inst, pkg.manifest, ok
}

// packageTarball is what readPackageTarball finds in a package archive.
type packageTarball struct {
	found    bool
	manifest string
	texts    []archiveText // other members of text, by path in the package
	unread   []string      // members not read as text (binary, too large)
}

// errTarball reports why a package archive was not read.
type errTarball string

func (e errTarball) Error() string { return string(e) }

// readPackageTarball reads the package archive at p as npm extracts it
// (pacote: node-tar, gzip or plain, the first path component stripped,
// links left out), within the extraction reader's budget.
func readPackageTarball(p string) (packageTarball, error) {
	var out packageTarball
	f, err := os.Open(p)
	if err != nil {
		return out, errTarball("not readable")
	}
	defer f.Close()
	deadline := time.Now().Add(extractMaxTime)
	br := bufio.NewReader(f)
	head, _ := br.Peek(2)
	over := errTarball("larger than corral reads")
	var r io.Reader = &bounded.Reader{R: br, Left: extractMaxBytes, Deadline: deadline, Err: over}
	if bytes.Equal(head, []byte{0x1f, 0x8b}) {
		z, err := gzip.NewReader(r)
		if err != nil {
			return out, errTarball("not a gzip archive")
		}
		r = &bounded.Reader{R: z, Left: extractMaxBytes, Deadline: deadline, Err: over}
	}
	tr := tar.NewReader(r)
	for n := 0; ; n++ {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if err == over {
				return out, over
			}
			return out, errTarball("not a tar archive")
		}
		if n >= extractMaxMembers {
			return out, over
		}
		if h.Typeflag != tar.TypeReg && h.Typeflag != tar.TypeRegA {
			continue
		}
		_, rest, cut := strings.Cut(strings.TrimLeft(h.Name, "/"), "/")
		if !cut {
			continue
		}
		rel := path.Clean(rest)
		if rel == "." || rel == ".." || strings.HasPrefix(rel, "../") || strings.HasPrefix(rel, "/") {
			continue
		}
		var text string
		readable := h.Size <= MaxScriptFile
		if readable {
			data, err := io.ReadAll(io.LimitReader(tr, MaxScriptFile+1))
			if err != nil {
				return out, errTarball("not a tar archive")
			}
			text = string(data)
			readable = len(data) <= MaxScriptFile && !strings.Contains(text, "\x00")
		}
		if rel == "package.json" {
			if !readable {
				return out, errTarball("whose package.json is binary or larger than 1 MiB")
			}
			out.found, out.manifest = true, text
			continue
		}
		if readable {
			out.texts = append(out.texts, archiveText{name: rel, text: text})
		} else {
			out.unread = append(out.unread, rel)
		}
	}
	return out, nil
}

// pmAddedPackages returns the package operands of a yarn, pnpm or bun
// command that adds packages (ws: its operands): yarn add, yarn global
// add; pnpm add, pnpm install/i PKG; bun add/a, bun install/i PKG.
func pmAddedPackages(pm string, ws []string) []string {
	if pm == "yarn" && len(ws) > 1 && ws[0] == "global" {
		ws = ws[1:]
	}
	if len(ws) < 2 {
		return nil
	}
	switch ws[0] {
	case "add":
	case "a":
		if pm != "bun" {
			return nil
		}
	case "install", "i":
		if pm == "yarn" {
			return nil
		}
	default:
		return nil
	}
	return ws[1:]
}
