package rewrite

import "testing"

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
		// Look-alikes.
		{"gunicorn --certfile tls/cert.pem --keyfile tls/key.pem app:app", "allow"},
		{"docker run --env-file .env img", "allow"},
		{"ssh -i ~/.ssh/id_rsa host", "allow"},
		{"tomb forge new.key", "allow"},
		{"ls -la .env", "allow"},
		{"chmod 600 ~/.ssh/id_rsa", "allow"},
		{"sha256sum tls/key.pem", "allow"},
		{"shuf words.txt", "allow"},
	})
}

// TestSecretOptionValues: a secret named by an option of a program corral
// has no reading of asks as an operand does (-r .env may be a list whose
// bad lines are quoted, --input .env a text it prints), unless the
// option's name says the program uses the file: a key, certificate or
// identity, credentials, an environment for a process.
func TestSecretOptionValues(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.env": "KEY=1", "home/.ssh/id_rsa": "k", "home/.aws/credentials": "c", "proj/reqs.txt": "x"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"mytool -r .env", "ask"},
		{"mytool --input .env", "ask"},
		{"mytool --input=.env", "ask"},
		{"mytool --config ~/.aws/credentials", "ask"},
		{"mytool -F .env", "ask"},
		{"mytool --verbose .env", "ask"}, // a flag: .env is its operand
		{"uv pip install -r .env", "ask"},
		// Look-alikes: files the program uses, and no secret.
		{"mytool --key-file ~/.ssh/id_rsa", "allow"},
		{"mytool --private-key=~/.ssh/id_rsa host", "allow"},
		{"mytool -i ~/.ssh/id_rsa host", "allow"},
		{"mytool --env-file .env", "allow"},
		{"mytool --credentials-file ~/.aws/credentials", "allow"},
		{"mytool -r reqs.txt", "allow"},
		// tldr: the key a program makes or signs with.
		{"certtool --generate-privkey --outfile ~/.ssh/id_rsa", "allow"},
		{"gmssl sm2 -genkey -out ~/.ssh/id_rsa", "allow"},
		{"bundletool build-apks --bundle b.aab --ks ~/.ssh/id_rsa --output f.apks", "allow"},
		{"mytool - .env.example", "allow"},
		{"mytool -- -", "allow"},
		{"mytool --= .env.example", "allow"},
	})
}
