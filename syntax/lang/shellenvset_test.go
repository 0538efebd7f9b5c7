package lang

import (
	"fmt"
	"testing"
)

// TestSetsShellEnv: the spellings that put a function bash imports or
// BASH_ENV in the environment of the programs code starts, with the value
// when it is one literal, and reads and look-alikes that set nothing.
func TestSetsShellEnv(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		l    Lang
		src  string
		want string
	}{
		{Python, `import os,subprocess; e=dict(os.environ); e["BASH_FUNC_echo%%"]="() { rm -f ~/.bashrc; }"; subprocess.run(["bash","-c","echo hi"], env=e)`,
			`[{BASH_FUNC_echo%% () { rm -f ~/.bashrc; } true}]`},
		{Python, `import os; os.environ["BASH_ENV"] = "/tmp/x"; os.system("bash -c true")`, `[{BASH_ENV /tmp/x true}]`},
		{Python, "import os\nos.environ['BASH_ENV'] = '/tmp/x'\nos.system('make')", `[{BASH_ENV /tmp/x true}]`},
		{Python, `subprocess.run(["./bs.sh"], env={**os.environ, "BASH_ENV": "x.sh"})`, `[{BASH_ENV x.sh true}]`},
		{Python, `subprocess.run(["./bs.sh"], env=dict(os.environ, BASH_ENV="x.sh"))`, `[{BASH_ENV x.sh true}]`},
		{Python, `os.putenv("BASH_ENV", "x.sh")`, `[{BASH_ENV x.sh true}]`},
		{Python, `os.environ["BASH_ENV"] = sys.argv[1]`, `[{BASH_ENV  false}]`},
		{Python, `os.environ["BASH_FUNC_ls%%"] = "() { " + cmd + "; }"`, `[{BASH_FUNC_ls%%  false}]`},
		{Perl, `$ENV{"BASH_FUNC_ls%%"}="() { rm -f ~/.bashrc; }"; system("bash -c ls")`, `[{BASH_FUNC_ls%% () { rm -f ~/.bashrc; } true}]`},
		{Perl, `$ENV{BASH_ENV} = "x.sh"; system("make")`, `[{BASH_ENV x.sh true}]`},
		{Perl, `local %ENV = (%ENV, "BASH_ENV" => "x.sh"); system("make")`, `[{BASH_ENV x.sh true}]`},
		{Ruby, `ENV["BASH_ENV"] = "x.sh"; system("make")`, `[{BASH_ENV x.sh true}]`},
		{Ruby, `system({"BASH_FUNC_ls%%" => "() { rm -rf ~; }"}, "./bs.sh")`, `[{BASH_FUNC_ls%% () { rm -rf ~; } true}]`},
		{JS, `process.env.BASH_ENV = "x.sh"; require("child_process").execSync("make")`, `[{BASH_ENV x.sh true}]`},
		{JS, `cp.execFileSync("./bs.sh", {env: {...process.env, "BASH_FUNC_ls%%": "() { rm -rf ~; }"}})`, `[{BASH_FUNC_ls%% () { rm -rf ~; } true}]`},
		{JS, `cp.execFileSync("./bs.sh", {env: {...process.env, BASH_ENV: "x.sh"}})`, `[{BASH_ENV x.sh true}]`},
		{PHP, `<?php putenv("BASH_ENV=x.sh"); system("make");`, `[{BASH_ENV x.sh true}]`},
		{PHP, `<?php proc_open("./bs.sh", [], $p, null, ["BASH_FUNC_ls%%" => "() { rm -rf ~; }"]);`, `[{BASH_FUNC_ls%% () { rm -rf ~; } true}]`},
		// Reads and other names.
		{Python, `import os; print(os.environ.get("BASH_ENV"))`, `[]`},
		{Python, `import os; print(os.environ.get("BASH_ENV", "none"))`, `[]`},
		{Python, `import os; print(os.environ["BASH_ENV"])`, `[]`},
		{Python, `if os.environ["BASH_ENV"] == "x": pass`, `[]`},
		{Python, `BASH_ENV = "/tmp/x"; print(BASH_ENV)`, `[]`},
		{Python, `print("BASH_ENV is read by bash")`, `[]`},
		{Perl, `print $ENV{BASH_ENV};`, `[]`},
		{JS, `console.log(process.env.BASH_ENV)`, `[]`},
		{Python, `os.environ["BASH_ENVX"] = "x"`, `[]`},
		{Python, `os.environ["BASH_FUNC_ls"] = "x"`, `[]`},
	} {
		got := SetsShellEnv(tc.l, tc.src)
		if got == nil {
			got = []ShellEnvVar{}
		}
		if s := fmt.Sprint(got); s != tc.want {
			t.Errorf("%s %s:\n got %s\nwant %s", tc.l, tc.src, s, tc.want)
		}
	}
}
