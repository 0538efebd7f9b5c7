package rewrite

import (
	"os"
	"path/filepath"
	"testing"
)

// TestVagrantSSHSyncedFolders: vagrant ssh runs its command (-c) and
// the script it feeds the remote shell on stdin in the project's
// virtual machine, whose own files are not this machine's; but Vagrant
// shares the project directory at /vagrant, and the Vagrantfile's
// synced_folder lines share more, so those paths are this machine's:
// rm -rf /vagrant deletes the project, as docker run -v "$PWD":/vagrant
// … rm -rf /vagrant would. A folder marked disabled: true is not shared,
// and without a Vagrantfile vagrant runs nothing.
func TestVagrantSSHSyncedFolders(t *testing.T) {
	cfg := scratchProject(t, map[string]string{
		"proj/README": "x\n",
		"proj/Vagrantfile": "Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"debian/bookworm64\"\n" +
			"  config.vm.synced_folder \"~\", \"/hosthome\"\n  # config.vm.synced_folder \"/\", \"/hostroot\"\nend\n",
		"proj/job.sh": "rm -rf /vagrant\n",
		"proj/.git/":  "",
		"home/.keep":  "",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"vagrant ssh -c 'rm -rf /vagrant'", "deny"},
		{"vagrant ssh default --command='rm -rf /vagrant/.git'", "ask"},
		{"vagrant ssh -c 'echo x >> /vagrant/.git/hooks/pre-commit'", "deny"},
		{"vagrant ssh -c 'rm -rf /hosthome'", "deny"},
		{"vagrant ssh --comm 'rm -rf /vagrant'", "deny"},
		{"vagrant ssh <<EOF\nrm -rf /vagrant\nEOF", "deny"},
		{"vagrant ssh -c 'sh -s' < job.sh", "deny"},
		{"vagrant ssh web -c 'bash -s' <<< 'rm -rf /vagrant'", "deny"},
		{"vagrant ssh -c 'rm -rf /vagrant' -- -t", "deny"},
		// Look-alikes: the machine's own files, the project's build
		// output, commands that run nothing there.
		{"vagrant ssh -c uptime", "allow"},
		{"vagrant ssh -c 'sudo rm -rf /var/cache/apt/archives'", "allow"},
		{"vagrant ssh -c 'rm -rf /vagrant/build'", "allow"},
		{"vagrant ssh -c 'cd /vagrant && ls'", "allow"},
		{"vagrant ssh -c 'rm -rf /hostroot'", "allow"},
		{"vagrant ssh -c 'cat > /tmp/x' < job.sh", "allow"},
		{"vagrant up", "allow"},
		{"vagrant status", "allow"},
	})
	// A project whose Vagrantfile disables the default share, and a
	// directory with no Vagrantfile above it.
	for _, tc := range []struct{ vagrantfile, want string }{
		{"Vagrant.configure(\"2\") do |config|\n  config.vm.synced_folder \".\", \"/vagrant\", disabled: true\nend\n", "allow"},
		{"Vagrant.configure(\"2\") do |config|\n  config.vm.synced_folder \".\", \"/vagrant\", type: \"nfs\"\nend\n", "deny"},
		{"", "allow"},
	} {
		other := scratchProject(t, map[string]string{"proj/README": "x\n", "home/.keep": ""})
		if tc.vagrantfile != "" {
			if err := os.WriteFile(filepath.Join(other.Project, "Vagrantfile"), []byte(tc.vagrantfile), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		checkDecisions(t, other, []struct{ cmd, want string }{{"vagrant ssh -c 'rm -rf /vagrant'", tc.want}})
	}
}
