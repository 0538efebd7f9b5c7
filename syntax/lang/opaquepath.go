package lang

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// A path a program builds at run time is judged by its literal pieces
// (runTimePath). That holds while the pieces are the path's own text; it
// fails when the program computes the text from other text — a literal
// whose characters it replaces, reverses, slices, decodes or turns into
// characters from numbers ("~/.bashrX".replace("X", "c"),
// "".join(map(chr, […])), base64.b64decode("…").decode()) — because then
// no piece names the file. pathShape reads the expression's form, not its
// pieces: which operations compute its text, whether its head is the home
// directory, and whether anything else than the known path builders
// (joins, the home directory, the environment, the arguments, format holes
// filled with names) makes it.

// pathShape is what the form of a path expression tells.
type pathShape struct {
	// hides names an operation that computes the path's text from literal
	// text or numbers: the file it names is in no piece.
	hides string
	// home reports a path under the home directory (expanduser("~"),
	// Path.home(), os.homedir(), Dir.home, $ENV{HOME}, getenv("HOME")).
	home bool
	// computed names a call or subscript that is none of the known path
	// builders: what it returns is only known at run time.
	computed string
	// env are the environment variables the expression reads (other than
	// HOME, which home covers), and envWhole reports an expression that
	// is one such read and nothing else (os.environ["T"]): the walker
	// knows the values the command gives them (T=~/x python3 -c …).
	env      []string
	envWhole bool
}

// envRead matches a read of one environment variable by name: Python's
// os.environ["X"], environ.get("X"), os.getenv("X"); Node's
// process.env.X and process.env["X"]; Ruby's ENV["X"] and
// ENV.fetch("X"); Perl's $ENV{X}; PHP's getenv("X"), $_ENV["X"] and
// $_SERVER["X"].
var envRead = lazy.Regexp{Expr: `(?:\benviron\s*(?:\.\s*get\s*\(|\[)|\b(?:secure_)?getenv\s*\(|\bGetenv\s*\(|\benv\s*::\s*var(?:_os)?\s*\(|\bprocess\s*\.\s*env\s*(?:\.|\[)|` +
	`\bENV\s*(?:\[|\.\s*fetch\s*\()|\$ENV\s*\{|\$_ENV\s*\[|\$_SERVER\s*\[)\s*['"]?([A-Za-z_][A-Za-z0-9_]*)['"]?\s*[\])}]?`}

// textConverters are the functions that turn literal text or numbers
// into other text: decoders, character conversions, reversals, and the
// replacing functions that take the subject as an argument (Python,
// Node, Ruby, Perl, PHP spellings). Used anywhere in a path's
// expression ("".join(map(chr, […])) passes chr without calling it), the
// path's text is computed.
var textConverters = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`chr fromCharCode fromCodePoint pack unpack unpack1 b64decode b32decode b16decode
		a85decode b85decode urlsafe_b64decode standard_b64decode decodebytes decodestring decode fromhex unhexlify
		a2b_hex a2b_base64 hex2bin base64_decode str_rot13 rot13 strrev str_replace str_ireplace strtr substr_replace
		preg_replace atob decodeURIComponent decodeURI unescape bytes bytearray reversed translate maketrans reverse lc uc
		lcfirst ucfirst from_bytes`) {
		m[n] = true
	}
	return m
}}

// textMethods are the string methods that compute text from their
// receiver: called on a literal ("~/.bashrX".replace("X", "c")), the
// path's text is computed; called on a name (out.replace(".txt",
// ".json")) they are how programs derive one file's name from another's.
var textMethods = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`replace replaceAll sub gsub tr tr_s delete squeeze succ next slice substr substring
		charAt at repeat padStart padEnd rstrip lstrip strip removeprefix removesuffix trim trimEnd trimStart chop chomp
		lower upper swapcase casefold capitalize title toLowerCase toUpperCase downcase upcase chars split concat encode
		center ljust rjust zfill expandtabs partition rpartition`) {
		m[n] = true
	}
	return m
}}

// joinOfLiteral matches a join whose separator is a literal other than
// "/" ("".join([…]), [...].join("")): the pieces it glues are no path's
// components.
var joinOfLiteral = lazy.Regexp{Expr: `(['"])([^'"/\\]*)['"]\s*\.\s*join\s*\(|\.\s*join\s*\(\s*(['"])([^'"/\\]*)['"]\s*\)`}

// pathBuilders are the calls that put a path together from its parts or
// name a directory, whose result is judged by the parts (joins, the home
// and working directories, the environment, the temporary directory, a
// format filled with names, conversions to a string or a path object).
var pathBuilders = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`join joinpath resolve normalize expanduser expandvars expand_path abspath realpath
		normpath dirname basename Path PurePath PosixPath home homedir getenv get environ cwd getcwd pwd tmpdir gettempdir
		mkdtemp mkstemp tempdir sys_get_temp_dir str String format sprintf fspath as_posix with_name with_suffix parent
		File Pathname catfile catdir rel2abs tmpdir fileURLToPath require expand fnamemodify glob iglob rglob listdir scandir walk
		iterdir readdirSync readdir opendir children entries each_child`) {
		m[n] = true
	}
	return m
}}

// envOrArgs are the names whose subscripts are the environment or the
// program's arguments (os.environ["OUT"], process.env.X, sys.argv[1],
// $ARGV[0], $argv[1], ENV["X"]): values the path builders take.
var envOrArgs = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"environ": true, "env": true, "ENV": true, "_SERVER": true, "_ENV": true, "argv": true, "ARGV": true}
}}

// homeMarks are the spellings of the home directory in an expression
// (with a literal "~" for expanduser and expand_path).
var homeMarks = lazy.Regexp{Expr: `\bPath\s*\.\s*home\s*\(|\bhomedir\s*\(|\bDir\s*\.\s*home\b|\bgetpwuid\b|` +
	// Rust's home_dir(), Go's os.UserHomeDir(), and env::var("HOME"),
	// os.Getenv("HOME") (red team of 2026-12-05).
	`\bhome_dir\s*\(|\bUserHomeDir\s*\(|\benv\s*::\s*var(?:_os)?\s*\(\s*"HOME"|\bGetenv\s*\(\s*"HOME"|` +
	`(?:environ|getenv|ENV|_SERVER|_ENV)\s*(?:\.\s*get\s*)?[\[({]\s*['"]?(?:HOME|USERPROFILE)\b|\$ENV\s*\{\s*['"]?HOME\b|` +
	`(?:expanduser|expand_path|untildify)\s*\(\s*(?:f|r)?['"]~|['"]~/|['"]~['"]`}

// argvMarks are the spellings of the program's arguments, whose values
// the walker knows from the command line.
var argvMarks = lazy.Regexp{Expr: `\bsys\s*\.\s*argv\b|\bprocess\s*\.\s*argv\b|\bARGV\b|\$ARGV\b|\$argv\b|\$_SERVER\s*\[\s*['"]argv`}

// shapeOf reads the form of a path expression's text.
func shapeOf(text string) pathShape {
	var s pathShape
	masked, holes := maskStrings(text)
	if holes {
		s.hides = "a literal inside a template's placeholder"
	}
	s.home = homeMarks.Get().MatchString(text)
	for _, m := range envRead.Get().FindAllStringSubmatchIndex(text, 8) {
		name := text[m[2]:m[3]]
		if name == "HOME" || name == "USERPROFILE" || slices.Contains(s.env, name) {
			continue
		}
		s.env = append(s.env, name)
		t := strings.TrimSpace(text)
		if len(s.env) == 1 && strings.HasSuffix(t, strings.TrimSpace(text[m[0]:m[1]])) {
			head := strings.TrimSpace(text[:m[0]])
			s.envWhole = head == "" || head == "os."
		}
	}
	if len(s.env) > 1 {
		s.envWhole = false
	}
	if s.hides == "" && joinOfLiteral.Get().MatchString(text) {
		s.hides = "a join of literals"
	}
	if s.hides == "" {
		// A converter passed by name (map(chr, …)).
		for _, w := range strings.FieldsFunc(masked, func(r rune) bool { return r > 127 || !isWordByte(byte(r)) }) {
			if textConverters.Get()[w] && w != "decode" && w != "reverse" && w != "bytes" {
				s.hides = w
				break
			}
		}
	}
	// Calls and subscripts, read off the masked text: NAME( or .NAME(,
	// and [ after a literal or a name.
	for i := 0; i < len(masked); i++ {
		c := masked[i]
		switch {
		case c == '(' && i > 0:
			name, recvLit := calleeBefore(masked, i)
			if name == "" {
				continue
			}
			if textMethods.Get()[name] && !textConverters.Get()[name] && envOrArgs.Get()[receiverBefore(masked, i, name)] {
				continue // process.argv.slice(2): the arguments
			}
			if r := receiverBefore(masked, i, name); name == "new" && (r == "Pathname" || r == "File" || r == "Dir") {
				continue // Pathname.new("src"): a path object
			}
			if textConverters.Get()[name] || textMethods.Get()[name] {
				if s.hides == "" && (recvLit || textConverters.Get()[name]) {
					s.hides = name
				}
				if s.computed == "" {
					s.computed = name
				}
				continue
			}
			if name == "format" && recvLit && literalArgs(masked, i) && s.hides == "" {
				s.hides = "format" // ".e{}v".format("n")
			}
			if !pathBuilders.Get()[name] && s.computed == "" {
				s.computed = name
			}
		case c == '[' && i > 0:
			j := i - 1
			for j >= 0 && (masked[j] == ' ' || masked[j] == '\t') {
				j--
			}
			if j < 0 {
				continue
			}
			if masked[j] == '"' || masked[j] == '\'' || masked[j] == '`' {
				if s.hides == "" {
					s.hides = "a subscript of a literal"
				}
				continue
			}
			name, _ := calleeBefore(masked, i)
			if name != "" && !envOrArgs.Get()[name] && s.computed == "" {
				s.computed = name + "[…]"
			}
		case c == '%' && s.hides == "":
			// "~/.%s" % "bashrc": a format whose holes are literals.
			j := i - 1
			for j >= 0 && masked[j] == ' ' {
				j--
			}
			k := i + 1
			for k < len(masked) && (masked[k] == ' ' || masked[k] == '(') {
				k++
			}
			if j >= 0 && strings.IndexByte(`"'`, masked[j]) >= 0 && k < len(masked) && strings.IndexByte(`"'`, masked[k]) >= 0 {
				s.hides = "% of literals"
			}
		case c == '=' && i+1 < len(masked) && masked[i+1] == '~' && s.hides == "":
			s.hides = "=~" // Perl's s///r and tr///r
		}
	}
	return s
}

// maskStrings returns text with the contents of its quoted strings
// removed (the quotes kept) and the code of their placeholders — a
// template literal's ${…}, a Python f-string's {…}, Ruby's #{…} — put
// after them, so that a call there is read as one (f".e{chr(110)}v");
// and whether such a placeholder holds a quoted string (`${"settings"}`),
// whose text the template computes from a literal.
func maskStrings(text string) (string, bool) {
	var b strings.Builder
	holes := false
	for i := 0; i < len(text); i++ {
		q := text[i]
		if q != '\'' && q != '"' && q != '`' {
			b.WriteByte(q)
			continue
		}
		fstring := q != '`' && i > 0 && (text[i-1] == 'f' || text[i-1] == 'F' ||
			i > 1 && strings.IndexByte("rRbB", text[i-1]) >= 0 && strings.IndexByte("fF", text[i-2]) >= 0)
		b.WriteByte(q)
		var code []string
		j := i + 1
		for ; j < len(text) && text[j] != q; j++ {
			if text[j] == '\\' && j+1 < len(text) {
				j++
				continue
			}
			open := -1
			switch {
			case q == '`' && text[j] == '$' && j+1 < len(text) && text[j+1] == '{':
				open = j + 2
			case q == '"' && text[j] == '#' && j+1 < len(text) && text[j+1] == '{':
				open = j + 2
			case fstring && text[j] == '{' && (j+1 >= len(text) || text[j+1] != '{'):
				open = j + 1
			}
			if open < 0 {
				continue
			}
			end := strings.IndexByte(text[open:], '}')
			if end < 0 {
				continue
			}
			hole := text[open : open+end]
			if strings.ContainsAny(hole, "\"'") {
				holes = true
			}
			if len(code) < maxPieces {
				code = append(code, hole)
			}
			if q == '`' || !strings.ContainsRune(hole, rune(q)) {
				j = open + end
			}
		}
		if j >= len(text) {
			break
		}
		b.WriteByte(q)
		for _, h := range code {
			m, _ := maskStrings(h)
			b.WriteString(" " + m + " ")
		}
		i = j
	}
	return b.String(), holes
}

// calleeBefore returns the name just before position i of masked text (a
// call's or a subscript's), and whether it is a method of a string
// literal ("…".replace).
func calleeBefore(masked string, i int) (string, bool) {
	j := i - 1
	for j >= 0 && (masked[j] == ' ' || masked[j] == '\t') {
		j--
	}
	end := j + 1
	for j >= 0 && (isWordByte(masked[j]) || masked[j] == '$') {
		j--
	}
	name := masked[j+1 : end]
	if name == "" || name[0] >= '0' && name[0] <= '9' {
		return "", false
	}
	k := j
	for k >= 0 && masked[k] == ' ' {
		k--
	}
	recvLit := false
	if k >= 0 && (masked[k] == '.' || k > 0 && masked[k] == '>' && masked[k-1] == '-') {
		if masked[k] == '>' {
			k--
		}
		k--
		for k >= 0 && masked[k] == ' ' {
			k--
		}
		recvLit = k >= 0 && strings.IndexByte("\"'`", masked[k]) >= 0
	}
	return strings.TrimPrefix(name, "$"), recvLit
}

// receiverBefore returns the name of the receiver of the method name
// whose call's "(" is at i in masked text (argv in process.argv.slice(2)),
// or "".
func receiverBefore(masked string, i int, name string) string {
	j := i - 1
	for j >= 0 && (masked[j] == ' ' || masked[j] == '\t') {
		j--
	}
	j -= len(name)
	for j >= 0 && masked[j] == ' ' {
		j--
	}
	if j < 0 || masked[j] != '.' {
		return ""
	}
	recv, _ := calleeBefore(masked, j)
	return recv
}

// literalArgs reports whether the call whose "(" is at i has a quoted
// string or a number among its arguments (replace("X", "c"), chr(46)).
func literalArgs(masked string, i int) bool {
	depth := 0
	for k := i; k < len(masked); k++ {
		switch c := masked[k]; {
		case c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
			if depth == 0 {
				return false
			}
		case c == '"' || c == '\'' || c == '`':
			return true
		case c >= '0' && c <= '9' && k > 0 && !isWordByte(masked[k-1]):
			return true
		}
	}
	return false
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
