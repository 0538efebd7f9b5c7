package lang

import (
	"slices"
	"strings"
	"testing"
)

// TestEnvPrint: program code that prints environment variables reports
// the names it prints ("*" for the whole environment, a name only known
// at run time, or an interpolating string that reads it); a read that is
// not printed, one reduced to its length, a test or the names, and a
// name in a string or a comment report nothing.
func TestEnvPrint(t *testing.T) {
	t.Parallel()
	cases := []struct {
		l    Lang
		src  string
		want string // "" for no Print; else call + " " + names
	}{
		{Python, `import os; print(os.environ)`, "print *"},
		{Python, `import os; print(dict(os.environ))`, "print *"},
		{Python, `import os; print(os.environ["KEY"])`, "print KEY"},
		{Python, `import os; print(os.getenv("KEY"), os.environ.get("B"))`, "print B,KEY"},
		{Python, "import os\nfor k, v in os.environ.items(): print(k, v)", "print *"},
		{Python, "import os\nenv = dict(os.environ)\nprint(env)", "print *"},
		{Ruby, `ENV.each { |k, v| puts "#{k}=#{v}" }`, "puts *"},
		{Python, `import os; print(f"{os.environ['KEY']}")`, "print *"},
		{Python, `import os, pprint; pprint.pprint(dict(os.environ))`, "pprint.pprint *"},
		{Python, `from os import environ; import sys; sys.stdout.write(environ["K"])`, "sys.stdout.write K"},
		{JS, `console.log(process.env)`, "console.log *"},
		{JS, `console.log(process.env.KEY)`, "console.log KEY"},
		{JS, "console.log(`${process.env.KEY}`)", "console.log *"},
		{JS, `process.stdout.write(JSON.stringify(process.env))`, "process.stdout.write *"},
		{Ruby, `p ENV`, "p *"},
		{Ruby, `puts ENV["KEY"]`, "puts KEY"},
		{Ruby, `puts ENV.to_h`, "puts *"},
		{Perl, `print %ENV`, "print *"},
		{Perl, `print $ENV{KEY}`, "print KEY"},
		{Perl, `print map { "$_=$ENV{$_}\n" } keys %ENV`, "print *"},
		{PHP, `print_r($_ENV);`, "print_r *"},
		{PHP, `echo getenv("KEY");`, "echo KEY"},
		{PHP, `var_dump(getenv());`, "var_dump *"},
		// Look-alikes.
		{Python, `import os; k = os.environ["KEY"]; print("ok")`, ""},
		{Python, `import os; print(len(os.environ["KEY"]))`, ""},
		{Python, `import os; print("KEY" in os.environ)`, ""},
		{Python, `import os; print(list(os.environ.keys()))`, ""},
		{Python, `print("os.environ")`, ""},
		{Python, "import os, subprocess\nsubprocess.run(['make'], env=os.environ)\nprint('done')", ""},
		{Python, "import os\nk = os.environ['HOME']\nprint(k)", ""},
		{Python, "# print(os.environ)\nprint(1)", ""},
		{JS, `console.log(Object.keys(process.env))`, ""},
		{JS, `console.log("process.env.KEY")`, ""},
		{Ruby, `p ENV.keys`, ""},
		{Ruby, `puts "ENV"`, ""},
		{Perl, `print keys %ENV`, ""},
		{PHP, `print_r(array_keys($_ENV));`, ""},
	}
	for _, tc := range cases {
		got := ""
		for _, e := range Analyze(tc.l, tc.src) {
			if e.Kind == Print {
				names := strings.Join(e.Argv, ",")
				if e.Text == "*" {
					names = "*"
				}
				got = e.Call + " " + names
			}
		}
		if got != tc.want {
			t.Errorf("%s %s: got %q, want %q", tc.l, tc.src, got, tc.want)
		}
	}
}

// TestEnvReads: the variables an expression reads (node -p prints its
// value).
func TestEnvReads(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src   string
		names []string
		all   bool
	}{
		{`process.env`, nil, true},
		{`process.env.KEY`, []string{"KEY"}, false},
		{`process.env.A + process.env["B"]`, []string{"A", "B"}, false},
		{"`${process.env.KEY}`", nil, true},
		{`1 + 1`, nil, false},
		{`Object.keys(process.env).length`, nil, false},
		{`"process.env"`, nil, false},
	}
	for _, tc := range cases {
		names, all := EnvReads(JS, tc.src)
		if !slices.Equal(names, tc.names) || all != tc.all {
			t.Errorf("%s: got %q %v, want %q %v", tc.src, names, all, tc.names, tc.all)
		}
	}
}
