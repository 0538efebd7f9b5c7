package rewrite

import (
	"path/filepath"
	"testing"
)

// TestKittyActionSendText: kitty @ action runs a mappable action, the
// words joined by spaces; send_text MODES TEXT types TEXT (decoded as
// send-text's) into the window's shell when the window's keyboard mode
// is one of MODES. It passed as kitty @ action; the text is now judged
// as kitty @ send-text's. A first word that is no mode types nothing
// (kitty's send_text), other actions and ordinary text keep allow.
// launch, new_window and their kin start a program, judged as kitty @
// launch's.
func TestKittyActionSendText(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`kitty @ action send_text normal 'rm -rf ~\r'`, "deny"},
		{`kitten @ action send_text all 'rm -rf ~\r'`, "deny"},
		{`kitty @ action send_text normal,application rm -rf '~\x0d'`, "deny"},
		{`kitty @ --to unix:/tmp/k action --match title:x send_text all 'rm -rf ~\n'`, "deny"},
		{`kitten @ action --self 'send_text all rm -rf ~\r'`, "deny"},
		{`kitty @ action combine : launch --type=tab htop : send_text all 'rm -rf ~\r'`, "deny"},
		// Actions that start a program: launch after its options,
		// new_window, combine's parts; kitty splits the joined words
		// with shlex, so quotes inside one word group.
		{`kitty @ action launch rm -rf ~`, "deny"},
		{`kitty @ action launch --type=tab sh -c "'rm -rf ~'"`, "deny"},
		{`kitty @ action new_window rm -rf ~`, "deny"},
		{`kitten @ action combine : next_tab : launch --type=background rm -rf ~`, "deny"},
		// Look-alikes: ordinary text, a first word that is no mode (kitty
		// types nothing), other actions, the text as an option's value.
		{`kitty @ action send_text normal 'ls -la\r'`, "allow"},
		{`kitty @ action send_text 'rm -rf ~\r'`, "allow"},
		{`kitty @ action copy_to_clipboard`, "allow"},
		{`kitty @ action launch --title 'rm -rf ~' htop`, "allow"},
		{`kitty @ action new_window`, "allow"},
		// The shell's quotes are gone when kitty joins the words: sh -c
		// rm runs rm alone.
		{`kitty @ action launch --type=tab sh -c 'rm -rf ~'`, "allow"},
		{`kitty @ action --match 'title:rm -rf ~' next_tab`, "allow"},
		{`echo kitty @ action send_text all 'rm -rf ~\r'`, "allow"},
	})
}

// TestXdotoolScriptFile: xdotool FILE [ARGS] and xdotool - read a
// script, a chain of xdotool commands a line, whose type and key
// commands type into the focused window's shell. The script is now read
// (from the disk, from what the same command wrote, from standard
// input) and the text judged as xdotool type's; $1… are the words after
// FILE. A script corral cannot read asks. exec CMD… (on the command
// line or in a script) runs CMD, judged as the program it is. xdotool's
// own commands, and scripts that type ordinary text, keep allow.
func TestXdotoolScriptFile(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/":     "",
		"proj/wipe.xdo":  "# wipe\ntype 'rm -rf ~'\nkey Return\n",
		"proj/args.xdo":  "search --name term windowactivate\ntype $1\nkey Return\n",
		"proj/list.xdo":  "# list\ntype 'ls -la'\nkey Return\n",
		"proj/shout.xdo": "TYPE \"rm -rf ~\"\nKEY KP_Enter\n",
		"proj/exec.xdo":  "exec --sync sh -c 'rm -rf ~'\n",
		"proj/ls.xdo":    "exec --sync ls -la\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`xdotool wipe.xdo`, "deny"},
		{`xdotool shout.xdo`, "deny"},
		{`xdotool args.xdo 'rm -rf ~'`, "deny"},
		{`xdotool - < wipe.xdo`, "deny"},
		{`printf "type 'rm -rf ~'\nkey Return\n" | xdotool -`, "deny"},
		{`xdotool - <<'XEOF'
type 'rm -rf ~'
key Return
XEOF`, "deny"},
		{`printf "type 'rm -rf ~'\nkey Return\n" > new.xdo; xdotool new.xdo`, "deny"},
		// exec runs a program with its arguments, in a script too.
		{`xdotool exec.xdo`, "deny"},
		{`xdotool exec.xdo; xdotool ls.xdo`, "deny"},
		{`xdotool exec rm -rf ~`, "deny"},
		{`xdotool exec --args 3 rm -rf ~ key Return`, "deny"},
		{`xdotool search --name x exec --terminator END rm -rf ~ END type hi`, "deny"},
		{`xdotool "$f"`, "ask"},
		{`xdotool missing.xdo`, "ask"},
		// Look-alikes.
		{`xdotool list.xdo`, "allow"},
		{`xdotool ls.xdo`, "allow"},
		{`xdotool exec --sync ls -la`, "allow"},
		{`xdotool args.xdo 'ls -la'`, "allow"},
		{`printf "type 'ls'\nkey Return\n" | xdotool -`, "allow"},
		{`xdotool getactivewindow`, "allow"},
		{`xdotool GETACTIVEWINDOW getwindowname`, "allow"},
		{`xdotool --version`, "allow"},
		{`xdotool key ctrl+c`, "allow"},
		{`cat wipe.xdo`, "allow"},
	})
}

// TestScreenAtCommand: screen's at [identifier][#|*|%] COMMAND runs
// COMMAND in the windows the identifier names (at '#' in all of them).
// screen -X at 0 stuff TEXT passed; the command after the identifier is
// now judged as screen -X COMMAND is, and ordinary text keeps allow.
func TestScreenAtCommand(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`screen -X at 0 stuff 'rm -rf ~\n'`, "deny"},
		{`screen -X at '#' stuff 'rm -rf ~\n'`, "deny"},
		{`screen -S work -X at shell# stuff "rm -rf ~^M"`, "deny"},
		{`screen -X at 1 exec rm -rf ~`, "deny"},
		{`screen -X eval 'at 0 stuff "rm -rf ~\n"'`, "deny"},
		{`screen -X stuff 'rm -rf ~\n'`, "deny"},
		// Look-alikes.
		{`screen -X at 0 stuff 'ls -la\n'`, "allow"},
		{`screen -X at '#' title build`, "allow"},
		{`screen -X at 0`, "allow"},
		{`screen -ls`, "allow"},
	})
}

// TestTmuxShellCommandOptions: tmux commands whose options take values
// before a shell command. The option letters now follow tmux 3.3a's
// (split-window -p SIZE, respawn -e ENV, run-shell -c DIR took the
// size, the value or the directory for the command and missed it; new
// -X and popup -B took the command for their value); run-shell -C runs
// tmux commands; command-prompt's template is tmux commands, filled
// with the answers -I gives. The same words with an ordinary program
// keep allow.
func TestTmuxShellCommandOptions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`tmux split-window -p 30 'rm -rf ~'`, "deny"},
		{`tmux splitw -h -p 30 -c /tmp 'rm -rf ~'`, "deny"},
		{`tmux split-window -l 30% -F '#{pane_id}' -P 'rm -rf ~'`, "deny"},
		{`tmux new-session -X 'rm -rf ~'`, "deny"},
		{`tmux new -d -X -s w 'rm -rf ~'`, "deny"},
		{`tmux display-popup -E -w 80% 'rm -rf ~'`, "deny"},
		{`tmux popup -B -E 'rm -rf ~'`, "deny"},
		{`tmux popup -CE -d /tmp -h 50% -T title 'rm -rf ~'`, "deny"},
		{`tmux respawn-pane -k -e FOO=1 'rm -rf ~'`, "deny"},
		{`tmux respawnw -k -c /tmp -e A=b -t :1 'rm -rf ~'`, "deny"},
		{`tmux run-shell -c /tmp 'rm -rf ~'`, "deny"},
		{`tmux run -b -d 2 -c /tmp 'rm -rf ~'`, "deny"},
		{`tmux run-shell -C "run-shell 'rm -rf ~'"`, "deny"},
		{`tmux run -C "split-window 'rm -rf ~'"`, "deny"},
		{`tmux command-prompt -I x "run-shell 'rm -rf ~'"`, "deny"},
		{`tmux command-prompt "split-window 'rm -rf ~'"`, "deny"},
		{`tmux command-prompt -I 'rm -rf ~' "run-shell '%%'"`, "deny"},
		{`tmux command-prompt -p a,b -I 'ls,rm -rf ~' "run-shell '%2'"`, "deny"},
		// Look-alikes: an ordinary program after the same options, the
		// text as an option's value, templates the user fills in.
		{`tmux split-window -p 30 htop`, "allow"},
		{`tmux display-popup -E -w 80% htop`, "allow"},
		{`tmux new-session -d -X htop`, "allow"},
		{`tmux respawnp -k -e FOO=1 htop`, "allow"},
		{`tmux run-shell -c /tmp 'ls'`, "allow"},
		{`tmux run-shell -C 'display-message hi'`, "allow"},
		{`tmux new -d -s 'rm -rf ~' htop`, "allow"},
		{`tmux popup -T 'rm -rf ~' -E htop`, "allow"},
		{`tmux command-prompt -p name "rename-window '%%'"`, "allow"},
		{`tmux command-prompt -I 'ls -la' "run-shell '%%'"`, "allow"},
	})
}

// TestTmuxMenuFormatsBindings: tmux commands that hold other commands or
// formats. display-menu passed: each item's command is now tmux commands
// run when the item is chosen (judged as run, as bind-key's are), and
// its title, positions, item names and commands are formats whose #(…)
// run when the menu is shown. bind KEY 'CMD ARGS' (one word after the
// key) is a command string, which passed as a command named by the
// whole word; a word that ends in ";" ends a tmux command (display hi\;
// run CMD) and passed inside display's message. run-shell, if-shell and
// pipe-pane expand their shell text as a format, popup its title and
// positions, a start directory too, confirm-before and command-prompt
// their prompts, send-keys -F its keys: their #(…) passed. Look-alikes:
// menus, bindings and prompts of ordinary commands, the text as a
// message, a disabled item, ## before (.
func TestTmuxMenuFormatsBindings(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`tmux display-menu -T Menu Del d "run-shell 'rm -rf ~'"`, "deny"},
		{`tmux menu -x 0 -y 0 -t :1 Del d "run-shell 'rm -rf ~'"`, "deny"},
		{`tmux display-menu Foo f "select-window -t 1" "" Bar b "run 'rm -rf ~'"`, "deny"},
		{`tmux display-menu -T '#(rm -rf ~)' Foo f "select-window -t 1"`, "deny"},
		{`tmux display-menu -x '#(rm -rf ~)' Foo f "select-window -t 1"`, "deny"},
		{`tmux display-menu '#(rm -rf ~)' f "select-window -t 1"`, "deny"},
		{`tmux display-menu -- -Off o "display '#(rm -rf ~)'"`, "deny"},
		{`tmux bind m display-menu X x "run 'rm -rf ~'"`, "deny"},
		{`tmux bind x "run 'rm -rf ~'"`, "deny"},
		{`tmux bind -n M-x display hi \\\; run "rm -rf ~"`, "deny"},
		{`tmux bind x display hi\\\; run "rm -rf ~"`, "deny"},
		{`tmux display hi\; run "rm -rf ~"`, "deny"},
		{`tmux if-shell '#(rm -rf ~)' 'display ok'`, "deny"},
		{`tmux run-shell 'echo #(rm -rf ~)'`, "deny"},
		{`tmux pipe-pane -o 'cat #(rm -rf ~)'`, "deny"},
		{`tmux popup -T '#(rm -rf ~)' -E htop`, "deny"},
		{`tmux popup -d '#(rm -rf ~)' -E htop`, "deny"},
		{`tmux new-window -c '#(rm -rf ~)' htop`, "deny"},
		{`tmux confirm-before -p '#(rm -rf ~)' kill-pane`, "deny"},
		{`tmux command-prompt -p '#(rm -rf ~)' "rename-window '%%'"`, "deny"},
		{`tmux send-keys -F '#(rm -rf ~)'`, "deny"},
		{`tmux display -F '#(rm -rf ~)'`, "deny"},
		{`tmux source-file -F '#(rm -rf ~)'`, "deny"},
		// Look-alikes.
		{`tmux display-menu -T Menu Foo f "select-window -t 1" "" Bar b kill-pane`, "allow"},
		{`tmux display-menu -x P -y S Foo f "display 'rm -rf ~'"`, "allow"},
		{`tmux display-menu -- -Off o "run 'rm -rf ~'"`, "allow"},
		{`tmux display-menu Foo f`, "allow"},
		{`tmux bind x "display 'rm -rf ~'"`, "allow"},
		{`tmux bind -n M-x kill-pane`, "allow"},
		{`tmux display 'hi;' \; display 'rm -rf ~'`, "allow"},
		{`tmux run-shell 'echo ##(rm -rf ~)'`, "allow"},
		{`tmux popup -T '#{pane_title}' -d '#{pane_current_path}' -E htop`, "allow"},
		{`tmux new-window -c '#{pane_current_path}' htop`, "allow"},
		{`tmux confirm-before -p 'kill #W? (y/n)' kill-window`, "allow"},
		{`tmux send-keys -F '#{pane_id}' Enter`, "allow"},
		{`tmux send-keys '#(rm -rf ~)'`, "allow"},
		{`tmux source-file -F '#{HOME}/.tmux.conf'`, "allow"},
		{`tmux source-file '#(rm -rf ~)'`, "allow"},
	})
}

// TestXdotoolScriptPositional: an xdotool script's words that start with
// "$" are replaced whole (xdotool 3, script_main): $ and digits by that
// argument, read as atoi reads them ($1foo is $1, $0 the script's name),
// $NAME by the environment. $1foo passed as text only known at run time
// and a $N past the arguments as one too; xdotool then reads on from
// the length of what replaced the word, so a shorter argument leaves
// the word's rest to be read ($1rm with "x" types "x" then "m"), and a
// $N past the arguments stops the script. An argument only known at run
// time makes the rest of its line unknown: the typed text asks where it
// could destroy. Look-alikes: ordinary arguments, a script that stops
// before its destroying line.
func TestXdotoolScriptPositional(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/":      "",
		"proj/glued.xdo":  "type $1foo\nkey Return\n",
		"proj/quoted.xdo": "type \"$2\" \nkey Return\n",
		"proj/env.xdo":    "type $TERMCMD ' rm -rf ~'\nkey Return\n",
		"proj/late.xdo":   "type $1\nkey Return\ntype $3\nkey Return\n",
		"proj/stop.xdo":   "type $2\ntype 'rm -rf ~'\nkey Return\n",
		"proj/zero.xdo":   "type $0\nkey Return\n",
		"proj/unk.xdo":    "type $1 ' ~'\nkey Return\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`xdotool glued.xdo 'rm -rf ~'`, "deny"},
		{`xdotool quoted.xdo a 'rm -rf ~'`, "deny"},
		{`xdotool unk.xdo "$x"`, "ask"},
		{`xdotool env.xdo`, "ask"},
		{`xdotool late.xdo ls x 'rm -rf ~'`, "deny"},
		// Look-alikes.
		{`xdotool glued.xdo 'ls -la'`, "allow"},
		{`xdotool quoted.xdo 'rm -rf ~' ls`, "allow"},
		{`xdotool late.xdo ls`, "allow"},
		{`xdotool stop.xdo ls`, "allow"},
		{`xdotool zero.xdo`, "allow"},
		{`xdotool glued.xdo "$x"`, "allow"},
		{`xdotool unk.xdo ls`, "allow"},
	})
}

// TestKittyActionsRunPrograms: kitty's mappable actions that start a
// program or type text beyond launch, new_* and send_text (kitty's
// boss.py): pipe SOURCE DEST PROGRAM ARGS…, pass_selection_to_program
// PROGRAM ARGS…, remote_control_script PATH ARGS… run the program,
// remote_control ARGS… runs kitty @ ARGS… (its launch, action and
// send-text), paste TEXT types TEXT, kitten NAME.py (and kitty @ kitten
// NAME.py) runs a custom kitten, a Python file from kitty's
// configuration directory. They passed through kitty @ action;
// they are now judged as the program or the typed text. Look-alikes:
// ordinary programs and text, actions that start nothing.
func TestKittyActionsRunPrograms(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "",
		"home/.config/kitty/wipe.py": "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))\n",
		"home/.config/kitty/show.py": "def main(args):\n    print(args)\n",
		"home/.config/kitty/wipe.sh": "#!/bin/sh\nrm -rf ~\n",
		"home/.config/kitty/ls.sh":   "#!/bin/sh\nls -la\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`kitty @ action pipe @text window rm -rf ~`, "deny"},
		{`kitty @ action pass_selection_to_program rm -rf ~`, "deny"},
		{`kitty @ action remote_control launch rm -rf ~`, "deny"},
		{`kitten @ action remote_control '!launch' --type=background rm -rf ~`, "deny"},
		{`kitty @ action remote_control action launch rm -rf ~`, "deny"},
		{`kitty @ action remote_control send-text "'rm -rf ~\r'"`, "deny"},
		{`kitty @ action combine : next_tab : paste 'rm -rf ~\r'`, "deny"},
		{`kitty @ action new_tab_with_cwd rm -rf ~`, "deny"},
		{`kitty @ action new_os_window_with_cwd rm -rf ~`, "deny"},
		// A custom kitten is a Python file kitty runs, from its
		// configuration directory when relative.
		{`kitty @ action kitten wipe.py`, "deny"},
		{`kitty @ action kitten ~/.config/kitty/wipe.py`, "deny"},
		{`kitty @ action run_kitten overlay wipe.py`, "deny"},
		{`kitty @ kitten wipe.py`, "deny"},
		{`kitty -o 'map f1 kitten wipe.py'`, "deny"},
		{`kitty @ action kitten show.py`, "allow"},
		{`kitty @ kitten show.py`, "allow"},
		{`kitty @ action kitten hints`, "allow"},
		// remote_control_script runs a file from the same directory.
		{`kitty @ action remote_control_script wipe.sh`, "deny"},
		{`kitty @ action remote_control_script ls.sh`, "allow"},
		// Look-alikes.
		{`kitty @ action pipe @text window less`, "allow"},
		{`kitty @ action pass_selection_to_program`, "allow"},
		{`kitty @ action remote_control set-spacing margin=30`, "allow"},
		{`kitty @ action remote_control send-text "'ls\r'"`, "allow"},
		{`kitty @ action paste 'ls\r'`, "allow"},
		{`kitty @ action copy_to_buffer a`, "allow"},
	})
}

// TestKittyConfigBindings: kitty's configuration from its command line,
// -o/--override NAME=VALUE and the files of -c/--config (with the files
// they include, and one the same command writes). map KEY ACTION and
// mouse_map … ACTION run ACTION when the key is pressed: the agent
// cannot press keys, the user may, so the action is judged as run, as
// tmux bind-key's command is; action_alias names an action; shell is the
// program each window runs. They passed; a destroying action now denies.
// Look-alikes: bindings of ordinary programs and text, other options,
// an alias never bound, the default shell.
func TestKittyConfigBindings(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/":        "",
		"proj/k1.conf":      "# keys\nmap f1 launch rm -rf ~\n",
		"proj/k2.conf":      "include k1.conf\n",
		"proj/k3.conf":      "map f1 launch ls\naction_alias wipe launch rm -rf ~\n",
		"proj/k4.conf":      "map f1 launch\n  \\ rm -rf ~\n",
		"proj/k5.conf":      "font_size 12\nmap f1 new_tab\n",
		"proj/wipe.session": "new_tab work\ncd ~\nlaunch --title w rm -rf ~\n",
		"proj/top.session":  "new_tab rm\ncd ~\nlaunch htop\n",
		"proj/k6.conf":      "startup_session wipe.session\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`kitty -o 'map f1 launch rm -rf ~'`, "deny"},
		{`kitty -o 'map f1 launch sh -c "rm -rf ~"' htop`, "deny"},
		{`kitty -o 'map --when-focus-on title:x f1 launch rm -rf ~'`, "deny"},
		{`kitty -o 'map ctrl+a>x send_text all rm -rf ~\r'`, "deny"},
		{`kitty -o 'action_alias wipe launch rm -rf' -o 'map f1 wipe ~'`, "deny"},
		{`kitty -o 'mouse_map left click ungrabbed launch rm -rf ~'`, "deny"},
		{`kitty -o 'map f1 remote_control launch rm -rf ~'`, "deny"},
		{`kitty -o shell='sh -c "rm -rf ~"'`, "deny"},
		{`kitty --config k1.conf`, "deny"},
		{`kitty -c k2.conf htop`, "deny"},
		{`kitty --config=k4.conf`, "deny"},
		{`printf 'map f1 launch rm -rf ~\n' > new.conf; kitty -c new.conf`, "deny"},
		// A session file's launch lines run when kitty starts.
		{`kitty --session wipe.session`, "deny"},
		{`kitty --session=wipe.session`, "deny"},
		{`kitty -c k6.conf`, "deny"},
		{`kitty --session top.session`, "allow"},
		// kitty @ load-config loads the same configuration into a
		// running kitty.
		{`kitty @ load-config k1.conf`, "deny"},
		{`kitten @ load-config -o 'map f1 launch rm -rf ~'`, "deny"},
		{`kitty @ load-config k5.conf`, "allow"},
		{`kitty @ load-config --override 'map f1 launch ls'`, "allow"},
		// Look-alikes.
		{`kitty -o 'map f1 launch ls'`, "allow"},
		{`kitty -o 'map f1 send_text all ls\r'`, "allow"},
		{`kitty -o 'font_size=12' htop`, "allow"},
		{`kitty -o 'shell=.'`, "allow"},
		{`kitty -o 'shell=/bin/zsh --login'`, "allow"},
		{`kitty -c k3.conf`, "allow"},
		{`kitty -c k5.conf`, "allow"},
		{`kitty -o 'map f1 combine : new_tab : launch htop'`, "allow"},
		{`kitty --title 'map f1 launch rm -rf ~' htop`, "allow"},
	})
}

// TestKittyConfigDirAndCode: without -c kitty reads kitty.conf in its
// configuration directory ($KITTY_CONFIG_DIRECTORY, else
// $XDG_CONFIG_HOME/kitty, else ~/.config/kitty), and geninclude FILE
// runs FILE when the configuration is read, watcher FILE loads FILE's
// Python into each window. Look-alikes: -c naming another file, a
// harmless generator, -c NONE.
func TestKittyConfigDirAndCode(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/":                "",
		"proj/kd/kitty.conf":        "map f1 launch rm -rf ~\n",
		"proj/xdg/kitty/kitty.conf": "map f1 launch rm -rf ~\n",
		"proj/gen.conf":             "geninclude gen.py\n",
		"proj/gen.py":               "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))\n",
		"proj/w.conf":               "watcher w.py\n",
		"proj/w.py":                 "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))\n",
		"proj/ok.conf":              "geninclude ok.py\n",
		"proj/ok.py":                "print('font_size 12')\n",
		"proj/plain.conf":           "font_size 12\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`KITTY_CONFIG_DIRECTORY=kd kitty`, "deny"},
		{`export KITTY_CONFIG_DIRECTORY=$PWD/kd; kitty htop`, "deny"},
		{`XDG_CONFIG_HOME=xdg kitty`, "deny"},
		{`kitty -c gen.conf`, "deny"},
		{`kitty -c w.conf`, "deny"},
		{`kitty -o watcher=w.py`, "deny"},
		// Look-alikes.
		{`KITTY_CONFIG_DIRECTORY=kd kitty -c plain.conf`, "allow"},
		{`KITTY_CONFIG_DIRECTORY=kd kitty -c NONE`, "allow"},
		{`kitty -c ok.conf`, "allow"},
		{`XDG_CONFIG_HOME=proj kitty`, "allow"},
	})
}

// TestKittyKittenAlias: kitten_alias NAME KITTEN ARGS makes kitten NAME
// in a mapping run KITTEN (kitty's resolve_kitten_aliases: the alias's
// arguments before the mapping's), so an alias to a custom kitten, a
// Python file from kitty's configuration directory, runs that file when
// the key is pressed; kitty's own default shortcuts run the hints and
// unicode_input kittens, so an alias of either name runs with no map
// line at all, unless clear_all_shortcuts yes removed them (allow ->
// deny). Look-alikes: an alias to a harmless file or to kitty's own
// kitten, an alias no mapping or default key uses, clear_all_shortcuts.
func TestKittyKittenAlias(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "",
		"home/.config/kitty/wipe.py": "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))\n",
		"home/.config/kitty/show.py": "def main(args):\n    print(args)\n",
		"proj/a1.conf":               "kitten_alias hints wipe.py\n",
		"proj/a2.conf":               "kitten_alias mine wipe.py --x\nmap f1 kitten mine\n",
		"proj/a3.conf":               "kitten_alias unicode_input wipe.py\nclear_all_shortcuts yes\n",
		"proj/a4.conf":               "kitten_alias hints hints --hints-offset=0\n",
		"proj/a5.conf":               "kitten_alias mine wipe.py\n",
		"xdg/kitty/kitty.conf":       "kitten_alias unicode_input wipe.py\n",
	})
	root := filepath.Dir(cfg.Project)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`kitty -o 'kitten_alias mine wipe.py' -o 'map f1 kitten mine'`, "deny"},
		{`kitty -o 'kitten_alias hints wipe.py'`, "deny"},
		{`kitty -o 'kitten_alias unicode_input wipe.py' htop`, "deny"},
		{`kitty -o 'kitten_alias mine wipe.py' -o 'action_alias go kitten mine' -o 'map f1 go'`, "deny"},
		{`kitty -c a1.conf`, "deny"},
		{`kitty -c a2.conf`, "deny"},
		{`XDG_CONFIG_HOME=` + root + `/xdg kitty`, "deny"},
		{`kitty @ load-config a1.conf`, "deny"},
		{`printf 'kitten_alias hints wipe.py\n' > n.conf; kitty -c n.conf`, "deny"},
		// Look-alikes.
		{`kitty -o 'kitten_alias hints show.py'`, "allow"},
		{`kitty -o 'kitten_alias mine show.py' -o 'map f1 kitten mine'`, "allow"},
		{`kitty -c a3.conf`, "allow"},
		{`kitty -c a4.conf`, "allow"},
		{`kitty -c a5.conf`, "allow"},
		{`kitty -o 'map f1 kitten hints'`, "allow"},
	})
}
