package rewrite

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// TestUnreadableFileDecisions: a file corral cannot read whole (a FIFO,
// a file over 1 MiB) whose text reaches code that runs asks, through the
// engine, whether it is named to the program or reaches it through a
// pipe, a substitution or a configuration; read as data it passes (red
// team 16 FF1, SZ1).
func TestUnreadableFileDecisions(t *testing.T) {
	t.Parallel()
	pad := "#" + strings.Repeat("a", syntax.MaxScriptFile+100) + "\n"
	cfg := scratchProject(t, map[string]string{
		"proj/big.sh":           pad + "rm -f ~/.bashrc\n",
		"proj/big.csv":          strings.Repeat("a,b\n", syntax.MaxScriptFile/4+100),
		"proj/ok.sh":            "echo ok\n",
		"proj/mk/Makefile":      pad + "all:\n\techo pwned >~/.bashrc\n",
		"proj/okmk/Makefile":    "all:\n\techo ok\n",
		"proj/npm/package.json": `{"name":"x","pad":"` + strings.Repeat("a", syntax.MaxScriptFile+100) + `","scripts":{"test":"echo pwned >~/.bashrc"}}`,
		"home/":                 "",
	})
	if err := syscall.Mkfifo(filepath.Join(cfg.Project, "ff"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cat ff | bash", "ask"},
		{"cat big.sh | bash", "ask"},
		{`eval "$(cat ff)"`, "ask"},
		{`bash -c "$(cat big.sh)"`, "ask"},
		{"source <(cat ff)", "ask"},
		{"bash <(cat big.sh)", "ask"},
		{"cat big.sh | python3", "ask"},
		{"GIT_CONFIG_GLOBAL=ff git x", "ask"},
		{"make -f ff", "ask"},
		{"ssh -F ff host", "ask"},
		{"tmux source-file ff", "ask"},
		{"make -C mk", "ask"},
		{"cd npm && npm test", "ask"},
		{"bash big.sh", "ask"},
		// A copy of such a file holds text only run time knows.
		{"cp big.sh run.sh && bash run.sh", "ask"},
		{"cp ff run.sh; source run.sh", "ask"},
		{"mv big.sh Makefile; make", "ask"},
		// Look-alikes.
		{"cat ok.sh | bash", "allow"},
		{"cat missing.sh | bash", "allow"},
		{"wc -l big.csv", "allow"},
		{"cat big.csv | grep x", "allow"},
		{"cat big.csv | xargs echo", "allow"},
		{"cat ff > out.txt", "allow"},
		{"mkfifo p2", "allow"},
		{"make -C okmk", "allow"},
		{"cp big.csv d.csv && wc -l d.csv", "allow"},
		{"cp ok.sh run.sh && bash run.sh", "allow"},
		{`echo "rm -rf /"`, "allow"},
	})
}
