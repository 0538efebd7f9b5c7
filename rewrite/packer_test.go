package rewrite

import "testing"

// TestPackerShellLocal (issue 12, class 4): packer build runs its
// template's shell-local provisioners and post-processors on this
// machine (inline lines, command, script and scripts files, with
// /bin/sh from packer's working directory), as terraform apply runs
// local-exec: each is judged as if typed (an inline = ["rm -rf ~"] was
// allowed). A value that interpolates, and a JSON template naming
// shell-local, ask. packer is not installed where the tests run (no
// oracle); the blocks are packer's shell-local documentation's.
func TestPackerShellLocal(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/x.pkr.hcl":     "source \"null\" \"x\" { communicator = \"none\" }\nbuild {\n  sources = [\"source.null.x\"]\n  provisioner \"shell-local\" {\n    inline = [\"echo hi\", \"rm -rf ~\"]\n  }\n}\n",
		"proj/s/s.pkr.hcl":   "build {\n  post-processor \"shell-local\" { script = \"prov.sh\" }\n}\n",
		"proj/prov.sh":       "cat ~/.ssh/id_rsa\n",
		"proj/i/i.pkr.hcl":   "build {\n  provisioner \"shell-local\" { inline = [\"rm -rf ${var.x}\"] }\n}\n",
		"proj/j/t.pkr.json":  "{\"builders\": [], \"provisioners\": [{\"type\": \"shell-local\", \"inline\": [\"x\"]}]}\n",
		"proj/ok/ok.pkr.hcl": "build {\n  provisioner \"shell-local\" { inline = [\"echo building\", \"date\"] }\n  post-processor \"shell-local\" { command = \"echo done\" }\n}\n",
		"proj/ok2/b.pkr.hcl": "source \"docker\" \"x\" { image = \"debian\" }\nbuild {\n  sources = [\"source.docker.x\"]\n  provisioner \"shell\" { inline = [\"rm -rf /tmp/cache\"] }\n}\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"packer build .", "deny"},
		{"packer build x.pkr.hcl", "deny"},
		{"packer build -force -on-error=abort x.pkr.hcl", "deny"},
		{"packer build s", "deny"},
		{"packer build i", "ask"},
		{"packer build j", "ask"},
		// look-alikes
		{"packer build ok", "allow"},
		{"packer build ok2", "allow"},
		{"packer validate .", "allow"},
		{"packer fmt .", "allow"},
	})
}
