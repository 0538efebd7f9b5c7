package rewrite

import (
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// helpLong matches a long option in a --help listing and what follows it:
// "=ARG", " <arg>" or " [proto://]host" (a value), "[=ARG]" (an
// optional, attached value), or nothing (a flag). GNU's coreutils, tar and
// wget write "--name=ARG", curl "--name <arg>".
var helpLong = regexp.MustCompile(`(?m)(?:^|[\s,])--([a-z0-9][a-z0-9-]*)(\[=|=|\s<[^>]+>|\s\[[a-z])?`)

// helpOptions returns the long options a program's --help lists: those
// that take a value, and those that take none.
func helpOptions(text string) (val, flag map[string]bool) {
	val, flag = map[string]bool{}, map[string]bool{}
	optional := map[string]bool{}
	// Only the option columns of the listing: a line that starts with
	// an option, up to the gap before its description (prose that
	// mentions --suffix is no definition).
	var heads []string
	// A line that starts with an option but is indented well past the
	// option column is prose of a description (ripgrep 13 indents its
	// descriptions by 12: "--color flag changes to 'never'.").
	lines := strings.Split(text, "\n")
	minIndent := -1
	for _, line := range lines {
		t := strings.TrimLeft(line, " \t")
		if ind := len(line) - len(t); strings.HasPrefix(t, "-") && (minIndent < 0 || ind < minIndent) {
			minIndent = ind
		}
	}
	for _, line := range lines {
		t := strings.TrimLeft(line, " \t")
		if !strings.HasPrefix(t, "-") || len(line)-len(t) > minIndent+6 {
			continue
		}
		// The gap before the description: two spaces not followed by
		// another option (wget writes "-O,  --output-document=FILE").
		for i := 0; i+1 < len(t); i++ {
			if t[i] == ' ' && t[i+1] == ' ' && !strings.HasPrefix(strings.TrimLeft(t[i:], " "), "-") {
				t = t[:i]
				break
			}
		}
		// curl leaves one space before a long option's description:
		// the columns end at the first word that is no option or value.
		fields := strings.Fields(t)
		for k, f := range fields {
			if !strings.HasPrefix(f, "-") && !strings.HasPrefix(f, "<") && !strings.HasPrefix(f, "[") && !strings.HasSuffix(f, ",") {
				fields = fields[:k]
				break
			}
		}
		heads = append(heads, " "+strings.Join(fields, " "))
	}
	for _, m := range helpLong.FindAllStringSubmatch(strings.Join(heads, "\n"), -1) {
		switch {
		case m[2] == "=" || strings.HasPrefix(m[2], " <") || strings.HasPrefix(m[2], "\t<") || strings.HasPrefix(m[2], " ["):
			val[m[1]] = true
		case m[2] == "[=":
			// An optional value is attached (--backup=numbered); the next
			// word is never taken: a flag to the scanner, wherever else
			// the help shows it with a value (an example).
			optional[m[1]] = true
		default:
			flag[m[1]] = true
		}
	}
	for n := range val {
		if flag[n] {
			// Shown bare and with =VALUE (sort's --check,
			// --check=diagnose-first): an optional, attached value.
			optional[n] = true
		}
	}
	for n := range optional {
		delete(val, n)
		flag[n] = true
	}
	return val, flag
}

// TestOptionTablesMatchHelp compares the option tables the rules read a
// program's words with against the --help of the program installed here
// (issue 12: a long option taking a value that the table does not know
// makes the scanner take its value for an operand; one the table thinks
// takes a value makes it swallow the next word). Programs not installed
// are skipped by name; the others must agree, except where a reason is
// written below.
func TestOptionTablesMatchHelp(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		program string
		args    []string
		// known lists options --help shows in a way the listing cannot
		// tell, with the reason.
		known map[string]string
	}{
		{"rm", []string{"--help"}, nil},
		{"cp", []string{"--help"}, nil},
		{"mv", []string{"--help"}, nil},
		{"ln", []string{"--help"}, nil},
		{"install", []string{"--help"}, nil},
		{"chmod", []string{"--help"}, nil},
		{"chown", []string{"--help"}, nil},
		{"tar", []string{"--help"}, nil},
		{"wget", []string{"--help"}, map[string]string{
			"max-redirect": "wget(1): --max-redirect=number; its --help shows no value",
			"hsts-file":    "wget(1): --hsts-file=file; its --help shows no value",
		}},
		{"curl", []string{"--help", "all"}, nil},
		{"chgrp", []string{"--help"}, nil},
		{"touch", []string{"--help"}, nil},
		{"truncate", []string{"--help"}, nil},
		{"shred", []string{"--help"}, nil},
		{"rmdir", []string{"--help"}, nil},
		{"sed", []string{"--help"}, nil},
		{"grep", []string{"--help"}, nil},
		{"sort", []string{"--help"}, nil},
		{"split", []string{"--help"}, nil},
		{"rsync", []string{"--help"}, nil},
	} {
		path, err := exec.LookPath(tc.program)
		if err != nil {
			t.Logf("%s: not installed here, not compared", tc.program)
			continue
		}
		out, _ := exec.Command(path, tc.args...).CombinedOutput()
		val, flag := helpOptions(string(out))
		if len(val)+len(flag) < 3 {
			t.Errorf("%s %s: could not read its options (%d bytes of help)", tc.program, strings.Join(tc.args, " "), len(out))
			continue
		}
		t.Logf("%s: --help lists %d long options with a value, %d without", tc.program, len(val), len(flag))
		compareHelp(t, tc.program, "programs", specFor(tc.program), val, flag, tc.known)
	}
	// The readers' own table (secret_read.go) and ls's spec: the same
	// check for the programs installed here.
	names := make([]string, 0, len(readerSpecs.Get()))
	for name := range readerSpecs.Get() {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		spec := readerSpecs.Get()[name]
		path, err := exec.LookPath(name)
		if err != nil {
			continue
		}
		out, _ := exec.Command(path, "--help").CombinedOutput()
		val, flag := helpOptions(string(out))
		if len(val)+len(flag) < 3 {
			continue // a program with no GNU-style long options (xxd)
		}
		compareHelp(t, name, "readerSpecs", spec, val, flag, readerHelpKnown[name])
	}
	if path, err := exec.LookPath("ls"); err == nil {
		out, _ := exec.Command(path, "--help").CombinedOutput()
		val, flag := helpOptions(string(out))
		compareHelp(t, "ls", "lsSpec", lsSpec, val, flag, nil)
	}
}

// compareHelp reports the disagreements between a table and a --help.
func compareHelp(t *testing.T, program, table string, spec optSpec, val, flag map[string]bool, known map[string]string) {
	t.Helper()
	{
		var missing, extra []string
		for n := range val {
			if !spec.longVal.has(n) && known[n] == "" {
				missing = append(missing, n)
			}
		}
		for n := range flag {
			if spec.longVal.has(n) && known[n] == "" {
				extra = append(extra, n)
			}
		}
		sort.Strings(missing)
		sort.Strings(extra)
		if len(missing) > 0 && table == "programs" {
			// The other tables list only what their rule reads.
			t.Errorf("%s (%s): --help lists options that take a value and the table does not know: %s", program, table, strings.Join(missing, " "))
		}
		if len(extra) > 0 {
			t.Errorf("%s (%s): the table takes a value for options --help lists as flags: %s", program, table, strings.Join(extra, " "))
		}
	}
}

// readerHelpKnown are the readers' options whose value their --help
// writes in a way helpOptions does not read as one.
var readerHelpKnown = map[string]map[string]string{
	"diff": {"label": "diff(1): --label LABEL, written with a space in its --help"},
}
