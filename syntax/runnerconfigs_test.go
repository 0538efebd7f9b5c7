package syntax

import "testing"

// TestRunnerDataConfigs: mocha, nyc, lint-staged, playwright, pm2 and
// rspec load code their configuration names (or is): each file is read
// as the code it is. Look-alikes: ordinary configurations, a package's
// name (ts-node/register), commands that run nothing of the project's.
func TestRunnerDataConfigs(t *testing.T) {
	t.Parallel()
	evilJS := "require('child_process').execSync('rm -rf /victim')\n"
	evilRb := "system('rm -rf /victim')\n"
	for _, tc := range []struct {
		files map[string]string
		cmd   string
		rm    bool
	}{
		{map[string]string{".mocharc.json": `{"require": "./evil.js"}`, "evil.js": evilJS}, `npx mocha`, true},
		{map[string]string{".mocharc.yml": "require:\n  - ./evil.js\n", "evil.js": evilJS}, `mocha`, true},
		{map[string]string{".mocharc.yaml": "file: [./evil.js]\n", "evil.js": evilJS}, `mocha`, true},
		{map[string]string{"package.json": `{"mocha": {"require": ["./evil"]}}`, "evil.js": evilJS}, `npx mocha`, true},
		{map[string]string{".nycrc": `{"require": ["./evil.js"]}`, "evil.js": evilJS}, `npx nyc npm test`, true},
		{map[string]string{".nycrc.yml": "require: ./evil.js\n", "evil.js": evilJS}, `nyc --reporter lcov mocha`, true},
		{map[string]string{"nyc.config.js": evilJS}, `nyc node app.js`, true},
		{map[string]string{"evil.js": evilJS}, `nyc --require ./evil.js node app.js`, true},
		{map[string]string{".lintstagedrc.js": evilJS}, `npx lint-staged`, true},
		{map[string]string{"lint-staged.config.mjs": evilJS}, `lint-staged`, true},
		{map[string]string{".lintstagedrc.json": `{"*.js": "rm -rf /victim"}`}, `npx lint-staged`, true},
		{map[string]string{".lintstagedrc": "'*.{js,ts}':\n  - eslint --fix\n  - rm -rf /victim\n"}, `npx lint-staged`, true},
		{map[string]string{"package.json": `{"lint-staged": {"*.js": ["prettier --write", "rm -rf /victim"]}}`}, `npx lint-staged`, true},
		{map[string]string{"cfg.json": `{"*": "rm -rf /victim"}`}, `lint-staged -c cfg.json`, true},
		{map[string]string{"playwright.config.ts": evilJS}, `npx playwright test`, true},
		{map[string]string{"ecosystem.config.js": evilJS}, `pm2 start ecosystem.config.js`, true},
		{map[string]string{"ecosystem.config.js": evilJS}, `pm2 start`, true},
		{map[string]string{"app.js": evilJS}, `pm2 start app.js --name web`, true},
		{map[string]string{"eco.json": `{"apps": [{"name": "w", "script": "w.js"}]}`, "w.js": evilJS}, `pm2 reload eco.json`, true},
		{map[string]string{".rspec": "--require ./spec/evil\n", "spec/evil.rb": evilRb}, `rspec`, true},
		{map[string]string{".rspec-local": "--require evil\n", "spec/evil.rb": evilRb}, `bundle exec rspec`, true},
		{map[string]string{"spec/a_spec.rb": evilRb}, `rspec spec/`, true},
		// A package name resolves through node_modules (exports, main,
		// index.js) to a file that runs as the project's code; a JS
		// configuration's require/file/globalSetup entries; pm2's
		// command strings run by bash -c.
		{map[string]string{".mocharc.json": `{"require": "ts-node/register"}`, "node_modules/ts-node/package.json": `{"exports": {"./register": "./register/index.js"}}`, "node_modules/ts-node/register/index.js": evilJS}, `npx mocha`, true},
		{map[string]string{"node_modules/foo/package.json": `{"main": "lib/foo"}`, "node_modules/foo/lib/foo.js": evilJS}, `mocha --require foo`, true},
		{map[string]string{"node_modules/@sc/reg/index.js": evilJS}, `nyc --require @sc/reg mocha`, true},
		{map[string]string{"node_modules/bar/package.json": `{"exports": {".": {"import": "./x.mjs", "require": "./x.cjs"}}}`, "node_modules/bar/x.cjs": evilJS}, `node -r bar app.js`, true},
		{map[string]string{"sub/.keep": "", "node_modules/up/index.js": evilJS}, `cd sub && node --require up app.js`, true},
		{map[string]string{"nyc.config.js": "module.exports = {require: ['./setup.js'], reporter: ['text']};\n", "setup.js": evilJS}, `nyc npm test`, true},
		{map[string]string{".mocharc.cjs": "module.exports = {require: './h.js'};\n", "h.js": evilJS}, `npx mocha`, true},
		{map[string]string{"playwright.config.ts": "export default { globalSetup: require.resolve('./gs'), testDir: './tests' };\n", "gs.ts": evilJS}, `npx playwright test`, true},
		{map[string]string{"playwright.config.js": "module.exports = { globalTeardown: ['./td.js'] };\n", "td.js": evilJS}, `npx playwright test`, true},
		{map[string]string{"playwright.config.ts": "export default { webServer: { command: 'rm -rf /victim', port: 3000 } };\n"}, `npx playwright test`, true},
		{nil, `pm2 start "rm -rf /victim"`, true},
		{nil, `pm2 start "bash -c 'rm -rf /victim'" --name x`, true},
		{nil, `pm2 start bash -- -c "rm -rf /victim"`, true},
		{map[string]string{"package.json": `{"scripts": {"dev": "rm -rf /victim"}}`}, `pm2 start "npm run dev"`, true},
		{map[string]string{"eco.json": `{"apps": [{"name": "w", "script": "rm -rf /victim"}]}`}, `pm2 start eco.json`, true},
		// Look-alikes.
		{map[string]string{".mocharc.json": `{"require": "ts-node/register", "spec": "test/**/*.ts"}`}, `npx mocha`, false},
		{map[string]string{".mocharc.json": `{"require": "ts-node/register"}`, "node_modules/ts-node/package.json": `{"exports": {"./register": "./register/index.js"}}`, "node_modules/ts-node/register/index.js": "require('./lib').register();\n"}, `npx mocha`, false},
		{map[string]string{"playwright.config.ts": "export default { globalSetup: './gs', webServer: { command: 'npm run start', url: 'http://localhost:3000' } };\n", "gs.ts": "export default async () => { process.env.X = '1'; };\n", "package.json": `{"scripts": {"start": "node server.js"}}`}, `npx playwright test`, false},
		{nil, `pm2 start "npm run dev"`, false},
		{nil, `pm2 start npm -- run start`, false},
		{map[string]string{".nycrc": `{"require": ["@babel/register"], "reporter": ["lcov"]}`}, `npx nyc npm test`, false},
		{map[string]string{".lintstagedrc.json": `{"*.js": ["eslint --fix", "prettier --write"]}`}, `npx lint-staged`, false},
		{map[string]string{"package.json": `{"name": "x", "scripts": {"test": "jest"}}`}, `npx lint-staged`, false},
		{map[string]string{"playwright.config.ts": "export default { testDir: './tests' };\n"}, `npx playwright test`, false},
		{map[string]string{"playwright.config.ts": evilJS}, `npx playwright install`, false},
		{map[string]string{"ecosystem.config.js": evilJS}, `pm2 logs`, false},
		{map[string]string{"app.js": "console.log(1)\n"}, `pm2 start app.js`, false},
		{map[string]string{".rspec": "--require spec_helper\n--format documentation\n", "spec/spec_helper.rb": "RSpec.configure { |c| c.order = :random }\n"}, `rspec`, false},
		{map[string]string{".rspec": "--require ./spec/evil\n", "spec/evil.rb": evilRb}, `rspec --version`, false},
	} {
		dir := t.TempDir()
		writeFiles(t, dir, tc.files)
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd+" "+firstKey(tc.files), tc.rm)
	}
}

func firstKey(m map[string]string) string {
	best := ""
	for k := range m {
		if best == "" || k < best {
			best = k
		}
	}
	return best
}
