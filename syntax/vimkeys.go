package syntax

import "github.com/corral-dev/corral/syntax/lang"

// vimScriptinCommands returns the ex commands that keys typed into Vim
// from a -s scriptin file (or stdin) enter, read as Normal-mode keys
// (lang.ExTypedKeys: a ":" anywhere on a line, "!{motion}", Q, ZZ,
// macros; red team 14 RG4). Keys that run a register only run time
// fills add a feedkeys() of a run-time value, which asks.
func vimScriptinCommands(keys string) string {
	text, known := lang.ExTypedKeys(keys)
	if !known {
		text += "\ncall feedkeys(keys_only_known_at_run_time)"
	}
	return text
}
