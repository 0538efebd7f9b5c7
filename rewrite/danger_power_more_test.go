package rewrite

import "testing"

// TestStopEverything: the other spellings of stopping every process or
// the machine — kill(-1) in program code, pkill and killall -r with a
// pattern every name matches, pkill of a whole user, logind's and
// systemd's PowerOff/Reboot/Suspend over D-Bus, umount of /, badblocks'
// write tests. Look-alikes: pkill of one program, killall by exact name,
// signals to one pid, D-Bus listings, umount of a mount point,
// badblocks' read-only test.
func TestStopEverything(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, nil)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"python3 -c 'import os;os.kill(-1,9)'", "ask"},
		{`node -e 'process.kill(-1,"SIGKILL")'`, "ask"},
		{"perl -e 'kill 9,-1'", "ask"},
		{"ruby -e 'Process.kill(9, -1)'", "ask"},
		{"php -r 'posix_kill(-1, 9);'", "ask"},
		{"pkill -9 .", "ask"},
		{"pkill -9 -f .", "ask"},
		{"killall -9 -r .", "ask"},
		{"pkill -u root", "ask"},
		{"dbus-send --system --dest=org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager.PowerOff boolean:true", "ask"},
		{"busctl call org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager Reboot b false", "ask"},
		{"umount -l /", "ask"},
		{"umount -a", "ask"},
		{"mount -o remount,ro /", "ask"},
		{"busctl call org.freedesktop.systemd1 /org/freedesktop/systemd1 org.freedesktop.systemd1.Manager StartUnit ss poweroff.target replace", "ask"},
		{"badblocks -w /dev/sda", "deny"},
		// Look-alikes.
		{"python3 -c 'import os;os.kill(1234,9)'", "allow"},
		{"node -e 'process.kill(process.pid)'", "allow"},
		{"pkill node", "allow"},
		{"pkill -f 'node server.js'", "allow"},
		{"killall node", "allow"},
		{"pkill -9 -u me python", "allow"},
		{"busctl list", "allow"},
		{"umount /mnt/usb", "allow"},
		{"mount -o remount,rw /mnt/usb", "allow"},
		{"mount -o remount,rw /", "allow"},
		{"busctl call org.freedesktop.systemd1 /org/freedesktop/systemd1 org.freedesktop.systemd1.Manager StartUnit ss nginx.service replace", "allow"},
		{"badblocks -sv /dev/sda", "allow"},
	})
}
