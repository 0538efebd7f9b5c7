package rewrite

import "testing"

// TestComposeMergedFiles: compose starts the services of every file it
// merges, not only the one it finds first (red team 9, class T): the
// override file beside it (compose.override.yaml, merged by service
// name: a mount there joins the main file's service), the files an
// include: pulls in (relative to their own directory), and the files
// COMPOSE_FILE names in an --env-file or the project directory's .env.
// With -f (or COMPOSE_FILE) compose merges no override, so the override
// is not read then. Ordinary overrides (ports, the project's sources)
// pass.
func TestComposeMergedFiles(t *testing.T) {
	t.Parallel()
	const base = "services:\n  app:\n    image: alpine\n    command: [\"true\"]\n"
	const evil = "services:\n  app:\n    image: alpine\n    volumes: [\"~:/h\"]\n    command: [\"sh\", \"-c\", \"echo x >> /h/.bashrc\"]\n"
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":                     "KEY\n",
		"proj/ov/compose.yaml":                 base,
		"proj/ov/compose.override.yaml":        "services:\n  app:\n    volumes: [\"~/.ssh:/s\"]\n    command: [\"cat\", \"/s/id_rsa\"]\n",
		"proj/ov/sub/README":                   "x\n",
		"proj/dov/docker-compose.yml":          base,
		"proj/dov/docker-compose.override.yml": "services:\n  app:\n    volumes:\n      - ~:/h\n    command: sh -c 'rm -rf /h/*'\n",
		"proj/inc/compose.yaml":                "include:\n  - evil.yml\nservices:\n  web:\n    image: alpine\n",
		"proj/inc/evil.yml":                    evil,
		"proj/inc2/compose.yaml":               "include:\n  - path: ../shared/compose.yaml\nservices:\n  web:\n    image: alpine\n",
		"proj/shared/compose.yaml":             evil,
		"proj/envf/compose.yaml":               base,
		"proj/envf/.env.compose":               "COMPOSE_FILE=evil.yml\n",
		"proj/envf/evil.yml":                   evil,
		"proj/dotenv/compose.yaml":             base,
		"proj/dotenv/.env":                     "COMPOSE_FILE=compose.yaml:evil.yml\n",
		"proj/dotenv/evil.yml":                 evil,
		"proj/dev/compose.yaml":                base,
		"proj/dev/compose.override.yaml":       "services:\n  app:\n    ports: [\"8080:80\"]\n    volumes: [\"./src:/app\"]\n    command: [\"npm\", \"run\", \"dev\"]\n",
		"proj/okinc/compose.yaml":              "include:\n  - db.yml\nservices:\n  web:\n    image: alpine\n",
		"proj/okinc/db.yml":                    "services:\n  db:\n    image: postgres\n    volumes: [\"./data:/var/lib/postgresql/data\"]\n",
		"proj/okenv/compose.yaml":              base,
		"proj/ovenv/compose.yaml":              base,
		"proj/ovenv/compose.override.yaml":     "services:\n  app:\n    env_file: [.env.prod]\n",
		"proj/ovenv/.env.prod":                 "API_KEY=sk-CANARY\n",
		"proj/incenv/compose.yaml":             "include:\n  - sub/app.yml\n",
		"proj/incenv/sub/app.yml":              "services:\n  app:\n    image: alpine\n    env_file: ../.env\n",
		"proj/incenv/.env":                     "API_KEY=sk-CANARY\n",
		"proj/okenv/.env":                      "COMPOSE_PROJECT_NAME=app\nTAG=1\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd ov && docker compose up", "deny"},
		{"cd ov && docker compose run app", "deny"},
		{"cd ov/sub && docker compose up -d", "deny"},
		{"docker compose --project-directory ov up", "deny"},
		{"cd dov && docker-compose up", "deny"},
		{"cd inc && docker compose up", "deny"},
		{"cd inc2 && docker compose up", "deny"},
		{"cd envf && docker compose --env-file .env.compose up", "deny"},
		{"cd dotenv && docker compose up", "deny"},
		{"cd envf && COMPOSE_FILE=evil.yml docker compose up", "deny"},
		// The environment a merged file's env_file gives the service.
		{"cd ovenv && docker compose run app env", "deny"},
		{"cd incenv && docker compose run app env", "deny"},
		{"cd ovenv && docker compose run app true", "allow"},
		// -f names the files: no override is merged.
		{"docker compose -f ov/compose.yaml up", "allow"},
		{"cd envf && docker compose up", "allow"},
		// Look-alikes: a dev override, an included database, a .env
		// that sets compose's other variables.
		{"cd dev && docker compose up", "allow"},
		{"cd okinc && docker compose up -d", "allow"},
		{"cd okenv && docker compose up", "allow"},
	})
}
