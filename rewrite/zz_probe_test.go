package rewrite

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/corral-dev/corral/corpus"
)

func TestZZProbe(t *testing.T) {
	f, err := os.Open("/tmp/probe/cmds.txt")
	if err != nil {
		t.Skip()
	}
	defer f.Close()
	env := map[string]string{"HOME": corpus.Home, EnvProject: corpus.Project}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, corpus.Project)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cmd := strings.ReplaceAll(sc.Text(), `\n`, "\n")
		if cmd == "" {
			continue
		}
		r := Check(cfg, cmd)
		var rules []string
		for _, f := range r.Findings {
			rules = append(rules, f.Rule+":"+f.Decision.String()+"("+f.Message+")")
		}
		t.Logf("%-6s %-50q %s", r.Decision, cmd, strings.Join(rules, "; "))
	}
}
