package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var aria2cRule = Rule{
	Name: "aria2c",
	Doc: `aria2c downloads (HTTP, FTP, BitTorrent, Metalink) into its working
directory or -d/--dir DIR; -o/--out names a file relative to that
directory. The directory is made the sandbox (-d <sandbox> is added when
none is given). An -o that is absolute or climbs out with ".." would leave
it, so corral asks. --help and --version download nothing.`,
	Decisions: []Decision{Rewrite, Ask},
	Commands:  []string{"aria2c"},
	Call:      checkAria2c,
}

// aria2cSpec are aria2c's options that take a value (getopt_long: the
// value is the next word or attached with "=").
var aria2cSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "dojiTMsxklU", longEq: true, longVal: longOpts("dir", "out", "input-file",
		"torrent-file", "metalink-file", "split", "max-connection-per-server", "min-split-size", "max-concurrent-downloads",
		"max-download-limit", "max-overall-download-limit", "max-upload-limit", "ftp-user", "ftp-passwd", "http-user",
		"http-passwd", "user-agent", "header", "referer", "checksum", "conf-path", "log", "log-level", "timeout",
		"connect-timeout", "max-tries", "retry-wait", "all-proxy", "http-proxy", "https-proxy", "ftp-proxy", "seed-time",
		"seed-ratio", "select-file", "index-out", "save-session", "load-cookies", "save-cookies", "console-log-level",
		"file-allocation", "stop", "summary-interval", "rpc-secret", "bt-tracker", "listen-port", "dht-listen-port",
		"on-download-complete", "on-download-start", "on-download-error", "on-download-stop", "on-download-pause",
		"on-bt-download-complete", "lowest-speed-limit", "uri-selector"),
	}
}}

func checkAria2c(p *Pass, c *syntax.Call) {
	opts, operands := scan(c.Args, aria2cSpec.Get())
	if has(opts, "h", "help", "v", "version") && len(operands) == 0 {
		return
	}
	if len(operands) == 0 && len(find(opts, "i", "input-file", "T", "torrent-file", "M", "metalink-file")) == 0 && !c.ExtraArgs {
		return
	}
	for _, o := range find(opts, "o", "out") {
		if v := o.val; !v.Static || strings.HasPrefix(v.Value, "/") || strings.Contains(v.Value, "..") {
			p.Report(c, Finding{Rule: "aria2c", Decision: Ask, Kind: "download",
				Message: "aria2c -o " + v.Value + " may save outside its download directory; use a plain name under -d " + p.Config.Sandbox})
			return
		}
	}
	p.intoDirOption(c, "aria2c", "download", find(opts, "d", "dir"), " -d ", -1)
}
