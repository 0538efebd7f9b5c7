package rewrite

import (
	"archive/zip"
	"os"
	"path/filepath"
	"testing"
)

// writePlan writes a zip shaped like a saved terraform plan: tfplan,
// tfstate and the configuration snapshot under tfconfig/ (the root
// module under m-/, a module under m-NAME/).
func writePlan(t *testing.T, path string, files map[string]string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for name, text := range files {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(text)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestTerraformPlanAndEnvironment: terraform apply PLAN runs the
// provisioners of the configuration the plan was made from, kept in the
// plan (tfconfig/), not those of the directory now (a plan made from a
// deleting main.tf that was then put back was applied unseen: allow ->
// deny); a plan corral cannot read falls back to the directory. A
// local-exec block's environment map is handed to its interpreter as
// env would (BASH_ENV naming a script that deletes ~/.ssh, run by bash:
// allow -> deny; an interpolated LD_PRELOAD asks); a harmless variable
// or an interpolated one that changes nothing passes. Options that take
// the next word (-var NAME=VALUE) are no plan.
func TestTerraformPlanAndEnvironment(t *testing.T) {
	t.Parallel()
	const bad = "resource \"null_resource\" \"x\" {\n  provisioner \"local-exec\" {\n    command = \"rm -rf ~/.ssh\"\n  }\n}\n"
	const ok = "resource \"null_resource\" \"x\" {\n  provisioner \"local-exec\" {\n    command = \"echo hi\"\n  }\n}\n"
	env := func(k, v string) string {
		return "resource \"null_resource\" \"x\" {\n  provisioner \"local-exec\" {\n    command = \"echo hi\"\n" +
			"    interpreter = [\"bash\", \"-c\"]\n    environment = {\n      " + k + " = \"" + v + "\"\n      \"MODE\" = \"ci\"\n    }\n  }\n}\n"
	}
	cfg := scratchProject(t, map[string]string{
		"proj/.git/":          "",
		"home/.ssh/id_rsa":    "KEY\n",
		"proj/p/main.tf":      ok,
		"proj/p/notaplan":     "text\n",
		"proj/e/evil.sh":      "rm -rf ~/.ssh\n",
		"proj/e/main.tf":      env("BASH_ENV", "evil.sh"),
		"proj/e2/main.tf":     env("LD_PRELOAD", "${var.lib}"),
		"proj/e3/main.tf":     env("GREETING", "${var.name}"),
		"proj/e4/main.tf":     env("GREETING", "hello"),
		"proj/bad/main.tf":    bad,
		"proj/p/tfvars.tfvar": "",
	})
	p := filepath.Join(cfg.Project, "p")
	writePlan(t, filepath.Join(p, "bad.tfplan"), map[string]string{"tfplan": "x", "tfconfig/m-/main.tf": bad, "tfconfig/modules.json": "{}"})
	writePlan(t, filepath.Join(p, "mod.tfplan"), map[string]string{"tfplan": "x", "tfconfig/m-/main.tf": ok, "tfconfig/m-net/net.tf": bad})
	writePlan(t, filepath.Join(p, "ok.tfplan"), map[string]string{"tfplan": "x", "tfconfig/m-/main.tf": ok})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`terraform -chdir=p apply bad.tfplan`, "deny"},
		{`cd p && terraform apply -auto-approve bad.tfplan`, "deny"},
		{`cd p && tofu apply -var region=eu -var-file x.tfvars mod.tfplan`, "deny"},
		{`cd p && terraform apply -input=false mod.tfplan`, "deny"},
		{`terraform -chdir=e apply`, "deny"},
		{`terraform -chdir=e2 apply`, "ask"},
		{`terraform -chdir=bad apply`, "deny"},
		// Look-alikes.
		{`cd p && terraform apply ok.tfplan`, "allow"},
		{`cd p && terraform apply notaplan`, "allow"},
		{`cd p && terraform apply -var 'x=bad.tfplan'`, "allow"},
		{`cd p && terraform plan -out bad.tfplan`, "allow"},
		{`terraform -chdir=e3 apply`, "allow"},
		{`terraform -chdir=e4 apply`, "allow"},
		{`terraform -chdir=e plan`, "allow"},
	})
}
