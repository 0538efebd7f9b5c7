package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// wget -e/--execute runs a wgetrc command ("dir_prefix = out") as if it
// stood in the startup file, in its place among the command-line options:
// a later -P overrides an earlier -e dir_prefix and the other way round.
// wget reads a command's name case-, underscore- and minus-insensitively
// (DIr__PrefiX is dirprefix) and refuses a name it does not know.

// wgetrcCommands are the wgetrc commands wget's manual lists (section
// "Wgetrc Commands", wget 1.21), normalised as wget compares them.
var wgetrcCommands = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("accept", "reject", "addhostdir", "askpassword", "authnochallenge", "background",
		"backupconverted", "backups", "base", "bindaddress", "cacertificate", "cadirectory", "cache", "certificate",
		"certificatetype", "checkcertificate", "connecttimeout", "contentdisposition", "trustservernames", "continue",
		"convertlinks", "cookies", "cutdirs", "debug", "defaultpage", "deleteafter", "dirprefix", "dirstruct", "dnscache",
		"dnstimeout", "domains", "dotbytes", "dotspacing", "dotsinline", "egdfile", "excludedirectories", "excludedomains",
		"followftp", "followtags", "forcehtml", "ftppassword", "ftpproxy", "ftpuser", "glob", "header", "compression",
		"adjustextension", "httpkeepalive", "httppassword", "httpproxy", "httpuser", "httpsonly", "httpsproxy", "ignorecase",
		"ignorelength", "ignoretags", "includedirectories", "iri", "input", "keepsessioncookies", "limitrate", "loadcookies",
		"localencoding", "logfile", "maxredirect", "mirror", "netrc", "noclobber", "noparent", "noproxy", "outputdocument",
		"pagerequisites", "passiveftp", "password", "postdata", "postfile", "preferfamily", "privatekey", "privatekeytype",
		"progress", "protocoldirectories", "proxypassword", "proxyuser", "quiet", "quota", "randomfile", "randomwait",
		"readtimeout", "reclevel", "recursive", "referer", "relativeonly", "remoteencoding", "removelisting",
		"restrictfilenames", "retrsymlinks", "retryconnrefused", "robots", "savecookies", "saveheaders", "secureprotocol",
		"serverresponse", "showalldnsentries", "spanhosts", "spider", "strictcomments", "timeout", "timestamping",
		"useservertimestamps", "tries", "useproxy", "user", "useragent", "verbose", "wait", "waitretry")
}}

// wgetrcOptions are the wgetrc commands that decide where files go or
// which are saved, as the option letter the wget rule reads: dir_prefix
// is -P, output_document -O, input -i; the others, when on, are the
// flags that make a tree (-r, -m, -p, -x) or save nothing (--spider).
var wgetrcOptions = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"dirprefix": "P", "outputdocument": "O", "input": "i",
		"recursive": "r", "mirror": "m", "pagerequisites": "p", "dirstruct": "x", "spider": "spider"}
}}

// wgetExecute replaces each -e/--execute in opts by the option it amounts
// to, drops the ones that do not change where files go, and returns the
// commands corral cannot read (only known at run time, or not a wgetrc
// command wget's manual lists).
func wgetExecute(opts []option) (out []option, unknown []string) {
	for _, o := range opts {
		if o.name != "e" && o.name != "execute" || !o.hasVal {
			out = append(out, o)
			continue
		}
		v := o.val
		if !v.Static {
			unknown = append(unknown, v.Raw)
			continue
		}
		raw, val, eq := strings.Cut(v.Value, "=")
		if !eq {
			continue // wget refuses it and downloads nothing
		}
		name := wgetrcName(raw)
		if !wgetrcCommands.Get()[name] {
			unknown = append(unknown, v.Value)
			continue
		}
		letter, ok := wgetrcOptions.Get()[name]
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		if letter != "P" && letter != "O" && letter != "i" {
			if b := strings.ToLower(val); b == "on" || b == "1" || b == "yes" {
				out = append(out, option{name: letter, idx: o.idx})
			}
			continue
		}
		// The value is rewritten in place: the word keeps its option
		// and the command's name, and gets a new value.
		e := option{name: letter, idx: o.idx, hasVal: true, attached: true, val: v}
		e.prefix = o.prefix + v.Value[:len(v.Value)-len(strings.TrimLeft(v.Value[len(raw)+1:], " \t"))]
		e.val.Value = val
		out = append(out, e)
	}
	return out, unknown
}

// wgetExecuteAsk reports the -e commands corral could not read.
func wgetExecuteAsk(p *Pass, c *syntax.Call, unknown []string) {
	for _, u := range unknown {
		p.Report(c, Finding{Rule: "wget", Decision: Ask, Kind: "download",
			Message: "wget -e " + u + ": a wgetrc command corral cannot read (only known at run time, or one wget's manual does not list) may set where the download is saved"})
	}
}

// wgetStartupFile asks about a wgetrc that wget reads instead of the
// user's own and corral cannot judge: --config FILE (unless --no-config)
// that cannot be read now, that the command changes first, or that sets
// output_document or input (where the download goes, which the -P corral
// adds does not override) or a command wget's manual does not list; and
// a startup file moved by WGETRC or HOME set in the command. It reports
// whether it asked.
func (p *Pass) wgetStartupFile(c *syntax.Call, opts []option) bool {
	if has(opts, "no-config") {
		return false
	}
	why := ""
	if cfgs := find(opts, "config"); len(cfgs) > 0 {
		v := cfgs[len(cfgs)-1].val
		text, unread := p.readWrittenConfig(c, v)
		switch {
		case unread != "":
			why = "the startup file " + unread
		default:
			if name := wgetrcSaves(text); name != "" {
				why = "the startup file " + v.Value + ", which sets " + name
			}
		}
	} else {
		for _, n := range c.EnvChanged {
			if n != "WGETRC" && n != "HOME" {
				continue
			}
			why = "a startup file the command chose ($" + n + ")"
			val, set, ok := c.ChangedEnvValue(n)
			if n != "WGETRC" || !ok || !set || val == "" {
				break
			}
			// WGETRC=rc wget …: wget reads rc instead of ~/.wgetrc
			// (wget(1), Startup File); its text, on disk or written by
			// the command before, is judged as --config's is.
			text, unread := p.readWrittenConfig(c, syntax.Arg{Value: val, Raw: val, Static: true})
			switch {
			case unread != "":
				why = "the startup file $WGETRC names, " + unread
			case wgetrcSaves(text) != "":
				why = "the startup file " + val + " ($WGETRC), which sets " + wgetrcSaves(text)
			default:
				why = ""
			}
			break
		}
	}
	// wget reads the file SYSTEM_WGETRC names before the user's (or
	// --config's) one, whatever --config says: SYSTEM_WGETRC=./cfg wget
	// -P sandbox URL saves where cfg's output_document says.
	for _, n := range c.EnvChanged {
		if n == "SYSTEM_WGETRC" && why == "" {
			if _, set, ok := c.ChangedEnvValue(n); !ok || set {
				why = "a startup file the command chose ($SYSTEM_WGETRC)"
			}
		}
	}
	if why == "" {
		return false
	}
	p.Report(c, Finding{Rule: "wget", Decision: Ask, Kind: "download",
		Message: "wget reads " + why + "; a wgetrc can set output_document, which corral cannot move into the sandbox"})
	return true
}

// wgetrcSaves returns the first wgetrc command in text that names where
// a download goes or what is fetched (output_document, input) or that
// wget's manual does not list, or "".
func wgetrcSaves(text string) string {
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		raw, _, ok := strings.Cut(line, "=")
		if !ok {
			// A line with no "=" is a syntax error: wget says so and
			// exits (status 2) before it fetches anything.
			continue
		}
		name := wgetrcName(raw)
		if !wgetrcCommands.Get()[name] || name == "outputdocument" || name == "input" {
			return strings.TrimSpace(raw)
		}
	}
	return ""
}

// wgetrcName is a wgetrc command's name as wget compares it: case,
// underscores, minus signs and blanks do not count (DIr__PrefiX is
// dirprefix).
func wgetrcName(raw string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '_', '-', ' ', '\t':
			return -1
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, raw)
}

// wgetrcWriteCommands are the wgetrc commands (normalised) whose value is
// a file wget writes: logfile is -o, savecookies --save-cookies (wget's
// manual, "Wgetrc Commands"). wget expands a leading ~/ in them itself.
var wgetrcWriteCommands = lazy.Set{List: []string{"logfile", "savecookies"}}

// wgetrcWrites returns the files that -e/--execute commands in opts make
// wget write besides the download: wget -e logfile=.env writes its log to
// .env, as wget -o .env does (the download rule moves only the download).
func wgetrcWrites(_ *syntax.Call, opts []option, _ []syntax.Arg) []target {
	var out []target
	for _, o := range find(opts, "e", "execute") {
		if !o.hasVal || !o.val.Static {
			continue
		}
		raw, val, eq := strings.Cut(o.val.Value, "=")
		if !eq || !wgetrcWriteCommands.Has(wgetrcName(raw)) {
			continue
		}
		if val = strings.TrimSpace(val); val != "" && val != "-" {
			out = append(out, target{arg: o.val, value: val, action: guards.Write})
		}
	}
	return out
}
