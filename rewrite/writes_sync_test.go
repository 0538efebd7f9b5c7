package rewrite

import "testing"

// TestSyncAndExtractRoots checks the writes of unison's roots (either
// side is written: -batch and -force settle it without a question),
// 7-Zip's -oDIR, and the deletions of tmpreaper and tmpwatch, against
// their manuals. Nothing here is run.
func TestSyncAndExtractRoots(t *testing.T) {
	t.Parallel()
	cfg := guardedConfig()
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"unison ~ /mnt/backup -batch", "ask"},
		{"unison -batch a ~", "ask"},
		{"unison -force /mnt/backup ~ /mnt/backup", "ask"},
		{"unison -root ~ -root ./mirror -batch", "ask"},
		{"unison -batch . /etc", "deny"},
		{"7z x a.7z -o$HOME -y", "ask"},
		{"7z x a.7z \"-o$HOME\" -y", "ask"},
		{"7z x a.7z -o/home/someone -y", "ask"},
		{"7z e a.7z -o/etc -y", "deny"},
		{"unzip -o a.zip -d ~", "ask"},
		{"tar xf a.tar -C /", "ask"},
		// Look-alikes: roots in the project, remote roots, a profile,
		// extraction here.
		{"unison . sub -batch", "allow"},
		{"unison -ignore 'Name *.o' . ./mirror -batch", "allow"},
		{"unison . ssh://host//srv/x -batch", "allow"},
		{"unison myprofile -batch", "allow"},
		{"unison -force ~ a b", "allow"}, // -force names which root wins; the roots are a and b
		{"7z x a.7z -oout -y", "allow"},
		{"7z x a.7z -o~ -y", "allow"}, // no shell expands a ~ inside a word: ./~
		{"7z x a.7z", "allow"},
		{"7z l a.7z", "allow"},
	})
	// tmpreaper and tmpwatch delete the old files under each directory,
	// as find DIR -mtime +N -delete does: each rule judges both alike.
	for _, pair := range [][2]string{
		{"tmpreaper 1d /", "find / -atime +1 -delete"},
		{"tmpwatch 24 ~", "find ~ -atime +1 -delete"},
		{"tmpreaper --all 0 ~", "find ~ -delete"}, // age 0: every file
		{"tmpwatch 0h /", "find / -delete"},
		{"tmpreaper --protect '*.keep' 2d ~/Downloads", "find ~/Downloads -atime +2 -delete"},
		{"sudo tmpwatch -umc 240 /var/log", "find /var/log -atime +10 -delete"},
	} {
		for _, rule := range []string{"rm-root", "bash-delete"} {
			want := decisionOfRule(cfg, rule, pair[1])
			if want == Allow && rule == "bash-delete" {
				t.Errorf("%s: %s allows its model %s", pair[0], rule, pair[1])
			}
			if got := decisionOfRule(cfg, rule, pair[0]); got != want && !(rule == "rm-root" && got > want) {
				t.Errorf("%s: %s says %s, %s says %s", pair[0], rule, got, pair[1], want)
			}
		}
	}
	testRuleWith(t, cfg, "bash-delete", []ruleCase{
		{"tmpreaper --test 1d /", Allow},
		{"tmpwatch -t 24 ~", Allow},
		{"tmpwatch 24 ./cache", Allow},
		{"tmpreaper --help", Allow},
	})
}

// decisionOfRule is the highest decision of rule's findings on cmd.
func decisionOfRule(cfg *Config, rule, cmd string) Decision {
	got := Allow
	for _, f := range Check(cfg, cmd).Findings {
		if f.Rule == rule && f.Decision > got {
			got = f.Decision
		}
	}
	return got
}
