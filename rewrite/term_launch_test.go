package rewrite

import "testing"

// TestTerminalLaunchedCommands: kitty @ send-text and zellij action
// write-chars were judged as typed shell text, but kitty @ launch CMD…
// and zellij run CMD…, which start CMD in a new window or pane, passed or
// were misread (kitty's "@" taken for the program; red team finding).
// The command is now judged as the program it starts; the remote
// control's and the subcommand's options are skipped as each program
// reads them, and a launch of the default shell or of an ordinary
// program passes.
func TestTerminalLaunchedCommands(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"kitty @ launch --type=tab rm -rf ~", "deny"},
		{"kitty @ launch --type os-window --cwd /tmp sh -c 'rm -rf ~'", "deny"},
		{"kitty @ --to unix:/tmp/k launch -- rm -rf ~", "deny"},
		{"kitten @ launch --hold rm -rf ~", "deny"},
		{"kitten @ run sh -c 'rm -rf ~'", "deny"},
		{"kitty @ new-window --title x rm -rf ~", "deny"},
		{"zellij run -- rm -rf ~", "deny"},
		{"zellij run -f -- sh -c 'rm -rf ~'", "deny"},
		{"zellij -s work run -c -n x -- rm -rf ~", "deny"},
		{"zellij action new-pane -- rm -rf ~", "deny"},
		{"zellij ac np -d right -- sh -c 'rm -rf ~'", "deny"},
		{`kitty @ send-text 'rm -rf ~\r'`, "deny"},
		// The default shell, an ordinary program, other subcommands.
		{"kitty @ launch --type=tab htop", "allow"},
		{"kitty @ launch", "allow"},
		{"zellij run -- cargo test", "allow"},
		{"kitty @ ls", "allow"},
		{"zellij attach work", "allow"},
		{"echo kitty @ launch rm -rf ~", "allow"},
	})
}
