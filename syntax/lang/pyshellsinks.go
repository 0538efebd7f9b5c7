package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// The standard library's own runners of shell text (red team 19 IC1),
// found by reading the sources of CPython 3.11 for os.system, os.popen
// and shell=True reached with a function's argument:
//   - pydoc.pipepager(text, cmd): subprocess.Popen(cmd, shell=True), the
//     text on its standard input;
//   - pydoc.tempfilepager(text, cmd): os.system(cmd + ' "' + file + '"'),
//     the text written to that temporary file first;
//   - imaplib.IMAP4_stream(command): subprocess.Popen(command, shell=True)
//     as the connection is opened, in the constructor;
//   - an event loop's subprocess_shell(protocol_factory, cmd), the
//     method asyncio.create_subprocess_shell calls;
//   - _osx_support._read_output(commandstring): os.system of it, output
//     to a temporary file;
//   - _bootsubprocess.check_output(cmd): os.system of the command (a
//     list joined by spaces) with its output to check_output.tmp.
//
// Each is the shell text of os.system: a literal command goes through
// the whole engine, one only known at run time asks.

// pyShellSink is where a call's shell text is: its positional index,
// its keyword, and what the call appends to it.
type pyShellSink struct {
	index  int
	key    string
	suffix string
}

var pyShellSinks = lazy.Value[map[string]pyShellSink]{New: func() map[string]pyShellSink {
	return map[string]pyShellSink{
		"pydoc.pipepager":              {index: 1, key: "cmd"},
		"pydoc.tempfilepager":          {index: 1, key: "cmd", suffix: ` "/tmp/pydoc/pydoc.out"`},
		"imaplib.IMAP4_stream":         {index: 0, key: "command"},
		"_osx_support._read_output":    {index: 0, key: "commandstring", suffix: ` 2>/dev/null >'/tmp/_osx_support.out'`},
		"_bootsubprocess.check_output": {index: 0, key: "cmd", suffix: " >check_output.tmp"},
	}
}}

// Two objects of the standard library hold shell text they run later:
// a pipes.Template's append(cmd, kind) and prepend(cmd, kind) add a
// command its open and copy run through the shell, and mailcap.findmatch
// (caps, type) runs the "test" command of each entry of caps for the
// type through os.system. A template is known by the value its name was
// assigned (t = pipes.Template()) or the call it is made by; the entries
// of a dict written in the code are read for their test commands, and
// caps only run time knows asks (mailcap.getcaps()'s, the user's mailcap
// files, are not read).

// pyMailcapTest finds the test commands of a mailcap dict literal.
var pyMailcapTest = lazy.Regexp{Expr: `['"]test['"]\s*:\s*(?:'([^'\\]*)'|"([^"\\]*)")`}

// pyTemplateCall is the effect of a call of a pipes.Template's append or
// prepend: the command it adds. al resolves the names of the values.
func pyTemplateCall(c call, al aliases) (Effect, bool) {
	if last := lastSegment(c.name); last != "append" && last != "prepend" {
		return Effect{}, false
	}
	texts := c.recvAssigned
	if c.recvText != "" {
		texts = append(texts[:len(texts):len(texts)], c.recvText)
	}
	for _, t := range texts {
		name, _, ok := strings.Cut(strings.TrimSpace(t), "(")
		if !ok || al.resolve(strings.TrimSpace(name)) != "pipes.Template" {
			continue
		}
		a := argAt(c.args, 0)
		if a == nil {
			a = keyword(c.args, "cmd")
		}
		e := shellOf(c, a)
		e.Call = "pipes.Template." + lastSegment(c.name)
		return e, true
	}
	return Effect{}, false
}

// pyMailcapCall is the effect of mailcap.findmatch(caps, …): the test
// commands of a caps dict written in the code, Hidden for caps only run
// time knows (none for mailcap.getcaps()'s).
func pyMailcapCall(c call) ([]Effect, bool) {
	if c.name != "mailcap.findmatch" || c.method {
		return nil, false
	}
	a := argAt(c.args, 0)
	if a == nil {
		a = keyword(c.args, "caps")
	}
	if a == nil || strings.Contains(a.text, "getcaps") {
		return nil, true
	}
	text := strings.TrimSpace(a.text)
	if !strings.HasPrefix(text, "{") {
		return []Effect{{Kind: Hidden, Call: c.name, Text: a.text, Offset: c.off}}, true
	}
	var out []Effect
	for _, m := range pyMailcapTest.Get().FindAllStringSubmatch(text, -1) {
		out = append(out, Effect{Kind: Shell, Call: c.name, Text: m[1] + m[2], Offset: c.off})
	}
	if len(out) == 0 && strings.Contains(text, "test") {
		// A test command the pattern cannot read (escapes, a name).
		out = append(out, Effect{Kind: Hidden, Call: c.name, Text: a.text, Offset: c.off})
	}
	return out, true
}

// pyShellSinkOf returns where the shell text of the call named full is,
// if it runs one: a function of the table, or the subprocess_shell
// method of any object (an event loop).
func pyShellSinkOf(full string, method bool) (pyShellSink, bool) {
	if s, ok := pyShellSinks.Get()[full]; ok && !method {
		return s, true
	}
	if lastSegment(full) == "subprocess_shell" && (method || strings.Contains(full, ".")) {
		return pyShellSink{index: 1, key: "cmd"}, true
	}
	return pyShellSink{}, false
}

// pyShellSinkCall is the effect of a call of the table: the shell text
// it runs.
func pyShellSinkCall(c call) (Effect, bool) {
	s, ok := pyShellSinkOf(c.name, c.method)
	if !ok {
		return Effect{}, false
	}
	a := argAt(c.args, s.index)
	if a == nil {
		a = keyword(c.args, s.key)
	}
	switch {
	case a != nil && a.lit:
		return Effect{Kind: Shell, Call: c.name, Text: a.str + s.suffix, Offset: c.off}, true
	case a != nil && a.isList && c.name == "_bootsubprocess.check_output":
		return Effect{Kind: Shell, Call: c.name, Text: strings.Join(a.list, " ") + s.suffix, Offset: c.off}, true
	case a != nil && a.isList:
		// A list is no shell text: Popen(list, shell=True) runs its
		// first item as the script.
		if len(a.list) > 0 {
			return Effect{Kind: Shell, Call: c.name, Text: a.list[0], Offset: c.off}, true
		}
	}
	return shellOf(c, a), true
}
