package rewrite

import "testing"

// TestIFSSplitCommand: bash never splits an assignment's value (plain,
// prefix, local/declare/export/readonly, an array element, +=), whatever
// IFS is; it splits only what unquoted expansions give, on the IFS in
// force, including one a prefix gives eval. A value built under IFS=,
// and split on commas later is the command it spells.
func TestIFSSplitCommand(t *testing.T) {
	t.Parallel()
	testRule(t, "rm-root", []ruleCase{
		{`IFS=,; c=rm,-rf,$HOME; $c`, Deny},
		{`IFS=,; c="rm,-rf,$HOME"; $c`, Deny},
		{`c=rm,-rf,$HOME; IFS=,; $c`, Deny},
		{`IFS=,; export c=rm,-rf,$HOME; $c`, Deny},
		{`IFS=,; declare c=rm,-rf,$HOME; $c`, Deny},
		{`IFS=,; readonly c=rm,-rf,$HOME; $c`, Deny},
		{`IFS=,; f() { local c=rm,-rf,$HOME; $c; }; f`, Deny},
		{`IFS=,; c=rm; c+=,-rf,$HOME; $c`, Deny},
		{`IFS=,; a[0]=rm,-rf,$HOME; $a`, Deny},
		{`IFS=,; a=(rm,-rf,$HOME); $a`, Deny},
		{`IFS=,; a=(rm,-rf,$HOME); ${a[@]}`, Deny},
		// Words that join text and expansions split as bash splits them.
		{`IFS=,; c=rm,-rf; $c$IFS$HOME`, Deny},
		{`IFS=,; c=rm,-rf,; $c$HOME`, Deny},
		{`IFS=,; c=rm,-rf,$HOME; ${c:-x}`, Deny},
		{`IFS=,; c=rm,-rf,$HOME; ${c%x}`, Deny},
		{`IFS=,; c=rm,-rf,$HOME; $c""`, Deny},
		{`IFS=,; c=(rm -rf $HOME); ${c[*]}`, Deny},
		{`IFS=,; set -- rm,-rf $HOME; $@`, Deny},
		{`IFS=; set -- rm -rf $HOME; $*`, Deny},
		// A pattern a field holds is globbed: rm -rf /* and ~/*.
		{`IFS=,; c='rm,-rf,/*'; $c`, Deny},
		{`IFS=,; c="rm,-rf,$HOME/*"; $c`, Deny},
		// A prefix IFS is in force while eval runs its text.
		{`c=rm,-rf,$HOME; IFS=, eval \$c`, Deny},
		{`c=rm,-rf,$HOME; IFS=, command eval \$c`, Deny},
		// Look-alikes: printed, quoted (one command name rm,-rf,… that
		// does not exist), a child bash (which starts with its own IFS),
		// a tilde after a comma (not expanded: a directory named ~), and
		// a prefix that ends with its command.
		{`IFS=,; c=rm,-rf,$HOME; echo $c`, Allow},
		{`IFS=,; c="rm,-rf,$HOME/*"; echo $c`, Allow},
		{`IFS=,; c=rm,-rf,$HOME; "$c"`, Allow},
		{`IFS=,; export c=rm,-rf,$HOME; bash -c '$c'`, Allow},
		{`IFS=,; c=rm,-rf,~; $c`, Allow},
		{`c=rm,-rf,$HOME; while IFS=, read -r x; do :; done < /dev/null; $c`, Allow},
		{`c=rm,-rf,$HOME; IFS=, eval 'echo $c'`, Allow},
		{`x=rm; echo $x -rf ~`, Allow},
	})
	testRule(t, "dynamic-command", []ruleCase{
		// u is unset in most shells: $c$u is $c, split into rm -rf ~.
		{`c="rm -rf $HOME"; $c$u`, Ask},
		{`IFS=,; c=rm,-rf,$HOME; $c$u`, Ask},
		{`c=ls; $c$u -la`, Allow},
		{`"${G:-git}" status`, Allow},
	})
}
