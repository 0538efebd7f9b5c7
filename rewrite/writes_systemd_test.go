package rewrite

import (
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestSystemdUserUnitRegistration (issue 12): systemctl link PATH and
// enable PATH link a unit file the agent names into the unit directory
// (~/.config/systemd/user with --user), where the user's manager starts
// it at every login: judged as the write of that link, denied as a
// write of the unit there is (allowed before). loginctl enable-linger
// starts the user's manager at boot and keeps it after logout: ask.
// Look-alikes: enabling a unit the manager already has (no /), status,
// restart, disable-linger.
func TestSystemdUserUnitRegistration(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Paths = guards.DefaultPolicy()
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{"systemctl --user link ./evil.service", Deny},
		{"systemctl --user link /home/u/proj/evil.service", Deny},
		{"systemctl --user enable ./x.service", Deny},
		{"systemctl --user enable --now /tmp/x.service", Deny},
		{"systemctl --user reenable ./x.timer", Deny},
		{"systemctl link ./x.service", Allow}, // the system manager: administration, as before
		// Issue 12: --global links into /etc/systemd/user, the units
		// of every user's manager (before, allowed).
		{"systemctl --global link ./x.service", Deny},
		{"systemctl --global enable /tmp/x.service", Deny},
		// set-environment and import-environment give every unit the
		// manager starts later a variable (systemctl(1) "Environment
		// Commands"): one that loads code asks (before, allowed).
		{"systemctl --user set-environment LD_PRELOAD=/tmp/x.so", Ask},
		{"systemctl --user set-environment A=1 BASH_ENV=/tmp/x.sh", Ask},
		{`systemctl --user set-environment "$V"`, Ask},
		{"systemctl --user import-environment NODE_OPTIONS", Ask},
		{"systemctl --user import-environment", Ask},
		{"systemctl set-environment PATH=/tmp/bin:/usr/bin", Ask},
		{"systemctl --user set-environment DISPLAY=:0", Allow},
		{"systemctl --user import-environment DISPLAY XAUTHORITY", Allow},
		{"systemctl --user show-environment", Allow},
		// dbus-update-activation-environment(1) sets the same
		// variables in the session bus's activation environment (and
		// with --systemd in the user manager's): judged as
		// set-environment; --all as import-environment with no name
		// (before, allowed).
		{"dbus-update-activation-environment --systemd LD_PRELOAD=/tmp/x.so", Ask},
		{"dbus-update-activation-environment LD_PRELOAD=/tmp/x.so", Ask},
		{"dbus-update-activation-environment --verbose DISPLAY=:0 NODE_OPTIONS", Ask},
		{`dbus-update-activation-environment --systemd "$V"`, Ask},
		{"dbus-update-activation-environment --systemd --all", Ask},
		{"dbus-update-activation-environment --systemd DISPLAY XAUTHORITY WAYLAND_DISPLAY", Allow},
		{"dbus-update-activation-environment --systemd DBUS_SESSION_BUS_ADDRESS DISPLAY=:0", Allow},
		{"dbus-update-activation-environment --help", Allow},
		{"loginctl enable-linger", Ask},
		{"loginctl enable-linger u", Ask},
		// Look-alikes.
		{"systemctl --user enable x.service", Allow},
		{"systemctl --user status x", Allow},
		{"systemctl --user restart x", Allow},
		{"systemctl --user daemon-reload", Allow},
		{"systemctl --user cat ./x.service", Allow},
		{"loginctl disable-linger", Allow},
		{"loginctl show-user u", Allow},
	} {
		if got := Check(cfg, tc.cmd).Decision; got != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got, tc.want)
		}
	}
}
