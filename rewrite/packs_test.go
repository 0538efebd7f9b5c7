package rewrite

import (
	"strings"
	"testing"
)

func TestPacksLoad(t *testing.T) {
	t.Parallel()
	if _, err := loadPacks(); err != nil {
		t.Fatal(err)
	}
	want := []string{"aws", "azure", "databases", "gcloud", "kubernetes", "pulumi", "terraform"}
	var got []string
	for _, p := range Packs() {
		got = append(got, p.Name)
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("packs %v, want %v", got, want)
	}
	if err := CheckPacks([]string{"aws", "all"}); err != nil {
		t.Error(err)
	}
	if err := CheckPacks([]string{"terrafrom"}); err == nil || !strings.Contains(err.Error(), "terraform") {
		t.Errorf("a misspelt pack: %v", err)
	}
	for _, bad := range []string{
		`{"name":"x","doc":"d","entries":[{"programs":["x"],"decision":"allow","message":"m"}]}`,
		`{"name":"x","doc":"d","entries":[{"programs":["x"],"decision":"ask"}]}`,
		`{"name":"x","doc":"d","entries":[{"programs":["x"],"decision":"ask","message":"m","extra":1}]}`,
		`{"name":"x","doc":"d","entries":[{"programs":["x"],"decision":"ask","message":"m","text":{"options":["c"]}}]}`,
		`{"name":"x","doc":"d","entries":[{"programs":["x"],"decision":"ask","message":"m","text":{"regex":"("}}]}`,
	} {
		if _, err := parsePack([]byte(bad)); err == nil {
			t.Errorf("parsePack accepted %s", bad)
		}
	}
}

// TestPacks runs commands with every pack enabled: each guarded shape
// asks or denies and names its pack; look-alikes (dry runs, help, reads,
// SQL that only mentions DROP in a string) pass. With no pack enabled,
// nothing here is acted on by a pack.
func TestPacks(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cmd, pack string // pack "" when it must pass
		deny      bool
	}{
		{"terraform destroy", "terraform", false},
		{"terraform -chdir=infra destroy -auto-approve", "terraform", false},
		{"tofu apply -destroy -auto-approve", "terraform", false},
		{"terraform apply -var 'destroy=true'", "", false},
		{"terraform state rm aws_instance.web", "terraform", false},
		{"terraform workspace delete staging", "terraform", false},
		{"terraform plan", "", false},
		{"terraform destroy -help", "", false},
		{"pulumi destroy --yes", "terraform" /* replaced below */, false},
		{"pulumi destroy --preview-only", "", false},
		{"pulumi stack rm dev", "pulumi", false},
		{"aws s3 rm s3://bucket/prefix --recursive", "aws", false},
		{"aws --profile prod --region eu-west-1 s3 rm s3://b --recursive", "aws", false},
		{"aws s3 rm s3://b/one-file", "", false},
		{"aws s3 rm s3://b --recursive --dryrun", "", false},
		{"aws s3 rb s3://b --force", "aws", false},
		{"aws ec2 terminate-instances --instance-ids i-1", "aws", false},
		{"aws ec2 describe-instances", "", false},
		{"aws rds delete-db-instance --db-instance-identifier x", "aws", false},
		{"aws iam delete-user --user-name bob", "aws", false},
		{"aws cloudformation delete-stack --stack-name s", "aws", false},
		{"sudo aws s3 rm s3://b --recursive", "aws", false},
		{"gcloud compute instances delete vm-1 --zone us-east1-b", "gcloud", false},
		{"gcloud --project p projects delete p", "gcloud", false},
		{"gcloud compute instances list", "", false},
		{"az group delete --name rg --yes", "azure", false},
		{"az -o table vm list", "", false},
		{"kubectl delete ns prod", "kubernetes", true},
		{"kubectl -n x delete namespace prod", "kubernetes", true},
		{"kubectl delete pods --all -n prod", "kubernetes", true},
		{"kubectl delete ns prod --dry-run=client", "", false},
		{"kubectl get ns", "", false},
		{"helm uninstall web -n prod", "kubernetes", false},
		{"helm list", "", false},
		{"kubectl scale deploy/web --replicas=0", "kubernetes", false},
		{"kubectl -n prod scale --replicas 0 statefulset db", "kubernetes", false},
		{"kubectl scale deploy/web --replicas=3", "", false},
		{"kubectl scale deploy/web --replicas=0 --dry-run=client", "", false},
		{"kubectl replace --force -f web.yaml", "kubernetes", false},
		{"kubectl replace -f web.yaml", "", false},
		{"kubectl apply --prune -l app=web -f dir/", "kubernetes", false},
		{"kubectl apply -f web.yaml", "", false},
		{"kubectl cordon node-1", "", false},
		{"helm rollback web 3 -n prod", "kubernetes", false},
		{"helm history web", "", false},
		{"dropdb prod", "databases", false},
		{`psql -h db -c "DROP TABLE users"`, "databases", false},
		{`psql -c 'DELETE FROM users'`, "databases", false},
		{`psql -c 'delete from users where id = 3'`, "", false},
		{`psql -c "select 'DROP TABLE x' as note"`, "", false},
		{`psql -c 'SELECT 1; -- DROP TABLE x'`, "", false},
		{"psql mydb <<'SQL'\nTRUNCATE events;\nSQL", "databases", false},
		{"psql mydb <<'SQL'\nSELECT count(*) FROM events;\nSQL", "", false},
		{`mysql -u root -e "drop database shop"`, "databases", false},
		{`mysql -u root -e "show databases"`, "", false},
		{`sqlite3 app.db "UPDATE users SET admin = 1"`, "databases", false},
		{`sqlite3 app.db ".tables"`, "", false},
		{"redis-cli -h cache FLUSHALL", "databases", false},
		{"redis-cli flushdb", "databases", false},
		{"redis-cli GET key", "", false},
		{`mongosh --eval 'db.getSiblingDB("x").dropDatabase()'`, "databases", false},
		{`mongosh --eval 'db.users.find()'`, "", false},
		{`echo "terraform destroy"`, "", false},
	}
	tests[8].pack = "pulumi"
	cfg := testConfig()
	cfg.Packs = []string{"all"}
	off := testConfig()
	for _, tc := range tests {
		r := Check(cfg, tc.cmd)
		var pack *Finding
		for i, f := range r.Findings {
			if f.Rule == "pack" {
				pack = &r.Findings[i]
			}
		}
		switch {
		case tc.pack == "" && pack != nil:
			t.Errorf("%q: the %s", tc.cmd, pack.Message)
		case tc.pack != "" && pack == nil:
			t.Errorf("%q: no pack finding (decision %s)", tc.cmd, r.Decision)
		case tc.pack != "" && !strings.HasPrefix(pack.Message, tc.pack+" pack: "):
			t.Errorf("%q: finding %q does not name the %s pack", tc.cmd, pack.Message, tc.pack)
		case tc.pack != "" && (pack.Decision == Deny) != tc.deny:
			t.Errorf("%q: pack decision %s", tc.cmd, pack.Decision)
		}
		for _, f := range Check(off, tc.cmd).Findings {
			if f.Rule == "pack" {
				t.Errorf("%q: a pack acted with no pack enabled", tc.cmd)
			}
		}
	}
}

func TestDestructiveSQL(t *testing.T) {
	t.Parallel()
	for sql, want := range map[string]bool{
		"DROP TABLE x":                           true,
		"drop database shop;":                    true,
		"TRUNCATE events":                        true,
		"DELETE FROM users":                      true,
		"DELETE FROM users WHERE id = 1":         false,
		"UPDATE users SET a = 1":                 true,
		"update users set a = 1 where id = 2;":   false,
		"SELECT 'DROP TABLE x'":                  false,
		"SELECT 1 /* DROP TABLE x */":            false,
		"SELECT 1; -- TRUNCATE x":                false,
		"SELECT 1; DROP TABLE x":                 true,
		`SELECT "drop" FROM t`:                   false,
		"INSERT INTO log VALUES ('DELETE FROM')": false,
		"":                                       false,
	} {
		if got := destructiveSQL(sql); got != want {
			t.Errorf("destructiveSQL(%q) = %v, want %v", sql, got, want)
		}
	}
}
