package rewrite

import "testing"

func TestRuntimeScript(t *testing.T) {
	t.Parallel()
	testRule(t, "runtime-script", []ruleCase{
		{`bash -c "$cmd"`, Ask},
		{`eval "$x"`, Ask},
		{"find . -name '*.sh' | xargs bash -c", Ask},
		// Look-alikes.
		{`eval "$(ssh-agent -s)"`, Allow},
		{`bash -c "echo $HOME"`, Allow},
		{"bash script.sh", Allow},
		{`echo 'bash -c "$cmd"'`, Allow},
	})
}
