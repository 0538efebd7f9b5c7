package audit

import (
	"strings"
	"testing"
)

// Fake secrets in the shapes Redact knows. None of them is real.
const (
	fakeGHP    = "ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
	fakePAT    = "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"
	fakeGLPAT  = "glpat-AbCdEf0123456789xyz"
	fakeOpenAI = "sk-proj-AbCdEf0123456789GhIjKlMn"
	fakeAnthro = "sk-ant-api03-AbCdEf0123456789GhIjKlMnOp"
	fakeStripe = "sk_live_AbCdEf0123456789Gh"
	fakeSlack  = "xoxb-123456789012-1234567890123-AbCdEfGhIjKl"
	fakeAWS    = "AKIAIOSFODNN7EXAMPLE"
	fakeGoogle = "AIzaSyAbCdEf0123456789GhIjKlMnOpQrStUvW"
	fakeNPM    = "npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
	fakeHF     = "hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567"
	fakeJWT    = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
	fakeHex40  = "0123456789abcdef0123456789abcdef01234567"
)

// redactTests are the cases of TestRedact and the seeds of FuzzRedact.
var redactTests = []struct {
	name, in, want string
}{
	// URLs.
	{"url user and password", "git clone https://alice:hunter2@github.com/a/b.git", "git clone https://alice:[REDACTED]@github.com/a/b.git"},
	{"url token as password", "git clone https://x-access-token:" + fakeGHP + "@github.com/a/b", "git clone https://x-access-token:[REDACTED]@github.com/a/b"},
	{"url token as user", "git clone https://" + fakeGHP + "@github.com/a/b", "git clone https://[REDACTED]@github.com/a/b"},
	{"url hex token as user", "git remote add o https://" + fakeHex40 + "@github.com/a/b", "git remote add o https://[REDACTED]@github.com/a/b"},
	{"url oauth2 gitlab", "git push https://oauth2:" + fakeGLPAT + "@gitlab.com/g/p.git", "git push https://oauth2:[REDACTED]@gitlab.com/g/p.git"},
	{"url database", "psql postgres://app:s3cr3t@db:5432/app", "psql postgres://app:[REDACTED]@db:5432/app"},
	{"url password with at sign", "curl https://bob:p@ss@example.com/x", "curl https://bob:[REDACTED]@example.com/x"},
	{"url quoted", `curl "https://bob:pw@example.com/x?y=1"`, `curl "https://bob:[REDACTED]@example.com/x?y=1"`},
	{"url two in one command", "a https://u:p1@h1/ b https://v:p2@h2/", "a https://u:[REDACTED]@h1/ b https://v:[REDACTED]@h2/"},
	{"url ipv6 host", "curl http://u:pw@[::1]:8080/", "curl http://u:[REDACTED]@[::1]:8080/"},

	// Headers and bearer tokens.
	{"authorization bearer", `curl -H "Authorization: Bearer abc.def.ghi" https://api`, `curl -H "Authorization: Bearer [REDACTED]" https://api`},
	{"authorization basic single quotes", `curl -H 'Authorization: Basic YWxpY2U6c2VjcmV0' u`, `curl -H 'Authorization: Basic [REDACTED]' u`},
	{"authorization token scheme", `gh api -H "authorization: token ` + fakeGHP + `" /user`, `gh api -H "authorization: token [REDACTED]" /user`},
	{"authorization no space", `curl -H "Authorization:Bearer abc123xyz" u`, `curl -H "Authorization:Bearer [REDACTED]" u`},
	{"api key header", `curl -H 'X-Api-Key: 12345abcde' u`, `curl -H 'X-Api-Key: [REDACTED]' u`},
	{"private token header", `curl --header "PRIVATE-TOKEN: abcdef" https://gitlab`, `curl --header "PRIVATE-TOKEN: [REDACTED]" https://gitlab`},
	{"cookie header", `curl -H "Cookie: session=abc; csrftoken=def" u`, `curl -H "Cookie: [REDACTED]" u`},
	{"bearer alone", "send it with Bearer abc123def456 now", "send it with Bearer [REDACTED] now"},
	{"bearer jwt", "wscat -H bearer\t" + fakeJWT, "wscat -H bearer\t[REDACTED]"},

	// Flags.
	{"curl -u", "curl -u alice:s3cret https://x", "curl -u alice:[REDACTED] https://x"},
	{"curl -u attached", "curl -ualice:s3cret https://x", "curl -ualice:[REDACTED] https://x"},
	{"curl --user quoted", "curl -s --user 'alice:s3cret' https://x", "curl -s --user 'alice:[REDACTED]' https://x"},
	{"curl --user=", "curl --user=alice:s3cret https://x", "curl --user=alice:[REDACTED] https://x"},
	{"curl proxy user", "/usr/bin/curl -U proxy:pw https://x", "/usr/bin/curl -U proxy:[REDACTED] https://x"},
	{"mysql -p", "mysql -u root -pS3cret db", "mysql -u root -p[REDACTED] db"},
	{"mysql -p quoted", "mysql -uroot -p'pa ss' -e 'select 1'", "mysql -uroot -p'[REDACTED]' -e 'select 1'"},
	{"mysqldump -p later", "mysqldump -h db -p -uroot -pS3cret app > dump.sql", "mysqldump -h db -p -uroot -p[REDACTED] app > dump.sql"},
	{"mysql in docker exec", "docker exec db mysql -uroot -ps3cret", "docker exec db mysql -uroot -p[REDACTED]"},
	{"mariadb -p", "/usr/bin/mariadb -pS3cret", "/usr/bin/mariadb -p[REDACTED]"},
	{"--password=", "pg_dump --password=abc app", "pg_dump --password=[REDACTED] app"},
	{"--password value", "mysql --password S3cret app", "mysql --password [REDACTED] app"},
	{"--password quoted value", `mysql --password "two words" app`, `mysql --password "[REDACTED]" app`},
	{"--token value", "kubectl --token abc123 get pods", "kubectl --token [REDACTED] get pods"},
	{"--api-key value", "tool --api-key k-123 run", "tool --api-key [REDACTED] run"},
	{"--client-secret value", "az login --client-secret abc --tenant t", "az login --client-secret [REDACTED] --tenant t"},
	{"sshpass -p", "sshpass -p S3cret ssh host", "sshpass -p [REDACTED] ssh host"},
	{"sshpass -p attached", "sshpass -pS3cret ssh host", "sshpass -p[REDACTED] ssh host"},
	{"redis-cli -a", "redis-cli -h r -a S3cret ping", "redis-cli -h r -a [REDACTED] ping"},
	{"docker login -p", "docker login -u me -p S3cret registry.io", "docker login -u me -p [REDACTED] registry.io"},
	{"helm registry login", "helm registry login r.io -u me -p=S3cret", "helm registry login r.io -u me -p=[REDACTED]"},

	// NAME=value and query parameters.
	{"env token", "GITHUB_TOKEN=" + fakeGHP + " gh pr list", "GITHUB_TOKEN=[REDACTED] gh pr list"},
	{"export api key", "export OPENAI_API_KEY=" + fakeOpenAI, "export OPENAI_API_KEY=[REDACTED]"},
	{"aws secret", "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG aws s3 ls", "AWS_SECRET_ACCESS_KEY=[REDACTED] aws s3 ls"},
	{"quoted env", `export DB_PASSWORD="p4ss word"; run`, `export DB_PASSWORD="[REDACTED]"; run`},
	{"single quoted env", "PGPASSWORD='p4ss' psql", "PGPASSWORD='[REDACTED]' psql"},
	{"mysql pwd", "MYSQL_PWD=S3cret mysql", "MYSQL_PWD=[REDACTED] mysql"},
	{"query access token", "curl 'https://x/api?access_token=abc123&x=1'", "curl 'https://x/api?access_token=[REDACTED]&x=1'"},
	{"query token and api key", "curl 'https://x/?token=a1&api_key=b2&page=3'", "curl 'https://x/?token=[REDACTED]&api_key=[REDACTED]&page=3'"},
	{"npmrc auth token", "npm config set //registry.npmjs.org/:_authToken=abc123", "npm config set //registry.npmjs.org/:_authToken=[REDACTED]"},
	{"kubectl from-literal", "kubectl create secret generic db --from-literal=password=S3cret", "kubectl create secret generic db --from-literal=password=[REDACTED]"},
	{"dotted key", "git config --global credential.token=abc", "git config --global credential.token=[REDACTED]"},

	// JSON bodies.
	{"json password", `curl -d '{"user":"a","password":"S3cret"}' u`, `curl -d '{"user":"a","password":"[REDACTED]"}' u`},
	{"json api key spaced", `http POST u <<< '{"api_key": "k123", "n": 1}'`, `http POST u <<< '{"api_key": "[REDACTED]", "n": 1}'`},
	{"json escaped in shell string", `curl -d "{\"token\":\"abc\"}" u`, `curl -d "{\"token\":\"[REDACTED]\"}" u`},
	{"json headers", `requests.get(u, headers={"Authorization": "Bearer abc123def"})`, `requests.get(u, headers={"Authorization": "[REDACTED]"})`},
	{"json escaped quote in value", `{"secret":"a\"b","x":1}`, `{"secret":"[REDACTED]","x":1}`},

	// Token shapes anywhere.
	{"github classic", "echo " + fakeGHP, "echo [REDACTED]"},
	{"github fine grained", "gh auth login --with-token <<< " + fakePAT, "gh auth login --with-token <<< [REDACTED]"},
	{"gitlab", "glab auth login -t " + fakeGLPAT, "glab auth login -t [REDACTED]"},
	{"openai", "llm keys set openai " + fakeOpenAI, "llm keys set openai [REDACTED]"},
	{"anthropic", "echo " + fakeAnthro + " | pbcopy", "echo [REDACTED] | pbcopy"},
	{"stripe", "stripe login --api " + fakeStripe, "stripe login --api [REDACTED]"},
	{"slack", "echo xoxb token " + fakeSlack, "echo xoxb token [REDACTED]"},
	{"aws key id", "aws s3 ls # " + fakeAWS, "aws s3 ls # [REDACTED]"},
	{"google", "curl u?key=" + fakeGoogle, "curl u?key=[REDACTED]"},
	{"npm", "echo " + fakeNPM + " > ~/.npmrc", "echo [REDACTED] > ~/.npmrc"},
	{"huggingface", "huggingface-cli login " + fakeHF, "huggingface-cli login [REDACTED]"},
	{"jwt", "echo " + fakeJWT, "echo [REDACTED]"},
	{"private key", "cat > id <<EOF\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\nEOF",
		"cat > id <<EOF\n-----BEGIN OPENSSH PRIVATE KEY-----[REDACTED]-----END OPENSSH PRIVATE KEY-----\nEOF"},
	{"private key cut short", "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKC", "-----BEGIN RSA PRIVATE KEY-----[REDACTED]"},
	{"several secrets", "TOKEN=abc curl -u a:b -H 'Authorization: Bearer xyz12345' https://u:p@h", "TOKEN=[REDACTED] curl -u a:[REDACTED] -H 'Authorization: Bearer [REDACTED]' https://u:[REDACTED]@h"},

	// Ordinary text is left alone.
	{"plain url", "git clone https://github.com/a/b.git", ""},
	{"ssh user in url", "git clone ssh://git@github.com/a/b.git", ""},
	{"short user in url", "git clone https://alice@github.com/a/b.git", ""},
	{"url with @ in path", "curl https://example.com/@alice/feed", ""},
	{"url with @ in query", "curl 'https://example.com/?mail=a@b.c'", ""},
	{"empty url password", "curl https://alice:@example.com/", ""},
	{"build commands", "rm -rf build && npm install && go test ./...", ""},
	{"mkdir -p", "mkdir -p dir/sub && cp -p a b", ""},
	{"grep -p", "grep -p pattern file", ""},
	{"ssh", "ssh user@host -p 2222", ""},
	{"scp", "scp file user@host:/tmp", ""},
	{"git push -u", "git push -u origin main:main", ""},
	{"docker -u", "docker run -u 1000:1000 -p 8080:80 img", ""},
	{"english password", "echo password is asked at login", ""},
	{"english bearer", "the bearer instrument is payable", ""},
	{"grep for the word token", `grep -rn "token" src/`, ""},
	{"grep for password=", `grep "password=" config.ini`, ""},
	{"grep for password= then quotes", `grep "password=" a.ini && echo "done"`, ""},
	{"grep for header", `grep -rn "Authorization: Bearer" src/`, ""},
	{"grep for header no value", `grep "Authorization:" log`, ""},
	{"variable reference", `curl -H "Authorization: Bearer $TOKEN" -u "$USER:$PASS" u`, `curl -H "Authorization: Bearer $TOKEN" -u "$USER:$PASS" u`},
	{"variable assignment", `GITHUB_TOKEN=$GH_TOKEN gh pr list; TOKEN="${T}" x`, ""},
	{"command substitution", "export TOKEN=$(cat ~/.token)", ""},
	{"password from stdin", "docker login --password-stdin -u me < pw.txt", ""},
	{"with-token from file", "gh auth login --with-token < token.txt", ""},
	{"max tokens", "llm --max-tokens 100 --temperature 0.2", ""},
	{"tokenizer env", "TOKENIZERS_PARALLELISM=false python train.py", ""},
	{"password file env", "PASSWORD_FILE=/run/secrets/db app", ""},
	{"scikit-learn", "pip install scikit-learn sk-video", ""},
	{"sk- package name", "npm install sk-some-long-package-name-here", ""},
	{"word with AKIA", "echo AKIAABCDEFGHIJKLMNOP", ""},
	{"already redacted", "curl -u a:[REDACTED] https://u:[REDACTED]@h", ""},
	{"unicode", "echo 'héllo wörld' > ünï.txt", ""},
	{"empty", "", ""},
}

func TestRedact(t *testing.T) {
	t.Parallel()
	for _, tt := range redactTests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			want := tt.want
			if want == "" {
				want = tt.in
			}
			got := Redact(tt.in)
			if got != want {
				t.Errorf("Redact(%q)\n got %q\nwant %q", tt.in, got, want)
			}
			if again := Redact(got); again != got {
				t.Errorf("Redact is not idempotent on %q:\n got %q", got, again)
			}
		})
	}
}

// TestRedactRemovesFakeSecrets checks that no fake secret survives
// anywhere in the table's outputs.
func TestRedactRemovesFakeSecrets(t *testing.T) {
	t.Parallel()
	secrets := []string{fakeGHP, fakePAT, fakeGLPAT, fakeOpenAI, fakeAnthro, fakeStripe, fakeSlack, fakeAWS, fakeGoogle, fakeNPM, fakeHF, fakeJWT, fakeHex40,
		"hunter2", "s3cr3t", "S3cret", "abc.def.ghi", "YWxpY2U6c2VjcmV0", "wJalrXUtnFEMI", "p4ss", "b3BlbnNzaC1rZXkt", "MIIEpAIBAAKC"}
	for _, tt := range redactTests {
		got := Redact(tt.in)
		for _, secret := range secrets {
			if strings.Contains(got, secret) {
				t.Errorf("Redact(%q) = %q still holds %q", tt.in, got, secret)
			}
		}
	}
}

func FuzzRedact(f *testing.F) {
	for _, tt := range redactTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Redact(s)
		if again := Redact(s); again != got {
			t.Fatalf("Redact is not deterministic on %q: %q then %q", s, got, again)
		}
		if again := Redact(got); again != got {
			t.Fatalf("Redact is not idempotent on %q:\n once  %q\n twice %q", s, got, again)
		}
		if !strings.Contains(got, Redacted) && got != s {
			t.Fatalf("Redact changed %q to %q without redacting anything", s, got)
		}
	})
}

func BenchmarkRedact(b *testing.B) {
	cmd := `cd /work/app && GITHUB_TOKEN=` + fakeGHP + ` curl -fsSL -H "Authorization: Bearer abc123def" https://u:p@example.com/x | tar -xz -C build && go test ./...`
	Redact(cmd) // compile the patterns outside the loop
	b.ReportAllocs()
	for b.Loop() {
		Redact(cmd)
	}
}

func BenchmarkRedactOrdinary(b *testing.B) {
	cmd := `cd /work/app && rm -rf build && go build -o bin/app ./cmd/app && ./bin/app --config config.yaml --verbose | tee out.log`
	Redact(cmd)
	b.ReportAllocs()
	for b.Loop() {
		if Redact(cmd) != cmd {
			b.Fatal("an ordinary command was changed")
		}
	}
}

// TestRedactionsCompile compiles every expression, which Redact otherwise
// does only for text that passes the expression's need.
func TestRedactionsCompile(t *testing.T) {
	t.Parallel()
	for i, r := range redactions.Get() {
		if r.re() == nil {
			t.Errorf("redaction %d has no expression", i)
		}
	}
}
