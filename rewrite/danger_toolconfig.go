package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var toolConfig = Rule{
	Name:      "tool-config",
	Decisions: []Decision{Ask},
	Doc: `A tool's own persistent settings that make every later run in every
project run a program or fetch code from elsewhere: go env -w of GOFLAGS,
CC, CXX, FC, AR, PKG_CONFIG, the CGO_*FLAGS, GOPROXY, GOSUMDB,
GONOSUMDB, GONOSUMCHECK, GOINSECURE, GOPRIVATE, GOTOOLCHAIN or GOENV
(written to go's env file); pip config set of index-url, extra-index-url,
trusted-host or find-links; npm, pnpm and yarn config set (and npm set)
of registry (or @scope:registry), ignore-scripts, globalconfig,
userconfig or prefix: ask. The program a value names is judged now as
well (go env -w GOFLAGS=-toolexec=./x.sh reads x.sh). go env -u, pip
config list/get, npm config get/list and other keys pass.`,
	Commands: []string{"go", "pip", "pip3", "npm", "pnpm", "yarn", "python", "python3"},
	Call:     checkToolConfig,
}

// goPersistKeys are the go env keys whose value makes go run a program or
// fetch modules from elsewhere (go help environment).
var goPersistKeys = map[string]bool{"GOFLAGS": true, "CC": true, "CXX": true, "FC": true, "AR": true, "PKG_CONFIG": true,
	"CGO_CFLAGS": true, "CGO_CPPFLAGS": true, "CGO_CXXFLAGS": true, "CGO_FFLAGS": true, "CGO_LDFLAGS": true,
	"GOPROXY": true, "GOSUMDB": true, "GONOSUMDB": true, "GONOSUMCHECK": true, "GOINSECURE": true, "GOPRIVATE": true,
	"GONOPROXY": true, "GOTOOLCHAIN": true, "GOENV": true}

func checkToolConfig(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	args := c.Words()
	switch c.Name {
	case "go":
		if len(args) < 3 || args[0] != "env" {
			return
		}
		write := false
		for _, a := range args[1:] {
			if a == "-w" {
				write = true
				continue
			}
			k, v, ok := strings.Cut(a, "=")
			if write && ok && goPersistKeys[k] {
				p.Report(c, Finding{Rule: "tool-config", Decision: Ask,
					Message: "go env -w " + k + "=" + v + " is kept in go's env file: every later go command, in every project, runs with it"})
				return
			}
		}
	case "python", "python3":
		if len(args) < 2 || args[0] != "-m" || args[1] != "pip" {
			return
		}
		args = args[2:]
		fallthrough
	case "pip", "pip3":
		if len(args) < 3 || args[0] != "config" || args[1] != "set" {
			return
		}
		key := args[2]
		if i := strings.LastIndexByte(key, '.'); i >= 0 {
			key = key[i+1:]
		}
		switch key {
		case "index-url", "extra-index-url", "trusted-host", "find-links":
			p.Report(c, Finding{Rule: "tool-config", Decision: Ask,
				Message: "pip config set " + args[2] + " is kept in pip's configuration: every later pip install fetches packages, and runs their build code, from there"})
		}
	case "npm", "pnpm", "yarn":
		i := 0
		if len(args) > 0 && args[0] == "config" {
			i = 1
		}
		if len(args) < i+2 || args[i] != "set" || i == 0 && c.Name != "npm" {
			return
		}
		kv := args[i+1]
		key, _, _ := strings.Cut(kv, "=")
		switch {
		case key == "registry", strings.HasSuffix(key, ":registry"), key == "ignore-scripts", key == "globalconfig",
			key == "userconfig", key == "prefix":
			p.Report(c, Finding{Rule: "tool-config", Decision: Ask,
				Message: c.Name + " config set " + key + " is kept in the user's configuration: every later install in every project follows it"})
		}
	}
}
