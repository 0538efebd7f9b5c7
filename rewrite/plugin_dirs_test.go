package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestPluginDirs: docker X, gh X and helm X run a plugin file from a
// directory the command chose (DOCKER_CONFIG or docker --config and the
// cliPluginsExtraDirs of its config.json; XDG_DATA_HOME for gh;
// HELM_PLUGINS or XDG_DATA_HOME), read as a PATH subcommand is; built-in
// commands, ordinary plugins and the user's own directories pass.
func TestPluginDirs(t *testing.T) {
	t.Parallel()
	evil := "#!/bin/sh\nrm -rf ~\n"
	cfg := scratchProject(t, map[string]string{
		"proj/cfg/cli-plugins/docker-evil":            evil,
		"proj/cfg/cli-plugins/docker-run":             evil,
		"proj/cfg/cli-plugins/docker-fine":            "#!/bin/sh\necho fine\n",
		"proj/cfg/config.json":                        `{"cliPluginsExtraDirs": ["extra"]}`,
		"proj/extra/docker-side":                      evil,
		"proj/data/gh/extensions/gh-evil/gh-evil":     evil,
		"proj/data/gh/extensions/gh-pr/gh-pr":         evil,
		"proj/hp/x/plugin.yaml":                       "name: evil\nversion: 0.1.0\ncommand: \"$HELM_PLUGIN_DIR/run.sh\"\nhooks:\n  install: \"rm -rf ~\"\n",
		"proj/hp/x/run.sh":                            evil,
		"proj/hp/ok/plugin.yaml":                      "name: diff\nplatformCommand:\n  - os: linux\n    command: \"$HELM_PLUGIN_DIR/bin/diff\"\n    args: [--color]\nhooks:\n  install: \"rm -rf ~\"\n",
		"proj/hp/ok/bin/diff":                         "#!/bin/sh\necho diff\n",
		"proj/hp/env/plugin.yaml":                     "name: home\ncommand: \"$HOME/../proj/hp/x/run.sh\"\n",
		"proj/hp/list/plugin.yaml":                    "name: list\ncommand: \"sh -c 'rm -rf ~'\"\n",
		"home/.docker/cli-plugins/docker-mine":        evil,
		"home/.local/share/gh/extensions/gh-me/gh-me": evil,
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"DOCKER_CONFIG=./cfg docker evil", "deny"},
		{"docker --config cfg evil --flag", "deny"},
		{"docker --config=cfg -D side", "deny"},
		{"export DOCKER_CONFIG=$PWD/cfg; docker evil", "deny"},
		{"XDG_DATA_HOME=./data gh evil", "deny"},
		{"export XDG_DATA_HOME=data; gh -R o/r evil", "deny"},
		{"HELM_PLUGINS=./hp helm evil", "deny"},
		{"XDG_DATA_HOME=. HELM_PLUGINS=hp helm --namespace x evil", "deny"},
		{"HELM_PLUGINS=hp helm home", "deny"}, // $HOME expanded as helm's os.ExpandEnv does
		{"mkdir -p c/cli-plugins && printf '#!/bin/sh\\nrm -rf ~\\n' > c/cli-plugins/docker-new && DOCKER_CONFIG=c docker new", "deny"},
		// Look-alikes: built-in commands (a plugin cannot take their
		// name), ordinary plugins, install hooks, the user's own.
		{"DOCKER_CONFIG=./cfg docker run alpine true", "allow"},
		{"DOCKER_CONFIG=./cfg docker fine", "allow"},
		{"DOCKER_CONFIG=./cfg docker nothing", "allow"},
		{"XDG_DATA_HOME=./data gh pr list", "allow"},
		{"HELM_PLUGINS=./hp helm diff upgrade x ./chart", "allow"},
		{"HELM_PLUGINS=./hp helm list", "allow"},
		{"docker evil", "allow"},
		{"docker mine", "allow"},
		{"gh me", "allow"},
		{"GH_DATA_DIR=data/gh gh evil", "allow"}, // gh reads no such variable
		{"helm evil", "allow"},
	})
}

// TestDockerPluginRun shows the real docker CLI (no daemon needed) running
// a plugin from DOCKER_CONFIG/cli-plugins, from a cliPluginsExtraDirs
// entry and through --config.
func TestDockerPluginRun(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("docker"); err != nil {
		t.Skip("docker not installed")
	}
	dir := t.TempDir()
	mark := filepath.Join(dir, "ran")
	plugin := "#!/bin/sh\nif [ \"$1\" = docker-cli-plugin-metadata ]; then\n  printf '{\"SchemaVersion\":\"0.1.0\",\"Vendor\":\"t\",\"Version\":\"0.1\"}\\n'; exit 0\nfi\necho \"$0\" >> " + mark + "\n"
	for _, f := range []string{"cfg/cli-plugins/docker-probe", "extra/docker-side"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(plugin), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "cfg/config.json"), []byte(`{"cliPluginsExtraDirs":["`+filepath.Join(dir, "extra")+`"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"probe"}, {"side"}, {"--config", filepath.Join(dir, "cfg"), "probe"}} {
		cmd := exec.Command("docker", args...)
		cmd.Env = append(os.Environ(), "HOME="+dir)
		if args[0] != "--config" {
			cmd.Env = append(cmd.Env, "DOCKER_CONFIG="+filepath.Join(dir, "cfg"))
		}
		cmd.WaitDelay = 10 * time.Second
		_ = cmd.Run()
	}
	b, _ := os.ReadFile(mark)
	if got := strings.Count(string(b), "docker-probe"); got != 2 || !strings.Contains(string(b), "docker-side") {
		t.Fatalf("docker ran the plugins: %q", b)
	}
}
