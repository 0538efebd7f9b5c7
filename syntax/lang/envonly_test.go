package lang

import "testing"

// TestEnvOnly: an expression that is one read of one environment variable
// by a literal name, and nothing else, names that variable; any other
// expression (a concatenation, a name only known at run time, a default,
// a call on the value) names none.
func TestEnvOnly(t *testing.T) {
	for text, want := range map[string]string{
		`os.environ["CMD"]`:           "CMD",
		`os.environ['CMD']`:           "CMD",
		`environ["CMD"]`:              "CMD",
		`os.environ.get("CMD")`:       "CMD",
		`os.getenv("CMD")`:            "CMD",
		`process.env.CMD`:             "CMD",
		`process.env["CMD"]`:          "CMD",
		`ENV["CMD"]`:                  "CMD",
		`ENV.fetch('CMD')`:            "CMD",
		`$ENV{CMD}`:                   "CMD",
		`$ENV{"CMD"}`:                 "CMD",
		`getenv("CMD")`:               "CMD",
		`$_ENV["CMD"]`:                "CMD",
		`$_SERVER['CMD']`:             "CMD",
		` os.environ["A_1"] `:         "A_1",
		`os.environ["CMD"] + " x"`:    "",
		`os.environ[k]`:               "",
		`os.environ.get("CMD", "ls")`: "",
		`process.env.CMD.trim()`:      "",
		`"ls " + process.env.CMD`:     "",
		`os.environ["CMD"]["x"]`:      "",
		`cmd`:                         "",
	} {
		got, ok := EnvOnly(text)
		if got != want || ok != (want != "") {
			t.Errorf("EnvOnly(%q) = %q, %v; want %q", text, got, ok, want)
		}
	}
}
