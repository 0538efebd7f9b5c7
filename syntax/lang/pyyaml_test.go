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

// TestYAMLSafeSubclassOracle runs the real PyYAML on a document with a
// python/object/apply tag, loaded with loaders the code derives: a class
// deriving only from the safe, full or base loaders refuses the tag, and
// corral reads the load as safe (no false alarm); a class deriving from
// an unsafe one, mixing in UnsafeConstructor, or given PyYAML's python
// constructors calls it, and corral reads it as unsafe. Code that
// touches the constructor tables by hand is read as unsafe whether or
// not that code works (PyYAML 6's SafeConstructor lacks the methods the
// python constructors call).
func TestYAMLSafeSubclassOracle(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	if exec.Command("python3", "-c", "import yaml").Run() != nil {
		t.Skip("no PyYAML")
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "canary")
	for _, tc := range []struct {
		name, code string
		unsafe     bool // corral reads the tag's call
		runs       bool // PyYAML calls it (only where corral reads it)
	}{
		{"safe-sub", "class L(yaml.SafeLoader):\n    pass\n", false, false},
		{"safe-sub-positional", "class L(yaml.SafeLoader):\n    pass\n#POS\n", false, false},
		{"full-sub", "class L(yaml.FullLoader):\n    pass\n", false, false},
		{"chain", "class B(yaml.SafeLoader):\n    pass\nclass L(B):\n    pass\n", false, false},
		{"own-tag", "class L(yaml.SafeLoader):\n    pass\nL.add_constructor('!env', lambda l, n: l.construct_scalar(n))\n", false, false},
		{"no-dup-keys", "class L(yaml.SafeLoader):\n    def construct_mapping(self, node, deep=False):\n        return super().construct_mapping(node, deep)\n", false, false},
		{"from-import", "from yaml import SafeLoader as S\nclass L(S):\n    pass\n", false, false},
		// Unsafe.
		{"loader-sub", "class L(yaml.Loader):\n    pass\n", true, true},
		{"unsafe-sub", "class L(yaml.UnsafeLoader):\n    pass\n", true, true},
		{"mixin", "class L(yaml.SafeLoader, yaml.constructor.UnsafeConstructor):\n    pass\n", true, true},
		{"multi-constructor", "class L(yaml.SafeLoader):\n    pass\nL.add_multi_constructor('tag:yaml.org,2002:python/object/apply:', yaml.constructor.UnsafeConstructor.construct_python_object_apply)\n", true, false},
		{"table-copy", "class L(yaml.SafeLoader):\n    pass\nL.yaml_multi_constructors = dict(yaml.UnsafeLoader.yaml_multi_constructors)\n", true, false},
		{"computed", "class L(yaml.SafeLoader):\n    pass\ngetattr(L, 'add_multi' + '_constructor')('tag:yaml.org,2002:python/object/apply:', getattr(getattr(yaml.constructor, 'Unsafe' + 'Constructor'), 'construct_' + 'python_object_apply'))\n", true, false},
		{"computed-base", "class L(yaml.SafeLoader, getattr(yaml.constructor, 'Unsafe' + 'Constructor')):\n    pass\n", true, true},
		{"rebound", "class L(yaml.SafeLoader):\n    pass\nL = yaml.UnsafeLoader\n", true, true},
	} {
		os.Remove(canary)
		call := "yaml.load(s, Loader=L)"
		if strings.Contains(tc.code, "#POS") {
			call = "yaml.load(s, L)"
		}
		code := "import yaml\n" + tc.code + "s = '!!python/object/apply:os.system [\"touch " + canary + "\"]'\ntry:\n    " + call + "\nexcept Exception:\n    pass\n"
		cmd := exec.Command("python3", "-c", code)
		cmd.Env = append(os.Environ(), "HOME="+dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", tc.name, err, out)
		}
		_, err := os.Stat(canary)
		if ran := err == nil; ran != tc.runs {
			t.Errorf("%s: PyYAML ran the tag: %v, want %v", tc.name, ran, tc.runs)
		}
		var got []string
		for _, e := range Analyze(Python, code) {
			got = append(got, describe(e))
		}
		flagged := strings.Contains(strings.Join(got, "; "), "shell yaml.load (os.system): touch "+canary)
		if flagged != tc.unsafe {
			t.Errorf("%s: corral reads %q, want the tag's call read: %v", tc.name, got, tc.unsafe)
		}
	}
}
