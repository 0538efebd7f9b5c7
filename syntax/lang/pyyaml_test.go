package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestYAMLPythonCalls(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ data, want string }{
		{`!!python/object/apply:os.system ["rm -rf ~"]`, "shell rm -rf ~"},
		{`!!python/object/new:os.system ['touch x''y']`, "shell touch x'y"},
		{"x: !!python/object/apply:subprocess.check_output [[\"rm\", \"-rf\", \"/\"]]", "exec rm -rf /"},
		{"!!python/object/apply:os.system\nargs: [\"rm -rf ~\"]", "shell rm -rf ~"},
		{"!!python/object/apply:os.system\n- rm -rf ~", "shell rm -rf ~"},
		{`!<tag:yaml.org,2002:python/object/apply:os.system> ["rm -rf ~"]`, "shell rm -rf ~"},
		{"%TAG !p! tag:yaml.org,2002:python/\n---\n!p!object/apply:os.system [\"rm -rf ~\"]", "shell rm -rf ~"},
		{`!!python/object/apply:os.system ["\x72m -rf ~"]`, "shell rm -rf ~"},
		{`!!python/object/apply:builtins.exec ["import os"]`, "hidden builtins.exec"},
		{`!!python/object/apply:os.system [*a]`, "hidden os.system"},
		{`name: x`, ""},
		{`!!python/object:app.Config {a: 1}`, ""},
	} {
		var got []string
		for _, e := range YAMLPythonCalls(tc.data, "yaml.unsafe_load", 0) {
			switch e.Kind {
			case Shell:
				got = append(got, "shell "+e.Text)
			case Exec:
				got = append(got, "exec "+strings.Join(e.Argv, " "))
			default:
				got = append(got, "hidden "+e.Text)
			}
		}
		if g := strings.Join(got, "; "); g != tc.want {
			t.Errorf("%q: got %q, want %q", tc.data, g, tc.want)
		}
	}
}

// TestYAMLLoadersOracle runs the real PyYAML: the loaders pyYAMLUnsafe
// names call the tag's function, the others refuse it.
func TestYAMLLoadersOracle(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	if exec.Command("python3", "-c", "import yaml").Run() != nil {
		t.Skip("no PyYAML")
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "canary")
	for _, call := range []string{"yaml.unsafe_load(s)", "yaml.load(s, Loader=yaml.Loader)", "yaml.load(s, yaml.Loader)",
		"yaml.load(s, Loader=yaml.UnsafeLoader)", "list(yaml.unsafe_load_all(s))",
		"yaml.load(s, Loader=yaml.FullLoader)", "yaml.full_load(s)", "yaml.safe_load(s)", "yaml.load(s, Loader=yaml.SafeLoader)"} {
		os.Remove(canary)
		code := "import yaml\ns = '!!python/object/apply:os.system [\"touch " + canary + "\"]'\ntry:\n    " + call + "\nexcept Exception:\n    pass"
		cmd := exec.Command("python3", "-c", code)
		cmd.Env = append(os.Environ(), "HOME="+dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", call, err, out)
		}
		_, err := os.Stat(canary)
		ran := err == nil
		full, args := yamlCallOf(t, call)
		if got := pyYAMLUnsafe(full, args, pythonAliases("import yaml\n"+call)); got != ran {
			t.Errorf("%s: pyYAMLUnsafe %v, PyYAML ran the tag: %v", call, got, ran)
		}
	}
}

// yamlCallOf returns the name and arguments of the yaml call in text.
func yamlCallOf(t *testing.T, text string) (string, []arg) {
	src := "import yaml\n" + text
	p := &parser{src: src, toks: lex(Python, src), l: Python}
	for i, tk := range p.toks {
		if tk.text == "yaml" && isP(p.tok(i+1), ".") {
			name := "yaml." + p.tok(i+2).text
			args, _ := p.args(i+3, ")")
			return name, args
		}
	}
	t.Fatalf("no yaml call in %q", text)
	return "", nil
}
