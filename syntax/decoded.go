package syntax

import "strings"

// A binary the agent makes from bytes it decodes (echo … | base64 -d > t;
// chmod +x t) and runs in its next call is a program the hook cannot
// read, and that call (./t) carries nothing to judge: the hook sees one
// call at a time. Running it in the same command asks (scriptFile), and
// so does making it executable: the decoded file has no use as a program
// but to be run. Files written with text corral knows that is binary
// (printf '\x7fELF…' > t) count too.

// decoderCall reports a call whose output is bytes it decoded from its
// input: base64, base32 and basenc with -d/--decode (macOS's base64 -D),
// xxd -r, uudecode, openssl base64/enc with -d.
func decoderCall(call *Call) bool {
	has := func(words ...string) bool {
		for _, a := range call.Args {
			for _, w := range words {
				if a.Value == w {
					return true
				}
			}
		}
		return false
	}
	switch call.Name {
	case "base64", "base32", "basenc", "gbase64":
		return has("-d", "--decode", "-D", "-di", "-id")
	case "xxd":
		return has("-r", "-revert", "-rp", "-pr")
	case "uudecode":
		return true
	case "openssl":
		return len(call.Args) > 0 && (call.Args[0].Value == "base64" || call.Args[0].Value == "enc") && has("-d")
	}
	return false
}

// noteDecoded records the file a decoder's output is redirected to (by
// absolute path, with the decoder's name), or forgets it when another
// call writes it.
func (w *walker) noteDecoded(call *Call, path string) {
	if !decoderCall(call) {
		delete(w.decoded, path)
		return
	}
	if w.decoded == nil {
		w.decoded = map[string]string{}
	}
	w.decoded[path] = call.Name
}

// executableMode reports a chmod mode that gives someone execute
// permission: an octal mode with an execute bit, or a symbolic clause
// that adds or sets x (u+x, +x, a=rwx).
func executableMode(mode string) bool {
	if mode == "" {
		return false
	}
	octal := true
	for i := 0; i < len(mode); i++ {
		octal = octal && mode[i] >= '0' && mode[i] <= '7'
	}
	if octal {
		n := len(mode)
		for i := max(0, n-3); i < n; i++ {
			if (mode[i]-'0')&1 == 1 {
				return true
			}
		}
		return false
	}
	for _, clause := range strings.Split(mode, ",") {
		i := strings.IndexAny(clause, "+=")
		if i >= 0 && strings.Contains(clause[i+1:], "x") {
			return true
		}
	}
	return false
}

// noteExecutable asks about chmod making executable a file this command
// decoded or wrote as binary bytes (see above).
func (w *walker) noteExecutable(call *Call) {
	if call.Name != "chmod" || len(w.decoded) == 0 && len(w.written) == 0 {
		return
	}
	mode, modeSeen := "", false
	for _, a := range call.Args {
		if !modeSeen {
			if strings.HasPrefix(a.Value, "-") && !executableMode(a.Value[1:]) || strings.HasPrefix(a.Value, "--") {
				continue // -R, -v, --reference=F (its mode is another file's)
			}
			mode, modeSeen = a.Value, true
			if !a.Static || !executableMode(mode) {
				return
			}
			continue
		}
		d := call.Dir.Join(a.Value)
		if !a.Static || !d.Known {
			continue
		}
		how := ""
		if dec, ok := w.decoded[d.Path]; ok {
			how = "decoded with " + dec
		} else if text, ok := w.written[d.Path]; ok && (strings.HasPrefix(text, "\x7fELF") || strings.Contains(text[:min(len(text), 8192)], "\x00")) {
			how = "wrote as binary bytes"
		}
		if how != "" {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Value,
				What: "chmod " + mode + " makes " + a.Value + " executable, a file this command " + how + ": a later call can run it, a program corral cannot read"})
		}
	}
}
