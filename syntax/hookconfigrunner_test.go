package syntax

import "testing"

// TestHookConfigRunner: the git-hook managers' configuration files are
// named with the command that runs all their hooks (package.json for
// husky 4's "husky" key); other files none.
func TestHookConfigRunner(t *testing.T) {
	for base, want := range map[string]string{
		".pre-commit-config.yaml": "pre-commit run --all-files",
		"lefthook.yml":            "lefthook install",
		".lefthook.toml":          "lefthook install",
		"lefthook-local.yml":      "lefthook install",
		".overcommit.yml":         "overcommit --run",
		".lintstagedrc.json":      "lint-staged",
		"lint-staged.config.mjs":  "lint-staged",
		"package.json":            "husky-run",
		".huskyrc":                "husky-run",
		".huskyrc.js":             "husky-run",
		"husky.config.cjs":        "husky-run",
		"package-lock.json":       "",
		".huskyrc.bak":            "",
		"compose.yaml":            "",
		".pre-commit-hooks.yaml":  "",
	} {
		got, ok := HookConfigRunner(base)
		if got != want || ok != (want != "") {
			t.Errorf("%s: got %q %v, want %q", base, got, ok, want)
		}
	}
}
