package syntax

import "strings"

// curl's -w/--write-out format (curl >= 8.3) can switch its output to a
// file: "%output{FILE}" creates or truncates FILE and "%output{>>FILE}"
// appends to it, and the rest of the format, up to the next %output{…},
// %{stdout} or %{stderr}, is written there (tool_writeout.c: FILE opened
// as written, no ~ expansion). That text is the agent's: the walker
// records it as FILE's text, as for echo TEXT > FILE, so that a memory
// file's @imports, a .pth or sitecustomize's code and a script the same
// command runs afterwards are judged by it (red team 17 CW2). curl's
// escapes are applied (\n, \r, \t, %%; another backslash pair is written as it is); a %{variable} or %header{…}
// in the text, a format only known at run time, or more than one URL
// (the text written once per transfer) makes FILE's text unknown.

// curlSpec reads curl's options far enough to find -w and the operands:
// every short option that takes a value, and the long ones most used
// with one (a long option not listed is taken as a flag, which can only
// make a later word look like an option, never hide one).
var curlSpec = OptSpec{ShortVal: "AbcCdDeEFHKmoPQrtTuUwxXyYz", LongEq: true, Abbrev: false,
	LongVal: []string{"write-out", "output", "header", "data", "data-raw", "data-binary", "data-urlencode", "form",
		"user-agent", "user", "url", "config", "request", "referer", "cookie", "cookie-jar", "dump-header", "output-dir",
		"max-time", "connect-timeout", "proxy", "upload-file", "cert", "key", "cacert", "resolve", "retry", "range",
		"json", "variable", "stderr", "trace", "trace-ascii", "etag-save", "etag-compare", "netrc-file", "unix-socket"}}

// curlWriteOut records the files curl's write-out format writes, with
// their text when it is known.
func (w *walker) curlWriteOut(c scope, call *Call) {
	opts, ops := ScanOptions(call.Args, curlSpec)
	urls := len(ops) // one write-out per transfer
	for _, o := range opts {
		if o.Name == "url" || o.Name == "K" || o.Name == "config" {
			urls++ // --url adds one, a config file may
		}
	}
	for _, o := range opts {
		if o.Name != "w" && o.Name != "write-out" || !o.HasVal {
			continue
		}
		if !o.Val.Static || strings.HasPrefix(o.Val.Value, "@") {
			continue // rewrite's curlWriteOutFiles judges the names it can read
		}
		for _, out := range CurlWriteOutFiles(o.Val.Value) {
			d := call.Dir.Join(out.Name)
			if !d.Known {
				continue
			}
			if !out.Known || urls != 1 {
				w.setOpaque(d.Path)
				w.siteWrite(c, call, d.Path, "", false)
				continue
			}
			if out.Append {
				prev := w.written[d.Path]
				all, ok := w.addedText(d.Path, out.Text, false)
				if !ok {
					w.setOpaque(d.Path)
					w.siteWrite(c, call, d.Path, "", false)
					continue
				}
				w.setWrittenPart(d.Path, all)
				w.siteWrite(c, call, d.Path, prev+out.Text, true)
				continue
			}
			w.setWritten(d.Path, out.Text)
			w.siteWrite(c, call, d.Path, out.Text, true)
		}
	}
}

// CurlWriteOut is one file a curl write-out format writes.
type CurlWriteOut struct {
	// Name is the file as written in %output{…}, without ">>".
	Name string
	// Append reports %output{>>FILE}.
	Append bool
	// Text is what curl writes there, when Known: the format's literal
	// text after the escapes.
	Text  string
	Known bool
}

// CurlWriteOutFiles returns the files a curl -w format writes, each with
// the text the format sends there.
func CurlWriteOutFiles(format string) []CurlWriteOut {
	var out []CurlWriteOut
	var cur *CurlWriteOut
	var b strings.Builder
	flush := func() {
		if cur != nil {
			cur.Text = b.String()
			out = append(out, *cur)
		}
		b.Reset()
	}
	for i := 0; i < len(format); i++ {
		ch := format[i]
		switch {
		case ch == '\\' && i+1 < len(format):
			switch format[i+1] {
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte('\\')
				b.WriteByte(format[i+1])
			}
			i++
		case ch == '%' && i+1 < len(format) && format[i+1] == '%':
			b.WriteByte('%')
			i++
		case ch == '%' && strings.HasPrefix(format[i:], "%output{"):
			end := strings.IndexByte(format[i:], '}')
			if end < 0 {
				// curl stops here: the format is wrong.
				flush()
				return out
			}
			name := format[i+len("%output{") : i+end]
			i += end
			flush()
			cur = nil
			appendMode := strings.HasPrefix(name, ">>")
			name = strings.TrimPrefix(name, ">>")
			if name != "" {
				cur = &CurlWriteOut{Name: name, Append: appendMode, Known: true}
			}
		case ch == '%' && (strings.HasPrefix(format[i:], "%{stdout}") || strings.HasPrefix(format[i:], "%{stderr}")):
			flush()
			cur = nil
			i += len("%{stdout}") - 1
		case ch == '%' && i+1 < len(format) && (format[i+1] == '{' || strings.HasPrefix(format[i+1:], "header{") || strings.HasPrefix(format[i+1:], "time{")):
			// A variable: its value only run time gives.
			if cur != nil {
				cur.Known = false
			}
			b.WriteByte(ch)
		default:
			b.WriteByte(ch)
		}
	}
	flush()
	return out
}
