package rewrite

import "testing"

// TestRemoteAccess checks the remote-access rule against the programs'
// manuals (ttyd(1), gotty and websocketd's usage, telnetd(8), tmate(1),
// sshd(8), ssh(1)'s -R and RemoteForward, ngrok, cloudflared, chisel,
// tailscale funnel), with the programs' other modes as look-alikes.
// Nothing here is run.
func TestRemoteAccess(t *testing.T) {
	t.Parallel()
	testRule(t, "remote-access", []ruleCase{
		{"ttyd -p 8080 bash", Ask},
		{"ttyd -W -p 7681 -c u:p /bin/bash -l", Ask},
		{"ttyd login", Ask},
		{"gotty -w bash", Ask},
		{"gotty --permit-write --port 9000 zsh", Ask},
		{"websocketd --port=8080 bash", Ask},
		{"websocketd --port 8080 python3 -i", Ask},
		{"websocketd --port=8080 $SHELL", Ask},
		{"nohup ttyd -p 8080 sh > /dev/null 2>&1 &", Ask},
		{"wetty --port 3000", Allow},
		{"wetty --port 3000 --command bash", Ask},
		{"shellinaboxd -p 4200 --disable-ssl", Ask},
		{"busybox telnetd -l /bin/sh -p 2323", Ask},
		{"telnetd -debug 2323", Ask},
		{"tmate", Ask},
		{"tmate -S /tmp/t new-session -d", Ask},
		{"upterm host -- bash", Ask},
		{"sshx", Ask},
		{"/usr/sbin/sshd -p 2222 -f ./sshd_config", Ask},
		{"dropbear -p 2222 -R", Ask},
		{"ngrok http 3000", Ask},
		{"ngrok tcp 22", Ask},
		{"ngrok start --all", Ask},
		{"cloudflared tunnel --url http://localhost:8000", Ask},
		{"cloudflared tunnel run mytunnel", Ask},
		{"lt --port 8000", Ask},
		{"npx localtunnel --port 8000", Ask},
		{"bore local 8000 --to bore.pub", Ask},
		{"frpc -c ./frpc.toml", Ask},
		{"chisel client https://h.example:8080 R:2222:localhost:22", Ask},
		{"chisel server --port 8080 --reverse", Ask},
		{"tailscale funnel 3000", Ask},
		{"zrok share public localhost:8080", Ask},
		{"ssh -R 8080:localhost:22 user@h.example", Ask},
		{"ssh -NfR 2222:localhost:22 h.example", Ask},
		{"ssh h.example -R 9000:localhost:3000 -N", Ask},
		{"ssh -o RemoteForward='8080 localhost:80' h.example", Ask},
		{"ssh -oRemoteForward=2222:localhost:22 h.example", Ask},
		{"autossh -M 0 -f -N -R 2222:localhost:22 h.example", Ask},
		{"ssh -R 1080 h.example", Ask},
		// A shell started by the served command's code: a runner's -c
		// text, an interpreter's code, a program that starts the user's
		// shell.
		{"ttyd sh -c 'bash'", Ask},
		{"ttyd -p 7681 sh -c 'exec bash -i'", Ask},
		{"gotty -w bash -c 'cd /srv && exec zsh -l'", Ask},
		{"websocketd --port=8080 sh -c 'eval python3'", Ask},
		{`ttyd python3 -c 'import pty; pty.spawn("/bin/bash")'`, Ask},
		{"ttyd sh -c 'su - root'", Ask},
		{"ttyd sudo -i", Ask},
		{"ttyd -p 1 env bash", Ask},
		// The web terminals are wrappers: what they serve is the call.
		{"ttyd tmux new", Ask},
		{"ttyd -W tmux new -A -s main", Ask},
		{"gotty -w screen", Ask},
		{"nohup ttyd -w /srv -W bash &", Ask},
		{"websocketd --port 8080 sudo -i", Ask},
		// byobu (tmux's front end) and zellij start the user's shell
		// too; attaching serves a running session's shells.
		{"ttyd byobu", Ask},
		{"ttyd -W byobu new -s pair", Ask},
		{"ttyd zellij", Ask},
		{"gotty -w zellij -s pair", Ask},
		{"ttyd zellij attach pair", Ask},
		{"ttyd -W tmux attach -t main", Ask},
		{"gotty -w screen -r main", Ask},
		// tmux takes a command's unique prefix.
		{"ttyd tmux new-s", Ask},
		{"ttyd tmux attach-s -t main", Ask},
		{"ttyd tmux new-session htop", Allow},
		{"ttyd tmux ls", Allow},
		{"ttyd byobu new-session htop", Allow},
		{"ttyd zellij ls", Allow},
		{"ttyd zellij --help", Allow},
		{"ttyd screen -ls", Allow},
		{"zellij attach pair", Allow},
		{"byobu", Allow},
		{"websocketd --dir=./bin", Allow},
		// Look-alikes: other programs behind a web terminal, local
		// forwards, checks, listings and help.
		{"ttyd -p 8080 htop", Allow},
		{"ttyd -p 8080 python3 app.py", Allow},
		{"websocketd --port=8080 ./count.sh", Allow},
		{"gotty top", Allow},
		{"ttyd sh -c 'htop'", Allow},
		{"ttyd bash -c 'tail -f app.log'", Allow},
		{"ttyd sh -c 'bash ./menu.sh'", Allow},
		{"ttyd sh -c 'echo ls | bash'", Allow}, // bash reads the pipe, not the terminal
		{"ttyd sh -c 'echo bash'", Allow},
		{"tmate -V", Allow},
		{"sshd -t -f ./sshd_config", Allow},
		{"sshd -T", Allow},
		{"ngrok config add-authtoken TOKEN", Allow},
		{"ngrok version", Allow},
		{"ngrok http --help", Allow},
		{"cloudflared tunnel list", Allow},
		{"cloudflared tunnel login", Allow},
		{"cloudflared access ssh --hostname h.example", Allow},
		{"chisel client https://h.example:8080 3000:localhost:3000", Allow},
		{"chisel server --port 8080", Allow},
		{"tailscale funnel status", Allow},
		{"tailscale status", Allow},
		{"bore server", Allow},
		{"ssh -L 8080:localhost:80 h.example", Allow},
		{"ssh -D 1080 -N h.example", Allow},
		{"ssh h.example ls -R /srv", Allow},
		{"ssh -- h.example cat -R", Allow},
		{"echo 'ssh -R 8080:localhost:22 h'", Allow},
		{"ssh -G -R 1:h:2 h.example", Allow},
	})
}

// TestWebTerminalServedCommand: ttyd, gotty and websocketd run their
// operands as a command (their --help), so what that command does is
// judged by every rule, with ttyd -w/--cwd as its working directory.
func TestWebTerminalServedCommand(t *testing.T) {
	t.Parallel()
	checkDecisions(t, testConfig(), []struct{ cmd, want string }{
		{"ttyd sh -c 'rm -rf ~'", "deny"},
		{"ttyd -p 7681 -W -c u:p bash -c 'rm -rf ~'", "deny"},
		{"gotty -w --port 9000 bash -c 'rm -rf ~'", "deny"},
		{"websocketd --port=8080 rm -rf ~", "deny"},
		{"websocketd -port 8080 rm -rf /", "deny"},
		{"ttyd -w / rm -rf etc", "deny"},
		{"ttyd -p 8080 htop", "allow"},
		{"ttyd -w /tmp rm -rf scratch", "allow"},
		{"gotty top", "allow"},
		{"echo ttyd sh -c 'rm -rf ~'", "allow"},
	})
}

// TestRemoteAccessServedScript checks that a script on disk a web
// terminal serves is read as the shell would run it: one that ends in an
// interactive shell serves that shell, one that only prints does not.
func TestRemoteAccessServedScript(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/menu.sh":   "#!/bin/sh\necho menu\nexec bash\n",
		"proj/status.sh": "#!/bin/sh\nuptime\nread -r _\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"ttyd -p 7681 bash menu.sh", "ask"},
		{"ttyd sh -c 'sh ./menu.sh'", "ask"},
		{"ttyd -p 7681 bash status.sh", "allow"},
		{"ttyd sh -c 'sh ./status.sh'", "allow"},
	})
}
