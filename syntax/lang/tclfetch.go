package lang

import "strings"

// Downloads in Tcl (red team 19 DL1): the http package's http::geturl
// fetches a URL, into the channel its -channel option names (open F w:
// the file) or into memory (http::data); socket HOST PORT and
// tls::socket open a connection whose bytes the script reads. A script
// that fetches and writes a file (open with a write mode, anywhere in
// it) is a download corral cannot place in the sandbox, as Python's
// urlopen and open(F, "wb") are (Fetch, Path the first file written, ""
// for one named at run time); one that fetches and prints — puts to
// stdout of a word with a substitution, -channel stdout, fcopy or chan
// copy to stdout — is a downloader whose stdout is followed as curl's
// is (tclFetchPrint). A script that only fetches, only writes or only
// prints passes.

// Markers tclCommand leaves for tcl to read; tcl removes them.
const (
	tclNetMark   = "\x00tcl-net"
	tclPrintMark = "\x00tcl-print"
	tclWriteMark = "\x00tcl-write" // open of a file named at run time, for writing
)

// tclNetCommand returns the marker of a Tcl command that opens a network
// connection or prints to stdout, if words is one.
func tclNetCommand(cmd string, words []tclWord, off int) []Effect {
	var out []Effect
	mark := func(text string) { out = append(out, Effect{Kind: Fetch, Call: cmd, Text: text, Offset: off}) }
	switch cmd {
	case "http::geturl":
		mark(tclNetMark)
		for i := 1; i+1 < len(words); i++ {
			if words[i].lit && words[i].val == "-channel" && words[i+1].lit && words[i+1].val == "stdout" {
				mark(tclPrintMark)
			}
		}
	case "socket", "tls::socket":
		for _, w := range words[1:] {
			if w.lit && w.val == "-server" {
				return nil // listens; what it writes is the script's
			}
		}
		mark(tclNetMark)
	case "puts":
		// puts ?-nonewline? ?channelId? string
		args := words[1:]
		if len(args) > 0 && args[0].lit && args[0].val == "-nonewline" {
			args = args[1:]
		}
		if len(args) == 1 || len(args) == 2 && args[0].lit && args[0].val == "stdout" {
			if s := args[len(args)-1]; !s.lit || strings.ContainsAny(s.raw, "$[") && !s.brace {
				mark(tclPrintMark)
			}
		}
	case "fcopy":
		if len(words) > 2 && words[2].lit && words[2].val == "stdout" {
			mark(tclPrintMark)
		}
	case "chan":
		if len(words) > 3 && words[1].lit && words[1].val == "copy" && words[3].lit && words[3].val == "stdout" {
			mark(tclPrintMark)
		}
	}
	return out
}

// tclFetches reads the markers in effects: a network command and a
// written file make a Fetch; the markers are taken out.
func tclFetches(effects []Effect) []Effect {
	out := effects[:0:0]
	var net *Effect
	runTimeWrite, written := false, ""
	found := false
	for i := range effects {
		e := effects[i]
		if e.Kind == Fetch && strings.HasPrefix(e.Text, "\x00") {
			switch e.Text {
			case tclNetMark:
				if net == nil {
					net = &effects[i]
				}
			case tclWriteMark:
				runTimeWrite = true
			}
			continue
		}
		if e.Kind == Write && !found {
			written, found = e.Path, true
		}
		out = append(out, e)
	}
	if net != nil && (found || runTimeWrite) {
		if !found {
			written = ""
		}
		out = append(out, Effect{Kind: Fetch, Call: net.Call, Path: written, Offset: net.Offset})
	}
	return out
}

// tclFetchPrint reports whether Tcl script src fetches from the network
// and prints to its stdout, naming the network command.
func tclFetchPrint(src string) (string, bool) {
	net, print := "", false
	for _, e := range tclScript(src, 0, 0) {
		if e.Kind != Fetch {
			continue
		}
		switch e.Text {
		case tclNetMark:
			if net == "" {
				net = e.Call
			}
		case tclPrintMark:
			print = true
		}
	}
	return net, net != "" && print
}
