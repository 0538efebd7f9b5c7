package syntax

import "testing"

// TestHookConfigRunner: the git-hook managers' configuration files are
// named with the command that runs all their hooks; other files none.
func TestHookConfigRunner(t *testing.T) {
	for base, want := range map[string]string{
		".pre-commit-config.yaml": "pre-commit run --all-files",
		"lefthook.yml":            "lefthook install",
		".lefthook.toml":          "lefthook install",
		"lefthook-local.yml":      "lefthook install",
		".overcommit.yml":         "overcommit --run",
		".lintstagedrc.json":      "lint-staged",
		"lint-staged.config.mjs":  "lint-staged",
		"package.json":            "",
		"compose.yaml":            "",
		".pre-commit-hooks.yaml":  "",
	} {
		got, ok := HookConfigRunner(base)
		if got != want || ok != (want != "") {
			t.Errorf("%s: got %q %v, want %q", base, got, ok, want)
		}
	}
}
