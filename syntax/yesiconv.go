package syntax

import "strings"

// yes and iconv as producers of text fed to another program (yes 'rm -rf
// ~' | bash, printf … | iconv -f utf-8 -t ascii | sh): yes prints its
// operands joined by spaces (or "y") on a line, again and again; iconv
// between encodings that keep ASCII prints the same bytes for ASCII text
// (checked against GNU coreutils 9.1 yes and glibc iconv, see
// yesiconv_test.go).

// yesCopies and yesMaxText bound the lines of yes's endless output that
// corral reads: enough for a few repetitions (yes 'cd ..; rm -rf x' |
// head -3 | bash runs rm three directories up), as few as keep the text
// small.
const (
	yesCopies  = 8
	yesMaxText = 4096
)

// yesText returns what GNU yes prints for its static words, cut to a few
// lines: ok is false for an option (--help, --version, or an invalid
// one, which ends it), which GNU's getopt finds anywhere before "--".
func yesText(words []string) (string, bool) {
	var ops []string
	opts := true
	for _, w := range words {
		switch {
		case opts && w == "--":
			opts = false
		case opts && len(w) > 1 && w[0] == '-':
			return "", false
		default:
			ops = append(ops, w)
		}
	}
	line := "y"
	if len(ops) > 0 {
		line = strings.Join(ops, " ")
	}
	line += "\n"
	n := yesCopies
	if m := yesMaxText / len(line); m < n {
		n = max(m, 1)
	}
	return strings.Repeat(line, n), true
}

// yesPrinted is what the call yes prints, when it is yes with static
// words.
func yesPrinted(call *Call) (string, bool) {
	if call == nil || call.Name != "yes" || len(call.Wrappers) > 0 || !call.NameArg.Static {
		return "", false
	}
	words := make([]string, 0, len(call.Args))
	for _, a := range call.Args {
		if !a.Static || a.Glob {
			return "", false
		}
		words = append(words, a.Value)
	}
	return yesText(words)
}

// asciiEncoding reports the encodings, as iconv names them (case and
// "-" or "_" aside), in which ASCII text is the same bytes. A switch,
// not a map, so that nothing is built when the hook starts
// (internal/lazy's TestNothingBuiltAtStartup).
func asciiEncoding(name string) bool {
	switch name {
	case "UTF8", "ASCII", "USASCII", "ANSIX3.41968", "646",
		"LATIN1", "ISO88591", "ISO885915", "LATIN9", "CP1252", "WINDOWS1252",
		"ISO88592", "LATIN2", "CP1250", "WINDOWS1250", "CP1251", "WINDOWS1251",
		"KOI8R", "KOI8U", "CP437", "CP850", "CHAR":
		return true
	}
	return false
}

// iconvEncoding returns an encoding name as asciiEncoding takes it: upper
// case, without "-", "_" and a //TRANSLIT or //IGNORE suffix.
func iconvEncoding(v string) string {
	v, _, _ = strings.Cut(v, "//")
	v = strings.ToUpper(v)
	return strings.NewReplacer("-", "", "_", "").Replace(v)
}

// iconvFilter is iconv converting between two encodings that keep ASCII
// (-f, -t, --from-code, --to-code; without one, the locale's, UTF-8 or
// ASCII), with -c and -s: ASCII text passes unchanged. Other text may
// change (ascii//TRANSLIT turns "ｒｍ" into "rm"), and is known only
// when both encodings are the same. -o FILE, -l and other options leave
// the output to run time.
func iconvFilter(args []Arg) (passFilter, []Arg, bool) {
	// Without -f or -t, the locale's encoding, which corral does not
	// know (ASCII-compatible on any system an agent runs on).
	from, to := "", ""
	var ops []Arg
	opts := true
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if !opts || !a.Static || v == "-" || !strings.HasPrefix(v, "-") {
			ops = append(ops, a)
			continue
		}
		val := func(short, long string) (string, bool, bool) {
			switch {
			case v == short || v == long:
				if i+1 >= len(args) || !args[i+1].Static {
					return "", true, false
				}
				i++
				return args[i].Value, true, true
			case strings.HasPrefix(v, long+"="):
				return v[len(long)+1:], true, true
			case strings.HasPrefix(v, short) && !strings.HasPrefix(v, "--"):
				return v[len(short):], true, true
			}
			return "", false, false
		}
		if e, is, ok := val("-f", "--from-code"); is {
			if !ok {
				return nil, nil, false
			}
			from = iconvEncoding(e)
			continue
		}
		if e, is, ok := val("-t", "--to-code"); is {
			if !ok {
				return nil, nil, false
			}
			to = iconvEncoding(e)
			continue
		}
		switch v {
		case "--":
			opts = false
		case "-c", "-s", "--silent", "-cs", "-sc":
		default:
			return nil, nil, false
		}
	}
	if from != "" && !asciiEncoding(from) || to != "" && !asciiEncoding(to) {
		return nil, nil, false
	}
	same := from != "" && from == to
	return func(in string) (string, bool) {
		for i := 0; i < len(in); i++ {
			if in[i] >= 0x80 && !same {
				return "", false
			}
		}
		return in, true
	}, ops, true
}
