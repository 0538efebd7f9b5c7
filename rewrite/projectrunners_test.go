package rewrite

import "testing"

// TestProjectRunnerFiles (issue 12, class 4): project runners run what a
// file of the project says, a file the agent can write first. snapcraft
// runs snapcraft.yaml's override-* scriptlets, nimble evaluates the
// .nimble file's NimScript (exec, selfExec, rmDir in the task named, its
// hooks and the top; nim e runs a .nims file, nim c evaluates config.nims
// and a file's staticExec, nim r runs its execCmd), lein loads project.clj (Clojure) and lein run the
// :main namespace, an alias is its task vector (lein shell CMD runs
// CMD), and a Pulumi YAML program's command:local:Command resources
// run create/update (up) and delete (destroy), a command:local:run
// invoke its command. All were allowed. None of these programs is
// installed where the tests run (no oracle); the behaviour is their
// documentation's.
func TestProjectRunnerFiles(t *testing.T) {
	t.Parallel()
	wipe := `(clojure.java.shell/sh "bash" "-c" "rm -rf ~")`
	cfg := scratchProject(t, map[string]string{
		"proj/snap/snap/snapcraft.yaml": "name: x\nparts:\n  p:\n    plugin: nil\n    override-build: |\n      craftctl default\n      rm -rf ~\n",
		"proj/snapok/snapcraft.yaml":    "name: x\nparts:\n  p:\n    plugin: make\n    override-build: |\n      craftctl default\n      echo built\n",
		"proj/nim/x.nimble": "version = \"0.1.0\"\n# exec \"rm -rf ~\" in a comment\ntask hello, \"Say hi\":\n  exec \"echo hi\"\n" +
			"task wipe, \"Wipe\":\n  exec(\"rm -rf ~\")\ntask dyn, \"x\":\n  exec \"rm -rf \" & getHomeDir()\nbefore install:\n  rmDir \"/\"\n",
		"proj/nimc/config.nims":          "switch(\"opt\", \"speed\")\nexec \"rm -rf ~\"\n",
		"proj/nimc/x.nim":                "echo 1\n",
		"proj/nims/s.nims":               "exec \"rm -rf ~\"\n",
		"proj/nims/ok.nims":              "exec \"echo hi\"\n",
		"proj/nims/y.nim":                "const v = staticExec(\"rm -rf ~\")\n",
		"proj/nims/z.nim":                "import osproc\ndiscard execCmd(\"rm -rf ~\")\n",
		"proj/lein/project.clj":          "(defproject app \"0.1.0\"\n  :main app.core\n  :aliases {\"wipe\" [\"shell\" \"rm\" \"-rf\" \"/\"]\n            \"chain\" [\"do\" \"clean,\" \"wipe\"]\n            \"go\" [\"run\" \"-m\" \"app.evil\"]})\n",
		"proj/lein/src/app/core.clj":     "(ns app.core)\n(defn -main [] (println \"hi\"))\n",
		"proj/lein/src/app/evil.clj":     "(ns app.evil)\n(defn -main [] " + wipe + ")\n",
		"proj/leinbad/project.clj":       "(defproject app \"0.1.0\"\n  :description ~(do " + wipe + " \"x\"))\n",
		"proj/leinprep/project.clj":      "(defproject app \"0.1.0\"\n  :prep-tasks [[\"shell\" \"rm\" \"-rf\" \"/\"] \"javac\" \"compile\"])\n",
		"proj/leinprepok/project.clj":    "(defproject app \"0.1.0\"\n  :prep-tasks [\"javac\" [\"shell\" \"make\" \"gen\"] \"compile\"])\n",
		"proj/leinmain/project.clj":      "(defproject app \"0.1.0\"\n  :main app.evil)\n",
		"proj/leinmain/src/app/evil.clj": "(ns app.evil)\n(defn -main [] " + wipe + ")\n",
		"proj/pul/Pulumi.yaml": "name: x\nruntime: yaml\nresources:\n  wipe:\n    type: command:local:Command\n    properties:\n      create: rm -rf ~\n" +
			"      delete: |\n        rm -rf ~\n  bucket:\n    type: aws:s3:Bucket\n    properties:\n      command: rm -rf ~\n",
		"proj/pulrun/Pulumi.yaml": "name: x\nruntime: yaml\nvariables:\n  out:\n    fn::invoke:\n      function: command:local:run\n      arguments:\n        command: rm -rf ~\n",
		"proj/pulc/Pulumi.yaml":   "name: x\nruntime:\n  name: yaml\n  options:\n    compiler: sh -c 'rm -rf ~'\n",
		"proj/puln/Pulumi.yaml":   "name: x\nruntime:\n  name: nodejs\n  options:\n    nodeargs: --require ./evil.js\n",
		"proj/puln/evil.js":       "require('child_process').execSync('rm -rf ~')\n",
		"proj/puln/index.js":      "console.log(1)\n",
		"proj/pulcue/Pulumi.yaml": "name: x\nruntime:\n  name: yaml\n  options:\n    compiler: cue export\n",
		"proj/pulok/Pulumi.yaml":  "name: x\nruntime: yaml\nresources:\n  hi:\n    type: command:local:Command\n    properties:\n      create: echo hello\n  bucket:\n    type: aws:s3:Bucket\n    properties:\n      command: rm -rf ~\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd snap && snapcraft", "deny"},
		{"cd snap && snapcraft build", "deny"},
		{"cd snap && snapcraft pack --destructive-mode", "deny"},
		{"cd nim && nimble wipe", "deny"},
		{"cd nim && nimble install", "deny"},
		{"cd nim && nimble dyn", "ask"},
		{"cd nimc && nim c x.nim", "deny"},
		{"cd nimc && nimble build", "deny"},
		{"nim e nims/s.nims", "deny"},
		{"nim c nims/y.nim", "deny"},
		{"nim r nims/z.nim", "deny"},
		{"nim c -r nims/z.nim", "deny"},
		{"cd lein && lein wipe", "deny"},
		{"cd lein && lein go", "deny"},
		{"cd lein && lein do clean, wipe", "deny"},
		{"cd lein && lein do clean, shell rm -rf /", "deny"},
		{"cd lein && lein with-profile +dev wipe", "deny"},
		{"cd lein && lein chain", "deny"},
		{"cd lein && lein run -m app.evil", "deny"},
		{"cd leinbad && lein test", "deny"},
		{"cd leinmain && lein run", "deny"},
		{"cd leinprep && lein test", "deny"},
		{"cd leinprep && lein uberjar", "deny"},
		{"cd pul && pulumi up", "deny"},
		{"cd pul && pulumi destroy --yes", "deny"},
		{"cd pulrun && pulumi preview", "deny"},
		{"cd pulc && pulumi preview", "deny"},
		{"cd puln && pulumi up", "deny"},
		// look-alikes
		{"cd snap && snapcraft pull", "allow"},
		{"cd snap && snapcraft clean", "allow"},
		{"cd snapok && snapcraft", "allow"},
		{"cd nim && nimble hello", "allow"},
		{"cd nim && nimble build", "allow"},
		{"cd nim && nimble search json", "allow"},
		{"nim e nims/ok.nims", "allow"},
		{"nim c nims/z.nim", "allow"},
		{"cd lein && lein run", "allow"},
		{"cd lein && lein test", "allow"},
		{"cd lein && lein do clean, test", "allow"},
		{"cd leinprep && lein clean", "allow"},
		{"cd leinprepok && lein test", "allow"},
		{"cd pul && pulumi preview", "allow"},
		{"cd pulok && pulumi up", "allow"},
		{"cd pulcue && pulumi up", "allow"},
	})
}
