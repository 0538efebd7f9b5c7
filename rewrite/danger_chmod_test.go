package rewrite

import "testing"

func TestChmodRecursive(t *testing.T) {
	t.Parallel()
	testRule(t, "chmod-recursive", []ruleCase{
		{"chmod -R 777 .", Deny},
		{"chmod 777 -R src", Deny},
		{"chmod --recursive 0777 x", Deny},
		{"chmod -R a+rwx .", Deny},
		{"chmod -R ugo+rwx x", Deny},
		{"chmod -R o+w /srv/app", Deny},
		{"chmod -fR 666 x", Deny},
		{"sudo chmod -R 777 /var/www", Deny},
		{"chmod -R 755 /", Deny}, // ownership and modes of the whole machine
		{"chown -R user /", Deny},
		{"chown -R user:user ~", Deny},
		{"chgrp -R staff /usr", Deny},
		{"chown -R nobody /e*", Deny},
		{"chmod -R a=u .", Deny},
		{"chmod -R o+u src", Deny},
		{"chmod -R go=u,o+w x", Deny},
		{"chmod -R --reference=/tmp ~/proj", Ask},
		{"chown -R --reference=/tmp src", Ask},
		{"setfacl -R -m o::rwx .", Deny},
		{"setfacl -Rm other::rw- data", Deny},
		{"setfacl -R --set u::rwx,g::rx,o::rwx src", Deny},
		{"setfacl -R -m u:me:rwx /", Deny},
		{"find . -exec chmod 777 {} \\;", Deny},
		{"find / -exec chmod 755 {} +", Deny},
		{"find ~ -type d -exec chown nobody {} +", Deny},
		// Look-alikes.
		{"chmod 777 file", Allow},
		{"chmod +x script.sh", Allow},
		{"chmod -R 755 .", Allow},
		{"chmod -R u+rwX,go+rX .", Allow},
		{"chmod -R g+w shared", Allow},
		{"chown -R user .", Allow},
		{"chown user /etc/hosts", Allow},
		{"echo 'chmod -R 777 /'", Allow},
		{"chmod u=g file", Allow},
		{"chmod -R u+rwX,g=u .", Allow},
		{"chmod --reference=a b", Allow},
		{"setfacl -R -m u:www-data:rwX /srv/app", Allow},
		{"setfacl -m o::rwx file", Allow},
		{"getfacl -R /", Allow},
		{"find . -name '*.sh' -exec chmod +x {} +", Allow},
		{"find . -type d -exec chmod 755 {} +", Allow},
	})
}

func TestWorldWritable(t *testing.T) {
	t.Parallel()
	for mode, want := range map[string]bool{"777": true, "0777": true, "666": true, "0775": false, "755": false,
		"a+rwx": true, "o+w": true, "ugo=rwx": true, "a=u": true, "o+g": true, "g=u": false, "u+w": false, "g+w": false, "go-w": false, "+x": false} {
		if got := worldWritable(mode); got != want {
			t.Errorf("worldWritable(%q) = %v, want %v", mode, got, want)
		}
	}
}
