package syntax

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	sh "mvdan.cc/sh/v3/syntax"
)

// A ${…} mvdan rejects and bash accepts is parsed as a variable the text
// names nowhere else, of the same length (offsets stay bash's); text it
// cannot rewrite safely still fails to parse.
func TestOpaqueParam(t *testing.T) {
	for _, tc := range []struct {
		src   string
		parse bool
	}{
		{`x=RM; ${x~~} -rf ~`, true},
		{`: ${x!}; cat f`, true},
		{`: ${#x[@]:1}; cat f`, true},
		{`echo "a${x~}b"`, true},
		{`: ${_00~~} ${x~~}`, true},
		{`: ${x$}`, true},    // a $ before the brace is a plain $
		{`: ${x!"}"}`, true}, // the quoted brace is skipped, as bash does
		{`: ${x~~'}'$'}'"${y:-"}"}"\}}; ls`, true},
		{`: ${x~~$(rm -rf ~)}`, true}, // the substitution is kept in place
		{": ${x~~`rm -rf ~`}", true},
		{": ${x~~`rm -rf \\~`}", true},         // a backslash inside backquotes, outside double quotes
		{"echo \"${x~~`rm -rf \\~`}\"", false}, // inside them its escapes read otherwise
		{"echo `: ${x~~\\`rm -rf ~\\`}`", false},
		{`: ${x~~<(rm -rf ~)}`, true}, // a process substitution, as bash reads it
		{`: ${x~~<(echo })}`, true},
		{`: ${x~~'$(rm -rf ~)'}`, false}, // a $( the scan does not place
		{`: ${$(rm -rf ~)}`, false},      // no room for a name before it
		{`: ${x!"}`, false},              // a quote left open
		{": ${x!\n}", true},              // over lines: the newline stays in place
		{": ${x!\n$(a)\n}; b", true},
		{`: ${}`, false}, // no room for a name
		// A ${ bash reads as text (single quotes, $'…', a backslash) is
		// no expansion to rewrite: the open quote after it stays an error.
		{`printf '%s' '${'"'}'`, false},
		{`: $'${'"'}'`, false},
		{`: \${x"}`, false},
		{`: "$(echo '${')" ${x~~}`, true},
		{strings.Repeat(": ${x~~}; ", maxOpaqueParams+1), false},
	} {
		f, err := parseSource(tc.src)
		if (err == nil) != tc.parse {
			t.Errorf("%q: parse error %v, want parsed=%v", tc.src, err, tc.parse)
			continue
		}
		if err != nil {
			continue
		}
		if end := int(f.End().Offset()); end > len(tc.src) {
			t.Errorf("%q: the parsed text ends at %d, past the source", tc.src, end)
		}
	}
	m, err := Analyze(`x=RM; ${y~~} -rf ~`, Options{Cwd: "/p", Home: "/h"})
	if err != nil {
		t.Fatal(err)
	}
	var name Arg
	for _, c := range m.Calls {
		if len(c.Args) == 2 && c.Args[0].Value == "-rf" {
			name = c.NameArg
		}
	}
	if name.Static || name.Raw != "${y~~}" {
		t.Errorf("the command name is %+v, want the run-time word ${y~~} as written", name)
	}
}

// The span made run-time is the one bash's parser closes, so the words
// and commands beside it, in the same statement, before it and after it,
// are read as bash runs them.
func TestOpaqueParamSpan(t *testing.T) {
	for _, src := range []string{
		`rm -rf ~ ${x~~"a"}`,
		`echo "${x~~'}'}" && rm -rf ~`,
		`echo ${x!{}; rm -rf ~`,
		`: ${x!"}"} | rm -rf ~`,
		`echo "${x~~${y:-"}"}}" $(rm -rf ~)`,
		`rm -rf ${x~~$'}'} ~`,
		`x=rM; ${x~~"M"} -rf ~`,
		`x=ab; : ${x~~$(rm -rf ~)}`,
		`x=ab; echo "${x~~a"$(rm -rf ~)"}"`,
		"x=ab; : ${x~~`rm -rf ~`}",
		"x=ab; : ${x!\n}; rm -rf ~",
		"x=ab; : ${x~~\n$(rm -rf ~)}",
		`x=ab; : ${x~~<(rm -rf ~)}`,
		`x=ab; : "${x~~<(echo })}"; rm -rf ~`,
		"x=ab; : ${x~~`echo \\`rm -rf ~\\``}", // nested: bash runs the inner command
		"x=ab; : ${x~~`echo \\$HOME`}; rm -rf ~",
	} {
		m, err := Analyze(src, Options{Cwd: "/p", Home: "/h"})
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		found := false
		for _, c := range m.Calls {
			if c.Name != "rm" || len(c.Args) < 2 || c.Args[0].Value != "-rf" {
				continue
			}
			for _, a := range c.Args[1:] {
				found = found || a.Static && a.Value == "/h"
			}
		}
		if !found {
			t.Errorf("%s: no rm -rf of the home directory among the calls", src)
		}
	}
}

// Text made of the bytes the brace matcher reads (quotes, escapes,
// nested openings) parses or fails without a crash, and a rewrite keeps
// the text's length (offsets stay bash's).
func TestOpaqueParamMatcherInputs(t *testing.T) {
	const alphabet = "${}()'\"`\\~!x; \n<"
	seed := uint32(7)
	for n := 0; n < 3000; n++ {
		var b strings.Builder
		b.WriteString(": ${x~~")
		for i := 0; i < 1+n%40; i++ {
			seed = seed*1664525 + 1013904223
			b.WriteByte(alphabet[int(seed>>24)%len(alphabet)])
		}
		src := b.String()
		at := sh.ParseError{Pos: sh.NewPos(5, 1, 6)} // the ~ after ${x
		if out, ok := opaqueParam(src, at); ok && len(out) != len(src) {
			t.Fatalf("%q: rewritten to %q, another length", src, out)
		}
		_, _ = parseSource(src)
	}
	deep := ": ${x~~" + strings.Repeat("${y:-", 200) + strings.Repeat("}", 201)
	if _, err := parseSource(deep); err == nil {
		t.Logf("deep nesting parsed")
	}
}

// A process substitution in the word of a ${…} operator is read by bash's
// parser as the command it is, and run when the word is expanded; mvdan's
// parser takes it for text. Each row's command is checked to run in real
// bash (it prints RAN; the text holds R AN) and to be among corral's calls; the look-alikes
// (quoted, escaped) run nothing in either.
func TestParamProcSubst(t *testing.T) {
	bash := bashPath(t)
	for _, tc := range []struct {
		src  string
		runs bool
	}{
		{`echo ${x:-<(printf %s%s R AN >&2)}`, true},
		{`x=a; echo ${x:+<(printf %s%s R AN >&2)}`, true},
		{`echo ${x:-a<(printf %s%s R AN >&2)b}`, true},
		{`x=a; echo ${x#<(printf %s%s R AN >&2)}`, true},
		{`x=a; echo "${x#<(printf %s%s R AN >&2)}"`, true},
		{`x=a; echo ${x/a/>(printf %s%s R AN >&2)}`, true},
		{`x=a; echo "${x/a/<(printf %s%s R AN >&2)}"`, true},
		{`echo ${x:-<(printf %s%s R AN >&2; : })}`, true}, // the brace inside is the command's
		{`x=ab; echo ${x~~<(printf %s%s R AN >&2)}`, true},
		{`echo ${x:-"<(printf %s%s R AN >&2)"}`, false},
		{`echo ${x:-\<(printf %s%s R AN >&2)}`, false},
		{`echo ${x:-'<(printf %s%s R AN >&2)'}`, false},
		// Inside double quotes a default, alternate or assigned word
		// keeps it as text (nested too); an error word runs it.
		{`echo "${x:-<(printf %s%s R AN >&2)}"`, false},
		{`x=a; echo "${x:+<(printf %s%s R AN >&2)}"`, false},
		{`echo "${x:=<(printf %s%s R AN >&2; : })}"`, false},
		{`echo "${y:-${x:-<(printf %s%s R AN >&2)}}"`, false},
		{`echo "${x:?<(printf %s%s R AN >&2)}"`, true},
		{`echo "${x:-a}" ${x:-<(printf %s%s R AN >&2)}`, true},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		out, _ := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", tc.src+"; sleep 0.1").CombinedOutput()
		cancel()
		if got := strings.Contains(string(out), "RAN"); got != tc.runs {
			t.Errorf("bash %s: ran the command %v (%q), want %v", tc.src, got, out, tc.runs)
		}
		m, err := Analyze(tc.src, Options{Cwd: "/p", Home: "/h"})
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		found := false
		for _, c := range m.Calls {
			if c.Name == "printf" && len(c.Args) == 3 && c.Args[1].Value == "R" {
				found = true
			}
		}
		if found != tc.runs {
			t.Errorf("%s: the command inside is a call %v, want %v", tc.src, found, tc.runs)
		}
	}
}
