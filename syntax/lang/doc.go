// Package lang reads the text of programs in other languages that a shell
// command hands to an interpreter (python3 -c, node -e, ruby -e, perl -e,
// php -r, a here-document fed to one, a script on disk) and finds what
// that text does to the system: the shell commands and programs it runs,
// and the files it deletes or writes, with their arguments when they are
// literals.
//
// It owns a small lexer per language — strings with their escapes, raw,
// template and here-document strings, comments, regular-expression
// literals — and a reader of calls over its tokens. It runs no language
// runtime and imports nothing outside the standard library. Text that is
// only data (a string printed, a comment, a call name inside a string) has
// no effect. It must not decide anything: the syntax package turns the
// effects into shell text and the rules judge them.
package lang
