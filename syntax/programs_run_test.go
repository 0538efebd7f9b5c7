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
	})
	for _, tc := range []struct {
		cmd      string
		rm, asks bool
	}{
		{`npm pkg set scripts.test='rm -rf /victim'; npm test`, true, false},
		{`npm pkg set scripts.test="$X" && npm test`, false, true},
		{`sed -i 's/echo hi/rm -rf \/victim/' Makefile && make`, false, true},
		{`perl -pi -e 's/echo/rm/' Makefile; make`, false, true},
		{`jq '.scripts.test="x"' package.json > p && mv p package.json && npm test`, false, true},
		{`make SHELL=./x.sh`, true, false},
		{`printf 'SHELL := ./x.sh\nall:\n\techo\n' > Makefile.x; make -f Makefile.x`, true, false},
		{`make SHELL=$S`, false, true},
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
		// Look-alikes.
		{`npm pkg set scripts.test=jest; npm test`, false, false},
		{`sed -i 's/a/b/' README.md; make`, false, false},
		{`make SHELL=/bin/bash`, false, false},
		{`go build -o app .`, false, false},
		{`go generate ./ok/...`, false, false},
		{`cd gen && go generate -n`, false, false},
		{`git clone https://example.com/r.git`, false, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		rm := false
		for _, c := range m.Calls {
			rm = rm || c.Name == "rm" && len(c.Args) > 0 && c.Args[len(c.Args)-1].Value == "/victim"
		}
		asks := false
		for _, h := range m.Hidden {
			asks = asks || h.Always
		}
		if rm != tc.rm || asks != tc.asks {
			t.Errorf("%s: rm -rf /victim seen = %v, asks = %v; want %v, %v", tc.cmd, rm, asks, tc.rm, tc.asks)
		}
	}
}
