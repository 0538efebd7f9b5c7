package syntax

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// rebar3 runs the project's build configuration (issue 12, class 4):
// rebar.config's {pre_hooks, […]} and {post_hooks, […]} are shell
// commands run around its providers ({compile, "make -C c_src"}, also
// with an architecture pattern first), and rebar.config.script is
// Erlang code rebar3 evaluates before reading the configuration
// (rebar3's configuration documentation). Each is judged as if typed (a
// pre_hooks {compile, "rm -rf ~"} was allowed); rebar3 --version and
// help read neither.

// rebarHooks matches a pre_hooks or post_hooks tuple's list.
var rebarHooks = lazy.Regexp{Expr: `\{\s*(?:pre|post)_hooks\s*,\s*\[`}

// rebar3 models a rebar3 call from its working directory.
func (w *walker) rebar3(c scope, call *Call) {
	if len(call.Args) > 0 {
		switch call.Args[0].Value {
		case "version", "--version", "-v", "help", "--help", "-h":
			return
		}
	}
	if !call.Dir.Known {
		return
	}
	if text, ok := w.readScript(call.Dir.Join("rebar.config.script")); ok {
		w.program(c, call, lang.Erlang, text, "rebar.config.script", false, "")
	}
	text, ok := w.readScript(call.Dir.Join("rebar.config"))
	if !ok {
		return
	}
	for _, cmd := range rebarHookCommands(text) {
		w.origin = "rebar.config (rebar3)"
		w.child(c, call, cmd, nil, "rebar3 hook", false)
		w.origin = ""
	}
}

// rebarHookCommands returns the strings of rebar.config's pre_hooks and
// post_hooks lists: each is a shell command (an atom names the provider
// or the architecture, a string the command). Comments (%) are dropped.
func rebarHookCommands(text string) []string {
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		inStr := false
		for i := 0; i < len(line); i++ {
			ch := line[i]
			if ch == '"' && (i == 0 || line[i-1] != '\\') {
				inStr = !inStr
			}
			if ch == '%' && !inStr {
				break
			}
			b.WriteByte(ch)
		}
		b.WriteByte('\n')
	}
	text = b.String()
	var out []string
	for _, loc := range rebarHooks.Get().FindAllStringIndex(text, -1) {
		depth := 1
		for i := loc[1]; i < len(text) && depth > 0; i++ {
			switch text[i] {
			case '[':
				depth++
			case ']':
				depth--
			case '"':
				j := i + 1
				var s strings.Builder
				for ; j < len(text) && text[j] != '"'; j++ {
					if text[j] == '\\' && j+1 < len(text) {
						j++
					}
					s.WriteByte(text[j])
				}
				out = append(out, s.String())
				i = j
			}
		}
	}
	return out
}
