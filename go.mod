module github.com/corral-dev/corral

go 1.26.8

require (
	github.com/bmatcuk/doublestar/v4 v4.10.4
	github.com/google/go-cmp v0.7.0
	github.com/google/shlex v0.0.0-20191202100458-e7afc7fbc510
	github.com/urfave/cli/v3 v3.14.0
	golang.org/x/tools v0.52.0
	mvdan.cc/sh/v3 v3.14.1
)

require (
	github.com/rogpeppe/go-internal v1.15.0
	golang.org/x/sys v0.49.0 // indirect
)
