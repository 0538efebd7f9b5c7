package rewrite

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSQLiteFilesOracle (red team 14 SQ1): the sqlite3 shell writes
// files through dot commands and options beyond .output and .save:
// .trace and .iotrace (the statements' text), .open and .open --new
// (the file becomes the database), .clone, the -A/.archive modes,
// -init after the database, a file: URI database, .cd before a relative
// name, and any prefix of a command's name (.o, .tr, .op, .c). Each row
// is decided, then run with the real sqlite3 in a scratch home whose
// ~/.bashrc is a canary: a denied or asked row changes the canary (or
// creates ~/.profile) when run, which is what the decision prevents;
// a look-alike passes and leaves both alone.
func TestSQLiteFilesOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs sqlite3")
	}
	sqlite, err := exec.LookPath("sqlite3")
	if err != nil {
		t.Skip("sqlite3 is not installed")
	}
	const rc = "# canary rc\n"
	for _, tc := range []struct {
		name, cmd string
		want      Decision
		// setup runs (with sqlite3, in the project) before the check.
		setup []string
		files map[string]string
		// rcChanged: running it changes or removes ~/.bashrc; profile:
		// it creates ~/.profile; leaks: it prints the secret marker.
		rcChanged, profile, leaks bool
	}{
		{name: "open-new", cmd: `sqlite3 :memory: ".open --new {home}/.bashrc" "create table t(x)"`, want: Deny, rcChanged: true},
		{name: "open-prefix", cmd: `sqlite3 :memory: ".op {home}/.profile" "create table t(x)"`, want: Deny, profile: true},
		{name: "open-cmd", cmd: `sqlite3 -cmd ".open --new {home}/.bashrc" :memory: "create table t(x)"`, want: Deny, rcChanged: true},
		{name: "trace", cmd: "sqlite3 :memory: \".trace {home}/.bashrc\" \"pragma user_version /*\necho PWNED\n*/\"", want: Deny, rcChanged: true},
		{name: "trace-prefix", cmd: `sqlite3 :memory: ".t {home}/.bashrc" "select 1"`, want: Deny, rcChanged: true},
		{name: "clone", cmd: `sqlite3 :memory: "create table t(x)" ".clone {home}/.profile"`, want: Deny, profile: true},
		{name: "output-prefix", cmd: `sqlite3 :memory: ".o {home}/.bashrc" "select 'echo PWNED'"`, want: Deny, rcChanged: true},
		{name: "cd-then-output", cmd: `sqlite3 :memory: ".cd {home}" ".output .bashrc" "select 'echo PWNED'"`, want: Deny, rcChanged: true},
		{name: "archive-create", cmd: `sqlite3 -A -c -f {home}/.profile Makefile`, files: map[string]string{"Makefile": "all:\n"}, want: Deny, profile: true},
		{name: "archive-dot-create", cmd: `sqlite3 :memory: ".ar -cf {home}/.profile Makefile"`, files: map[string]string{"Makefile": "all:\n"}, want: Deny, profile: true},
		{name: "init-after-db", cmd: `sqlite3 :memory: -init i.sql "select 1"`, files: map[string]string{"i.sql": ".shell rm -f {home}/.bashrc\n"}, want: Deny, rcChanged: true},
		{name: "uri-database", cmd: `sqlite3 "file:{home}/.profile?mode=rwc" "create table t(x)"`, want: Deny, profile: true},
		{name: "attach-uri", cmd: `sqlite3 :memory: "attach 'file:{home}/.profile?mode=rwc' as a; create table a.t(x)"`, want: Deny, profile: true},
		// An archive whose first member is a link to the home directory
		// and whose second is .bashrc under it: extracted under out/,
		// sqlite3 writes ~/.bashrc through the link.
		{name: "archive-extract-link", cmd: `sqlite3 -A -x -f evil.sqlar -C out`, setup: []string{
			"sqlite3 -init /dev/null -A -c -f evil.sqlar Makefile",
			`sqlite3 -init /dev/null evil.sqlar "delete from sqlar; insert into sqlar values('l', 41471, 0, length('{home}'), cast('{home}' as blob)); insert into sqlar values('l/.bashrc', 33188, 0, 11, cast('echo PWNED' || char(10) as blob))"`,
			"mkdir out",
		}, files: map[string]string{"Makefile": "all:\n"}, want: Ask, rcChanged: true},
		// A secret database named as the database is printed.
		{name: "secret-database", cmd: `sqlite3 {home}/.mozilla/firefox/p.default/cookies.sqlite "select * from moz_cookies"`, setup: []string{
			"mkdir -p {home}/.mozilla/firefox/p.default",
			`sqlite3 -init /dev/null {home}/.mozilla/firefox/p.default/cookies.sqlite "create table moz_cookies(v); insert into moz_cookies values('` + secretMarker + `')"`,
		}, want: Deny, leaks: true},
		// Look-alikes.
		{name: "tables-look", cmd: `sqlite3 app.db .tables`, want: Allow},
		{name: "select-look", cmd: `sqlite3 app.db "select 1"`, want: Allow},
		{name: "output-look", cmd: `sqlite3 app.db ".output out.csv" "select 1"`, want: Allow},
		{name: "trace-stdout-look", cmd: `sqlite3 app.db ".trace stdout" "select 1"`, want: Allow},
		{name: "open-look", cmd: `sqlite3 :memory: ".open app.db" "create table t(x)"`, want: Allow},
		{name: "clone-look", cmd: `sqlite3 app.db "create table t(x)" ".clone backup.db"`, want: Allow},
		{name: "archive-look", cmd: `sqlite3 -A -c -f app.sqlar Makefile && sqlite3 -A -t -f app.sqlar`, files: map[string]string{"Makefile": "all:\n"}, want: Allow},
		{name: "cd-look", cmd: `mkdir -p sub && sqlite3 :memory: ".cd sub" ".output out.csv" "select 1"`, want: Allow},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := filepath.Join(t.TempDir(), "home")
			project := filepath.Join(home, "project")
			if err := os.MkdirAll(project, 0o755); err != nil {
				t.Fatal(err)
			}
			bashrc := filepath.Join(home, ".bashrc")
			if err := os.WriteFile(bashrc, []byte(rc), 0o644); err != nil {
				t.Fatal(err)
			}
			for name, content := range tc.files {
				if err := os.WriteFile(filepath.Join(project, name), []byte(strings.ReplaceAll(content, "{home}", home)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			env := append(os.Environ(), "HOME="+home, "PATH="+filepath.Dir(sqlite)+string(os.PathListSeparator)+os.Getenv("PATH"))
			for _, s := range tc.setup {
				c := exec.Command("bash", "-c", strings.ReplaceAll(s, "{home}", home))
				c.Dir, c.Env = project, env
				if out, err := c.CombinedOutput(); err != nil {
					t.Fatalf("setup %s: %v\n%s", s, err, out)
				}
			}
			cmd := strings.ReplaceAll(tc.cmd, "{home}", home)
			cfgEnv := map[string]string{"HOME": home, EnvProject: project}
			cfg, _ := NewConfig(func(k string) string { return cfgEnv[k] }, project)
			res := Check(cfg, cmd)
			if res.Decision != tc.want {
				t.Fatalf("decision = %s, want %s\ncmd: %s\nfindings: %+v", res.Decision, tc.want, cmd, res.Findings)
			}
			// Run it for real: sqlite3 reads ~/.sqliterc from the
			// account's passwd home, which the scratch home is not, so
			// the command is run as written.
			run := exec.Command("bash", "-c", cmd)
			run.Dir, run.Env = project, env
			run.Stdin = strings.NewReader("")
			done := make(chan struct{})
			var out []byte
			go func() { out, _ = run.CombinedOutput(); close(done) }()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				_ = run.Process.Kill()
				<-done
				t.Fatalf("command did not finish: %s", cmd)
			}
			now, err := os.ReadFile(bashrc)
			if changed := err != nil || !bytes.Equal(now, []byte(rc)); changed != tc.rcChanged {
				t.Errorf("~/.bashrc changed = %v, want %v (corral said %s)\ncmd: %s\noutput: %s", changed, tc.rcChanged, res.Decision, cmd, out)
			}
			if _, err := os.Stat(filepath.Join(home, ".profile")); (err == nil) != tc.profile {
				t.Errorf("~/.profile created = %v, want %v\ncmd: %s\noutput: %s", err == nil, tc.profile, cmd, out)
			}
			if leaked := strings.Contains(string(out), secretMarker); leaked != tc.leaks {
				t.Errorf("secret printed = %v, want %v\ncmd: %s\noutput: %s", leaked, tc.leaks, cmd, out)
			}
		})
	}
}
