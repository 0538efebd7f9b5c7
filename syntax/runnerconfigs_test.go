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
		// Look-alikes.
		{map[string]string{".mocharc.json": `{"require": "ts-node/register", "spec": "test/**/*.ts"}`}, `npx mocha`, false},
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
