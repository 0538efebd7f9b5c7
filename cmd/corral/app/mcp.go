package app

import (
	"fmt"
	"maps"
	neturl "net/url"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/corral-dev/corral/cmd/corral/agent"
	"github.com/corral-dev/corral/cmd/corral/internal/audit"
	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/rewrite"
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

// An MCP server's tool (mcp__filesystem__write_file, mcp_shell_run_command)
// can do what the agent's own tools do: run a command, write, delete or
// read a file. corral does not know the servers, so it judges a call by
// the words of the tool's name and the shape of its input:
//   - a tool whose name says it runs something (run, exec, execute,
//     shell, terminal, spawn, start, launch, eval, or a shell's name) and
//     whose input carries a command as text (command, cmd, script,
//     command_line; args appended) goes through the Bash engine, in the
//     directory its cwd/workdir field names. No rewrite can reach a
//     server's command, so a rewrite asks and names the sandboxed command.
//   - path fields (path, paths, file_path, source, destination, …, also
//     inside nested objects) go through the path guards as a write when
//     the name says the tool writes, edits, creates, moves or copies (a
//     move's source as a deletion, a copy's source as a read), as a
//     deletion when it says delete or remove, and through the secret read
//     guard otherwise (a tool that is handed a path reads it).
//   - the text a write tool leaves (content, or edits of old and new
//     text) is judged as the Write and Edit tools' text is, so a server
//     registered in an MCP configuration or a command in a skill is seen.
//   - every other string value (nested too) is judged by its shape,
//     unless its field is data by what it is for (a body, a message, a
//     query, stored content or code): a path written as one (/…, ~, ./…,
//     file:) is read, and a value that could be a command line goes
//     through the Bash engine, asking when the engine would not simply
//     run it (the server may). A tool whose name has no verb corral
//     knows, or that does more than read and is handed a path in a field
//     of another name, asks when the path is home, root, protected or a
//     secret.
//
// Anything else (prose, a URL, a remote repository's path, a path of a
// tool that says it reads) is judged as a read or passes.

// mcpCall is what an MCP tool call was found to do.
type mcpCall struct {
	// command is the shell command it runs ("" for none), cwd the
	// directory it runs in.
	command, cwd string
	// writes, deletes and reads are the paths it writes, deletes, reads.
	writes, deletes, reads []string
	// globs are file-name patterns a read tool searches for.
	globs []string
	// tooMany says the input holds more paths than corral checks.
	tooMany bool
	// input is the write's text in the Write or Edit tool's shape (for
	// the content checks), or nil; edit says it is an Edit's.
	input map[string]any
	edit  bool
	// texts are the values (with their fields) of fields that are
	// neither prose nor a path: judged as command lines, since corral cannot tell whether the server runs
	// them (mcp__x__sync {"spec": "rm -rf ~"}); words are such values
	// that are one plain word each ("reboot"), judged together.
	texts, words []mcpText
	// vague are the paths whose use the tool's name does not say: those
	// of a tool with no verb corral knows (mcp__x__sync {"path": "~"}),
	// and those found by their shape in a field of another name on a
	// tool that does more than read. One that names the home or root
	// directory, a protected path or a secret asks.
	vague []string
	// tooManyTexts says the input holds more command-like values than
	// corral judges.
	tooManyTexts bool
	// sql is the shell line that stands for the SQL a database tool
	// runs (mcpSQL), or "".
	sql string
	// unread is the language a code runner's input names that corral
	// does not read (mcp__x__execute {"language": "powershell", "code":
	// …}), or "": the call asks.
	unread string
	// perms is the shell line that stands for the mode or owner change
	// a permission tool makes (mcp__fs__chmod {"path": P, "mode":
	// "000"} is chmod 000 -- P), or "" (mcpPerms).
	perms string
}

// mcpText is a command-like value and the field it came from.
type mcpText struct{ field, text string }

// mcpVerb is what a word of a tool's name says the tool does.
type mcpVerb int

const (
	verbNone mcpVerb = iota
	verbRead
	verbWrite
	verbCopy
	verbMove
	verbDelete
	// verbRun is a word that says the tool runs something.
	verbRun
)

// mcpVerbs maps the words of tool names to what they do.
var mcpVerbs = lazy.Value[map[string]mcpVerb]{New: func() map[string]mcpVerb {
	return map[string]mcpVerb{
		"run": verbRun, "exec": verbRun, "execute": verbRun, "shell": verbRun, "terminal": verbRun,
		"spawn": verbRun, "start": verbRun, "launch": verbRun, "eval": verbRun, "evaluate": verbRun,

		"write": verbWrite, "edit": verbWrite, "create": verbWrite, "mkdir": verbWrite, "make": verbWrite,
		"append": verbWrite, "patch": verbWrite, "replace": verbWrite, "save": verbWrite, "put": verbWrite,
		"insert": verbWrite, "truncate": verbWrite, "overwrite": verbWrite, "modify": verbWrite,
		"update": verbWrite, "set": verbWrite, "touch": verbWrite, "chmod": verbWrite, "chown": verbWrite,
		"apply": verbWrite, "download": verbWrite, "extract": verbWrite, "unzip": verbWrite,

		"copy": verbCopy, "cp": verbCopy, "duplicate": verbCopy,
		"move": verbMove, "mv": verbMove, "rename": verbMove,

		"delete": verbDelete, "remove": verbDelete, "rm": verbDelete, "rmdir": verbDelete,
		"unlink": verbDelete, "trash": verbDelete, "erase": verbDelete,

		"read": verbRead, "get": verbRead, "view": verbRead, "cat": verbRead, "open": verbRead,
		"show": verbRead, "list": verbRead, "search": verbRead, "find": verbRead, "grep": verbRead,
		"glob": verbRead, "tree": verbRead, "head": verbRead, "tail": verbRead, "stat": verbRead,
		"status": verbRead, "diff": verbRead, "log": verbRead, "info": verbRead, "describe": verbRead,
		"inspect": verbRead, "query": verbRead, "lookup": verbRead, "fetch": verbRead, "load": verbRead,
		"count": verbRead, "check": verbRead, "lint": verbRead, "analyze": verbRead, "summarize": verbRead,
		"preview": verbRead, "navigate": verbRead, "screenshot": verbRead, "snapshot": verbRead,
	}
}}

// toolWords splits a tool name into lower-case words at underscores,
// dashes, dots and lower-to-upper case changes (readFile, read_file,
// read-file all give read, file).
func toolWords(name string) []string {
	var words []string
	var cur []rune
	prevLower := false
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for _, r := range name {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if unicode.IsUpper(r) && prevLower {
				flush()
			}
			cur = append(cur, r)
			prevLower = unicode.IsLower(r) || unicode.IsDigit(r)
		default:
			flush()
			prevLower = false
		}
	}
	flush()
	return words
}

// toolVerb is what a tool's name says it does to files: the strongest
// of its words' verbs (deleting before moving before copying before
// writing before reading), so read_and_write_file writes; runs says a
// word says it runs something (a shell's name counts).
func toolVerb(name string) (v mcpVerb, runs bool) {
	for _, w := range toolWords(name) {
		wv := mcpVerbs.Get()[w]
		if wv == verbRun || syntax.IsShell(w) {
			runs = true
			continue
		}
		v = max(v, wv)
	}
	return v, runs
}

// fieldKey is a field name without case, underscores and dashes
// (file_path, filePath and file-path are one key).
func fieldKey(k string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r == '-' {
			return -1
		}
		return unicode.ToLower(r)
	}, k)
}

// mcpPathKeys are the field keys that carry a path; mcpSourceKeys are
// those that carry a move's or a copy's source.
var (
	mcpPathKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
		return map[string]bool{
			"path": true, "paths": true, "filepath": true, "filepaths": true, "file": true, "files": true,
			"filename": true, "filenames": true, "absolutepath": true, "notebookpath": true,
			"directory": true, "dir": true, "dirpath": true, "folder": true, "folderpath": true,
			"target": true, "targetpath": true, "destination": true, "destinationpath": true,
			"dest": true, "destpath": true, "dst": true, "newpath": true, "output": true, "outputpath": true,
			"source": true, "sources": true, "sourcepath": true, "src": true, "oldpath": true,
			"uri": true, "url": true,
			// Where a download tool saves what it fetched
			// (download_file {"url": …, "save_path": …}).
			"savepath": true, "saveas": true, "saveto": true, "localpath": true, "downloadpath": true,
			"outputfile": true, "outfile": true, "destfile": true, "destinationfile": true, "targetfile": true,
			"outputdir": true, "outputdirectory": true, "downloaddir": true, "savedir": true, "destdir": true,
			"targetdir": true, "localfile": true, "outputfilename": true,
		}
	}}
	// mcpDirKeys are the path keys that name a directory: a download
	// tool saves the fetched file there under the URL's last segment.
	mcpDirKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
		return map[string]bool{"directory": true, "dir": true, "dirpath": true, "folder": true, "folderpath": true,
			"outputdir": true, "outputdirectory": true, "downloaddir": true, "savedir": true, "destdir": true, "targetdir": true}
	}}
	mcpSourceKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
		return map[string]bool{
			"source": true, "sources": true, "sourcepath": true, "src": true, "oldpath": true,
		}
	}}
	mcpCommandKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
		return map[string]bool{"command": true, "cmd": true, "script": true, "commandline": true}
	}}
	mcpCwdKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
		return map[string]bool{"cwd": true, "workdir": true, "workingdirectory": true, "workingdir": true, "directory": true, "dir": true}
	}}
	// mcpRemoteKeys name a remote place (a hosted repository, a bucket):
	// a path beside them is inside that place, not on this disk.
	mcpRemoteKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
		return map[string]bool{"owner": true, "repo": true, "repository": true, "bucket": true, "container": true}
	}}
	mcpGlobKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
		return map[string]bool{"pattern": true, "glob": true, "include": true}
	}}
)

// mcpDataKeys are fields whose value is data by what the field is for:
// prose (a body, a message, a query, a name), file or program text a
// tool stores or formats (content, code, a diff), and patterns a tool
// matches. Their values are never judged as command lines, so
// mcp__github__create_issue {"body": "run rm -rf / to reset"} passes. A
// key that ends with one of the prose words (commitmessage, prbody,
// searchquery, issuetitle) is prose too.
var mcpDataKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"body": true, "description": true, "desc": true, "message": true, "msg": true, "title": true,
		"subject": true, "summary": true, "comment": true, "comments": true, "note": true, "notes": true,
		"text": true, "content": true, "contents": true, "newcontent": true, "filetext": true,
		"query": true, "q": true, "question": true, "prompt": true, "answer": true, "reason": true,
		"explanation": true, "name": true, "names": true, "label": true, "labels": true, "tag": true,
		"tags": true, "observations": true, "thought": true, "instructions": true, "markdown": true,
		"html": true, "caption": true, "topic": true, "keywords": true, "code": true, "snippet": true,
		"diff": true, "patch": true, "template": true, "sql": true, "pattern": true, "regex": true,
		"glob": true, "include": true, "exclude": true, "filter": true, "search": true, "oldtext": true,
		"newtext": true, "oldstring": true, "newstring": true, "oldstr": true, "newstr": true,
		"edits": true, "input": true, "example": true, "examples": true, "response": true,
		"reply": true, "language": true, "lang": true, "server": true, "id": true,
	}
}}

// mcpPatchKeys are the fields whose value a tool applies as a patch.
var mcpPatchKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"patch": true, "patches": true, "diff": true, "diffs": true, "unifieddiff": true}
}}

// mcpProseEndings are the words a prose field's key ends with.
// An identifier (id, ids, userid) is data too.
var mcpProseEndings = []string{"description", "message", "body", "title", "query", "prompt", "comment", "text", "name", "content", "summary", "note", "notes", "id", "ids"}

// isMCPDataKey says the field key k (a fieldKey) holds data.
func isMCPDataKey(k string) bool {
	if mcpDataKeys.Get()[k] {
		return true
	}
	for _, e := range mcpProseEndings {
		if strings.HasSuffix(k, e) {
			return true
		}
	}
	return false
}

// maxMCPPaths bounds the paths checked for one call; a call with more is
// asked about. maxMCPDepth bounds how deep in nested objects fields are
// looked for (a server reads the fields its schema has, which are near
// the top). maxMCPTexts bounds the values judged one by one as command
// lines, and maxMCPTextBytes the length of one: a call with more, or a
// longer one that could be a command, is asked about.
const (
	maxMCPPaths     = 1000
	maxMCPDepth     = 8
	maxMCPTexts     = 64
	maxMCPTextBytes = 64 << 10
)

// mcpPlainWord says s is one word with no character the shell treats
// specially (reboot, main, v1.2.3, a=b): such values are judged
// together, as the lines of one script.
func mcpPlainWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_.,:@%+=-", r)) {
			return false
		}
	}
	return true
}

// mcpOpaque says s cannot be a command line: a URL with no space (a
// file: URL is a path, found by its shape), or a long run of the
// characters of base64 and of identifiers (an image's data, a hash, a
// token).
func mcpOpaque(s string) bool {
	if strings.ContainsFunc(s, unicode.IsSpace) {
		return false
	}
	if i := strings.Index(s, "://"); i > 0 {
		return true
	}
	if len(s) < 256 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("+/=_-.", r)) {
			return false
		}
	}
	return true
}

// mcpPathShaped says s is written as a path on this disk: absolute,
// from the home directory (~, ~/…), explicitly relative (./, ../) or a
// file: URL; one line with no space around it.
func mcpPathShaped(s string) bool {
	if s != strings.TrimSpace(s) || strings.ContainsAny(s, "\n\r") {
		return false
	}
	if strings.HasPrefix(s, "file://") {
		return true
	}
	if s == "~" || s == "." || s == ".." {
		return true
	}
	for _, pre := range []string{"/", "~/", "./", "../"} {
		if strings.HasPrefix(s, pre) {
			return true
		}
	}
	return false
}

// classifyMCP finds what an MCP tool call does from the tool's own name
// and its input.
func classifyMCP(tool string, in map[string]any) mcpCall {
	return classifyMCPOf("", tool, in)
}

// classifyMCPOf is classifyMCP for a tool of the server named server
// ("" when the agent names none): the server's name also says whether
// the tool talks to a database (mcp__sqlite__write_query) or runs a
// notebook's cells (mcp__jupyter__…).
func classifyMCPOf(server, tool string, in map[string]any) mcpCall {
	var c mcpCall
	verb, runs := toolVerb(tool)
	c.sql = mcpSQL(server+"__"+tool, in)
	c.perms = mcpPerms(tool, in)
	if code, unread, ok := mcpCode(server, tool, in, runs, verb); unread != "" {
		c.unread = unread
		return c
	} else if ok {
		// run_python {"script": …}, executeCode {"code": …}: program
		// code, judged as the interpreter's one-liner is.
		c.command = code
		_, c.cwd = mcpCommand(in)
		return c
	}
	if input, ok := mcpProcessInput(tool, in); ok {
		// interact_with_process {"pid": 1, "input": "rm -rf ~"}: text
		// typed into a running process, often a shell.
		c.command = input
		return c
	}
	if runs {
		// A runner without a command text (start_search, a process id)
		// is judged by its paths like any other tool.
		if c.command, c.cwd = mcpCommand(in); c.command != "" {
			return c
		}
		if nb := mcpNotebookRun(in); nb != "" {
			// execute_notebook {"notebook_path": "a.ipynb"}: its code
			// cells, read from the file as jupyter execute reads them.
			c.command = nb
			return c
		}
		if verb == verbNone && !mcpDatabaseTool(server+"__"+tool) {
			// run_command {"input": …}, bash {"q": …}: a runner whose
			// name says nothing else runs the text of its one field
			// for it, whatever the field's name.
			if cmd, ok := mcpRunnerText(in); ok {
				c.command = cmd
				return c
			}
		}
	}
	for k := range in {
		if mcpRemoteKeys.Get()[fieldKey(k)] {
			return c
		}
	}
	// A download tool (download_file, fetch_to_file {"url": …}) copies
	// what the URL names to the paths its input gives: they are
	// written, and a file: URL is read (mcpDownload).
	urlName, dl := mcpDownload(tool, in)
	if dl {
		verb = max(verb, verbCopy)
	}
	paths := 0
	addPath := func(p string, list *[]string) {
		if paths++; paths > maxMCPPaths {
			c.tooMany = true
			return
		}
		*list = append(*list, p)
	}
	// A tool named for patches (apply_patch, apply_diff) applies the
	// diff whatever field carries it.
	lt := strings.ToLower(tool)
	patchTool := strings.Contains(lt, "patch") || strings.Contains(lt, "apply_diff") || strings.Contains(lt, "applydiff")
	prose := !runs && mcpProseTool(tool)
	var walk func(v any, key string, depth int)
	walk = func(v any, key string, depth int) {
		if depth > maxMCPDepth || c.tooMany {
			return
		}
		switch x := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) {
				walk(x[k], fieldKey(k), depth+1)
			}
		case []any:
			for _, e := range x {
				walk(e, key, depth+1)
			}
		case string:
			if mcpGlobKeys.Get()[key] && verb <= verbRead {
				c.globs = append(c.globs, x)
			}
			if verb != verbRead && (mcpPatchKeys.Get()[key] || patchTool || strings.HasPrefix(strings.TrimSpace(x), "*** Begin Patch")) {
				// A patch or diff the tool applies (apply_patch {"input":
				// "*** Begin Patch…"}, edit_file {"diff": …}): the files it
				// names are written, or deleted. A diff in prose (a pull
				// request's body) is not applied.
				for _, f := range rewrite.PatchFiles(x) {
					if p, ok := localPath(f.Name); ok {
						if f.Action == guards.Delete {
							addPath(p, &c.deletes)
						} else {
							addPath(p, &c.writes)
						}
					}
				}
			}
			if mcpPathKeys.Get()[key] {
				p, ok := localPath(x)
				if !ok {
					return
				}
				switch {
				case verb == verbDelete:
					addPath(p, &c.deletes)
				case verb == verbMove && mcpSourceKeys.Get()[key]:
					addPath(p, &c.deletes)
				case verb == verbCopy && (mcpSourceKeys.Get()[key] || dl && (key == "url" || key == "uri")):
					addPath(p, &c.reads)
				case verb >= verbWrite:
					addPath(p, &c.writes)
					if dl && mcpDirKeys.Get()[key] && urlName != "" {
						// The fetched file lands in the directory under
						// the URL's name (curl -O's, wget's).
						addPath(path.Join(p, urlName), &c.writes)
					}
				default:
					addPath(p, &c.reads)
				}
				return
			}
			if prose && mcpCommandLikeKey(key) {
				// send_message {"command": …}, search_docs {"cmd": …}:
				// a tool that sends or searches text and runs nothing
				// has a command as its message or its query.
				return
			}
			c.judgeValue(key, x, verb)
		}
	}
	walk(in, "", 0)
	if c.tooMany {
		return mcpCall{tooMany: true}
	}
	if verb == verbNone {
		// mcp__x__sync {"path": "~"}: nothing in the name says the tool
		// only reads what its input names.
		c.vague = append(slices.Clone(c.reads), c.vague...)
	}
	if verb == verbWrite && len(c.writes) == 1 {
		c.input, c.edit = mcpWriteText(in)
	}
	return c
}

// mcpDownload reports a tool that fetches a URL into a file: its name
// says download (or wget, curl), or it says fetch, retrieve, save, get,
// grab or mirror and its input has a url or uri field that is no local
// path. name is the URL path's last segment (the name a directory
// destination receives), or "".
func mcpDownload(tool string, in map[string]any) (name string, ok bool) {
	var u string
	for _, k := range slices.Sorted(maps.Keys(in)) {
		if fk := fieldKey(k); fk == "url" || fk == "uri" || fk == "sourceurl" || fk == "downloadurl" {
			if v, isStr := in[k].(string); isStr && u == "" {
				u = v
			}
		}
	}
	named, fetches := false, false
	for _, w := range toolWords(tool) {
		switch w {
		case "download", "downloads", "wget", "curl":
			named = true
		case "fetch", "retrieve", "save", "get", "grab", "mirror":
			fetches = true
		}
	}
	if _, local := localPath(u); !named && (!fetches || u == "" || local) {
		return "", false
	}
	if pu, err := neturl.Parse(u); err == nil && pu.Path != "" {
		if b := path.Base(pu.Path); b != "/" && b != "." && b != ".." {
			name = b
		}
	}
	return name, true
}

// judgeValue sorts the value s of a field (key a fieldKey) that does not
// name a path and is not data by what the field is for: one written as a
// path on this disk is read (through the secret read guard) and, unless
// the tool only reads, is a vague path; another that could be a command
// line is a text (or a word) to judge.
func (c *mcpCall) judgeValue(key, s string, verb mcpVerb) {
	if isMCPDataKey(key) {
		// A memory server's observation "~/.ssh/id_rsa" is a note.
		return
	}
	if mcpPathShaped(s) {
		if p, ok := localPath(s); ok {
			if len(c.reads)+len(c.vague) >= maxMCPPaths {
				c.tooMany = true
				return
			}
			if p != "/" {
				// A lone / is as often a route or a separator as the
				// root directory: only a tool that may change it asks.
				c.reads = append(c.reads, p)
			}
			if verb != verbRead && (verb != verbNone || p == "/") {
				c.vague = append(c.vague, p)
			}
		}
		return
	}
	if strings.TrimSpace(s) == "" || mcpOpaque(s) {
		return
	}
	if mcpPlainWord(s) {
		if len(c.words) >= maxMCPPaths {
			c.tooManyTexts = true
			return
		}
		c.words = append(c.words, mcpText{key, s})
		return
	}
	if len(c.texts) >= maxMCPTexts || len(s) > maxMCPTextBytes {
		c.tooManyTexts = true
		return
	}
	c.texts = append(c.texts, mcpText{key, s})
}

// localPath returns a path on this disk: the path itself, or a file:
// URL's path; another URL (https://…, s3://…) is not one.
func localPath(s string) (string, bool) {
	if s == "" {
		return "", false
	}
	if rest, ok := strings.CutPrefix(s, "file://"); ok {
		// file:///abs and file://localhost/abs
		rest = strings.TrimPrefix(rest, "localhost")
		return rest, rest != ""
	}
	if i := strings.Index(s, "://"); i > 0 && !strings.ContainsAny(s[:i], "/\\") {
		return "", false
	}
	return s, true
}

// mcpCommand reads the command a runner tool's input carries, with its
// args list appended (quoted) and the directory it runs in.
func mcpCommand(in map[string]any) (cmd, cwd string) {
	keys := make([]string, 0, len(in))
	for k := range in {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch fk := fieldKey(k); {
		case mcpCommandKeys.Get()[fk] && cmd == "":
			switch v := in[k].(type) {
			case string:
				cmd = v
			case []any:
				cmd = quoteArgs(v)
			}
		case mcpCwdKeys.Get()[fk] && cwd == "":
			cwd, _ = in[k].(string)
		}
	}
	if cmd == "" {
		var whole bool
		if cmd, whole = mcpExecText(in, keys); whole {
			// An argv, or a program with its args: already whole.
			return cmd, cwd
		}
	}
	if cmd == "" {
		// {"params": {"command": …}}: one object down.
		for _, k := range keys {
			if sub, ok := in[k].(map[string]any); ok {
				if c, d := mcpCommand(sub); c != "" {
					if d == "" {
						d = cwd
					}
					return c, d
				}
			}
		}
		return "", ""
	}
	for _, k := range keys {
		// {"env": {"BASH_ENV": "./e.sh"}}: the command's environment,
		// judged as prefix assignments are.
		if fk := fieldKey(k); fk == "env" || fk == "environment" {
			if env, ok := in[k].(map[string]any); ok {
				names := make([]string, 0, len(env))
				for n := range env {
					names = append(names, n)
				}
				sort.Strings(names)
				prefix := ""
				for _, n := range names {
					if v, ok := env[n].(string); ok && syntax.IsName(n) {
						prefix += n + "=" + syntax.Quote(v) + " "
					}
				}
				if prefix != "" {
					cmd = "env " + prefix + "sh -c " + syntax.Quote(cmd)
				}
			}
		}
	}
	for _, k := range keys {
		if fk := fieldKey(k); fk == "args" || fk == "arguments" || fk == "argv" {
			if list, ok := in[k].([]any); ok {
				if q := quoteArgs(list); q != "" {
					cmd += " " + q
				}
			}
		}
	}
	return cmd, cwd
}

// quoteArgs quotes a list of strings as shell words ("" when an element
// is not a string).
func quoteArgs(list []any) string {
	words := make([]string, 0, len(list))
	for _, e := range list {
		s, ok := e.(string)
		if !ok {
			return ""
		}
		words = append(words, syntax.Quote(s))
	}
	return strings.Join(words, " ")
}

// mcpWriteText puts a write tool's text in the Write or Edit tool's
// input shape: content (contents, text) for a whole file, edits of old
// and new text (oldText/newText, old_string/new_string, old_str/new_str)
// for an edit; nil when neither is there.
func mcpWriteText(in map[string]any) (map[string]any, bool) {
	for _, k := range []string{"content", "contents", "text", "new_content", "file_text"} {
		if s, ok := in[k].(string); ok {
			return map[string]any{"content": s}, false
		}
	}
	pair := func(m map[string]any) (map[string]any, bool) {
		var o, n string
		var ok1, ok2 bool
		for k, v := range m {
			switch fieldKey(k) {
			case "oldtext", "oldstring", "oldstr":
				o, ok1 = v.(string)
			case "newtext", "newstring", "newstr":
				n, ok2 = v.(string)
			}
		}
		all, _ := m["replace_all"].(bool)
		return map[string]any{"old_string": o, "new_string": n, "replace_all": all}, ok1 && ok2
	}
	if list, ok := in["edits"].([]any); ok {
		var edits []any
		for _, e := range list {
			m, ok := e.(map[string]any)
			if !ok {
				return nil, false
			}
			p, ok := pair(m)
			if !ok {
				return nil, false
			}
			edits = append(edits, p)
		}
		return map[string]any{"edits": edits}, true
	}
	if p, ok := pair(in); ok {
		return p, true
	}
	return nil, false
}

// mcp decides an MCP tool call: each thing it was found to do is judged
// as the agent's own tool for it would be, and the most severe answer
// wins.
func (env *runtimeEnv) mcp(s *settings, req *agent.Request) *agent.Answer {
	tool := req.MCPTool
	if tool == "" {
		tool = req.Tool
	}
	c := classifyMCPOf(req.MCPServer, tool, req.Input)
	var answers []*agent.Answer
	if c.tooMany {
		return &agent.Answer{Decision: agent.Ask, Reason: fmt.Sprintf("corral needs the user's confirmation: the MCP tool %s names more than %d paths, more than corral checks in one call; ask the user, or pass fewer paths per call", req.Tool, maxMCPPaths)}
	}
	if c.unread != "" {
		return &agent.Answer{Decision: agent.Ask, Reason: fmt.Sprintf("corral needs the user's confirmation: the MCP tool %s runs code in %q, a language corral does not read, so it cannot judge what the code does; ask the user, or run it with the shell tool as a file corral can read", req.Tool, c.unread)}
	}
	if c.perms != "" {
		r := *req
		r.Kind, r.Command = agent.Shell, c.perms
		if a := env.bash(s, &r, false); a != nil && (a.Decision == agent.Deny || a.Decision == agent.Ask) {
			answers = append(answers, &agent.Answer{Decision: a.Decision, Reason: fmt.Sprintf("corral: the MCP tool %s changes a file's mode or owner (judged as the shell line %q): %s", req.Tool, c.perms, strings.TrimPrefix(a.Reason, "corral: "))})
		}
	}
	if c.command != "" {
		cmd := c.command
		if c.cwd != "" {
			// Resolved as the path guards resolve paths (~ too: some
			// servers expand it, and the worse reading is the safe one).
			cmd = "cd " + syntax.Quote(guards.Normalize(s.guardsEnv(), c.cwd).Abs) + " && " + cmd
		}
		r := *req
		r.Kind, r.Command = agent.Shell, cmd
		a := env.bash(s, &r, false)
		if a != nil && a.Rewritten != "" {
			// The server runs its own copy of the command: corral
			// cannot hand it the sandboxed one.
			a = &agent.Answer{Decision: agent.Ask, Reason: fmt.Sprintf("corral needs the user's confirmation: the MCP tool %s runs a command that brings external content in (%s), and corral cannot rewrite a command an MCP server runs. Run this instead with the shell tool:\n%s", req.Tool, strings.TrimPrefix(a.Reason, "corral: "), a.Rewritten)}
		}
		answers = append(answers, a)
	}
	if c.sql != "" {
		r := *req
		r.Kind, r.Command = agent.Shell, c.sql
		if a := env.bash(s, &r, false); a != nil && (a.Decision == agent.Deny || a.Decision == agent.Ask) {
			answers = append(answers, &agent.Answer{Decision: a.Decision, Reason: fmt.Sprintf("corral: the MCP tool %s runs SQL that does more than query its database (judged as the sqlite3 shell running it): %s", req.Tool, strings.TrimPrefix(a.Reason, "corral: "))})
		}
	}
	if len(c.writes) > 0 {
		r := *req
		r.Kind, r.Paths, r.Input = agent.Write, c.writes, c.input
		if c.edit {
			r.Kind = agent.Edit
		}
		answers = append(answers, env.write(s, &r))
	}
	if len(c.deletes) > 0 {
		r := *req
		r.Kind, r.Paths, r.Input = agent.Delete, c.deletes, nil
		answers = append(answers, env.write(s, &r))
	}
	if len(c.reads)+len(c.globs) > 0 {
		answers = append(answers, env.readGuardOf(s, req, readRequest{files: c.reads, dirs: c.reads, globs: c.globs}))
	}
	answers = append(answers, env.mcpVague(s, req, c.vague))
	answers = append(answers, env.mcpTexts(s, req, c))
	return worstAnswer(answers)
}

// mcpVague asks about a path whose use the tool's name does not say
// when it names the root or the home directory (or a directory that
// holds it), a protected path (one whose deletion the path guards
// refuse) or a secret: the tool may delete or overwrite it.
func (env *runtimeEnv) mcpVague(s *settings, req *agent.Request, paths []string) *agent.Answer {
	ge := s.guardsEnv()
	sec := s.paths.Secrets()
	for _, p := range paths {
		abs := guards.Normalize(ge, p).Abs
		what := ""
		switch {
		case abs == "/":
			what = "the root directory"
		case ge.Home != "" && guards.Within(abs, guards.Normalize(ge, ge.Home).Abs):
			what = "the home directory"
		default:
			if _, ok := sec.Match(ge, p); ok {
				what = "a secret file"
			} else if _, ok := sec.Holds(ge, p, true); ok {
				what = "a directory that holds secret files"
			} else if d := s.decidePath(ge, p, guards.Delete); d.Verdict == guards.Deny {
				what = "a protected path (" + d.Message + ")"
			}
		}
		if what == "" {
			continue
		}
		env.log(audit.Record{TS: env.now(), Tool: req.Tool, Operation: p, SessionID: req.Session, Cwd: req.Cwd,
			Rule: "mcp-vague", PathContext: "n/a", Action: "confirm_required", Reason: "names " + what})
		return &agent.Answer{Decision: agent.Ask, Reason: fmt.Sprintf("corral needs the user's confirmation: the MCP tool %s is handed %s, %s, and its name does not say what it does with it (read, write or delete), so corral cannot judge it; ask the user, or use a tool whose name says it reads", req.Tool, p, what)}
	}
	return nil
}

// mcpTexts judges the values of an MCP call's fields that could be
// command lines (neither prose nor a path, on a tool not taken to run
// a command): one that corral would refuse, ask about or rewrite at the
// shell asks, as corral cannot tell whether the server runs it.
func (env *runtimeEnv) mcpTexts(s *settings, req *agent.Request, c mcpCall) *agent.Answer {
	if c.tooManyTexts {
		return &agent.Answer{Decision: agent.Ask, Reason: fmt.Sprintf("corral needs the user's confirmation: the MCP tool %s is handed more values that could be commands than corral judges in one call (%d, or one longer than %d bytes); ask the user, or pass fewer per call", req.Tool, maxMCPTexts, maxMCPTextBytes)}
	}
	judge := func(field, text string) *agent.Answer {
		r := *req
		r.Kind, r.Command = agent.Shell, text
		a := env.bash(s, &r, false)
		if a == nil || a.Decision == agent.Allow && a.Rewritten == "" || a.Decision == agent.None && a.Rewritten == "" {
			return nil
		}
		return &agent.Answer{Decision: agent.Ask, Reason: fmt.Sprintf("corral needs the user's confirmation: the MCP tool %s is handed, in its field %q, a command line that corral would not run without a question (%s); corral cannot tell whether the server runs it. Ask the user", req.Tool, field, strings.TrimPrefix(a.Reason, "corral: "))}
	}
	if len(c.words) > 0 {
		// Plain words hold no shell syntax: one script of one word a line
		// judges them all at once.
		lines := make([]string, len(c.words))
		for i, w := range c.words {
			lines[i] = w.text
		}
		if a := judge(c.words[0].field, strings.Join(lines, "\n")); a != nil {
			for _, w := range c.words {
				if a1 := judge(w.field, w.text); a1 != nil {
					return a1
				}
			}
			return a
		}
	}
	for _, t := range c.texts {
		if a := judge(t.field, t.text); a != nil {
			return a
		}
	}
	return nil
}

// worstAnswer is the most severe of answers: deny, then ask, then an
// allow with something to say; nil when all are nil.
func worstAnswer(answers []*agent.Answer) *agent.Answer {
	rank := func(a *agent.Answer) int {
		switch {
		case a == nil:
			return 0
		case a.Decision == agent.Deny:
			return 3
		case a.Decision == agent.Ask:
			return 2
		}
		return 1
	}
	var worst *agent.Answer
	for _, a := range answers {
		if rank(a) > rank(worst) {
			worst = a
		}
	}
	return worst
}

// mcpLanguageWords are words of a tool's name or language field that
// name a language without being an interpreter's program name (which
// lang.ForProgram reads: python, node, ruby, perl, php, …).
var mcpLanguageWords = lazy.Value[map[string]lang.Lang]{New: func() map[string]lang.Lang {
	return map[string]lang.Lang{
		"py": lang.Python, "ipython": lang.Python, "jupyter": lang.Python,
		"javascript": lang.JS, "js": lang.JS, "typescript": lang.JS, "ts": lang.JS, "rb": lang.Ruby,
	}
}}

// mcpLanguageOf is the language a word names, or "".
func mcpLanguageOf(w string) lang.Lang {
	if l, ok := mcpLanguageWords.Get()[w]; ok {
		return l
	}
	return lang.ForProgram(w)
}

// oneLiner is the shell line that runs code of language l the way an
// interpreter's one-liner does, or "" for a language corral does not
// read that way.
func oneLiner(l lang.Lang, code string) string {
	switch l {
	case lang.Python:
		return "python3 -c " + syntax.Quote(code)
	case lang.JS:
		return "node -e " + syntax.Quote(code)
	case lang.Ruby:
		return "ruby -e " + syntax.Quote(code)
	case lang.Perl:
		return "perl -e " + syntax.Quote(code)
	case lang.PHP:
		return "php -r " + syntax.Quote(code)
	}
	return ""
}

// mcpCodeKey reports whether a field (a fieldKey) holds program code,
// and the language its name says: code, source, program, snippet,
// expression, expr, and a key ending in code, source, script or src
// whose head is a language (python_code, js_code, ruby_script) or a
// notebook cell (cell_source, cell_code). script alone is a shell
// command's field (mcpCommandKeys).
func mcpCodeKey(fk string) (l lang.Lang, code, cell bool) {
	switch fk {
	case "code", "source", "program", "snippet", "expression", "expr", "sourcecode":
		return "", true, false
	}
	for _, suffix := range []string{"code", "source", "script", "src"} {
		head, ok := strings.CutSuffix(fk, suffix)
		if !ok || head == "" {
			continue
		}
		if hl := mcpLanguageOf(head); hl != "" && oneLiner(hl, "") != "" {
			return hl, true, false
		}
		if head == "cell" || head == "notebook" {
			return "", true, true
		}
	}
	return "", false, false
}

// mcpCode returns, for a tool that runs program code, the shell line of
// the interpreter running it: the language is a word of the tool's name
// (run_python, node_eval), its language/lang/languageId/kernel/runtime/
// interpreter/shell field, or the code field's own name (python_code,
// js_code); code a tool whose name says it runs code (executeCode, eval
// {"expression": …}) holds in a language it does not name is judged as
// IPython's text (Python with its !cmd and %%bash cells) and as
// JavaScript, the worse reading winning. A notebook's cell (jupyter's
// insert_execute_code_cell {"cell_source": …}, a tool of the ide server:
// Claude Code's executeCode runs in the notebook's Jupyter kernel) is
// IPython's. A shell's name (bash, sh, zsh, shell, shellscript) makes
// the code that shell's -c text, on a tool whose name says it runs; a
// language named that corral does not read is returned as unread (the
// call asks). runs says the tool's name says it runs something; a tool
// whose name has no verb corral knows and names an interpreter's
// language (python {"source": …}) runs it too. The code is taken from
// code/source/expression fields and those named for a language or a
// cell, not from one written as a path; command/cmd/script hold it only
// when a language is named (else they are a shell command's), program
// only when no args list goes with it (then it names an executable).
func mcpCode(server, tool string, in map[string]any, runs bool, verb mcpVerb) (line, unread string, ok bool) {
	var l lang.Lang
	shell, named := "", ""
	hasCodeWord, ipython, namedCommand := false, false, false
	for _, w := range toolWords(server) {
		switch w {
		case "jupyter", "ipython", "notebook", "kernel", "ide":
			ipython = true
		}
	}
	toolShell := ""
	for _, w := range toolWords(tool) {
		if wl := mcpLanguageOf(w); wl != "" && l == "" && oneLiner(wl, "") != "" {
			l = wl
		}
		switch {
		case toolShell != "":
		case syntax.IsShell(w):
			toolShell = w
		case w == "shell" || w == "terminal" || w == "console":
			// bash {"code": …}, terminal {"source": …}: a shell's
			// tool runs its code as shell text.
			toolShell = "sh"
		}
		switch w {
		case "code", "notebook", "cell":
			hasCodeWord = true
		}
		switch w {
		case "jupyter", "ipython", "notebook", "cell", "kernel":
			ipython = true
		}
	}
	keys := slices.Sorted(maps.Keys(in))
	for _, k := range keys {
		fk := fieldKey(k)
		if !mcpLanguageKeys.Has(fk) {
			continue
		}
		sv, isStr := in[k].(string)
		if !isStr || strings.TrimSpace(sv) == "" {
			continue
		}
		switch wl, sh, known := mcpLanguageValue(sv); {
		case sh != "":
			shell, l = sh, ""
		case known:
			l, shell = wl, ""
		case named == "":
			named = strings.TrimSpace(sv)
			// {"command": …, "shell": "powershell"}: the command is
			// that program's; a language field names the language of
			// the code fields only ({"language": "go", "command": "go
			// test"} keeps a shell command).
			namedCommand = fk == "shell" || fk == "interpreter"
		}
	}
	if !runs && (verb != verbNone || l == "") {
		// A tool that writes, copies or reads keeps code as data
		// (create_python_file {"code": …}); one with no verb runs it
		// only when an interpreter's language is named.
		return "", "", false
	}
	args := mcpHasArgs(in, keys)
	code, codeKey, shellKey := "", false, false
	for _, k := range keys {
		fk := fieldKey(k)
		sv, isStr := in[k].(string)
		if !isStr || strings.TrimSpace(sv) == "" {
			continue
		}
		kl, isCode, cell := mcpCodeKey(fk)
		switch {
		case isCode && !mcpPathShaped(sv) && !(fk == "program" && args):
			if code == "" {
				code, codeKey = sv, true
				if kl != "" && l == "" && shell == "" {
					l = kl
				}
				ipython = ipython || cell
			}
		case fk == "script" && code == "" && (l != "" || shell != "" || named != "" || hasCodeWord):
			code = sv
		case (fk == "command" || fk == "cmd") && code == "" && (l != "" || shell != "" || namedCommand):
			code = sv
		case mcpCommandKeys.Get()[fk]:
			shellKey = true
		}
	}
	if code == "" {
		return "", "", false
	}
	if l == "" && shell == "" && named == "" && toolShell != "" && codeKey && !shellKey {
		// A shell's own tool (its script or command fields are
		// mcpCommand's).
		shell = toolShell
	}
	switch {
	case shell != "" && runs:
		// execute {"language": "bash", "code": …}: shell text.
		return shell + " -c " + syntax.Quote(code), "", true
	case shell != "":
		return "", "", false
	case named != "" && l == "" && runs:
		return "", named, false
	}
	if l == "" && !hasCodeWord && (!codeKey || shellKey) {
		// run_command {"command": …, "source": …}: a shell runner, its
		// command read by mcpCommand.
		return "", "", false
	}
	if ipython && (l == "" || l == lang.Python) {
		return "ipython -c " + syntax.Quote(code), "", true
	}
	if l == "" {
		return "ipython -c " + syntax.Quote(code) + "; " + oneLiner(lang.JS, code), "", true
	}
	return oneLiner(l, code), "", true
}

// mcpRunnerText returns the text a tool that runs commands, and whose
// name says nothing else, carries in a field not named for a command
// (run_command {"input": …}, bash {"q": …}, {"line": …}): the one
// command it is handed.
func mcpRunnerText(in map[string]any) (string, bool) {
	keys := slices.Sorted(maps.Keys(in))
	for _, want := range []string{"input", "q", "line", "cmdline", "text", "stdin", "shellcommand", "commandtext", "query"} {
		for _, k := range keys {
			if fieldKey(k) != want {
				continue
			}
			if sv, ok := in[k].(string); ok && strings.TrimSpace(sv) != "" {
				return sv, true
			}
		}
	}
	return "", false
}

// mcpDatabaseTool says a tool's name says it talks to a database: a
// word with "sql" in it (sqlite, mysql, postgresql, mssql, libsql), a
// PostgreSQL or DuckDB name, db, database, or a hosted database's name.
func mcpDatabaseTool(tool string) bool {
	for _, w := range toolWords(tool) {
		switch {
		case strings.Contains(w, "sql"), strings.HasPrefix(w, "postgres"), strings.HasPrefix(w, "duck"):
			return true
		}
		switch w {
		case "pg", "db", "dbs", "database", "databases", "clickhouse", "snowflake", "bigquery", "supabase", "neon",
			"turso", "cockroachdb", "redshift", "trino", "presto", "athena", "oracle", "d1":
			return true
		}
	}
	return false
}

// mcpSQL returns the shell line that stands for the SQL a database
// tool is handed (mcp__sqlite__write_query {"query": …},
// mcp__postgres__query {"sql": …}; any tool's sql/sql_query field): the
// sqlite3 shell running it with -cmd, so that the SQL reader
// (syntax/lang/sqlite.go) judges what it does beyond the database:
// ATTACH and VACUUM INTO of a file, writefile/readfile, load_extension,
// PostgreSQL's COPY … TO/FROM PROGRAM (a shell command on the server)
// and COPY … TO/FROM a file, MySQL's INTO OUTFILE and LOAD DATA INFILE.
// The server may be on another machine; the worse reading is that it is
// this one. "" when there is no SQL.
func mcpSQL(tool string, in map[string]any) string {
	db := mcpDatabaseTool(tool)
	var parts []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			if !strings.HasSuffix(s, ";") {
				s += ";"
			}
			parts = append(parts, s)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(in)) {
		switch fk := fieldKey(k); {
		case fk == "sql" || fk == "sqlquery" || fk == "sqlstatement" || fk == "sqltext" || fk == "sqlstatements",
			db && (fk == "query" || fk == "statement" || fk == "statements" || fk == "stmt" || fk == "querytext" || fk == "queries"):
			switch v := in[k].(type) {
			case string:
				add(v)
			case []any:
				for _, e := range v {
					if s, ok := e.(string); ok {
						add(s)
					}
				}
			}
		}
	}
	if len(parts) == 0 {
		return ""
	}
	// The same text read as PostgreSQL reads it too (psql -c): its
	// E'…', U&'…' and $$…$$ literals, and the COPY … PROGRAM a DO
	// block or EXECUTE runs.
	q := syntax.Quote(strings.Join(parts, "\n"))
	return "sqlite3 -cmd " + q + " :memory:; psql -X -c " + q
}

// mcpProcessInput returns the text a tool types into a running process
// (a name with process, terminal, session, repl or pty and a verb that
// sends: interact_with_process, send_input, write_to_terminal): judged
// as a command line, since the process is often a shell.
func mcpProcessInput(tool string, in map[string]any) (string, bool) {
	target, sends := false, false
	for _, w := range toolWords(tool) {
		switch w {
		case "process", "terminal", "session", "repl", "pty", "tty", "shell":
			target = true
		case "interact", "send", "write", "input", "type", "keys":
			sends = true
		}
	}
	if !target || !sends {
		return "", false
	}
	keys := slices.Sorted(maps.Keys(in))
	for _, k := range []string{"input", "text", "keys", "data", "chars"} {
		for _, key := range keys {
			if fieldKey(key) == k {
				if sv, ok := in[key].(string); ok && strings.TrimSpace(sv) != "" {
					return sv, true
				}
			}
		}
	}
	return "", false
}

// mcpLanguageKeys are the fields that name the language (or the shell,
// or the interpreter) a code runner runs its code in: code-runner's
// languageId, Jupyter's kernel_name, mcp-server-commands' interpreter.
var mcpLanguageKeys = lazy.Set{List: []string{"language", "lang", "languageid", "kernel", "kernelname", "runtime", "interpreter", "shell"}}

// mcpLanguageValue reads a language field's value: the language of an
// interpreter corral reads one-liners of (python, node, ruby, perl,
// php, their program names and paths: /usr/bin/env python3), or the
// shell it names (bash, sh, zsh, /bin/bash; shell, shellscript and
// console are sh). known is false for any other value.
func mcpLanguageValue(v string) (l lang.Lang, shell string, known bool) {
	f := strings.Fields(strings.TrimSpace(v))
	if len(f) == 0 {
		return "", "", false
	}
	if path.Base(f[0]) == "env" && len(f) > 1 {
		f = f[1:]
	}
	base := path.Base(f[0])
	lower := strings.ToLower(base)
	switch {
	case lower == "shell" || lower == "shellscript" || lower == "shell-script" || lower == "console" || lower == "shell_script":
		return "", "sh", true
	case syntax.IsShell(lower):
		return "", lower, true
	}
	for _, w := range []string{base, lower} {
		if wl := mcpLanguageOf(w); wl != "" && oneLiner(wl, "") != "" {
			return wl, "", true
		}
	}
	return "", "", false
}

// mcpArgKeys are the fields that hold a program's arguments as a list.
var mcpArgKeys = lazy.Set{List: []string{"args", "arguments", "argv"}}

// mcpProgramKeys are the fields that name the program a runner starts
// with an argument list beside it (mcp__x__run {"program": "rm",
// "arguments": […]}).
var mcpProgramKeys = lazy.Set{List: []string{"program", "executable", "exe", "binary", "bin", "file", "command", "cmd"}}

// mcpHasArgs says the input has an argument list.
func mcpHasArgs(in map[string]any, keys []string) bool {
	for _, k := range keys {
		if _, list := in[k].([]any); list && mcpArgKeys.Has(fieldKey(k)) {
			return true
		}
	}
	return false
}

// mcpExecText finds the command of a runner whose input has no field
// mcpCommandKeys names: a program with its argument list ({"program":
// "rm", "arguments": [...]}, {"executable": …, "args": …}) or an argv
// alone ({"mode": "executable", "argv": [...]}), both whole (whole is
// true: no args to append); else a field whose name says command
// (bash_command, shellCommand, cmd_string, commands: a list of them,
// one a line), to which the args and environment still apply.
func mcpExecText(in map[string]any, keys []string) (cmd string, whole bool) {
	var args []any
	for _, k := range keys {
		if list, ok := in[k].([]any); ok && mcpArgKeys.Has(fieldKey(k)) && args == nil {
			args = list
		}
	}
	if args != nil {
		for _, k := range keys {
			if p, ok := in[k].(string); ok && strings.TrimSpace(p) != "" && mcpProgramKeys.Has(fieldKey(k)) {
				if q := quoteArgs(args); q != "" || len(args) == 0 {
					return strings.TrimSpace(syntax.Quote(p) + " " + q), true
				}
			}
		}
		for _, k := range keys {
			if fieldKey(k) == "argv" {
				if q := quoteArgs(args); q != "" {
					return q, true
				}
			}
		}
	}
	for _, k := range keys {
		fk := fieldKey(k)
		if !mcpCommandLikeKey(fk) || mcpDataKeys.Get()[fk] {
			continue
		}
		switch v := in[k].(type) {
		case string:
			if strings.TrimSpace(v) != "" {
				return v, false
			}
		case []any:
			if strings.HasSuffix(fk, "s") {
				// commands: ["ls", "make"], one command a line.
				var lines []string
				for _, e := range v {
					if s, ok := e.(string); ok {
						lines = append(lines, s)
					}
				}
				if len(lines) > 0 {
					return strings.Join(lines, "\n"), false
				}
			} else if q := quoteArgs(v); q != "" {
				return q, false
			}
		}
	}
	return "", false
}

// mcpCommandLikeKey says a field key (a fieldKey) names a command:
// command, cmd, script, command_line, or one with command or cmd in it
// (bash_command, cmd_string, commands).
func mcpCommandLikeKey(fk string) bool {
	return mcpCommandKeys.Get()[fk] || strings.Contains(fk, "command") || strings.Contains(fk, "cmd")
}

// mcpProseTool says a tool's name says it sends a message or searches
// (send_message, post_comment, search_docs, lookup_command, tldr): a
// command in its input is the message or the query, when nothing in
// the name says it runs something.
func mcpProseTool(tool string) bool {
	for _, w := range toolWords(tool) {
		switch w {
		case "message", "messages", "chat", "post", "reply", "comment", "email", "mail", "notify", "notification",
			"tweet", "sms", "publish", "search", "query", "lookup", "find", "grep", "docs", "doc", "documentation",
			"man", "tldr", "explain":
			return true
		}
	}
	return false
}

// mcpPerms returns the shell line that stands for what a permission
// tool does (its name says chmod, chown, chgrp, permission(s), perms,
// mode, acl, owner or ownership): chmod MODE of each path it is handed
// (mode, permissions, perms, file_mode fields; a number is read both as
// octal digits and as the value, 0o777 = 511), chown OWNER[:GROUP] for
// an owner, user or group field, -R when a recursive field is true; a
// permission tool whose mode corral cannot read is taken to take all
// access away (chmod 000). The Bash engine judges the line as it judges
// chmod and chown at the shell (chmod 000 ~/.claude hides the hook's
// settings: denied). "" for other tools or no path.
func mcpPerms(tool string, in map[string]any) string {
	chmod, chown := false, false
	for _, w := range toolWords(tool) {
		switch w {
		case "chmod", "permission", "permissions", "perms", "perm", "mode", "acl", "setfacl":
			chmod = true
		case "chown", "chgrp", "owner", "ownership":
			chown = true
		}
	}
	if !chmod && !chown {
		return ""
	}
	keys := slices.Sorted(maps.Keys(in))
	var paths, modes []string
	owner, group, recursive := "", "", false
	for _, k := range keys {
		fk := fieldKey(k)
		switch v := in[k].(type) {
		case string:
			switch {
			case mcpPathKeys.Get()[fk]:
				if p, ok := localPath(v); ok {
					paths = append(paths, p)
				}
			case fk == "mode" || fk == "permissions" || fk == "permission" || fk == "perms" || fk == "filemode" ||
				fk == "octal" || fk == "octalmode" || fk == "chmod" || fk == "newmode":
				modes = append(modes, v)
			case fk == "owner" || fk == "user" || fk == "uid" || fk == "newowner":
				owner = v
			case fk == "group" || fk == "gid":
				group = v
			}
		case float64:
			if fk == "mode" || fk == "permissions" || fk == "perms" || fk == "filemode" || fk == "newmode" {
				n := int64(v)
				modes = append(modes, strconv.FormatInt(n, 8))
				if d := strconv.FormatInt(n, 10); !strings.ContainsAny(d, "89") && d != modes[len(modes)-1] {
					modes = append(modes, d)
				}
			}
		case []any:
			if mcpPathKeys.Get()[fk] {
				for _, e := range v {
					if sv, ok := e.(string); ok {
						if p, ok := localPath(sv); ok {
							paths = append(paths, p)
						}
					}
				}
			}
		case bool:
			if fk == "recursive" || fk == "recurse" || fk == "r" {
				recursive = recursive || v
			}
		}
	}
	if len(paths) == 0 {
		return ""
	}
	word := func(p string) string {
		if rest, ok := strings.CutPrefix(p, "~/"); ok {
			return "~/" + syntax.Quote(rest)
		}
		if p == "~" {
			return p
		}
		return syntax.Quote(p)
	}
	r := ""
	if recursive {
		r = "-R "
	}
	var lines []string
	for _, p := range paths {
		if chmod {
			if len(modes) == 0 {
				modes = []string{"000"}
			}
			for _, m := range modes {
				lines = append(lines, "chmod "+r+"-- "+syntax.Quote(m)+" "+word(p))
			}
		}
		if chown && (owner != "" || group != "") {
			o := owner
			if group != "" {
				o += ":" + group
			}
			lines = append(lines, "chown "+r+"-- "+syntax.Quote(o)+" "+word(p))
		}
	}
	return strings.Join(lines, "\n")
}

// mcpNotebookRun returns, for a runner handed a notebook's path (a path
// field whose value ends in .ipynb), the shell line that runs the
// notebook's cells (jupyter execute -- NB), whose reader reads each code
// cell as IPython text; "" when there is none.
func mcpNotebookRun(in map[string]any) string {
	for _, k := range slices.Sorted(maps.Keys(in)) {
		v, ok := in[k].(string)
		if !ok || !mcpPathKeys.Get()[fieldKey(k)] || !strings.HasSuffix(strings.ToLower(v), ".ipynb") {
			continue
		}
		if p, ok := localPath(v); ok {
			if rest, home := strings.CutPrefix(p, "~/"); home {
				return "jupyter execute -- ~/" + syntax.Quote(rest)
			}
			return "jupyter execute -- " + syntax.Quote(p)
		}
	}
	return ""
}
