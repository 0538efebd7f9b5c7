// Package syntax is corral's only window onto shell source. It is the sole
// importer of mvdan.cc/sh/v3/syntax and gives the rest of corral a model of a
// command: every simple command anywhere in it (Call), with wrappers unwrapped,
// words resolved statically where that is possible, the working directory
// tracked, and nested scripts (bash -c, eval, here-documents fed to a shell)
// parsed again to a bounded depth.
//
// The package decides nothing about safety; it must not know about rules,
// policies or the sandbox. Rewriting is done by text edits on the source
// (see Apply), so that everything no edit touches stays byte-for-byte as the
// user wrote it.
package syntax
