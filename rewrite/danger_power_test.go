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
	})
}
