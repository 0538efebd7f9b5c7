package rewrite

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

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

// TestComposeFileEnv: what the compose file itself brings in. config
// prints it resolved: each service's env_file variables in its
// environment, and each ${…} (or environment name given no value) filled
// from the project directory's .env. run and exec of a command that
// prints the environment print the service's env_file variables, run's
// --env-from-file and the values its environment entries take. A compose
// file that takes nothing from .env, a .env that is not there, config
// -q, a service's own program and another service pass.
func TestComposeFileEnv(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.env":                 "API_KEY=sk-CANARY\n",
		"proj/app.env":              "X=1\n",
		"proj/compose.yaml":         "services:\n  web:\n    image: nginx\n    environment:\n      API_KEY: ${API_KEY}\n  db:\n    image: postgres\n",
		"proj/files/compose.yml":    "services:\n  web:\n    image: nginx\n    env_file:\n      - ../.env\n  worker:\n    image: w\n    env_file: [../app.env]\n",
		"proj/long/compose.yml":     "services:\n  web:\n    image: nginx\n    env_file:\n      - path: ./secrets/.env\n        required: false\n",
		"proj/long/secrets/.env":    "K=CANARY\n",
		"proj/bare/compose.yaml":    "services:\n  web:\n    image: nginx\n    environment:\n      - API_KEY\n",
		"proj/bare/.env":            "API_KEY=CANARY\n",
		"proj/plain/compose.yaml":   "services:\n  web:\n    image: nginx\n    environment:\n      - MODE=dev\n      - PRICE=$$5\n",
		"proj/plain/.env":           "API_KEY=CANARY\n",
		"proj/nodotenv/compose.yml": "services:\n  web:\n    image: nginx:${TAG}\n",
		"proj/sub/README":           "x",
		"proj/tag/compose.yaml":     "services:\n  web:\n    image: nginx:${TAG:-latest}\n    environment:\n      - MODE\n",
		"proj/tag/.env":             "API_KEY=CANARY\n",
		// COMPOSE_FILE set in .env (or an --env-file) names the compose
		// files; COMPOSE_PATH_SEPARATOR splits it.
		"proj/cf/.env":           "COMPOSE_FILE=base.yml:more/leak.yml\nAPI_KEY=CANARY\n",
		"proj/cf/base.yml":       "services:\n  web:\n    image: nginx\n",
		"proj/cf/more/leak.yml":  "services:\n  web:\n    env_file: .env.prod\n",
		"proj/cf/.env.prod":      "K=CANARY\n",
		"proj/cfsep/.env":        "COMPOSE_PATH_SEPARATOR=;\nCOMPOSE_FILE=base.yml;interp.yml\nAPI_KEY=CANARY\n",
		"proj/cfsep/base.yml":    "services:\n  web:\n    image: nginx\n",
		"proj/cfsep/interp.yml":  "services:\n  web:\n    environment:\n      API_KEY: ${API_KEY}\n",
		"proj/cfenv/compose.env": "COMPOSE_FILE=leak.yml\n",
		"proj/cfenv/leak.yml":    "services:\n  web:\n    image: nginx\n    env_file: [.env]\n",
		"proj/cfenv/.env":        "API_KEY=CANARY\n",
		"proj/cfok/.env":         "COMPOSE_FILE=base.yml\nCOMPOSE_PROJECT_NAME=shop\nAPI_KEY=CANARY\n",
		"proj/cfok/base.yml":     "services:\n  web:\n    image: nginx:${TAG:-1}\n",
		"proj/cfok/compose.yaml": "services:\n  web:\n    environment:\n      API_KEY: ${API_KEY}\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// config prints the resolved file.
		{"docker compose config", "deny"},
		{"docker compose convert", "deny"},
		{"docker-compose config", "deny"},
		{"cd sub && docker compose config", "deny"}, // compose finds ../compose.yaml, .env beside it
		{"docker --context default compose config", "deny"},
		{"docker compose -f files/compose.yml config", "deny"},
		{"docker compose --project-directory files config", "deny"},
		{"docker compose -f long/compose.yml config", "deny"},
		{"docker compose --project-directory bare config", "deny"},
		{"docker compose --project-directory plain config", "allow"},
		{"docker compose --project-directory nodotenv config", "allow"},
		{"docker compose --project-directory tag config", "allow"}, // .env sets none of TAG, MODE
		{"docker compose --project-directory tag run web env", "allow"},
		{"docker compose config -q", "allow"},
		{"docker compose config --quiet", "allow"},
		{"docker compose config --services", "deny"},
		{"docker compose -f files/compose.yml config -q", "allow"},
		// run and exec of a command that prints the environment.
		{"docker compose run web env", "deny"},
		{"docker compose run --rm web printenv", "deny"},
		{"docker compose exec web env", "deny"},
		{"docker compose -f files/compose.yml run web env", "deny"},
		{"docker compose --project-directory bare run web env", "deny"},
		{"docker compose run --env-from-file .env db env", "deny"},
		{"docker compose run --env-file .env web env", "deny"},
		{"docker compose run web sh -c 'echo $API_KEY'", "ask"},
		{"docker --context default compose run web env", "deny"},
		{"docker --context default run --env-file .env img env", "deny"},
		// Look-alikes: the service's own program, another service, a
		// file that takes nothing from .env, validation.
		{"docker compose run web", "allow"},
		{"docker compose up -d", "allow"},
		{"docker compose run web nginx -t", "allow"},
		{"docker compose run db env", "allow"},
		{"docker compose exec db printenv", "allow"},
		{"docker compose -f files/compose.yml run worker env", "allow"},
		{"docker compose --project-directory plain run web env", "allow"},
		{"docker compose run --env-from-file app.env db env", "allow"},
		{"docker compose run --env-file .env web", "allow"},
		{"docker compose -f files/compose.yml up", "allow"},
		{"docker compose ps", "allow"},
		// COMPOSE_FILE in .env: the files it names are the compose
		// files (the one found by name is not read then).
		{"docker compose --project-directory cf config", "deny"},
		{"cd cf && docker compose config", "deny"},
		{"cd cf && docker compose run web env", "deny"},
		{"cd cfsep && docker compose config", "deny"},
		{"cd cfenv && docker compose --env-file compose.env config", "deny"},
		{"cd cfenv && COMPOSE_FILE=leak.yml docker compose run web env", "deny"},
		{"cd cfok && docker compose config", "allow"}, // base.yml takes nothing .env sets; compose.yaml is not read
		{"cd cfok && docker compose run web env", "allow"},
		{"cd cfok && COMPOSE_FILE=compose.yaml docker compose config", "deny"},
		{"cd cf && docker compose config -q", "allow"},
	})
}

// TestComposeEnvFIFO: an env file compose's checks read at hook time
// that is a FIFO is not opened for reading (a plain open would wait for
// a writer and hang the hook).
func TestComposeEnvFIFO(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/compose.yaml": "services:\n  web:\n    image: nginx\n    environment:\n      - API_KEY\n"})
	if err := syscall.Mkfifo(filepath.Join(cfg.Project, ".env"), 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	done := make(chan string, 1)
	go func() {
		var got []string
		for _, cmd := range []string{"docker compose --env-file .env up", "docker compose config", "docker compose run web env"} {
			got = append(got, Check(cfg, cmd).Decision.String())
		}
		done <- strings.Join(got, " ")
	}()
	select {
	case got := <-done:
		// A FIFO cannot be read: judged by the .env's name (a use), or as
		// a file that may set the variables the service takes.
		if got != "allow deny deny" {
			t.Errorf("decisions %q, want \"allow deny deny\"", got)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the check blocked on a FIFO named .env")
	}
}
