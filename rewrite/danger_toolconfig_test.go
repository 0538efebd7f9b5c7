package rewrite

import "testing"

// TestToolConfig: settings a tool keeps for every later run (go help
// environment's go env -w, pip config, npm config) that make it run a
// program or fetch code from elsewhere ask (go's and pip's as
// hidden-code, the shell model's); other keys and reads pass.
func TestToolConfig(t *testing.T) {
	t.Parallel()
	testRule(t, "hidden-code", []ruleCase{
		{"go env -w GOPROXY=https://proxy.example", Ask},
		{"go env -w GOFLAGS=-mod=mod", Ask},
		{"go env -w CGO_CFLAGS=-fplugin=./p.so", Ask},
		{"go env -w GOPATH=/tmp/gp GOTOOLCHAIN=local", Ask},
		{"pip config set global.index-url https://pypi.example", Ask},
		{"pip3 config set install.trusted-host pypi.example", Ask},
		{"python3 -m pip config set global.extra-index-url https://x.example", Ask},
		{"go env -w GOPATH=/tmp/gp", Allow},
		{"go env -u GOFLAGS", Allow},
		{"go env GOPROXY", Allow},
		{"pip config list", Allow},
		{"pip config set global.timeout 60", Allow},
		// The default index over https, judged as the pip.conf line is.
		{"pip config set global.index-url https://pypi.org/simple", Allow},
		{"pip config set global.trusted-host pypi.org", Allow},
		{"pip config set global.index-url http://pypi.org/simple", Ask},
		{`pip config set global.index-url "$INDEX"`, Ask},
	})
	testRule(t, "tool-config", []ruleCase{
		{"npm config set registry https://npm.example", Ask},
		{"npm set @acme:registry https://npm.example", Ask},
		{"pnpm config set ignore-scripts false", Ask},
		{"yarn config set registry https://npm.example", Ask},
		// npm-config(7): script-shell runs every later package script,
		// node-options every node it starts.
		{"npm config set script-shell /tmp/x.sh", Ask},
		{"pnpm config set node-options '--require /tmp/x.js'", Ask},
		{"npm set shell /tmp/x.sh", Ask},
		// Look-alikes.
		{"npm config get registry", Allow},
		{"npm config set fund false", Allow},
		{"yarn set version stable", Allow},
		{"echo npm config set registry x", Allow},
	})
}
