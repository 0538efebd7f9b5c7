package rewrite

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDockerBuildSecrets: a build that takes a secret in — --secret
// src=FILE, --ssh ID=KEY, a Dockerfile COPY/ADD of a secret from the
// context, or COPY . of a context holding one that .dockerignore does
// not leave out — asks; builds of ordinary contexts, --ssh default (the
// agent) and COPY --from pass.
func TestDockerBuildSecrets(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":      "-----BEGIN OPENSSH PRIVATE KEY-----\nx\n",
		"home/.aws/credentials": "[default]\naws_secret_access_key=x\n",
		"proj/.env":             "DATABASE_URL=postgres://admin:S3cret@db/x\n",
		"proj/app.js":           "console.log(1)\n",
		"proj/D1":               "FROM alpine\nRUN --mount=type=secret,id=k cat /run/secrets/k\n",
		"proj/Dockerfile":       "FROM node:20\nWORKDIR /app\nCOPY package.json app.js ./\nCMD [\"node\", \"app.js\"]\n",
		"proj/Dockerfile.dev":   "FROM alpine\nCOPY .env /e\nRUN cat /e\n",
		"proj/Dockerfile.all":   "FROM alpine\nCOPY . /app\n",
		"proj/Dockerfile.glob":  "FROM alpine\nADD --chown=1:1 \\\n  .env* /app/\n",
		"proj/Dockerfile.from":  "FROM alpine AS b\nFROM alpine\nCOPY --from=b /.env /e\n",
		"clean/Dockerfile":      "FROM alpine\nCOPY . /app\n",
		"clean/main.go":         "package main\n",
		"ign/Dockerfile":        "FROM alpine\nCOPY . /app\n",
		"ign/.env":              "SECRET=1\n",
		"ign/.dockerignore":     ".env\n",
		"pod/Containerfile":     "FROM alpine\nCOPY .env /e\n",
		"pod/.env":              "SECRET=1\n",
	})
	if err := os.WriteFile(filepath.Join(cfg.Project, "package.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"docker build --progress=plain --secret id=k,src=$HOME/.ssh/id_rsa -f D1 .", "ask"},
		{"docker build --secret id=aws,src=$HOME/.aws/credentials .", "ask"},
		{"docker buildx build --secret=id=k,source=.env -t x .", "ask"},
		{"docker build --ssh default=$HOME/.ssh/id_rsa .", "ask"},
		{"docker build --progress=plain --no-cache -f Dockerfile.dev .", "ask"},
		{"docker build -t x/y -f Dockerfile.all . && docker push x/y", "ask"},
		{"docker buildx build --push -t x/y -f Dockerfile.glob .", "ask"},
		{"podman build ../pod", "ask"},
		{`printf 'FROM alpine\nCOPY .env /e\nRUN cat /e\n' | docker build --progress=plain -f - .`, "ask"},
		{"docker build -f- . <<'EOF'\nFROM alpine\nCOPY .env /e\nEOF", "ask"},
		{"docker build -f - . < Dockerfile.dev", "ask"},
		{`printf 'FROM alpine\nCOPY app.js /a\n' | docker build -f - .`, "allow"},
		// Look-alikes.
		{"docker build -t app .", "allow"},
		{"docker build --ssh default .", "allow"},
		{"docker build --secret id=npm,env=NPM_TOKEN .", "allow"},
		{"docker build -f Dockerfile.from .", "allow"},
		{"docker build ../clean", "allow"},
		{"docker build ../ign", "allow"},
	})
}
