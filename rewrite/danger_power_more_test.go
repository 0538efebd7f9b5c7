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

// TestStopByOtherMeans: systemd's documented signals to pid 1 (systemd(1):
// SIGRTMIN+3…+6 and +13…+16 halt, power off, reboot; SIGINT starts
// ctrl-alt-del.target; SIGPWR sigpwr.target) in each of kill's spellings,
// killing a daemon the machine or the way to reach it depends on,
// suspending (systemctl, loginctl, rtcwake, zzz, pm-suspend), ending the
// desktop session, AppleScript's shut down, and fuser -k of the root file
// system. Look-alikes: kill -0 1 (a probe), signals to other pids and
// programs, listings, rtcwake -m show, fuser -k of a port.
func TestStopByOtherMeans(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, nil)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"kill -s RTMIN+4 1", "ask"},
		{"kill -RTMIN+4 1", "ask"},
		{"kill -SIGRTMIN+14 1", "ask"},
		{"kill -38 1", "ask"},
		{"kill -n 2 1", "ask"},
		{"kill -sINT 1", "ask"},
		{"kill -PWR -- 1", "ask"},
		{"kill 1", "ask"},
		{"/bin/kill --signal RTMIN+5 1", "ask"},
		{"kill -9 $(pidof sshd)", "ask"},
		{"kill $(pgrep -x Xorg)", "ask"},
		{"pkill -KILL sshd", "ask"},
		// The pids pgrep or pidof print, taken by kill or by xargs kill,
		// are judged as the pkill or killall of the same processes.
		{"kill $(pgrep .)", "ask"},
		{"kill -9 $(pgrep -f '.*')", "ask"},
		{"pgrep -f . | xargs kill", "ask"},
		{"pgrep . | xargs -r kill -9", "ask"},
		{"pgrep -x sshd | xargs kill", "ask"},
		{"pidof dbus-daemon | xargs kill", "ask"},
		{"killall -9 dbus-daemon", "ask"},
		{"systemctl suspend", "ask"},
		{"systemctl hibernate", "ask"},
		{"systemctl hybrid-sleep", "ask"},
		{"loginctl suspend", "ask"},
		{"rtcwake -m off -s 60", "ask"},
		{"rtcwake -s 60", "ask"}, // standby by default
		{"zzz", "ask"},
		{"pm-suspend", "ask"},
		{"gnome-session-quit --power-off --no-prompt", "ask"},
		{"xfce4-session-logout --halt", "ask"},
		{`osascript -e 'tell app "System Events" to shut down'`, "ask"},
		{"fuser -k /", "ask"},
		{"fuser -km /home", "ask"},
		{"kill -0 1", "allow"},
		{"kill -9 12345", "allow"},
		{"kill %1", "allow"},
		{"kill -l", "allow"},
		{"kill -9 $PID", "allow"},
		{`kill $(pgrep -f "node server.js")`, "allow"},
		{"kill $(lsof -t -i:3000)", "allow"},
		{"kill $(pgrep node)", "allow"},
		{"pgrep -f 'node server' | xargs kill", "allow"},
		{"pidof node | xargs kill -9", "allow"},
		{"pgrep . | wc -l", "allow"},
		{"pkill -f 'node server.js'", "allow"},
		{"killall node", "allow"},
		{"rtcwake -m show", "allow"},
		{`osascript -e 'display notification "done"'`, "allow"},
		{"fuser -k 3000/tcp", "allow"},
		{"fuser -v /", "allow"},
		{"systemctl status sshd", "allow"},
	})
}

// TestStopByOtherInitsAndBMC: the other init systems' shutdown programs
// (OpenRC's openrc-shutdown, runit's runit-init 0/6), the BMC's power
// control (ipmitool power and chassis power, of this machine or a remote
// one), KDE's session manager's logout and its power management's
// suspend over D-Bus, libc's reboot and
// kill(-1) called through Python's ctypes, and Perl's fat comma in kill.
// Look-alikes: openrc-shutdown's cancel, re-exec, wtmp record and help,
// runit-init's other words, ipmitool's status and power on, KDE's other
// methods and its logout prompt, kill of one pid from code.
func TestStopByOtherInitsAndBMC(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, nil)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"openrc-shutdown -p now", "ask"},
		{"openrc-shutdown --poweroff now", "ask"},
		{"openrc-shutdown --reb 5", "ask"},
		{"openrc-shutdown -r now", "ask"},
		{"openrc-shutdown -H now", "ask"},
		{"openrc-shutdown -K now", "ask"},
		{"openrc-shutdown -s now", "ask"},
		{"openrc-shutdown -d -p 10:30", "ask"},
		{"openrc-shutdown -D -p now", "ask"}, // sysvinit's initctl is sent the runlevel without the dry run's check
		{"runit-init 0", "ask"},
		{"runit-init 6", "ask"},
		{"sudo runit-init 0", "ask"},
		{"ipmitool power off", "ask"},
		{"ipmitool chassis power off", "ask"},
		{"ipmitool chassis power cycle", "ask"},
		{"ipmitool -H host -U u -P p chassis power cycle", "ask"},
		{"ipmitool -I lanplus -H 10.0.0.5 -U admin -P x power reset", "ask"},
		{"ipmitool power soft", "ask"},
		{"ipmitool power diag", "ask"},
		{"ipmitool chassis power down", "ask"},
		{`ipmitool chassis power "$ACTION"`, "ask"},
		{"ipmitool raw 0x00 0x02 0x00", "ask"},
		{"qdbus org.kde.ksmserver /KSMServer logout 0 2 2", "ask"},
		{"qdbus org.kde.Shutdown /Shutdown logoutAndShutdown", "ask"},
		{"qdbus6 org.kde.Shutdown /Shutdown logoutAndReboot", "ask"},
		{"qdbus org.kde.Solid.PowerManagement /org/kde/Solid/PowerManagement/Actions/SuspendSession suspendToRam", "ask"},
		{"POSIXLY_CORRECT=1 openrc-shutdown -p now --help", "ask"},
		{"dbus-send --session --dest=org.kde.ksmserver /KSMServer org.kde.KSMServerInterface.logout int32:0 int32:0 int32:0", "ask"},
		{"python3 -c 'import ctypes; ctypes.CDLL(None).reboot(0x4321fedc)'", "ask"},
		{`python3 -c 'import ctypes; ctypes.CDLL("libc.so.6").kill(-1, 9)'`, "ask"},
		{"python3 -c 'import ctypes; libc = ctypes.CDLL(None); libc.kill(-1, 9)'", "ask"},
		{"perl -e 'kill 9 => -1'", "ask"},
		{"perl -e 'kill KILL => -1'", "ask"},
		// Look-alikes.
		{"openrc-shutdown -c", "allow"},
		{"openrc-shutdown --cancel", "allow"},
		{"openrc-shutdown -w", "allow"},
		{"openrc-shutdown --write-only", "allow"},
		{"openrc-shutdown -R", "allow"},
		{"openrc-shutdown --help", "allow"},
		{"openrc-shutdown -p --help", "allow"},
		{"runit-init", "allow"},
		{"runit-init 1", "allow"},
		{"runit-init -V", "allow"},
		{"ipmitool power status", "allow"},
		{"ipmitool chassis power status", "allow"},
		{"ipmitool -H host -U u -P p power on", "allow"},
		{"ipmitool chassis status", "allow"},
		{"ipmitool sensor list", "allow"},
		{"ipmitool -U power -P off sel list", "allow"},
		{"ipmitool raw 0x00 0x02 0x01", "allow"},
		{"qdbus org.kde.ksmserver /KSMServer", "allow"},
		{"qdbus org.kde.ksmserver /KSMServer isShuttingDown", "allow"},
		{"qdbus org.kde.LogoutPrompt /LogoutPrompt promptLogout", "allow"},
		{"qdbus org.kde.KWin /KWin reconfigure", "allow"},
		{"qdbus org.kde.Solid.PowerManagement /org/kde/Solid/PowerManagement/Actions/BrightnessControl brightness", "allow"},
		{"python3 -c 'import ctypes; ctypes.CDLL(None).kill(1234, 9)'", "allow"},
		{"python3 -c 'import ctypes; ctypes.CDLL(None).reboot(0)'", "allow"},
		{"python3 -c 'import ctypes; print(ctypes.CDLL(None).getpid())'", "allow"},
		{"perl -e 'kill 9 => 1234'", "allow"},
		{"perl -e 'kill TERM => $pid'", "allow"},
	})
}

// TestKillEveryShell: killall or pkill of a shell or terminal multiplexer
// by its name (procps and psmisc match the process name exactly as
// written) ends every terminal and session of the user running one, the
// agent's own among them (red team rb: killall -9 bash was allowed), and
// so does kill of the pids pidof or pgrep print for it. Look-alikes: a
// pattern naming one script run by a shell, another program, job ids.
func TestKillEveryShell(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, nil)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"killall -9 bash", "ask"},
		{"pkill bash", "ask"},
		{"pkill -KILL zsh", "ask"},
		{"killall tmux", "ask"},
		{"pkill -x screen", "ask"},
		{"kill -9 $(pidof bash)", "ask"},
		{"pgrep -x zsh | xargs kill", "ask"},
		{`pkill -f "bash myscript.sh"`, "allow"},
		{"killall node", "allow"},
		{"pkill -f myserver", "allow"},
		{"kill %1", "allow"},
		{"pgrep bash", "allow"},
		{"tmux kill-session -t build", "allow"},
		// A signal that neither ends nor stops a process (tldr's
		// suspend page: pkill -CONT bash resumes a suspended shell).
		{"pkill -CONT bash", "allow"},
		{"killall -s CONT zsh", "allow"},
		{"pkill --signal=0 bash", "allow"},
		{"kill -CONT $(pidof bash)", "allow"},
		{"pkill -STOP bash", "ask"},
		{"killall -s KILL zsh", "ask"},
	})
}

// TestKillOwnSessionAndSkill: kill of the command's own process group
// (pid 0) or of its parent ($PPID, the agent that runs it) ends the
// agent's session; procps' skill selects by user, terminal or command
// name and is judged as killall of the same processes (red team rb).
// Probes (-0), ignored signals, listings and ordinary pids pass.
func TestKillOwnSessionAndSkill(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, nil)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"kill -9 $PPID", "ask"},
		{`kill -HUP "$PPID"`, "ask"},
		{"kill -TERM -${PPID}", "ask"},
		{"kill 0", "ask"},
		{"kill -9 0", "ask"},
		{"kill -s KILL 0", "ask"},
		{"skill -KILL -u root", "ask"},
		{"skill -u me", "ask"},
		{"skill -KILL root", "ask"},
		{"skill -9 -t pts/0", "ask"},
		{"skill -c sshd", "ask"},
		{"skill bash", "ask"},
		// Look-alikes.
		{"kill -0 $PPID", "allow"},
		{"kill -s WINCH $$", "allow"},
		{"kill -CONT 0", "allow"},
		{"kill $$", "allow"},
		{"kill %1", "allow"},
		{"kill -9 $pid", "allow"},
		{"kill -9 10", "allow"},
		{"skill -CONT -u root", "allow"},
		{"skill -n -u root", "allow"},
		{"skill -l", "allow"},
		{"skill 1234", "allow"},
		{"skill -c myserver", "allow"},
		{`echo "kill -9 $PPID"`, "allow"},
		{`eval 'kill -9 $PPID'`, "ask"},
		// NL2Bash: the parent of the shell find starts is find.
		{`find . -name x -exec sh -c 'printf "%s\n" "$1"; kill "$PPID"' sh {} \;`, "allow"},
	})
}
