package rewrite

import "testing"

// TestAnsiblePlaybookLocal (issue 12, class 4): ansible-playbook runs a
// play for this machine (hosts: localhost or a loopback address,
// connection: local, or the command line's -c local or -i of loopback
// hosts) here, so its shell, command and raw tasks (plain, quoted, block
// scalars, a cmd: key) are judged as if typed; the ad-hoc ansible
// localhost -m shell was judged, the playbook was not (allowed). A play
// for other hosts, --syntax-check and harmless tasks pass. ansible is
// not installed where the tests run (no oracle).
func TestAnsiblePlaybookLocal(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/site.yml":   "- hosts: localhost\n  tasks:\n  - shell: rm -rf ~\n",
		"proj/block.yml":  "- hosts: 127.0.0.1\n  tasks:\n  - name: x\n    ansible.builtin.shell:\n      cmd: \"cat ~/.ssh/id_rsa\"\n  - name: y\n    raw: >\n      rm -rf\n      ~/.ssh\n",
		"proj/remote.yml": "- hosts: webservers\n  tasks:\n  - shell: rm -rf ~\n",
		"proj/ok.yml":     "- hosts: localhost\n  connection: local\n  tasks:\n  - name: a\n    ansible.builtin.command: echo hi\n  - name: b\n    shell: |\n      cd /tmp\n      ls -la\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"ansible-playbook site.yml", "deny"},
		{"ansible-playbook -c local -i localhost, site.yml", "deny"},
		{"ansible-playbook block.yml", "deny"},
		{"ansible-playbook -c local remote.yml", "deny"},
		{"ansible-playbook -i 127.0.0.1, remote.yml", "deny"},
		// look-alikes
		{"ansible-playbook -i hosts remote.yml", "allow"},
		{"ansible-playbook ok.yml", "allow"},
		{"ansible-playbook --syntax-check site.yml", "allow"},
	})
}
