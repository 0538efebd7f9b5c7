package syntax

import (
	"testing"
)

// TestProjectAppsRun: app servers, workers and deployment CLIs import the
// project's code when they start (pyapps.go), directly or as python3 -m
// TOOL. Look-alikes: harmless modules, --help, a --bind value that reads
// as MODULE:APP, alembic init, cdk init, pulumi destroy, a module that
// does not exist.
func TestProjectAppsRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	py := "import shutil\nshutil.rmtree('/victim')\napp = object()\n"
	ok := "from fastapi import FastAPI\napp = FastAPI()\n\n@app.get('/')\ndef root():\n    return {'ok': True}\n"
	writeFiles(t, dir, map[string]string{
		"u/app.py":                       py,
		"u/pkg/__init__.py":              "",
		"u/pkg/main.py":                  py,
		"u/src/server.py":                py,
		"g/gunicorn.conf.py":             "import os\nos.system('rm -rf /victim')\nbind = '0.0.0.0:8000'\n",
		"g/wsgi.py":                      ok,
		"c/proj/__init__.py":             "",
		"c/proj/celery.py":               py,
		"f/app.py":                       py,
		"f2/wsgi.py":                     py,
		"f3/hello.py":                    py,
		"s/dash.py":                      py,
		"fa/main.py":                     py,
		"al/alembic.ini":                 "[alembic]\nscript_location = %(here)s/migrations\nsqlalchemy.url = sqlite:///x.db\n",
		"al/migrations/env.py":           "import shutil\nshutil.rmtree('/victim')\n",
		"al2/alembic.ini":                "[alembic]\nscript_location = migrations\n",
		"al2/migrations/env.py":          "from alembic import context\ncontext.configure(url='sqlite://')\n",
		"al2/migrations/versions/1_x.py": "import shutil\nrevision = '1'\ndef upgrade():\n    shutil.rmtree('/victim')\n",
		"cdk/cdk.json":                   `{"app": "python3 app.py && rm -rf /victim", "context": {}}`,
		"pu/Pulumi.yaml":                 "name: x\nruntime: python\n",
		"pu/__main__.py":                 py,
		"pn/Pulumi.yaml":                 "name: x\nruntime:\n  name: nodejs\n",
		"pn/index.js":                    "const { execSync } = require('child_process');\nexecSync('rm -rf /victim');\n",
		// Look-alikes.
		"ok/app.py":            ok,
		"ok/main.py":           ok,
		"ok/wsgi.py":           ok,
		"ok/alembic.ini":       "[alembic]\nscript_location = migrations\n",
		"ok/migrations/env.py": "from alembic import context\ncontext.configure(url='sqlite://')\n",
		"ok/cdk.json":          `{"app": "python3 app.py"}`,
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd u && uvicorn app:app --reload`, true},
		{`cd u && uvicorn pkg.main:app --host 0.0.0.0 --port 8000`, true},
		{`uvicorn --app-dir u/src server:app`, true},
		{`cd u && python3 -m uvicorn app:app`, true},
		{`cd u && hypercorn app:app`, true},
		{`cd u && daphne -b 0.0.0.0 -p 8001 app:app`, true},
		{`cd u && granian --interface asgi app:app`, true},
		{`cd u && waitress-serve --listen=*:8080 app:app`, true},
		{`cd u && gunicorn -w 4 -b localhost:8000 app:app`, true},
		{`gunicorn --chdir u pkg.main:app`, true},
		{`cd g && gunicorn wsgi:app`, true},
		{`cd c && celery -A proj worker -l info`, true},
		{`cd c && python -m celery -A proj worker`, true},
		{`cd f && flask run`, true},
		{`cd f && python3 -m flask run`, true},
		{`cd f2 && flask run --port 5001`, true},
		{`cd f3 && flask --app hello run`, true},
		{`cd f3 && FLASK_APP=hello.py flask run`, true},
		{`cd s && streamlit run dash.py`, true},
		{`cd fa && fastapi dev`, true},
		{`fastapi run fa/main.py`, true},
		{`cd al && alembic upgrade head`, true},
		{`cd al2 && alembic upgrade head`, true},
		{`cd cdk && cdk deploy`, true},
		{`cd pu && pulumi up --yes`, true},
		{`pulumi preview -C pn`, true},
		// Look-alikes.
		{`cd ok && uvicorn app:app --reload`, false},
		{`cd ok && gunicorn -b localhost:8000 wsgi:app`, false},
		{`cd u && uvicorn --help`, false},
		{`cd ok && flask run && fastapi dev && alembic upgrade head && cdk deploy`, false},
		{`cd al2 && alembic current`, false},
		{`cd al && alembic init migrations`, false},
		{`cd cdk && cdk init app --language python`, false},
		{`cd pu && pulumi destroy`, false},
		{`cd u && uvicorn missing:app`, false},
		{`cd c && celery --help`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}

// TestFrameworkConfigsRun: framework CLIs import their configuration
// module when they start (configtools.go), directly or through npx,
// pnpm exec and yarn. Look-alikes: a harmless configuration, a
// subcommand that loads none, a directory without configuration.
func TestFrameworkConfigsRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	js := "const { execSync } = require('child_process');\nexecSync('rm -rf /victim');\nmodule.exports = {};\n"
	esm := "import { rmSync } from 'node:fs';\nrmSync('/victim', { recursive: true, force: true });\nexport default {};\n"
	writeFiles(t, dir, map[string]string{
		"astro/astro.config.mjs":    esm,
		"nuxt/nuxt.config.ts":       esm,
		"gatsby/gatsby-config.js":   "module.exports = { plugins: [] };\n",
		"gatsby/gatsby-node.js":     js,
		"docu/docusaurus.config.js": js,
		"knex/knexfile.js":          js,
		"drizzle/drizzle.config.ts": esm,
		"tsup/tsup.config.ts":       esm,
		"vue/vue.config.js":         js,
		"cy/cypress.config.js":      js,
		"cl/commitlint.config.js":   js,
		"sk/svelte.config.js":       esm,
		"remix/remix.config.js":     js,
		"sb/.storybook/main.ts":     esm,
		"ava/ava.config.mjs":        esm,
		"expo/app.config.js":        js,
		"ok/astro.config.mjs":       "import { defineConfig } from 'astro/config';\nexport default defineConfig({ outDir: './dist' });\n",
		"ok/knexfile.js":            "module.exports = { client: 'sqlite3', connection: { filename: './dev.sqlite3' } };\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd astro && astro build`, true},
		{`cd astro && npx astro dev`, true},
		{`cd nuxt && nuxi dev`, true},
		{`cd nuxt && pnpm exec nuxt build`, true},
		{`cd gatsby && gatsby develop`, true},
		{`cd docu && docusaurus start`, true},
		{`cd knex && knex migrate:latest`, true},
		{`cd drizzle && drizzle-kit push`, true},
		{`cd tsup && tsup`, true},
		{`cd vue && vue-cli-service serve`, true},
		{`cd cy && cypress run`, true},
		{`cd cl && commitlint --edit`, true},
		{`cd sk && svelte-kit sync`, true},
		{`cd remix && remix build`, true},
		{`cd sb && storybook dev -p 6006`, true},
		{`cd ava && ava`, true},
		{`cd expo && expo start`, true},
		{`cd expo && bunx expo start`, true},
		// Look-alikes.
		{`cd ok && astro build && knex migrate:latest`, false},
		{`cd astro && astro --help`, false},
		{`cd nuxt && nuxi init app`, false},
		{`cd cy && cypress verify`, false},
		{`cd knex && knex init`, false},
		{`cd ok && tsup && vue-cli-service build && cypress run`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}

// TestMiseTaskForms: mise NAME (when NAME is no mise command), mise
// tasks run NAME, mise watch NAME and -C/--cd DIR run the task's text
// or file task. Look-alikes: mise ls, mise install, mise tasks ls, a
// harmless task.
func TestMiseTaskForms(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"m/mise.toml":         "[tools]\nnode = \"20\"\n\n[tasks.wipe]\nrun = \"rm -rf /victim\"\n\n[tasks.build]\nrun = \"npm run build\"\n",
		"f/.mise/tasks/clean": "#!/usr/bin/env bash\nrm -rf /victim\n",
		"f/mise.toml":         "[tools]\npython = \"3.12\"\n",
		"d/.mise.toml":        "[tasks.wipe]\nrun = [\"echo start\", \"rm -rf /victim\"]\n",
		"t/mise-tasks/nuke":   "#!/bin/sh\nrm -rf /victim\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd m && mise run wipe`, true},
		{`cd m && mise wipe`, true},
		{`cd m && mise tasks run wipe`, true},
		{`cd m && mise watch wipe`, true},
		{`cd m && mise watch -t wipe`, true},
		{`mise -C m wipe`, true},
		{`mise --cd m run wipe`, true},
		{`mise --cd=d wipe`, true},
		{`cd f && mise clean`, true},
		{`cd t && mise nuke`, true},
		// Look-alikes.
		{`cd m && mise ls`, false},
		{`cd m && mise install`, false},
		{`cd m && mise tasks ls`, false},
		{`cd m && mise build`, false},
		{`cd m && mise run build`, false},
		{`cd f && mise use python@3.12`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}

// TestNpmSetScript: npm set-script NAME CMD (npm 7, 8) is npm pkg set
// scripts.NAME=CMD: CMD is judged where it is set.
func TestNpmSetScript(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`npm set-script test 'rm -rf /victim'`, true},
		{`npm --prefix app set-script postinstall "rm -rf /victim"`, true},
		{`npm set-script test "jest"`, false},
		{`echo npm set-script test 'rm -rf /victim'`, false},
		{`npm run set-script`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}
