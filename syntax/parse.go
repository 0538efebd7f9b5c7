package syntax

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Limits bound the work done on one command, so that hostile input is
// answered in bounded time and memory.
const (
	// MaxSource is the largest command, in bytes, that is parsed at all,
	// and also the most bytes of nested script strings parsed again for
	// one command. A parsed megabyte can take a few hundred megabytes of
	// syntax tree; an agent's tool call is far smaller.
	MaxSource = 1 << 20
	// MaxNesting is the deepest bracket nesting accepted before parsing;
	// the parser recurses per level.
	MaxNesting = 1000
	// MaxOperators is the most operators and compound-command keywords
	// accepted before parsing: | & ! ( and backquote, the arithmetic
	// operators ? ~ + - * / % ^ < > = , : once an arithmetic expression
	// may have begun (after the first bracket or let), and if, elif,
	// while, until, for, select, case, function, coproc and time. Each can
	// deepen the syntax tree by one level without a bracket (a && b && …,
	// $((1?1?…)), if if …, elif chains, f() f() …), and the parser and the
	// walk recurse per level: this bounds their stack to tens of
	// megabytes, where Go would otherwise stop the process at a gigabyte.
	MaxOperators = 25000
	// MaxStatements is the most statement separators (; and newlines)
	// accepted before parsing. A statement costs about a kilobyte once
	// parsed and modelled, so a megabyte of "ls; ls; …" would take a
	// quarter of a gigabyte: this bound keeps a command's model within
	// tens of megabytes (issue 12: a 1 MiB command stays under 64 MiB of
	// memory). Like MaxOperators it counts quoted text too, but not
	// here-document bodies the parser confirms as text.
	MaxStatements = 20000
	// MaxWords is the most words (runs of bytes between blanks and
	// operators) accepted before parsing: a parsed and resolved word
	// costs about half a kilobyte, so a megabyte of "echo a a a …" would
	// take 300 MB. Quoted text counts too.
	MaxWords = 50000
	// MaxDepth is how many times nested script strings (bash -c, eval,
	// here-documents fed to a shell) are parsed again.
	MaxDepth = 8
	// MaxCalls is the most simple commands modelled in one command, those
	// of strings parsed again (eval "$x" eval "$x" …) included.
	MaxCalls = 50000
)

// ErrTooLarge reports input beyond MaxSource or MaxNesting.
var ErrTooLarge = errors.New("command too large or too deeply nested to analyse")

// LimitError says which limit a command refused before parsing is over:
// errors.Is(err, ErrTooLarge) holds for it.
type LimitError struct {
	// What names the count ("bytes", "statements", …); Count is the
	// command's, Max the limit.
	What       string
	Count, Max int
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("command too large to analyse: %d %s, over the limit of %d", e.Count, e.What, e.Max)
}

// Unwrap makes a LimitError an ErrTooLarge.
func (e *LimitError) Unwrap() error { return ErrTooLarge }

// limitError describes which limit src is over (counted as withinLimits
// counts it, here-document bodies included).
func limitError(src string) error {
	if len(src) > MaxSource {
		return &LimitError{What: "bytes", Count: len(src), Max: MaxSource}
	}
	depth, ops, stmts, words := nesting(src)
	switch {
	case depth > MaxNesting:
		return &LimitError{What: "levels of nested brackets", Count: depth, Max: MaxNesting}
	case ops > MaxOperators:
		return &LimitError{What: "operators and keywords", Count: ops, Max: MaxOperators}
	case stmts > MaxStatements:
		return &LimitError{What: "statements", Count: stmts, Max: MaxStatements}
	case words > MaxWords:
		return &LimitError{What: "words", Count: words, Max: MaxWords}
	}
	return ErrTooLarge
}

// Script is one parsed piece of shell source: the command itself, or a
// string inside it that a shell parses again.
type Script struct {
	Src  string
	File *sh.File
	// fors caches the for loops of File (forClauses).
	fors *[]*sh.ForClause
	// ctl caches whether Src holds a control byte of expand's quoting
	// marks, as resolver.srcHasCtl reads it (0 not looked yet, 1 yes,
	// 2 no): a walker makes a resolver per call.
	ctl    int8
	Parent *Script
	// Host is the argument (in Parent) whose text this script is; nil for
	// the top-level script and for scripts that came from several words.
	Host *Arg
	// HostPrefix is the part of the host word's value before the script
	// text: the option a string is attached to (-S in env -S'…',
	// --split-string= in env --split-string=…). An edit of the script
	// keeps it in front of the new text.
	HostPrefix string
	// Kind says where the script came from: "", "bash -c", "eval",
	// "heredoc", "herestring", "pipe", "env -S", "su -c", "watch".
	Kind  string
	Depth int
	// Dynamic reports that the text is an approximation: the host word
	// had parts that only run time knows, kept as written.
	Dynamic bool
	// Origin says, for people, where the text came from when it is not
	// in the command itself: "in python code (python3 -c, line 2):
	// shutil.rmtree deletes /x", "deploy.sh:3". Empty for text in the
	// command.
	Origin string
	// Path is the script file the text was read from, as the command
	// names it, or "".
	Path string
	// Runner is the call that runs the script (bash -c's bash, the
	// python3 whose code calls os.system), nil for the top level.
	Runner *Call
	// Misread reports an unparsed script that bash reads differently
	// from corral's parser (ErrMisread): asked about whatever it names.
	Misread bool
	// FromCode reports that the text is shell text (or an argv) that code
	// in another language runs (os.system, child_process.exec), not a
	// stand-in for a deletion or write that code makes.
	FromCode bool
	// Partial reports a script that is the head of a longer text that
	// did not parse: the complete commands before the line of its syntax
	// error, which bash runs before it reaches the error.
	Partial bool
	// Head is, for an unparsed script, the length of its head walked as
	// a Partial script (0 when none was): Src[Head:] is the text corral
	// did not judge.
	Head int
}

// maxHeadTries bounds the parses parsedHead makes.
const maxHeadTries = 8

// parsedHead returns the head of text, which failed to parse with err:
// the lines before the line of the syntax error, when they hold a
// command and parse on their own; else the lines before the error of
// that head, and so on. A head that does not end where a command ends
// (the error line continues an if, a pipe, a quote begun above) does not
// parse and is cut further: bash runs no part of a command it could not
// finish reading.
func parsedHead(text string, err error) (string, bool) {
	var pe *ParseError
	if !errors.As(err, &pe) {
		return "", false
	}
	line := pe.Line
	for tries := 0; tries < maxHeadTries && line > 1; tries++ {
		off, n := 0, 1
		for off < len(text) && n < line {
			i := strings.IndexByte(text[off:], '\n')
			if i < 0 {
				return "", false
			}
			off += i + 1
			n++
		}
		head := text[:off]
		if strings.TrimSpace(head) == "" {
			return "", false
		}
		_, err := parseSource(head)
		if err == nil {
			return head, true
		}
		if !errors.As(err, &pe) || pe.Line >= line {
			return "", false
		}
		line = pe.Line
	}
	return "", false
}

// Where returns the Origin of s or of the nearest script it is nested
// in, or "".
func (s *Script) Where() string {
	for c := s; c != nil; c = c.Parent {
		if c.Origin != "" {
			return c.Origin
		}
	}
	return ""
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
	if len(src) > MaxSource || !withinLimits(src) {
		return nil, limitError(src)
	}
	cr := strings.Contains(src, "\r")
	if cr {
		// bash reads a carriage return as an ordinary character of a word
		// (./run\r runs the file "run\r"); mvdan's parser takes it for a
		// blank. A stand-in byte of the same length is parsed instead and
		// put back in every literal, so offsets and words stay bash's.
		if strings.Contains(src, crStandIn) {
			return nil, &ParseError{Line: 1, Col: 1, Text: "a carriage return beside a \\x01 byte: corral cannot read it as bash does"}
		}
		src = strings.ReplaceAll(src, "\r", crStandIn)
	}
	orig := src
	f, err := newParser().Parse(strings.NewReader(src), "")
	if err != nil && strings.Contains(src, "$\\\n") {
		// $\⏎(cmd) outside quotes is a word to bash and a syntax error to
		// mvdan's parser: the text with each such "$" moved after its
		// continuations (outside single quotes) is parsed instead, which
		// bash reads the same (see dollarContinuation).
		if fixed := moveDollars(src); fixed != src {
			if f2, err2 := newParser().Parse(strings.NewReader(fixed), ""); err2 == nil {
				f, err, src = f2, nil, fixed
			}
		}
	}
	for fixes := 0; err != nil && fixes < maxOpaqueParams; fixes++ {
		// bash's parser does not look inside ${…}: ${x~~}, ${x!},
		// ${#a[@]:1} pass bash -n and fail (or work) only when expanded.
		// mvdan's parser rejects them; such an expansion is parsed as a
		// variable no command sets, whose value only run time knows, and
		// the rest of the text is judged as bash would run it.
		opaque, ok := opaqueParam(src, err)
		if !ok {
			break
		}
		src = opaque
		f, err = newParser().Parse(strings.NewReader(src), "")
	}
	for fixes := 0; err == nil; fixes++ {
		// mvdan's parser takes a backslash at the end of a comment for a
		// line continuation; bash ends the comment at the newline (echo
		// # \⏎rm -rf ~ runs rm). A comment is ignored, so its backslash
		// is parsed as a blank of the same length, and the text again.
		at := continuedComment(f, src)
		if at < 0 {
			break
		}
		if fixes >= maxCommentFixes {
			return nil, &MisreadError{Text: "too many comments that end with a backslash"}
		}
		src = src[:at] + " " + src[at+1:]
		f, err = newParser().Parse(strings.NewReader(src), "")
	}
	for fixes := 0; err == nil; fixes++ {
		// bash removes a backslash-newline before it reads a word (and
		// in the body of a here-document with an unquoted delimiter), so
		// $\⏎(cmd) is $(cmd), $\⏎{HOME} is ${HOME} and $\⏎'\057' is
		// $'\057'; mvdan's parser ends the "$" there (red team 14 RG3).
		// The "$" is moved after the continuation, which bash reads the
		// same and the parser joins, and the text parsed again: same
		// length, same offsets.
		at, end := dollarContinuation(f, src)
		if at < 0 {
			break
		}
		if fixes >= maxCommentFixes {
			return nil, &MisreadError{Text: "too many $ followed by a line continuation"}
		}
		src = src[:at] + src[at+1:end] + "$" + src[end:]
		f, err = newParser().Parse(strings.NewReader(src), "")
	}
	if err == nil {
		f, src, err = paramProcSubst(f, src, orig)
	}
	if err == nil {
		if why := hdocMisread(f, src); why != "" {
			return nil, &MisreadError{Text: why}
		}
		literalQuotedHdocs(f, src)
	}
	if err == nil && cr {
		restoreCR(f)
	}
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

// ErrMisread reports text that bash reads differently from corral's
// parser (MisreadError): it is asked about whatever it names, since what
// corral would judge is not what bash runs.
var ErrMisread = errors.New("bash reads this text differently from corral's parser")

// MisreadError says where corral's parser and bash part ways.
type MisreadError struct{ Text string }

func (e *MisreadError) Error() string {
	return "bash reads this differently from corral's parser: " + e.Text
}

// Unwrap makes a MisreadError an ErrMisread.
func (e *MisreadError) Unwrap() error { return ErrMisread }

// maxCommentFixes bounds the comments parsed again (continuedComment).
const maxCommentFixes = 64

// continuedComment returns the offset in src of the backslash of a
// comment the parser continued onto the next line (its text holds a
// newline), or -1.
func continuedComment(f *sh.File, src string) int {
	at := -1
	walkTree(f, func(n sh.Node) bool {
		if at >= 0 {
			return false
		}
		if c, ok := n.(*sh.Comment); ok && strings.Contains(c.Text, "\n") {
			start := int(c.Hash.Offset())
			if start >= 0 && start < len(src) {
				if i := strings.Index(src[start:], "\\\n"); i >= 0 {
					at = start + i
				}
			}
		}
		return true
	})
	return at
}

// dollarContinuation returns the offset in src of a "$" that ends a
// literal (unquoted, in double quotes, or in the body of a here-document
// whose delimiter is unquoted) and is followed by backslash-newlines, and
// the offset where they end; -1 when there is none. An escaped "$" (\$) is text and is left alone, and so is the
// body of a here-document with a quoted delimiter (one literal, read as
// it is).
func dollarContinuation(f *sh.File, src string) (at, atEnd int) {
	at = -1
	if !strings.Contains(src, "$\\\n") {
		return -1, -1
	}
	quotedBodies := map[*sh.Word]bool{}
	walkTree(f, func(n sh.Node) bool {
		if at >= 0 {
			return false
		}
		switch x := n.(type) {
		case *sh.Redirect:
			if x.Hdoc != nil && x.Word != nil && x.Word.Lit() == "" {
				quotedBodies[x.Hdoc] = true
			}
		case *sh.Word:
			if quotedBodies[x] {
				return false
			}
		case *sh.Lit:
			// The parser ends such a literal after the continuations.
			start, end := int(x.Pos().Offset()), int(x.End().Offset())
			if !strings.HasSuffix(x.Value, "$") || start < 0 || end > len(src) || start >= end {
				return true
			}
			d := end
			for d-2 >= start && src[d-2:d] == "\\\n" {
				d -= 2
			}
			if d == end || d-1 < start || src[d-1] != '$' {
				return true
			}
			bs := 0
			for i := d - 2; i >= 0 && src[i] == '\\'; i-- {
				bs++
			}
			if bs%2 == 0 {
				at, atEnd = d-1, end
			}
		}
		return true
	})
	return at, atEnd
}

// literalQuotedHdocs makes the body of every here-document whose
// delimiter has a quoted part one literal, as bash reads it: any quoting
// in the delimiter (<<"EOF", <<E"O"F, <<"E"OF) turns expansion off for
// the whole body. mvdan's parser does so only when the whole delimiter is
// one quoted part, and expands <<E"O"F's body (red team 14 FA1: a
// documentation example showing $(rm -rf ~) was denied).
func literalQuotedHdocs(f *sh.File, src string) {
	walkTree(f, func(n sh.Node) bool {
		rd, ok := n.(*sh.Redirect)
		if !ok || rd.Hdoc == nil || rd.Word == nil || len(rd.Word.Parts) < 2 {
			return true
		}
		quoted := false
		for _, p := range rd.Word.Parts {
			switch p.(type) {
			case *sh.SglQuoted, *sh.DblQuoted:
				quoted = true
			}
		}
		start, end := int(rd.Hdoc.Pos().Offset()), int(rd.Hdoc.End().Offset())
		if !quoted || start < 0 || end > len(src) || start >= end {
			return true
		}
		rd.Hdoc.Parts = []sh.WordPart{&sh.Lit{ValuePos: rd.Hdoc.Pos(), ValueEnd: rd.Hdoc.End(), Value: src[start:end]}}
		return true
	})
}

// moveDollars moves every "$" that bash reads as the start of an
// expansion and that backslash-newlines follow after them (the text is
// the same length). literalAt tells quoted and escaped ones apart.
func moveDollars(src string) string {
	b := []byte(src)
	for i := 0; i+2 < len(b); i++ {
		if b[i] != '$' || b[i+1] != '\\' || b[i+2] != '\n' || literalAt(src, i) {
			continue
		}
		end := i + 1
		for end+1 < len(b) && b[end] == '\\' && b[end+1] == '\n' {
			end += 2
		}
		copy(b[i:end-1], b[i+1:end])
		b[end-1] = '$'
		i = end - 1
	}
	return string(b)
}

// hdocMisread reports a here-document whose body bash ends before
// corral's parser does: in a body whose delimiter is unquoted, bash
// removes each backslash-newline as it reads the lines, so EO\⏎F is
// the delimiter EOF and what follows is commands; mvdan's parser
// compares the physical lines only.
func hdocMisread(f *sh.File, src string) string {
	why := ""
	walkTree(f, func(n sh.Node) bool {
		rd, ok := n.(*sh.Redirect)
		if !ok || why != "" || rd.Hdoc == nil || rd.Word == nil || rd.Op != sh.Hdoc && rd.Op != sh.DashHdoc {
			return why == ""
		}
		delim := rd.Word.Lit()
		if delim == "" {
			return true // a quoted delimiter: the body is read as is
		}
		start, end := int(rd.Hdoc.Pos().Offset()), int(rd.Hdoc.End().Offset())
		if start < 0 || end > len(src) || start >= end {
			return true
		}
		logical, joined := "", false
		for _, line := range strings.Split(src[start:end], "\n") {
			if rd.Op == sh.DashHdoc && !joined {
				// <<- strips the tabs that begin a line as bash reads
				// it: a continued line keeps its own.
				line = strings.TrimLeft(line, "\t")
			}
			bs := len(line) - len(strings.TrimRight(line, "\\"))
			if bs%2 == 1 {
				logical += line[:len(line)-1]
				joined = true
				continue
			}
			logical += line
			if logical == delim && joined {
				why = "a here-document whose delimiter " + delim + " is written across a line continuation, where bash ends it"
				return false
			}
			logical, joined = "", false
		}
		return true
	})
	return why
}

// crStandIn is the byte parsed in place of a carriage return.
const crStandIn = "\x01"

// restoreCR puts the carriage returns back into every literal text of f.
func restoreCR(f *sh.File) {
	back := func(s string) string { return strings.ReplaceAll(s, crStandIn, "\r") }
	walkTree(f, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.Lit:
			n.Value = back(n.Value)
		case *sh.SglQuoted:
			n.Value = back(n.Value)
		case *sh.Comment:
			n.Text = back(n.Text)
		}
		return true
	})
}

// nesting is a cheap upper bound of the bracket nesting of src, the
// number of operators and keywords in it that can each add a level to the
// syntax tree (see MaxOperators), the number of statement separators
// (see MaxStatements) and of words (see MaxWords). Nothing is skipped, not even quoted text: an
// approximate lexer could be misled into skipping code.
func nesting(src string) (depth, ops, stmts, words int) {
	if strings.Contains(src, "\\\n") {
		// A line continuation can split a keyword (i\⏎f).
		src = strings.ReplaceAll(src, "\\\n", "")
	}
	cur := 0
	arith := false // an arithmetic expression may have begun
	sep := true    // the previous byte separates words
	for i := 0; i < len(src); i++ {
		c := src[i]
		if isSep := strings.IndexByte(" \t\n;|&()<>", c) >= 0; !isSep && sep {
			words++
			sep = false
		} else if isSep {
			sep = true
		}
		switch c {
		case '(', '{', '[':
			cur++
			if cur > depth {
				depth = cur
			}
			if c == '(' {
				ops++
			}
			arith = true
		case ')', '}', ']':
			if cur > 0 {
				cur--
			}
		case '|', '&', '!', '`':
			ops++
		case ';', '\n':
			stmts++
		case '?', '~', '+', '-', '*', '/', '%', '^', '<', '>', '=', ',', ':':
			if arith {
				ops++
			}
		default:
			if c >= 'a' && c <= 'z' && (i == 0 || !wordByte(src[i-1])) {
				j := i + 1
				for j < len(src) && wordByte(src[j]) {
					j++
				}
				switch src[i:j] {
				case "if", "elif", "while", "until", "for", "select", "case", "function", "coproc", "time":
					ops++
				case "let":
					arith = true
				}
				i = j - 1
			}
		}
	}
	return depth, ops, stmts, words
}

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
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

// maxOpaqueParams bounds the parameter expansions parsed as unknown
// variables (opaqueParam) in one text.
const maxOpaqueParams = 32

// opaqueParam rewrites the parameter expansion a parse error of mvdan's
// parser lies in as a reference to a variable of the same length that
// the text names nowhere else (${x~~} becomes ${_00}), so that its value
// is only known at run time. bash's parser takes ${…} as one opaque word
// up to its closing brace and checks the operator only when it expands
// it. The closing brace is found as bash's parser finds it (dolBraceEnd:
// quotes, escapes, nested ${…}, $(…) and backquotes inside are skipped),
// so ${x~~"r"} -rf ~ is a run-time word and rm's arguments are read as
// usual. An expansion over lines is not rewritten (the lines after it
// would move).
func opaqueParam(src string, err error) (string, bool) {
	var pe sh.ParseError
	if !errors.As(err, &pe) || len(src) > maxOpaqueSource {
		return "", false
	}
	at := int(pe.Pos.Offset())
	if at < 0 || at >= len(src) {
		return "", false
	}
	// The innermost ${ before the error whose expansion holds it.
	start, end := -1, -1
	for from := at + 1; from > 0; {
		i := strings.LastIndex(src[:from], "${")
		if i < 0 || at-i > maxOpaqueSpan {
			return "", false
		}
		if e, ok := dolBraceEnd(src, i); ok && e >= at && e-i <= maxOpaqueSpan && !literalAt(src, i) {
			start, end = i, e
			break
		}
		from = i
	}
	if start < 0 {
		return "", false
	}
	if inner := src[start+2 : end]; strings.Contains(inner, "\n") || substStart(inner) {
		return opaqueKeepSubst(src, start, end)
	}
	name, ok := unusedName(src, end-start-2)
	if !ok {
		return "", false
	}
	return src[:start] + "${" + name + "}" + src[end+1:], true
}

// literalAt reports whether the byte at i is quoted literally by bash's
// reading of src: inside single quotes or $'…', or escaped by a
// backslash. A "${" there is text, not an expansion ('${'"'}' is the
// characters ${ followed by an unterminated double quote, which bash
// rejects). Command substitutions and backquotes start a new quoting
// context, inside double quotes too.
func literalAt(src string, i int) bool {
	top := quoteContextAt(src, i)
	return top == quoteLiteral || top == quoteSingle || top == quoteANSI
}

// The quoting contexts quoteContextAt tells apart.
const (
	quotePlain = iota
	quoteSingle
	quoteANSI
	quoteDouble
	quoteParen
	quoteBack
	quoteLiteral // escaped by a backslash
)

// quoteContextAt returns the quoting context of the byte at i by bash's
// reading of src (literalAt): plain text, inside $(…) (its own plain
// context), single quotes, $'…', double quotes, backquotes, or escaped.
func quoteContextAt(src string, i int) int {
	const (
		plain  = quotePlain
		single = quoteSingle
		ansi   = quoteANSI
		double = quoteDouble
		paren  = quoteParen
		back   = quoteBack
	)
	stack := []int{plain}
	depth := []int{0}
	for j := 0; j < i && j < len(src); j++ {
		top := stack[len(stack)-1]
		c := src[j]
		switch top {
		case single:
			if c == '\'' {
				stack = stack[:len(stack)-1]
			}
			continue
		case ansi:
			if c == '\\' {
				j++
			} else if c == '\'' {
				stack = stack[:len(stack)-1]
			}
			continue
		}
		if c == '\\' {
			if j+1 == i {
				return quoteLiteral
			}
			j++
			continue
		}
		switch {
		case top == double && c == '"', top == back && c == '`':
			stack = stack[:len(stack)-1]
		case c == '$' && j+1 < len(src) && src[j+1] == '(':
			stack = append(stack, paren)
			depth = append(depth, 0)
			j++
		case c == '`' && top != back:
			stack = append(stack, back)
		case top == double:
		case c == '\'':
			if j > 0 && src[j-1] == '$' {
				stack = append(stack, ansi)
			} else {
				stack = append(stack, single)
			}
		case c == '"':
			stack = append(stack, double)
		case top == paren && c == '(':
			depth[len(depth)-1]++
		case top == paren && c == ')':
			if depth[len(depth)-1] == 0 {
				stack = stack[:len(stack)-1]
				depth = depth[:len(depth)-1]
			} else {
				depth[len(depth)-1]--
			}
		}
		if len(stack) == 0 {
			stack = []int{plain}
		}
	}
	return stack[len(stack)-1]
}

// substStart reports text holding the start of a command or process
// substitution ($(, a backquote, <(, >()) anywhere, quoted or not.
func substStart(s string) bool {
	return strings.Contains(s, "$(") || strings.ContainsAny(s, "`") ||
		strings.Contains(s, "<(") || strings.Contains(s, ">(")
}

// opaqueKeepSubst rewrites the ${…} from start to end (its closing brace)
// that holds command or process substitutions, or newlines, as
// ${NAME#PATTERN}: NAME a variable the text names nowhere else, PATTERN
// the substitutions bash's parser finds inside, each at its own offset,
// and the newlines, with every other byte made a plain _. The word's value
// stays run time (a removal pattern's value gives no guess), while the
// commands of the substitutions, which bash runs when it expands the
// operator's word (x=ab; ${x~~$(rm -rf ~)}), are read and judged, and
// the lines after it keep their numbers. A substitution the scan cannot
// place (in a single-quoted part of a nested ${…} inside double quotes,
// or a backquoted command holding a backslash, whose escapes differ inside
// double quotes) leaves the text unparsed. A process substitution is
// written as a command substitution, which paramProcSubst turns back.
func opaqueKeepSubst(src string, start, end int) (string, bool) {
	var spans []substSpan
	m := matcher{src: src, limit: end + 1, rec: &spans}
	if e, ok := m.until(start+2, '}', 0); !ok || e != end {
		return "", false
	}
	// Outermost spans only, in order (a span found inside another one is
	// kept with it).
	sort.Slice(spans, func(i, j int) bool {
		if spans[i].from != spans[j].from {
			return spans[i].from < spans[j].from
		}
		return spans[i].to > spans[j].to
	})
	b := []byte(src[start : end+1])
	for i := 2; i < len(b)-1; i++ {
		if b[i] != '\n' {
			b[i] = '_'
		}
	}
	last := -1
	first := end
	for _, sp := range spans {
		if sp.to <= last {
			continue
		}
		if sp.backquoteEscapes {
			// Outside double quotes (and backquotes) the escapes of
			// the backquoted command read the same in ${N#…}: bash runs
			// `echo \`rm -rf ~\`` there as mvdan parses it.
			if ctx := quoteContextAt(src, start); ctx != quotePlain && ctx != quoteParen {
				return "", false
			}
		}
		copy(b[sp.from-start:], src[sp.from:sp.to+1])
		if sp.process {
			// Parsed as $( …), which paramProcSubst turns back.
			b[sp.from-start] = '$'
		}
		last = sp.to
		first = min(first, sp.from)
	}
	if nl := strings.IndexByte(src[start:end], '\n'); nl >= 0 {
		first = min(first, start+nl)
	}
	// Room for a name and the #: ${N#…}.
	n := first - start - 3
	if n < 1 {
		return "", false
	}
	// What is left of the pattern must hold no substitution the scan
	// did not place.
	rest := []byte(src[start : end+1])
	for _, sp := range spans {
		for i := sp.from; i <= sp.to; i++ {
			rest[i-start] = '_'
		}
	}
	if substStart(string(rest[2 : len(rest)-1])) {
		return "", false
	}
	name, ok := unusedName(src, n)
	if !ok {
		return "", false
	}
	copy(b[2:], name+"#")
	return src[:start] + string(b) + src[end+1:], true
}

// substSpan is a command or process substitution the matcher passed:
// the offsets of its first and last bytes.
type substSpan struct {
	from, to int
	// backquoteEscapes: a backquoted command holding a backslash, whose
	// escapes bash reads otherwise inside double quotes (the ${…} may be
	// in double quotes the scan does not see).
	backquoteEscapes bool
	// process: <(…) or >(…).
	process bool
}

// maxOpaqueDepth bounds the nesting dolBraceEnd follows.
const maxOpaqueDepth = 16

// dolBraceEnd returns the offset of the brace that closes the ${ at
// start, read as bash's parser reads it (parse_matched_pair): a backslash
// escapes the next byte, single quotes, $'…', double quotes (with their
// own escapes and expansions), backquotes, nested ${…}, $(…) and $((…))
// are skipped whole, and a bare { opens nothing. ok is false when no
// such brace lies within maxOpaqueSpan bytes or the nesting is too deep;
// a $(…) holding a case command, whose patterns end in an unmatched ),
// is refused too.
func dolBraceEnd(src string, start int) (int, bool) {
	m := matcher{src: src, limit: min(len(src), start+maxOpaqueSpan+1)}
	return m.until(start+2, '}', 0)
}

// matcher scans src up to limit as bash's parser reads nested constructs.
type matcher struct {
	src   string
	limit int
	// rec, when set, collects the command and process substitutions
	// passed (opaqueKeepSubst).
	rec *[]substSpan
}

func (m matcher) record(from, to int, backquote bool) {
	if m.rec != nil {
		*m.rec = append(*m.rec, substSpan{from: from, to: to,
			backquoteEscapes: backquote && strings.IndexByte(m.src[from:to], '\\') >= 0,
			process:          m.src[from] == '<' || m.src[from] == '>'})
	}
}

// until scans from i to the close byte that ends the construct (} of
// ${…}, ) of $(…)), skipping what bash skips inside it.
func (m matcher) until(i int, close byte, depth int) (int, bool) {
	if depth > maxOpaqueDepth {
		return 0, false
	}
	src := m.src
	open := 0
	for ; i < m.limit; i++ {
		c := src[i]
		switch {
		case c == '\\':
			i++
		case c == close && open == 0:
			return i, true
		case close == ')' && c == '(':
			open++
		case close == ')' && c == ')':
			open--
		case c == '\'':
			j := strings.IndexByte(src[i+1:m.limit], '\'')
			if j < 0 {
				return 0, false
			}
			i += j + 1
		case c == '"':
			e, ok := m.dquote(i+1, depth+1)
			if !ok {
				return 0, false
			}
			i = e
		case c == '`':
			e, ok := m.backquote(i + 1)
			if !ok {
				return 0, false
			}
			m.record(i, e, true)
			i = e
		case c == '$':
			e, ok := m.dollar(i, depth+1)
			if !ok {
				return 0, false
			}
			i = e
		case close == '}' && (c == '<' || c == '>') && i+1 < m.limit && src[i+1] == '(':
			// A process substitution inside ${…} is read whole by bash's
			// parser (x=ab; echo ${x~~<(echo })} prints ab), quoted or
			// not, and runs when the word is expanded.
			e, ok := m.until(i+2, ')', depth+1)
			if !ok {
				return 0, false
			}
			m.record(i, e, false)
			i = e
		case close == ')' && c == 'c' && strings.HasPrefix(src[i:m.limit], "case") && (i == 0 || !wordByte(src[i-1])) &&
			(i+4 == len(src) || !wordByte(src[i+4])):
			return 0, false
		}
	}
	return 0, false
}

// dollar skips the construct a $ at i starts ($'…', ${…}, $(…), $((…)));
// a plain $ is itself. It returns the offset of its last byte.
func (m matcher) dollar(i, depth int) (int, bool) {
	if i+1 >= m.limit {
		return i, true
	}
	switch m.src[i+1] {
	case '\'':
		for j := i + 2; j < m.limit; j++ {
			switch m.src[j] {
			case '\\':
				j++
			case '\'':
				return j, true
			}
		}
		return 0, false
	case '{':
		return m.until(i+2, '}', depth)
	case '(':
		e, ok := m.until(i+2, ')', depth)
		if ok {
			m.record(i, e, false)
		}
		return e, ok
	}
	return i, true
}

// dquote skips double-quoted text from i (after the opening quote) and
// returns the offset of the closing quote.
func (m matcher) dquote(i, depth int) (int, bool) {
	for ; i < m.limit; i++ {
		switch m.src[i] {
		case '\\':
			i++
		case '"':
			return i, true
		case '`':
			e, ok := m.backquote(i + 1)
			if !ok {
				return 0, false
			}
			m.record(i, e, true)
			i = e
		case '$':
			if i+1 < m.limit && m.src[i+1] == '\'' {
				continue // no ANSI-C quoting inside double quotes
			}
			e, ok := m.dollar(i, depth)
			if !ok {
				return 0, false
			}
			i = e
		}
	}
	return 0, false
}

// backquote skips a backquoted command from i (after the opening
// backquote) and returns the offset of the closing one.
func (m matcher) backquote(i int) (int, bool) {
	for ; i < m.limit; i++ {
		switch m.src[i] {
		case '\\':
			i++
		case '`':
			return i, true
		}
	}
	return 0, false
}

// maxOpaqueSource bounds the text opaqueParam rewrites (each rewrite
// parses it again, each name tried scans it).
const maxOpaqueSource = 64 << 10

// maxOpaqueSpan bounds the length of a parameter expansion opaqueParam
// rewrites.
const maxOpaqueSpan = 256

// unusedName returns a shell variable name of n bytes that src does not
// hold anywhere, so that no command in it sets the variable.
func unusedName(src string, n int) (string, bool) {
	const digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	if n < 1 {
		return "", false
	}
	if n == 1 {
		for c := 'A'; c <= 'Z'; c++ {
			if !strings.ContainsRune(src, c) {
				return string(c), true
			}
		}
		return "", false
	}
	for i := 0; i < 64; i++ {
		b := []byte(strings.Repeat("0", n-1))
		for j, v := len(b)-1, i; j >= 0 && v > 0; j, v = j-1, v/len(digits) {
			b[j] = digits[v%len(digits)]
		}
		name := "_" + string(b)
		if !strings.Contains(src, name) {
			return name, true
		}
	}
	return "", false
}

// maxProcSubstFixes bounds the parses paramProcSubst makes.
const maxProcSubstFixes = 16

// paramProcSubst reads the process substitutions in the words of ${…}
// operators as bash does. bash's parser reads <(…) and >(…) there as the
// commands they are, and runs them when it expands the word (echo
// ${x:-<(rm -rf ~)} removes the home directory); mvdan's parser takes
// them for text and may close the expansion at a brace inside them. Each
// <( or >( in the unquoted text of such a word is parsed as $( (same
// offsets), and the command substitution that gives is turned back into
// the process substitution it is.
func paramProcSubst(f *sh.File, src, orig string) (*sh.File, string, error) {
	for fixes := 0; ; fixes++ {
		at := procInParam(f)
		if len(at) == 0 {
			break
		}
		if fixes >= maxProcSubstFixes {
			return nil, src, &MisreadError{Text: "too many process substitutions inside ${…}"}
		}
		b := []byte(src)
		for _, o := range at {
			if o+1 >= len(b) || b[o] != '<' && b[o] != '>' || b[o+1] != '(' {
				return nil, src, &MisreadError{Text: "a process substitution inside ${…} corral cannot place"}
			}
			b[o] = '$'
		}
		src = string(b)
		nf, err := newParser().Parse(strings.NewReader(src), "")
		if err != nil {
			return nil, src, err
		}
		f = nf
	}
	if src == orig {
		return f, src, nil
	}
	// Inside double quotes bash keeps the <(…) of a default, alternate
	// or assigned word (${x:-…}, ${x+…}, ${x:=…}) as text, the command
	// parsed and printed again ("${x:-<(rm -rf ~)}" prints <(rm -rf ~)):
	// it runs nothing there, and the text, bash's printing of it, is
	// read as a value only run time knows (a variable no command sets).
	var textOnly func(parts []sh.WordPart)
	textOnly = func(parts []sh.WordPart) {
		for _, q := range parts {
			p, ok := q.(*sh.ParamExp)
			if !ok || p.Exp == nil || p.Exp.Word == nil {
				continue
			}
			switch p.Exp.Op {
			case sh.DefaultUnset, sh.DefaultUnsetOrNull, sh.AlternateUnset, sh.AlternateUnsetOrNull,
				sh.AssignUnset, sh.AssignUnsetOrNull:
			default:
				continue
			}
			wp := p.Exp.Word.Parts
			for i, w := range wp {
				c, ok := w.(*sh.CmdSubst)
				if !ok || c.Backquotes || !c.Left.IsValid() {
					continue
				}
				o := int(c.Left.Offset())
				if o >= len(orig) || src[o] != '$' || orig[o] != '<' && orig[o] != '>' {
					continue
				}
				name, ok := unusedName(src, 8)
				if !ok {
					continue
				}
				wp[i] = &sh.ParamExp{Dollar: c.Left, Short: true, Param: &sh.Lit{ValuePos: c.Left, ValueEnd: c.Right, Value: name}}
			}
			textOnly(wp)
		}
	}
	walkTree(f, func(n sh.Node) bool {
		if d, ok := n.(*sh.DblQuoted); ok {
			textOnly(d.Parts)
		}
		return true
	})
	// A command substitution where the text has <( or >( (made so here
	// or by opaqueKeepSubst) is the process substitution.
	turn := func(parts []sh.WordPart) {
		for i, p := range parts {
			c, ok := p.(*sh.CmdSubst)
			if !ok || c.Backquotes || !c.Left.IsValid() {
				continue
			}
			o := int(c.Left.Offset())
			if o >= len(orig) || src[o] != '$' {
				continue
			}
			switch orig[o] {
			case '<':
				parts[i] = &sh.ProcSubst{OpPos: c.Left, Op: sh.CmdIn, Stmts: c.Stmts, Last: c.Last, Rparen: c.Right}
			case '>':
				parts[i] = &sh.ProcSubst{OpPos: c.Left, Op: sh.CmdOut, Stmts: c.Stmts, Last: c.Last, Rparen: c.Right}
			}
		}
	}
	walkTree(f, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.Word:
			turn(n.Parts)
		case *sh.DblQuoted:
			turn(n.Parts)
		}
		return true
	})
	return f, src, nil
}

// procInParam returns the offsets of the < or > of each <( or >( in the
// unquoted text of a ${…} operator's word (a default, alternate or error
// word, a removal or case pattern, a substitution's pattern or
// replacement), which mvdan's parser read as text.
func procInParam(f *sh.File) []int {
	var at []int
	word := func(w *sh.Word) {
		if w == nil {
			return
		}
		for _, p := range w.Parts {
			l, ok := p.(*sh.Lit)
			if !ok || !l.ValuePos.IsValid() {
				continue
			}
			v := l.Value
			for i := 0; i+1 < len(v); i++ {
				switch {
				case v[i] == '\\':
					i++
				case (v[i] == '<' || v[i] == '>') && v[i+1] == '(':
					at = append(at, int(l.ValuePos.Offset())+i)
				}
			}
		}
	}
	walkTree(f, func(n sh.Node) bool {
		if p, ok := n.(*sh.ParamExp); ok {
			if p.Exp != nil {
				word(p.Exp.Word)
			}
			if p.Repl != nil {
				word(p.Repl.Orig)
				word(p.Repl.With)
			}
		}
		return true
	})
	return at
}
