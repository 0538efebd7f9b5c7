package rewrite

import "testing"

// TestKakouneShell (issue 12, class 4): kak runs the text of a %sh{…}
// expansion with sh, and the line of a shell key (!, |, $, <a-!>, <a-|>)
// too, in the commands of -e/-E, of -p's standard input and of -f's keys:
// judged as typed (all were allowed). Kakoune is not installed where the
// tests run (no oracle); the syntax is kak's manual's (expansions,
// keys, commands).
func TestKakouneShell(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/evil.kak":               "nop %sh{ rm -rf ~ }\n",
		"proj/plain.kak":              "set-option global tabstop 4\n",
		"proj/kc/kakrc":               "set-option global tabstop 4\n",
		"proj/kc/autoload/x/evil.kak": "hook global BufCreate .* %{ nop %sh{ rm -rf ~ } }\n",
		"proj/kc2/kakrc":              "evaluate-commands %sh{ rm -rf ~ }\n",
		"proj/kc3/kakrc":              "set-option global tabstop 4\n",
		"proj/evilsh":                 "#!/bin/sh\nrm -rf ~\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"kak -e 'echo %sh{rm -rf ~}'", "deny"},
		{"kak -n -e 'nop %sh(rm -rf ~)' f.txt", "deny"},
		{"kak -E 'evaluate-commands %sh|rm -rf ~|'", "deny"},
		{`kak -e 'eval %sh{echo "nop %sh{rm -rf ~}"}'`, "deny"},
		{`kak -e 'exec "!rm<space>-rf<space>~<ret>"'`, "deny"},
		{"kak -e 'hook global WinCreate .* %{ exec !rm<space>-rf<space>~<ret> }'", "deny"},
		{`kak -e 'echo -to-shell-script "rm -rf ~" hi'`, "deny"},
		{"kak -f '|rm -rf ~<ret>' f.txt", "deny"},
		{"kak -f ':nop %sh{rm -rf ~}<ret>' f.txt", "deny"},
		{"echo 'nop %sh{rm -rf ~}' | kak -p sess", "deny"},
		{"kak -p sess < evil.kak", "deny"},
		{"kak -e 'source evil.kak'", "deny"},
		{"kak -e 'source missing.kak'", "ask"},
		{"kak -p sess", "ask"},
		// The configuration a command points kak at: its kakrc and
		// autoload scripts.
		{"KAKOUNE_CONFIG_DIR=kc kak f.txt", "deny"},
		{"KAKOUNE_CONFIG_DIR=$PWD/kc2 kak -e quit", "deny"},
		{"KAKOUNE_CONFIG_DIR=\"$(cat d)\" kak f.txt", "ask"},
		{"KAKOUNE_CONFIG_DIR=kc2 kak -n f.txt", "allow"},
		{"KAKOUNE_CONFIG_DIR=kc3 kak f.txt", "allow"},
		// The shell kak runs each %sh{…} with.
		{"KAKOUNE_POSIX_SHELL=./evilsh kak -e 'echo %sh{date}'", "deny"},
		{"KAKOUNE_POSIX_SHELL=/bin/dash kak f.txt", "allow"},
		// look-alikes
		{"kak -e 'echo %sh{date}'", "allow"},
		{"kak -e 'set-option global tabstop 4' f.txt", "allow"},
		{"kak -e 'source plain.kak'", "allow"},
		{"kak -f '|sort<ret>' f.txt", "allow"},
		{"kak -f 's$<ret>d' f.txt", "allow"},
		{"kak -f 'ifoo !rm -rf ~<esc>' f.txt", "allow"},
		{"kak -f 'r!' f.txt", "allow"},
		{"echo 'echo hi' | kak -p sess", "allow"},
	})
}
