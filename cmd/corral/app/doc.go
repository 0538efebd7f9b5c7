// Package app is corral's command line: the hook and the other commands,
// each taking its reader, writers, arguments and environment so that tests
// run them in-process. It owns the hook wire types (wire.go) and the
// reading of settings from the environment and policy files; it decides
// nothing itself (rewrite and guards do).
package app
