package lang

import (
	"path"
	"strings"
)

// phpStreamPath is the file a PHP stream URL reaches, or name itself
// when it is no such URL. PHP's file functions (fopen, file_put_contents,
// file_get_contents, copy, unlink, rename, error_log's destination…)
// open a name through the stream wrapper its scheme names: file://PATH
// is the plain file PATH; php://filter/…/resource=NAME opens NAME
// (itself a name of any wrapper) through the filters, so a write with
// write=string.rot13 still writes NAME; compress.zlib://PATH and
// compress.bzip2://PATH read and write PATH compressed; zip://ARCHIVE#ENTRY
// and phar://ARCHIVE/ENTRY open an entry of ARCHIVE, which a write
// changes. Scheme names are matched without regard to case, as PHP
// does. Other schemes (http://, data:, php://memory, php://stdout) are
// left as written.
func phpStreamPath(name string) string {
	for range 8 { // php://filter/resource=php://filter/…: nested, bounded
		lower := strings.ToLower(name)
		switch {
		case strings.HasPrefix(lower, "file://"):
			name = name[len("file://"):]
		case strings.HasPrefix(lower, "compress.zlib://"):
			name = name[len("compress.zlib://"):]
		case strings.HasPrefix(lower, "compress.bzip2://"):
			name = name[len("compress.bzip2://"):]
		case strings.HasPrefix(lower, "php://filter/"):
			// The filter chain ends at /resource=, whose value is the
			// rest of the URL (slashes included).
			i := strings.Index(lower, "/resource=")
			if i < 0 {
				return name
			}
			name = name[i+len("/resource="):]
		case strings.HasPrefix(lower, "zip://"):
			name, _, _ = strings.Cut(name[len("zip://"):], "#")
		case strings.HasPrefix(lower, "phar://"):
			// The archive is the path up to the first element PHP
			// takes for one (a name with .phar, .tar or .zip in it).
			rest := name[len("phar://"):]
			parts := strings.Split(rest, "/")
			for k, p := range parts {
				if l := strings.ToLower(p); strings.Contains(l, ".phar") || strings.Contains(l, ".tar") || strings.Contains(l, ".zip") || strings.HasSuffix(l, ".tgz") {
					rest = path.Join(parts[:k+1]...)
					if strings.HasPrefix(name[len("phar://"):], "/") {
						rest = "/" + rest
					}
					break
				}
			}
			name = rest
		default:
			return name
		}
	}
	return name
}

// phpStreamArgs returns args with each literal that is a stream URL
// reaching a file replaced by that file's name (phpStreamPath).
func phpStreamArgs(args []arg) []arg {
	var out []arg
	for i, a := range args {
		if !a.lit || !strings.Contains(a.str, "://") {
			continue
		}
		p := phpStreamPath(a.str)
		if p == a.str {
			continue
		}
		if out == nil {
			out = append([]arg(nil), args...)
		}
		out[i].str = p
	}
	if out == nil {
		return args
	}
	return out
}

// phpLogWrites reports the PHP functions that name a log file: error_log
// (message type 3 appends the message to the destination) and ini_set
// or ini_alter of "error_log" (every later error, warning or error_log
// message is appended to the file it names).
func phpLogWrites(n string) bool {
	return n == "error_log" || n == "ini_set" || n == "ini_alter"
}

// phpLogWrite is the append of the file an error_log call (type 3) or an
// ini_set("error_log", F) names; the other message types (0: the log
// the settings name, 1: mail, 4: the server) and other settings give
// nothing. (PHP 8's named arguments, message_type: 3, are not read.)
func phpLogWrite(c call, n string) (Effect, bool) {
	var dest *arg
	if n == "error_log" {
		typ := ""
		if a := argAt(positional(c.args), 1); a != nil {
			typ = a.text
		}
		if strings.TrimSpace(typ) != "3" {
			return Effect{}, false
		}
		dest = argAt(positional(c.args), 2)
	} else {
		if k := argAt(positional(c.args), 0); k == nil || !k.lit || k.str != "error_log" {
			return Effect{}, false
		}
		dest = argAt(positional(c.args), 1)
	}
	e, ok := pathEffect(c, Write, dest, false)
	e.Append = true
	return e, ok
}
