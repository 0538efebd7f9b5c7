package rewrite

import (
	"os"
	"os/exec"
	"testing"
)

// TestListedAndZipOptionWords: names a listing prints into xargs are
// words of the command xargs runs, and one starting with "-" is an
// option there (ls | xargs tar cf x.tar in a directory holding
// "--checkpoint=1" and "--checkpoint-action=exec='sh e.sh'" runs e.sh:
// xargs takes the quotes off and keeps the blank inside them), as tar cf
// x.tar * is; zip's test command (-TT, --unzip-command, every spelling
// Info-ZIP reads) is shell text. Each row runs in real bash, xargs, GNU
// tar and zip against a canary ~/.bashrc that e.sh overwrites; a row that
// overwrites it must not be allowed, and a look-alike that leaves it keeps
// its decision (syntax/listedoptions.go, syntax/runvia.go zipTestCommand).
func TestListedAndZipOptionWords(t *testing.T) {
	t.Parallel()
	payload := "echo pwned > ~/.bashrc\n"
	files := map[string]string{
		"proj/x/--checkpoint=1":                     "",
		"proj/x/--checkpoint-action=exec='sh e.sh'": "",
		"proj/x/e.sh":                               payload,
		"proj/ok/a.txt":                             "a\n",
		"proj/ok/e.sh":                              payload,
		"proj/a.txt":                                "a\n",
	}
	rows := []struct {
		cmd, want string
		pwns      bool
	}{
		{"cd x && ls | xargs tar cf x.tar", "deny", true},
		{"cd x && ls -1 | xargs tar cf x.tar", "deny", true},
		{"cd x && printf '%s\\n' * | xargs tar cf x.tar", "deny", true},
		{"cd x; ls | xargs -r tar cf x.tar", "deny", true},
		{"cd x && echo * | xargs tar cf x.tar", "deny", true},
		{"zip -T -TT 'sh ok/e.sh #' t.zip a.txt", "deny", true},
		{"zip -T -TT='sh ok/e.sh #' t.zip a.txt", "deny", true},
		{"zip -T '-TTsh ok/e.sh #' t.zip a.txt", "deny", true},
		{"zip -T --unzip-command 'sh ok/e.sh #' t.zip a.txt", "deny", true},
		{"zip -T '--unzip-command=sh ok/e.sh #' t.zip a.txt", "deny", true},
		{"zip -T '--unz=sh ok/e.sh #' t.zip a.txt", "deny", true},
		// Look-alikes: -- ends tar's options, paths with a prefix, a
		// directory with no option-like name, zip's default test.
		{"cd x && ls | xargs tar cf x.tar --", "allow", false},
		{"cd x && ls -d ./* | xargs tar cf x.tar", "allow", false},
		{"cd ok && ls | xargs tar cf x.tar", "allow", false},
		{"zip -T t.zip a.txt", "allow", false},
		{"zip -T -TT 'unzip -tqq' t.zip a.txt", "allow", false},
	}
	cfg := scratchProject(t, files)
	_, tarErr := exec.LookPath("tar")
	_, zipErr := exec.LookPath("zip")
	if tarErr == nil && zipErr == nil {
		for _, r := range rows {
			if got := pwned(runCanary(t, files, r.cmd+" >/dev/null 2>&1 || true")); got != r.pwns {
				t.Errorf("%q in real bash: overwrote ~/.bashrc %v, want %v", r.cmd, got, r.pwns)
			}
		}
	} else if os.Getenv("CORRAL_E2E") == "require" {
		t.Errorf("CORRAL_E2E=require: tar or zip is missing (.ci/install-interpreters.sh installs zip), the rows are not run for real")
	}
	for _, r := range rows {
		if got := Check(cfg, r.cmd).Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s (%v)", r.cmd, got, r.want, Check(cfg, r.cmd).Findings)
		}
	}
}
