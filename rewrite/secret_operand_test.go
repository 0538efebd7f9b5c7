package rewrite

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSecretOperand: a program corral has no reading of, given a secret
// that is on disk as an operand, may print it (python3, hd, melt, a
// compiler): ask. Look-alikes: the same secret as an option's value (a
// server's TLS key, docker's --env-file), a secret the program makes (not
// on disk yet), programs that do not show content (ls, chmod, sha256sum,
// ssh -i), and the readers secret-read judges (cat: deny).
func TestSecretOperand(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.env": "KEY=1", "home/.ssh/id_rsa": "k", "proj/tls/key.pem": "k"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"look '' .env", "deny"},     // secret-read's since rt5: look STRING FILE prints FILE's lines
		{"tsort .env", "deny"},       // secret-read's since secrets9: tsort prints every word
		{"m4 .env", "deny"},          // and m4 copies its input's text
		{"gcc -E -x c .env", "deny"}, // the preprocessor prints its input
		{"gcc -x c .env", "ask"},     // compiling: an error quotes the line
		{"hd -w80 .env", "ask"},      // -w80 holds its value: .env is an operand
		{"shuf .env", "deny"},        // a reader secret-read knows, with its options
		{"shuf -n1 .env", "deny"},
		{"sdiff -w80 .env x", "deny"}, // secret-read's since rt5, with its option table
		{"sdiff .env /dev/null", "deny"},
		{"php .env", "deny"},    // secret-read's: php prints text outside <?php as it is
		{"python3 .env", "ask"}, // a traceback shows the line it fails on
		{"python3 -m http.server -d ~/.ssh", "deny"},
		{"hd ~/.ssh/id_rsa", "ask"},
		{"melt ~/.ssh/id_rsa", "ask"},
		{"cat .env", "deny"},
		{"xargs -a .env echo", "ask"},
		{"parallel echo :::: .env", "ask"},
		{"cat /proc/$PPID/environ", "deny"},
		{"tr '\\0' '\\n' < /proc/$$/environ", "deny"},
		{"xargs -a files.txt echo", "allow"},
		{"cat /proc/$pid/status", "allow"},
		// A program corral has no table for, given a key by any option:
		// it may print, log or send it; gunicorn's --keyfile is a row of
		// keyUses (its TLS key), its log file is not.
		{"mytool --certfile tls/cert.pem --keyfile tls/key.pem app:app", "ask"},
		{"gunicorn --log-file tls/key.pem app:app", "ask"},
		{"gunicorn --certfile tls/cert.pem --keyfile tls/key.pem app:app", "allow"},
		// Look-alikes.
		{"docker run --env-file .env img", "allow"},
		{"ssh -i ~/.ssh/id_rsa host", "allow"},
		{"tomb forge new.key", "allow"},
		{"ls -la .env", "allow"},
		{"chmod 600 ~/.ssh/id_rsa", "allow"},
		{"sha256sum tls/key.pem", "allow"},
		{"shuf words.txt", "allow"},
	})
}

// TestSecretOptionValues: a secret named by any word of a program corral
// has no table for asks as an operand does, whatever the option before
// it or around it: -r .env may be a list whose bad lines are quoted,
// --input .env a text it prints, -k ~/.ssh/id_rsa or --key .env a key it
// may send. corral cannot tell a flag from an option that takes a value
// without the program's table, nor what the program does with the file.
// The attached forms (--opt=.env, Go's -key=.env, getopt's -k.env) are
// the same word. Interpreters running a script give it the words after
// it (python3, ruby, perl, php, node alike).
func TestSecretOptionValues(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.env": "KEY=1", "home/.ssh/id_rsa": "k", "home/.aws/credentials": "c",
		"proj/reqs.txt": "x", "proj/.env.example": "KEY=", "proj/app.py": "print(1)", "proj/app.rb": "puts 1",
		"proj/app.pl": "print 1", "proj/app.php": "<?php echo 1;", "proj/app.js": "1", "proj/app.lua": "print(1)"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"mytool -r .env", "ask"},
		{"mytool --input .env", "ask"},
		{"mytool --input=.env", "ask"},
		{"mytool --config ~/.aws/credentials", "ask"},
		{"mytool -F .env", "ask"},
		{"mytool --verbose .env", "ask"}, // a flag: .env is its operand
		{"uv pip install -r .env", "ask"},
		{"mycli -k ~/.ssh/id_rsa", "ask"},
		{"tool --key .env", "ask"},
		{"mytool --key-file ~/.ssh/id_rsa", "ask"},
		{"mytool --private-key=~/.ssh/id_rsa host", "ask"},
		{"mytool -i ~/.ssh/id_rsa host", "ask"},
		{"mytool -e .env", "ask"},
		{"mytool -c .env", "ask"},
		{"mytool --env-file .env", "ask"},
		{"mytool --credentials-file ~/.aws/credentials", "ask"},
		{"mytool -k.env", "ask"},
		{"mytool -key=.env", "ask"},
		{"mytool --key=.env", "ask"},
		{"python3 app.py .env", "ask"},
		{"ruby app.rb .env", "ask"},
		{"perl app.pl --in .env", "ask"},
		{"php app.php .env", "ask"},
		{"node app.js --file=.env", "ask"},
		{"lua app.lua .env", "ask"},
		// Look-alikes: no secret, a file the program makes (not on disk
		// yet), programs that do not show content, and the readers
		// secret-read judges with their own tables.
		{"mytool -r reqs.txt", "allow"},
		{"mytool -k .env.example", "allow"},
		{"mytool -xenv", "allow"},
		{"ruby app.rb .env.example", "allow"},
		{"python3 app.py --config reqs.txt", "allow"},
		{"ls .env", "allow"},
		{"test -f .env", "allow"},
		{"stat .env", "allow"},
		{"git add .env.example", "allow"},
		{"grep -l KEY .env.example", "allow"},
		{"vim app.py", "allow"},
		{"ssh -i ~/.ssh/id_rsa host", "allow"},
		{"certtool --generate-privkey --outfile new.key", "allow"},
		{"gmssl sm2 -genkey -out new.pem", "allow"},
		// Env loaders (a table): the file is the program's configuration.
		{"flask --env-file .env run", "allow"},
		{"uvicorn app:app --env-file .env", "allow"},
		{"op run --env-file=.env -- node app.js", "allow"},
		{"node --env-file=.env server.js", "allow"},
		{"npx dotenv-cli -e .env -- npm start", "allow"},
		{"uvicorn app:app --ssl-keyfile .env", "allow"}, // loads it as its TLS key: keyUses
		{"mytool - .env.example", "allow"},
		{"mytool -- -", "allow"},
		{"mytool --= .env.example", "allow"},
		{"php .env", "deny"}, // secret-read's: php prints text outside <?php
		{"perl -ne print .env", "deny"},
	})
}

// TestContainerfileSecret: the file a build names as its Dockerfile is
// parsed as one, and the builder's error quotes each line that is no
// instruction (unknown instruction: KEY=value): a secret there asks, as
// python3 .env does. Look-alikes: a real Dockerfile, the example env
// file, a Dockerfile on stdin, docker run's env file (its parser quotes
// only a variable's name: TestDockerRunEnvFileQuotesNames).
func TestContainerfileSecret(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.env": "KEY=1", "home/.ssh/id_rsa": "k", "proj/Dockerfile": "FROM scratch",
		"proj/.env.example": "KEY="})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"docker build -f .env .", "ask"},
		{"docker build --file=.env .", "ask"},
		{"docker build -f.env .", "ask"},
		{"docker buildx build -f ~/.ssh/id_rsa .", "ask"},
		{"docker image build -t x -f .env .", "ask"},
		{"docker -H unix:///run/d.sock build -f .env .", "ask"},
		{"podman build -f .env .", "ask"},
		{"buildah bud -f .env .", "ask"},
		// Look-alikes.
		{"docker build -f Dockerfile .", "allow"},
		{"docker build -t app .", "allow"},
		{"docker build -f .env.example .", "allow"},
		{"docker build -f - .", "allow"},
		{"docker run --env-file .env img", "allow"},
		{"docker compose --env-file .env up -d", "allow"},
		{"podman run --env-file .env img", "allow"},
	})
}

// TestDockerRunEnvFileQuotesNames runs the installed docker client on an
// env file that is no env file (a key's lines): its parser, which runs
// before the daemon is reached, quotes the first variable name with a
// blank (the key's header line) and nothing after it, so docker run
// --env-file shows no value and is not a read.
func TestDockerRunEnvFileQuotesNames(t *testing.T) {
	t.Parallel()
	docker, err := exec.LookPath("docker")
	if err != nil {
		t.Skip("no docker client")
	}
	dir := t.TempDir()
	key := filepath.Join(dir, "id_rsa")
	if err := os.WriteFile(key, []byte("-----BEGIN OPENSSH PRIVATE KEY-----\nCANARYb64body\nCANARY second line\n-----END OPENSSH PRIVATE KEY-----\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, docker, "run", "--env-file", key, "corral-test-no-such-image")
	cmd.Env = append(os.Environ(), "DOCKER_HOST=unix://"+filepath.Join(dir, "no.sock"))
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "invalid env file") {
		t.Skipf("this docker client does not parse the env file first: %s", out)
	}
	if strings.Contains(string(out), "CANARY") {
		t.Errorf("docker run --env-file printed a line of the file: %s", out)
	}
}
