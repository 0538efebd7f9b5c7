package rewrite

import "testing"

// TestBoundSpecialVars: a variable bash acts on (PS4 under set -x,
// PROMPT_COMMAND in an interactive shell) is judged for its value
// whatever builtin set it — read of a here-string, a here-document or a
// lastpipe pipe, printf -v, through a name reference — as PS4=… is (red
// team 20 PV1, proven: printf -v PS4 '%s' '$(rm -f ~/.bashrc)'; set -x; :
// deleted ~/.bashrc).
func TestBoundSpecialVars(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/README":  "x\n",
		"home/.bashrc": "# rc\n",
	})
	rows := []struct{ cmd, want string }{
		{`printf -v PS4 '%s' '$(rm -f ~/.bashrc)'; set -x; :`, "deny"},
		{`printf -v PS4 '%s' '$(rm -f ~/.bashrc)'; set -o xtrace; :`, "deny"},
		{`read -r PS4 <<< '$(rm -f ~/.bashrc)'; set -x; :`, "deny"},
		{"IFS= read -r PS4 <<'E'\n$(rm -f ~/.bashrc)\nE\nset -x; :", "deny"},
		{`declare -n p=PS4; printf -v p '%s' '$(rm -f ~/.bashrc)'; set -x; :`, "deny"},
		{`shopt -s lastpipe; echo '$(rm -f ~/.bashrc)' | read -r PS4; set -x; :`, "deny"},
		{`unset PS4; : ${PS4:='$(rm -f ~/.bashrc)'}; set -x; :`, "deny"},
		{`read -r PROMPT_COMMAND <<< 'rm -f ~/.bashrc'; export PROMPT_COMMAND; bash -i < /dev/null`, "deny"},
		// Look-alikes.
		{`read -r PS4 <<< '+ '; set -x; ls`, "allow"},
		{`printf -v x '%s' '$(rm -f ~/.bashrc)'; echo "$x"`, "allow"},
		{`printf -v PS4 '%s' '+ $BASH_SOURCE:$LINENO: '; set -x; ls`, "allow"},
	}
	checkDecisions(t, cfg, rows)
}
