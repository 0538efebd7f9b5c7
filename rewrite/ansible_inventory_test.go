package rewrite

import "testing"

// TestAnsibleInventories: ansible's inventory places a host on this
// machine through every place ansible reads it: a YAML inventory, a
// group's vars and children in an INI one, group_vars/ and host_vars/
// beside it, and the inventory= of the ansible.cfg it reads (./ansible.cfg,
// ANSIBLE_CONFIG) or ANSIBLE_INVENTORY. Each look-alike names another
// machine and keeps its decision.
func TestAnsibleInventories(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/": "", "home/.ssh/id_rsa": "KEY\n",
		"proj/hosts.yml": "---\nall:\n  hosts:\n    web1:\n      ansible_host: 127.0.0.1\n  children:\n    dbs:\n      hosts:\n" +
			"        db1:\n          ansible_connection: local\n        db2:\n          ansible_host: 10.0.0.6\n" +
			"    remote:\n      hosts:\n        r1:\n          ansible_host: 10.0.0.7  # far\n",
		"proj/inv2.ini":              "[prod]\np1 ansible_host=10.0.0.8\n[loc]\nl1\n[loc:vars]\nansible_connection=local\n[meta:children]\nloc\n[far]\nf1 ansible_host=10.0.0.9\n",
		"proj/gv/inv":                "[app]\na1 ansible_host=10.0.0.10\n[other]\no1 ansible_host=10.0.0.11\n[third]\nt1 ansible_host=10.0.0.12\n",
		"proj/gv/group_vars/app.yml": "ansible_connection: local\n",
		"proj/gv/host_vars/o1":       "---\nansible_host: 127.0.0.1\n",
		"proj/cfgdir/ansible.cfg":    "[defaults]\ninventory = ./hosts ; the lab\n",
		"proj/cfgdir/hosts":          "[x]\nlocalbox ansible_connection=local\n[y]\nfar ansible_host=10.0.0.13\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// YAML: a host's ansible_host, a child group's host with the
		// local connection, the group (dbs) and all.
		{"ansible web1 -i hosts.yml -m shell -a 'rm -rf ~'", "deny"},
		{"ansible db1 -i hosts.yml -m shell -a 'rm -rf ~'", "deny"},
		{"ansible dbs -i hosts.yml -m shell -a 'rm -rf ~'", "deny"},
		{"ansible all -i hosts.yml -m shell -a 'rm -rf ~'", "deny"},
		// INI: [loc:vars] and [meta:children].
		{"ansible loc -i inv2.ini -m shell -a 'rm -rf ~'", "deny"},
		{"ansible meta -i inv2.ini -m shell -a 'rm -rf ~'", "deny"},
		// group_vars/ and host_vars/ beside the inventory; a directory
		// as the inventory.
		{"ansible app -i gv/inv -m shell -a 'rm -rf ~'", "deny"},
		{"ansible o1 -i gv/inv -m shell -a 'rm -rf ~'", "deny"},
		{"ansible app -i gv -m shell -a 'rm -rf ~'", "deny"},
		// ansible.cfg's inventory=: in the current directory, named by
		// ANSIBLE_CONFIG; ANSIBLE_INVENTORY.
		{"cd cfgdir && ansible x -m shell -a 'rm -rf ~'", "deny"},
		{"ANSIBLE_CONFIG=cfgdir/ansible.cfg ansible x -m shell -a 'rm -rf ~'", "deny"},
		{"export ANSIBLE_CONFIG=cfgdir; ansible localbox -m shell -a 'rm -rf ~'", "deny"},
		{"ANSIBLE_INVENTORY=hosts.yml ansible db1 -m shell -a 'rm -rf ~'", "deny"},
		// An inventory only run time names may be this machine.
		{`ansible all -i "$INV" -m shell -a 'rm -rf ~'`, "ask"},
		// Look-alikes: hosts elsewhere, the same hosts with a harmless
		// command, no configuration naming the inventory.
		{"ansible db2 -i hosts.yml -m shell -a 'rm -rf ~'", "allow"},
		{"ansible remote -i hosts.yml -m shell -a 'rm -rf ~'", "allow"},
		{"ansible prod:far -i inv2.ini -m shell -a 'rm -rf ~'", "allow"},
		{"ansible third -i gv/inv -m shell -a 'rm -rf ~'", "allow"},
		{"ansible all -i hosts.yml -m shell -a 'ls'", "allow"},
		{"cd cfgdir && ansible y -m shell -a 'rm -rf ~'", "allow"},
		{"ansible x -m shell -a 'rm -rf ~'", "allow"},
	})
}
