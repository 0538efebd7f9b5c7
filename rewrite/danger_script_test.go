package rewrite

import "testing"

func TestRuntimeScript(t *testing.T) {
	t.Parallel()
	testRule(t, "runtime-script", []ruleCase{
		{`bash -c "$cmd"`, Ask},
		{`eval "$x"`, Ask},
		{"find . -name '*.sh' | xargs bash -c", Ask},
		// A script file named only at run time.
		{`bash "$f"`, Ask},
		{`sh $1`, Ask},
		{"echo x.sh | xargs bash", Ask},
		{"xargs sh <<< x.sh", Ask},
		// source and . of a file named only at run time (red team 18 SR1).
		{`source "$(./find-env.sh; :)"`, Ask},
		{`source $(compgen -f /tmp/p.s)`, Ask},
		{`f=$(cat list 2>/dev/null || echo p.sh); source "$f"`, Ask},
		{`. "$f"`, Ask},
		// The script a shell reads on stdin is one run-time word.
		{`bash <<< "$x"`, Ask},
		{`echo "$cmd" | bash`, Ask},
		{`printf '%s\n' "$cmd" | sh`, Ask},
		// Look-alikes.
		{`eval "$(ssh-agent -s)"`, Allow},
		{`bash -c "echo $HOME"`, Allow},
		{"bash script.sh", Allow},
		{"bash <<< 'echo hi'", Allow},
		{"echo ls | sh", Allow},
		{`printf '%d' "$n" | sh`, Allow},
		{`echo 'bash -c "$cmd"'`, Allow},
		{`f=x.sh; bash "$f"`, Allow},
		{`for f in a.sh b.sh; do bash "$f"; done`, Allow},
		{`for f in *.sh; do bash "$f"; done`, Allow},
		{`bash "$DIR/run.sh"`, Allow},
		{`source "$NVM_DIR/nvm.sh"`, Allow},
		{`. "$(conda info --base)/etc/profile.d/conda.sh"`, Allow},
		{"source .venv/bin/activate", Allow},
		{`for f in ./env/*.sh; do . "$f"; done`, Allow},
		{"source <(kubectl completion bash)", Allow},
		{`. "$HOME/.cargo/env"`, Allow},
		{"echo hi | bash", Allow},
	})
}
