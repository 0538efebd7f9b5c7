package syntax

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestNpmPkgSetKeysOracle runs the real npm pkg set with each key
// spelling and value shape in a scratch package and compares where the
// value lands with where corral reads it (pkgKeyPath, pkgShellTexts):
// every string below a shell key is found with its key. Skips without
// npm.
func TestNpmPkgSetKeysOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs npm")
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("npm not installed")
	}
	const canary = "touch CANARY"
	for _, tc := range []struct {
		key, value string
		json       bool
	}{
		{"scripts.test", canary, false},
		{"scripts[test]", canary, false},
		{`scripts["lint"]`, canary, false},
		{"husky.hooks.pre-commit", canary, false},
		{"simple-git-hooks[pre-push]", canary, false},
		{"lint-staged.*.js", canary, false},
		{"scripts", `{"build": "` + canary + `"}`, true},
		{"husky", `{"hooks": {"pre-commit": "` + canary + `"}}`, true},
		{"lint-staged", `{"*.ts": ["eslint", "` + canary + `"]}`, true},
		{"description", canary, false},
		{"keywords", `["` + canary + `"]`, true},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name": "x", "version": "1.0.0"}`), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"pkg", "set", tc.key + "=" + tc.value}
		if tc.json {
			args = append(args, "--json")
		}
		cmd := exec.Command(npm, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "npm_config_cache="+filepath.Join(dir, ".npm"), "npm_config_update_notifier=false")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: npm pkg set: %v\n%s", tc.key, err, out)
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, "package.json"))
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		// Where npm put the canary, as key paths below a shell key.
		var real []string
		var walk func(p []string, v any)
		walk = func(p []string, v any) {
			switch x := v.(type) {
			case string:
				if x == canary && pkgUnderShellKey(p) {
					real = append(real, strings.Join(p, "."))
				}
			case map[string]any:
				for k, e := range x {
					walk(append(p[:len(p):len(p)], k), e)
				}
			case []any:
				for _, e := range x {
					walk(p, e)
				}
			}
		}
		walk(nil, doc)
		sort.Strings(real)
		path, ok := pkgKeyPath(tc.key)
		if !ok {
			t.Errorf("%s: corral cannot split the key", tc.key)
			continue
		}
		var got []string
		for _, x := range pkgShellTexts(path, tc.value, tc.json) {
			if x.text == canary {
				got = append(got, x.key)
			}
		}
		if strings.Join(got, " ") != strings.Join(real, " ") {
			t.Errorf("%s=%s: npm put shell text at %v, corral reads %v\n%s", tc.key, tc.value, real, got, data)
		}
	}
}
