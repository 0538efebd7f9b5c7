package syntax

import (
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// PHPLogFiles returns the files a php command line names as its error
// log (-d error_log=F, --define error_log=F): PHP appends every error,
// warning and error_log() message to F, so the program's text reaches it
// (red team 13 WS, as ini_set("error_log", F) in the code does). The
// word returned is the option's value; path is F. "syslog" is no file.
func PHPLogFiles(c *Call) (words []Arg, paths []string) {
	if lang.ForProgram(c.Name) != lang.PHP {
		return nil, nil
	}
	spec, ok := interpSpecFor(lang.PHP, c.Name)
	if !ok {
		return nil, nil
	}
	opts, _ := ScanOptions(c.Args, spec.opts)
	for _, o := range opts {
		if (o.Name != "d" && o.Name != "define") || !o.HasVal || !o.Val.Static {
			continue
		}
		key, val, ok := strings.Cut(o.Val.Value, "=")
		if !ok || strings.TrimSpace(key) != "error_log" {
			continue
		}
		val = strings.Trim(strings.TrimSpace(val), `"'`)
		if val == "" || val == "syslog" {
			continue
		}
		words = append(words, o.Val)
		paths = append(paths, val)
	}
	return words, paths
}
