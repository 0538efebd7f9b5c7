package lang

import "testing"

// TestSetsPath: the spellings that set PATH for the programs code starts,
// in the environment or in a copy handed to a child, and reads of PATH
// that set nothing.
func TestSetsPath(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		l    Lang
		src  string
		sets bool
	}{
		{Python, `import os; os.environ["PATH"] = "/tmp/e:" + os.environ["PATH"]`, true},
		{Python, `import os; e = dict(os.environ); e["PATH"] = "/tmp/e"; subprocess.run(["ls"], env=e)`, true},
		{Python, `e = os.environ.copy(); e['PATH'] += ":/tmp/e"`, true},
		{Python, `subprocess.run(["ls"], env={**os.environ, "PATH": "/tmp/e"})`, true},
		{Python, `subprocess.run(["ls"], env=dict(os.environ, PATH="/tmp/e"))`, true},
		{Python, `os.environ.update(PATH="/tmp/e")`, true},
		{Python, `os.putenv("PATH", "/tmp/e")`, true},
		{Python, `os.environ.setdefault("PATH", "/tmp/e")`, true},
		{JS, `process.env.PATH = "/tmp/e"`, true},
		{JS, `process.env["PATH"] = "/tmp/e"`, true},
		{JS, `cp.execFileSync("ls", {env: {...process.env, PATH: "/tmp/e"}})`, true},
		{JS, `cp.execFileSync("ls", {env: {"PATH": "/tmp/e"}})`, true},
		{JS, `Deno.env.set("PATH", "/tmp/e")`, true},
		{Ruby, `ENV["PATH"] = "/tmp/e"`, true},
		{Ruby, `system({"PATH" => "/tmp/e"}, "ls")`, true},
		{Ruby, `ENV.store("PATH", "/tmp/e")`, true},
		{Perl, `$ENV{PATH} = "/tmp/e"; system("ls")`, true},
		{Perl, `local $ENV{"PATH"} = "/tmp/e";`, true},
		{Perl, `$ENV{PATH} .= ":/tmp/e";`, true},
		{PHP, `<?php putenv("PATH=/tmp/e"); system("ls");`, true},
		{PHP, `<?php $_ENV["PATH"] = "/tmp/e";`, true},
		{PHP, `<?php proc_open("ls", [], $p, null, ["PATH" => "/tmp/e"]);`, true},
		// Reads and other names.
		{Python, `import os; print(os.environ["PATH"])`, false},
		{Python, `import os; p = os.environ.get("PATH"); print(p.split(":"))`, false},
		{Python, `PATH = "/usr/bin"; print(PATH)`, false},
		{Python, `if os.environ["PATH"] == "": pass`, false},
		{JS, `console.log(process.env.PATH)`, false},
		{JS, `const p = process.env.PATH.split(":")`, false},
		{Ruby, `puts ENV["PATH"]`, false},
		{Perl, `print $ENV{PATH}`, false},
		{PHP, `<?php echo getenv("PATH");`, false},
		{Python, `print("PATH=/tmp/e")`, false},
		{Python, `os.environ["PYTHONPATH"] = "/tmp/e"`, false},
	} {
		what, got := SetsPath(tc.l, tc.src)
		if got != tc.sets {
			t.Errorf("%s %q: sets %v (%q), want %v", tc.l, tc.src, got, what, tc.sets)
		}
	}
}
