package syntax

import (
	"errors"
	"fmt"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Limits bound the work done on one command, so that hostile input is
// answered in bounded time and memory.
const (
	// MaxSource is the largest command, in bytes, that is parsed at all.
	MaxSource = 4 << 20
	// MaxNesting is the deepest bracket nesting accepted before parsing;
	// the parser recurses per level.
	MaxNesting = 1000
	// MaxDepth is how many times nested script strings (bash -c, eval,
	// here-documents fed to a shell) are parsed again.
	MaxDepth = 8
	// MaxCalls is the most simple commands modelled in one command.
	MaxCalls = 200000
)

// ErrTooLarge reports input beyond MaxSource or MaxNesting.
var ErrTooLarge = errors.New("command too large or too deeply nested to analyse")

// Script is one parsed piece of shell source: the command itself, or a
// string inside it that a shell parses again.
type Script struct {
	Src    string
	File   *sh.File
	Parent *Script
	// Host is the argument (in Parent) whose text this script is; nil for
	// the top-level script and for scripts that came from several words.
	Host *Arg
	// Kind says where the script came from: "", "bash -c", "eval",
	// "heredoc", "herestring", "pipe", "env -S", "su -c", "watch".
	Kind  string
	Depth int
	// Dynamic reports that the text is an approximation: the host word
	// had parts that only run time knows, kept as written.
	Dynamic bool
}

// Editable reports whether edits inside this script can be carried back
// into the source it came from.
func (s *Script) Editable() bool {
	for c := s; c.Parent != nil; c = c.Parent {
		if c.Dynamic || c.Host == nil || c.Kind == "pipe" {
			return false
		}
	}
	return true
}

// ParseError is a parse failure with a position.
type ParseError struct {
	Line, Col int
	Text      string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Text) }

func newParser() *sh.Parser {
	return sh.NewParser(sh.Variant(sh.LangBash), sh.KeepComments(true))
}

// parseSource parses src as Bash.
func parseSource(src string) (*sh.File, error) {
	if len(src) > MaxSource {
		return nil, ErrTooLarge
	}
	if nesting(src) > MaxNesting {
		return nil, ErrTooLarge
	}
	f, err := newParser().Parse(strings.NewReader(src), "")
	if err != nil {
		var pe sh.ParseError
		if errors.As(err, &pe) {
			return nil, &ParseError{Line: int(pe.Pos.Line()), Col: int(pe.Pos.Col()), Text: pe.Text}
		}
		var le sh.LangError
		if errors.As(err, &le) {
			return nil, &ParseError{Line: int(le.Pos.Line()), Col: int(le.Pos.Col()), Text: le.Error()}
		}
		return nil, err
	}
	return f, nil
}

// nesting is a cheap upper bound of the bracket nesting of src.
func nesting(src string) int {
	depth, max := 0, 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '(', '{', '[':
			depth++
			if depth > max {
				max = depth
			}
		case ')', '}', ']':
			if depth > 0 {
				depth--
			}
		}
	}
	return max
}

// Valid reports whether src parses as Bash.
func Valid(src string) error {
	_, err := parseSource(src)
	return err
}

// Quote returns s as one shell word: unchanged when it needs no quoting,
// otherwise quoted so that Bash reads back exactly s.
func Quote(s string) string {
	if s != "" && safeWord(s) {
		return s
	}
	q, err := sh.Quote(s, sh.LangBash)
	if err != nil {
		// Only NUL bytes cannot be quoted; they cannot be in a path either.
		return "'" + strings.ReplaceAll(strings.ReplaceAll(s, "\x00", ""), "'", `'\''`) + "'"
	}
	return q
}

func safeWord(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("-_./:@%+,=", c) >= 0:
		default:
			return false
		}
	}
	return s[0] != '=' && s[0] != '~'
}
