package rewrite

import "testing"

// TestCodeReturnedPaths: a call of a function defined in the code whose
// return does not depend on its parameters holds the value it returns (a
// path built in a helper, a class attribute, a dict constant looked up
// with a literal key); one that depends on a parameter keeps the form of
// what it returns (home-rooted with a run-time tail asks).
func TestCodeReturnedPaths(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := map[string]string{"HOME": "/home/u", EnvProject: dir}
	cfg, err := NewConfig(func(k string) string { return env[k] }, dir)
	if err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`node -e 'const fs=require("fs"),os=require("os"),path=require("path"); function t(){ return path.join(os.homedir(), ".claude", "settings.json") } fs.writeFileSync(t(), "x")'`, "deny"},
		{"python3 -c 'import os\ndef t():\n    return os.path.join(os.path.expanduser(\"~\"), \".bashrc\")\nopen(t(), \"a\")'", "deny"},
		{"python3 -c 'import os\nT = {\"a\": \".bashrc\"}\nopen(os.path.join(os.path.expanduser(\"~\"), T[\"a\"]), \"a\")'", "deny"},
		{"python3 -c 'import os\nT = {\"a\": \".bashrc\"}\ndef t():\n    return os.path.join(os.path.expanduser(\"~\"), T[\"a\"])\nopen(t(), \"a\")'", "deny"},
		{"python3 -c 'import os\nT = [\"x\", \".bashrc\"]\nopen(os.path.join(os.path.expanduser(\"~\"), T[1]), \"a\")'", "deny"},
		{"python3 -c 'import os\nclass S:\n    base = os.path.expanduser(\"~\")\n    name = \".bash\" + \"rc\"\n    def path(self):\n        return os.path.join(self.base, self.name)\nopen(S().path(), \"a\")'", "deny"},
		// Depends on a parameter: home-rooted, the tail known at run time.
		{"python3 -c 'import os\nT = {\"a\": \".bashrc\"}\ndef t(k):\n    return os.path.join(os.path.expanduser(\"~\"), T[k])\nopen(t(\"a\"), \"a\")'", "ask"},
		// In code written in the command, a path a call returns at run
		// time asks (a script on disk passes: corpus code/returned-path-
		// param-lookalike).
		{"python3 -c 'import os\nOUT = \"build\"\ndef t(name):\n    return os.path.join(OUT, name)\nopen(t(\"x.txt\"), \"w\")'", "ask"},
		// Look-alikes.
		{"python3 -c 'import os\ndef t():\n    return os.path.join(\"build\", \"out.txt\")\nopen(t(), \"w\")'", "allow"},
		{"python3 -c 'import os\nT = {\"a\": \"out.txt\"}\nopen(T[\"a\"], \"w\")'", "allow"},
		{`node -e 'const fs=require("fs"),path=require("path"); function t(){ return path.join("dist", "index.js") } fs.writeFileSync(t(), "x")'`, "allow"},
	})
}
