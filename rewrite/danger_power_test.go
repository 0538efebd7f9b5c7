package rewrite

import "testing"

func TestPower(t *testing.T) {
	t.Parallel()
	testRule(t, "power", []ruleCase{
		{"shutdown -h now", Ask},
		{"sudo shutdown -r +5", Ask},
		{"reboot", Ask},
		{"halt -p", Ask},
		{"poweroff", Ask},
		{"init 0", Ask},
		{"init 6", Ask},
		{"telinit 0", Ask},
		{"systemctl poweroff", Ask},
		{"systemctl reboot", Ask},
		{"sudo systemctl halt", Ask},
		{"nice bash -c 'reboot'", Ask},
		{"systemctl start poweroff.target", Ask},
		{"systemctl isolate rescue.target", Ask},
		{"sudo systemctl --no-block isolate emergency", Ask},
		{"systemctl rescue", Ask},
		{"loginctl poweroff", Ask},
		{"loginctl reboot", Ask},
		{"loginctl terminate-user me", Ask},
		{"kill -9 -1", Ask},
		{"kill -KILL -1", Ask},
		{"kill -s KILL -1", Ask},
		{"kill -- -1", Ask},
		{"killall5 -9", Ask},
		{"init 1", Ask},
		// Look-alikes.
		{"shutdown -c", Allow},
		{"shutdown --help", Allow},
		{"man reboot", Allow},
		{"which poweroff", Allow},
		{"grep shutdown /var/log/syslog", Allow},
		{"init 3", Allow},
		{"systemctl status reboot.target", Allow},
		{"echo reboot", Allow},
		{"git commit -m 'reboot the worker on failure'", Allow},
		{"systemctl start nginx", Allow},
		{"systemctl isolate graphical.target", Allow},
		{"loginctl list-sessions", Allow},
		{"loginctl show-user me", Allow},
		{"kill -9 1234", Allow},
		{"kill -1 1234", Allow}, // SIGHUP to a process
		{"kill -l", Allow},
		{"kill %1", Allow},
	})
}
