package rewrite

import (
	"errors"
	"io/fs"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// curlConfigSaves are the options that, set in a curl config file, make
// curl save a file (or read another config that may): curl -K f runs
// them as if they were on the command line.
var curlConfigSaves = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("output", "o", "remote-name", "O", "remote-name-all", "output-dir", "remote-header-name", "J",
		"dump-header", "D", "trace", "trace-ascii", "config", "K", "next", ":")
}}

// curlConfigs asks about each -K/--config file that can make curl save
// a file corral does not see: a config read from stdin (-K -) or from a
// file that cannot be read now, or one that sets output, remote-name,
// output-dir and the like. A readable config that only sets other options
// (headers, retries, a url written to stdout) passes. It reports whether
// it asked.
func (p *Pass) curlConfigs(c *syntax.Call, opts []option) bool {
	for _, o := range find(opts, "K", "config") {
		v := o.val
		why := ""
		switch {
		case !v.Static:
			why = "a config file named only at run time"
		case v.Value == "-":
			why = "a config read from stdin"
		default:
			text, unread := p.readWrittenConfig(c, v)
			switch {
			case unread != "":
				why = "the config file " + unread
			case curlConfigKey(text) != "":
				why = "the config file " + v.Value + ", which sets " + curlConfigKey(text)
			}
		}
		if why != "" {
			p.Report(c, Finding{Rule: "curl", Decision: Ask, Kind: "download",
				Message: "curl reads options from " + why + "; a config can name the URL and the file it is saved to, so corral cannot keep the download in the sandbox"})
			return true
		}
	}
	// Without -q/--disable first, curl reads .curlrc from $CURL_HOME,
	// $XDG_CONFIG_HOME or $HOME (curl(1), -K): a directory the command
	// sets for it (CURL_HOME=. curl …) holds a config corral does not see.
	if len(c.Args) == 0 || c.Args[0].Value != "-q" && c.Args[0].Value != "--disable" {
		for _, n := range c.EnvChanged {
			if n == "CURL_HOME" || n == "XDG_CONFIG_HOME" || n == "HOME" {
				p.Report(c, Finding{Rule: "curl", Decision: Ask, Kind: "download",
					Message: "curl reads its default .curlrc from $" + n + ", which this command sets; a config can name the file the download is saved to, so corral cannot keep it in the sandbox"})
				return true
			}
		}
	}
	return false
}

// readConfigFile reads the configuration file a downloader is told to
// read (curl -K, wget --config), as the hook may: unread is "" when it
// was read, else why it cannot be judged (named at run time, not a
// readable regular file, or changed by the command before it is read).
func (p *Pass) readConfigFile(c *syntax.Call, v syntax.Arg) (text, unread string) {
	d := c.Dir.Join(v.Value)
	if !v.Static || !d.Known || p.Config.NoScriptFiles {
		return "", v.Raw + ", which corral cannot read"
	}
	text, err := syntax.ReadScript(d.Path)
	switch {
	case err != nil:
		return "", v.Value + ", which corral cannot read"
	case p.touchedEarlier(c, d.Path) || p.writtenByCommand(d.Path):
		// A redirection of a block, exec > f, program code: the shell
		// model's record of the files the command writes.
		return "", v.Value + ", which the command changes before it is read"
	}
	return text, ""
}

// curlConfigKey returns the first option in a curl config text that saves
// a file (see curlConfigSaves), or "". Each line holds one option, its
// name with or without leading dashes, then =, : or blanks and a value;
// # starts a comment line.
func curlConfigKey(text string) string {
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		name := line
		if i := strings.IndexAny(line, " \t=:"); i > 0 {
			name = line[:i]
		}
		long := strings.HasPrefix(name, "--")
		name = strings.TrimLeft(name, "-")
		if !long && strings.HasPrefix(line, "-") && len(name) > 1 {
			// Bundled short options (-sO): any one that saves.
			for _, r := range name {
				if curlConfigSaves.Get()[string(r)] {
					return "-" + string(r)
				}
			}
			continue
		}
		if curlConfigSaves.Get()[name] {
			return name
		}
	}
	return ""
}

// readWrittenConfig is readConfigFile for a downloader's configuration
// (curl -K, wget --config), whose options corral scans for those that
// save a file: a file the command wrote before the call with text the
// shell knows (printf 'output=x\n' > c.cfg; curl -K c.cfg) is read as
// that text, together with the disk's (the write may be in a branch
// that does not run), instead of being unreadable.
func (p *Pass) readWrittenConfig(c *syntax.Call, v syntax.Arg) (text, unread string) {
	text, unread = p.readConfigFile(c, v)
	if unread == "" || !v.Static {
		return text, unread
	}
	d := c.Dir.Join(v.Value)
	written, ok := c.WrittenArgs[d.Path]
	if !d.Known || !ok || p.Config.NoScriptFiles {
		return text, unread
	}
	disk, err := syntax.ReadScript(d.Path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return text, unread
	}
	return written + "\n" + disk, ""
}
