package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestEnvFileLoaders: programs that load an env file by themselves
// (node/bun/deno --env-file, uv run --env-file, dotenv-cli -e, dotenv
// run, dotenvx run, env-cmd, honcho run, foreman run, pipenv run) put its
// variables into the environment of the program they run, as set -a;
// source FILE would: a program that prints its environment or one of
// those variables reads the file; running the project's program with it
// passes. python-dotenv's dotenv list/get (also python3 -m dotenv) print
// the file, and dotenv_values() with no argument or load_dotenv()
// followed by a print of the environment in code written in the command
// read ./.env. Red-team 3, section 2.
func TestEnvFileLoaders(t *testing.T) {
	t.Parallel()
	cfg := secretScratch(t) // proj/.env holds SECRET=1
	if err := os.WriteFile(filepath.Join(cfg.Project, ".env"), []byte("API_KEY=sk-live-canary123\nDEBUG=true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg.Project, "app.py"), []byte("from dotenv import load_dotenv\nimport os\nload_dotenv()\nprint(os.environ.get('PORT'))\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		{`node --env-file=.env -e 'console.log(process.env.API_KEY)'`, Deny},
		{`node --env-file .env -p process.env`, Deny},
		{`bun --env-file=.env -e 'console.log(process.env.API_KEY)'`, Deny},
		{`bun -e 'console.log(process.env.API_KEY)'`, Deny}, // bun reads ./.env itself
		{`deno eval --env-file=.env 'console.log(Deno.env.get("API_KEY"))'`, Deny},
		{`uv run --env-file .env printenv API_KEY`, Deny},
		{`dotenv -e .env -- env`, Deny},
		{`npx dotenv-cli -e .env -- printenv`, Deny},
		{`dotenv run -- env`, Deny},
		{`dotenv -f .env run printenv API_KEY`, Deny},
		{`dotenvx run -- env`, Deny},
		{`env-cmd -f .env env`, Deny},
		{`honcho run env`, Deny},
		{`foreman run printenv API_KEY`, Deny},
		{`pipenv run env`, Deny},
		{`dotenv list`, Deny},
		{`dotenv get API_KEY`, Deny},
		{`dotenv -f .env list --format json`, Deny},
		{`python3 -m dotenv list`, Deny},
		{`python3 -c 'from dotenv import dotenv_values; print(dotenv_values())'`, Deny},
		{"python3 - <<'EOF'\nfrom dotenv import load_dotenv\nimport os\nload_dotenv()\nprint(os.environ['API_KEY'])\nEOF", Deny},
		// Look-alikes: the program uses the variables, prints none of
		// them, or the file holds no secret.
		{`node --env-file=.env server.js`, Allow},
		{`node -e 'console.log(process.env.API_KEY)'`, Allow},
		{`dotenv run -- npm start`, Allow},
		{`honcho start`, Allow},
		{`pipenv run python manage.py migrate`, Allow},
		{`dotenv -e .env.example -- env`, Allow},
		{`dotenv set DEBUG false`, Allow},
		{`bun --no-env-file -e 'console.log(process.env.API_KEY)'`, Allow},
		{`python3 app.py`, Allow}, // the project's program loads its .env
		{`python3 -c 'from dotenv import load_dotenv; load_dotenv(); import app'`, Allow},
		{`printenv HOME`, Allow},
	})
	// The real node, where installed: --env-file puts the file's value
	// in the program's environment.
	if node, err := exec.LookPath("node"); err == nil {
		cmd := exec.Command(node, "--env-file=.env", "-e", "console.log(process.env.API_KEY)")
		cmd.Dir = cfg.Project
		if out, err := cmd.Output(); err == nil && !strings.Contains(string(out), "sk-live-canary123") {
			t.Errorf("node --env-file printed %q, not the canary", out)
		}
	}
}

// TestJustDotenvLoad: just with set dotenv-load (or a dotenv file
// setting, or --dotenv-path) runs its recipes with the env file's
// variables exported: a recipe that prints the environment or one of
// them reads the file; one that only uses them, or a justfile without
// the setting, passes.
func TestJustDotenvLoad(t *testing.T) {
	t.Parallel()
	cfg := secretScratch(t)
	files := map[string]string{
		".env":           "API_KEY=sk-live-canary123\n",
		"justfile":       "set dotenv-load\n\nshow:\n\tenv\n\nkey:\n\t@echo \"$API_KEY\"\n\nserve:\n\tnode server.js\n",
		"plain/justfile": "show:\n\tenv\n",
		"plain/.env":     "API_KEY=sk-live-canary123\n",
		"named/justfile": "set dotenv-filename := \".env.production\"\n\nshow:\n\tprintenv API_KEY\n",
	}
	for f, text := range files {
		p := filepath.Join(cfg.Project, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		{`just show`, Deny},
		{`just key`, Deny},
		{`cd named && just show`, Deny}, // .env.production, not there: may set any
		{`just serve`, Allow},
		{`just --no-dotenv show`, Allow},
		{`cd plain && just show`, Allow},
	})
}

// TestJustScriptRecipes: a recipe with a #! line or a [script(COMMAND)]
// attribute is written to a file and run by that interpreter (just's
// manual, "Script Recipes"; a bare [script] by set script-interpreter,
// sh -eu by default): its body is read with the language's reader, as a
// script file on disk is, and the interpreter's own words are a command
// (#!/usr/bin/env -S cat .env prints the file). Look-alikes: recipes
// whose code reads no secret, and [doc("a script")], which is no
// [script] attribute.
func TestJustScriptRecipes(t *testing.T) {
	t.Parallel()
	cfg := secretScratch(t)
	files := map[string]string{
		".env": "API_KEY=sk-live-canary123\n",
		"justfile": "py:\n    #!/usr/bin/env python3\n    print(open('.env').read())\n\n" +
			"[script('python3')]\nattr:\n    print(open('.env').read())\n\n" +
			"[private, script(\"node\")]\nnode:\n    console.log(require('fs').readFileSync('.env', 'utf8'))\n\n" +
			"[script]\nbare:\n    cat .env\n\n" +
			"[script('cat', '.env')]\ncatarg:\n    hello\n\n" +
			"shebangarg:\n    #!/usr/bin/env -S cat .env\n    x\n\n" +
			"[script('python3')]\nok:\n    import json\n    print(json.dumps({'a': 1}))\n\n" +
			"[doc(\"a script\")]\ndoc:\n    echo hi\n\n" +
			"pyok:\n    #!/usr/bin/env python3\n    print(open('README.md').read())\n",
		"interp/justfile": "set script-interpreter := ['python3', '-u']\n\n[script]\nbare:\n    cat .env\n\n[script]\nreads:\n    print(open('../.env').read())\n",
	}
	for f, text := range files {
		p := filepath.Join(cfg.Project, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		{`just py`, Deny},
		{`just attr`, Deny},
		{`just node`, Deny},
		{`just bare`, Deny}, // sh -eu runs cat .env
		{`just catarg`, Deny},
		{`just shebangarg`, Deny},
		{`cd interp && just reads`, Deny},
		{`cd interp && just bare`, Allow}, // python3 runs "cat .env": a syntax error, no read
		{`just ok`, Allow},
		{`just doc`, Allow},
		{`just pyok`, Allow},
	})
}
