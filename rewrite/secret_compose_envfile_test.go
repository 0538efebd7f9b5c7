package rewrite

import "testing"

// TestComposeEnvFile: compose's --env-file interpolates the compose
// file. config (convert) prints the compose file with the values in it:
// a read of a secret given so. Any other subcommand uses the values,
// unless the file is no env file: compose's parser then quotes the text
// from the first bad line on (a key's header, an ini section), a read.
// A valid env file given to up, a file not there and a file that is no
// secret pass; docker run --env-file with a command that prints the
// environment is still a read.
func TestComposeEnvFile(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.env":                 "API_KEY=sk-CANARY\n# comment\nexport DB_HOST=db\nQUOTED=\"a b\"\nINHERITED\n",
		"proj/.env.bad":             "API_KEY=1\nAPI-TOKEN=CANARY\n",
		"proj/.env.open":            "API_KEY=\"CANARY\n",
		"home/.ssh/id_rsa":          "-----BEGIN OPENSSH PRIVATE KEY-----\nCANARY\n-----END OPENSSH PRIVATE KEY-----\n",
		"home/.aws/credentials":     "[default]\naws_secret_access_key = CANARY\n",
		"proj/settings.env.example": "X=1\n",
		"proj/compose.yaml":         "services: {}\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"docker compose --env-file .env config", "deny"},
		{"docker compose config --env-file .env", "deny"},
		{"docker compose config --format json --env-file=.env", "deny"},
		{"docker compose --env-file=.env convert", "deny"},
		{"docker-compose --env-file .env config", "deny"},
		{"podman compose --env-file .env config --services", "deny"},
		{"docker compose --env-file ~/.ssh/id_rsa up -d", "deny"},
		{"docker compose --env-file ~/.aws/credentials up", "deny"},
		{"docker-compose --env-file ~/.ssh/id_rsa ps", "deny"},
		{"docker compose --env-file .env.bad up", "deny"},
		{"docker compose --env-file .env.open up", "deny"},
		{"docker run --env-file .env img env", "deny"},
		// Uses: an env file compose parses, a file not there, no secret.
		{"docker compose --env-file .env up -d", "allow"},
		{"docker-compose --env-file .env up", "allow"},
		{"docker compose --env-file .env.missing up", "allow"},
		{"docker compose --env-file settings.env.example config", "allow"},
		{"docker compose config", "allow"},
		{"docker compose config --env-file settings.env.example", "allow"},
		// Validation and the file as written print no value.
		{"docker compose --env-file .env config -q", "allow"},
		{"docker compose --env-file .env config --no-interpolate", "allow"},
		{"docker compose --env-file ~/.ssh/id_rsa config -q", "deny"},
		{"docker compose up", "allow"},
		{"docker run --env-file .env img", "allow"},
	})
}

// TestComposeEnvQuotes reads text as compose-go's dotenv parser does.
func TestComposeEnvQuotes(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]bool{
		"A=1\nB=2\n":                        false,
		"export A=1\n  # c\n\nB: 2\n":       false,
		"A.b_c=1\nINHERIT\nQ='x\ny'\n":      false,
		"A B=1\n-----BEGIN\n":               false, // "key cannot contain a space" stops first
		"-----BEGIN RSA PRIVATE KEY-----\n": true,
		"[default]\nkey = v\n":              true,
		"A=1\nB-C=2\n":                      true,
		"A=\"open\n":                        true,
		"{\"k\": \"v\"}":                    true,
		"":                                  false,
	} {
		if got := composeEnvQuotes([]byte(text)); got != want {
			t.Errorf("composeEnvQuotes(%q) = %v, want %v", text, got, want)
		}
	}
}
