package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// curlWriteOutFiles returns the files curl's -w/--write-out format sends
// its text to (red team 17 CW2): from curl 8.3 a "%output{FILE}" switches
// the rest of the write-out to FILE, created or truncated, and
// "%output{>>FILE}" appends to it (tool_writeout.c: the name is opened as
// written, with no ~ expansion, up to the "}"). The text after it is the
// agent's, so each FILE is a write judged through the path guards as
// curl -o FILE's is.
func curlWriteOutFiles(_ *syntax.Call, opts []option, _ []syntax.Arg) []target {
	var out []target
	for _, o := range find(opts, "w", "write-out") {
		v := o.val
		if strings.HasPrefix(v.Value, "@") {
			continue // a format read from a file: secret-read reads it
		}
		if !v.Static && !strings.Contains(v.Raw, "%output{") {
			continue // not read: a format only known at run time (Limits)
		}
		rest := v.Value
		for {
			i := strings.Index(rest, "%output{")
			if i < 0 {
				break
			}
			rest = rest[i+len("%output{"):]
			end := strings.IndexByte(rest, '}')
			if end < 0 {
				break // curl writes nothing: the format is wrong
			}
			name := strings.TrimPrefix(rest[:end], ">>")
			rest = rest[end+1:]
			if name == "" {
				continue
			}
			out = append(out, target{arg: syntax.Arg{Value: name, Raw: syntax.Quote(name), Static: true}, action: guards.Write})
		}
	}
	return out
}

// curlWriteOutServerFiles judges the files a write-out format sends text
// the server chose to (-w '%output{notes.md}%header{x-note}', %{json},
// %{content_type}: curlServerTargets): content from outside that lands
// in a file outside the sandbox, where curl -o or > would be moved into
// it. The name sits inside the format, which corral does not rewrite,
// so it asks; a file in the sandbox passes.
func (p *Pass) curlWriteOutServerFiles(c *syntax.Call, files []string) {
	for _, f := range files {
		if f == "" || p.InSandbox(c.Dir, syntax.Arg{Value: f, Raw: f, Static: true}) {
			continue
		}
		p.Report(c, Finding{Rule: "curl", Decision: Ask, Kind: "download",
			Message: "curl -w writes text the server chooses (a header or a response variable) into " + f + ", outside the sandbox; name a file under " + p.Config.Sandbox + " in %output{…}"})
	}
}
