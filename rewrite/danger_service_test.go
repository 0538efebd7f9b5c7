package rewrite

import "testing"

func TestServiceStop(t *testing.T) {
	t.Parallel()
	testRule(t, "service-stop", []ruleCase{
		{"systemctl stop nginx", Ask},
		{"sudo systemctl disable --now docker", Ask},
		{"systemctl mask sshd", Ask},
		{"systemctl --user stop foo", Ask},
		{"systemctl -H host stop nginx", Ask},
		{"service nginx stop", Ask},
		{"systemctl kill nginx", Ask},
		{"systemctl kill -s KILL sshd", Ask},
		{"/etc/init.d/nginx stop", Ask},
		{"sudo /etc/init.d/ssh stop", Ask},
		{"invoke-rc.d nginx stop", Ask},
		{"rc-service nginx stop", Ask},
		// Look-alikes.
		{"systemctl status nginx", Allow},
		{"systemctl start nginx", Allow},
		{"systemctl restart nginx", Allow},
		{"systemctl list-units --state=stop", Allow},
		{"service nginx status", Allow},
		{"journalctl -u stop", Allow},
		{"echo 'systemctl stop nginx'", Allow},
		{"/etc/init.d/nginx status", Allow},
		{"/etc/init.d/nginx restart", Allow},
		{"./stop", Allow},
	})
}
