package rewrite

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// A rule pack is a data file (rewrite/packs/NAME.json, embedded) of
// commands that a policy can choose to guard: "packs": ["terraform",
// "aws"]. A pack can only add ask or deny; it holds no code, only entries
// that the one matcher below reads.
//
//go:embed packs/*.json
var packFiles embed.FS

// Pack is one rule pack.
type Pack struct {
	Name string `json:"name"`
	Doc  string `json:"doc"`
	// Programs gives, per program, the options that take a value (names
	// without dashes), so that the scanner does not take a value for a
	// subcommand; SingleDashLong programs (terraform) write long options
	// with one dash.
	Programs map[string]PackProgram `json:"programs"`
	Entries  []PackEntry            `json:"entries"`
}

// PackProgram is how a program of a pack reads its options.
type PackProgram struct {
	SingleDashLong bool     `json:"single_dash_long"`
	ValueOptions   []string `json:"value_options"`
}

// PackEntry is one guarded command shape.
type PackEntry struct {
	Programs []string `json:"programs"`
	// Words are the first operands, in order; each may be a glob
	// (delete-*). AnyWord is an operand that may appear among the first
	// Within operands instead (gcloud compute instances delete).
	Words      []string `json:"words"`
	AnyWord    string   `json:"any_word"`
	Within     int      `json:"within"`
	IgnoreCase bool     `json:"ignore_case"`
	// OptionsAny: at least one of these options must be given;
	// UnlessOptions: none of these (a dry run, help). Names are written
	// without dashes; "dry-run=client" also matches the option's value.
	OptionsAny    []string `json:"options_any"`
	UnlessOptions []string `json:"unless_options"`
	// Text, when set, is program text the command runs (SQL, a script):
	// the entry matches when that text does what the entry names.
	Text     *PackText `json:"text"`
	Decision string    `json:"decision"`
	Message  string    `json:"message"`
}

// PackText says where a command's program text is and what in it counts.
type PackText struct {
	Options []string `json:"options"` // -c SQL, --eval JS
	Operand int      `json:"operand"` // the Nth operand (1-based), 0 for none
	Stdin   bool     `json:"stdin"`   // a here-document or here-string
	SQL     bool     `json:"sql"`     // DROP, TRUNCATE, DELETE without WHERE
	Regex   string   `json:"regex"`
	re      *regexp.Regexp
}

// packTable is every embedded pack by name, parsed on first use (a
// policy that enables no pack never parses one).
var packTable = lazy.Value[struct {
	m   map[string]*Pack
	err error
}]{New: func() (t struct {
	m   map[string]*Pack
	err error
}) {
	t.m, t.err = parsePacks()
	return t
}}

// loadPacks returns the embedded packs by name.
func loadPacks() (map[string]*Pack, error) {
	t := packTable.Get()
	return t.m, t.err
}

func parsePacks() (map[string]*Pack, error) {
	entries, err := packFiles.ReadDir("packs")
	if err != nil {
		return nil, err
	}
	out := map[string]*Pack{}
	for _, e := range entries {
		data, err := packFiles.ReadFile("packs/" + e.Name())
		if err != nil {
			return nil, err
		}
		p, err := parsePack(data)
		if err != nil {
			return nil, fmt.Errorf("pack %s: %v", e.Name(), err)
		}
		if p.Name+".json" != e.Name() {
			return nil, fmt.Errorf("pack %s is named %q", e.Name(), p.Name)
		}
		out[p.Name] = p
	}
	return out, nil
}

func parsePack(data []byte) (*Pack, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var p Pack
	if err := dec.Decode(&p); err != nil {
		return nil, err
	}
	if p.Name == "" || p.Doc == "" || len(p.Entries) == 0 {
		return nil, fmt.Errorf("a pack needs a name, a doc and entries")
	}
	for i := range p.Entries {
		e := &p.Entries[i]
		if e.Decision != "ask" && e.Decision != "deny" {
			return nil, fmt.Errorf("entry %d: decision %q: a pack can only ask or deny", i, e.Decision)
		}
		if len(e.Programs) == 0 || e.Message == "" {
			return nil, fmt.Errorf("entry %d: programs and message are required", i)
		}
		for _, w := range e.Words {
			if _, err := path.Match(w, ""); err != nil {
				return nil, fmt.Errorf("entry %d: word %q: %v", i, w, err)
			}
		}
		if t := e.Text; t != nil {
			if t.Regex != "" {
				re, err := regexp.Compile(t.Regex)
				if err != nil {
					return nil, fmt.Errorf("entry %d: %v", i, err)
				}
				t.re = re
			}
			if !t.SQL && t.re == nil {
				return nil, fmt.Errorf("entry %d: text needs sql or regex", i)
			}
		}
	}
	return &p, nil
}

// Packs returns every rule pack, sorted by name.
func Packs() []*Pack {
	m, err := loadPacks()
	if err != nil {
		panic(err) // the embedded files are checked by TestPacksLoad
	}
	out := make([]*Pack, 0, len(m))
	for _, p := range m {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// CheckPacks validates pack names from a policy; "all" names every pack.
// The error names the closest pack for a misspelling.
func CheckPacks(names []string) error {
	m, _ := loadPacks()
	for _, n := range names {
		if n == "all" || m[n] != nil {
			continue
		}
		var known []string
		for k := range m {
			known = append(known, k)
		}
		sort.Strings(known)
		return fmt.Errorf("unknown rule pack %q (known: %s, all)", n, strings.Join(known, ", "))
	}
	return nil
}

var packRule = Rule{
	Name: "pack",
	Doc: `Rule packs a policy enables ("packs": ["terraform", "aws"]): data
files of commands that destroy infrastructure or data outside the machine —
terraform/tofu destroy, apply -destroy, state rm; pulumi destroy; aws s3 rm
--recursive, s3 rb --force, ec2 terminate-instances, rds/iam delete-*,
cloudformation delete-stack; gcloud and az … delete; kubectl delete of a
namespace or --all, helm uninstall; dropdb, SQL that drops, truncates or
deletes without WHERE in psql/mysql/sqlite3 (-c, -e, an argument or a
here-document), redis-cli FLUSHALL, mongosh drops. A pack only adds ask or
deny; the finding names its pack. Options are read with the same scanner
as the built-in rules, so global options before the subcommand
(aws --profile x s3 rm …) do not hide it; dry runs and --help pass.
corral packs lists every pack and entry.`,
	Decisions: []Decision{Ask, Deny},
	Call:      checkPacks,
}

func checkPacks(p *Pass, c *syntax.Call) {
	if len(p.Config.Packs) == 0 || c.Name == "" {
		return
	}
	all, _ := loadPacks()
	enabled := p.Config.Packs
	if containsString(enabled, "all") {
		enabled = nil
		for n := range all {
			enabled = append(enabled, n)
		}
		sort.Strings(enabled)
	}
	for _, name := range enabled {
		pk := all[name]
		if pk == nil {
			continue
		}
		for _, e := range pk.Entries {
			if e.matches(pk, c) {
				d := Ask
				if e.Decision == "deny" {
					d = Deny
				}
				p.Report(c, Finding{Rule: "pack", Decision: d, Message: fmt.Sprintf("%s pack: %s %s", pk.Name, c.Name, e.Message)})
				break
			}
		}
	}
}

// matches reports whether call c is the entry's command shape.
func (e PackEntry) matches(pk *Pack, c *syntax.Call) bool {
	prog := ""
	for _, n := range e.Programs {
		if n == c.Name {
			prog = n
		}
	}
	if prog == "" {
		return false
	}
	args := c.Args
	pp := pk.Programs[prog]
	if pp.SingleDashLong {
		// terraform -destroy is the long option --destroy.
		args = append([]syntax.Arg(nil), args...)
		for i, a := range args {
			if a.Static && len(a.Value) > 2 && a.Value[0] == '-' && a.Value[1] != '-' {
				args[i].Value = "-" + a.Value
			}
		}
	}
	spec := optSpec{longEq: true, longVal: longOpts(pp.ValueOptions...)}
	for _, v := range pp.ValueOptions {
		if len(v) == 1 {
			spec.shortVal += v
		}
	}
	opts, operands := scan(args, spec)
	given := func(names []string) bool {
		for _, n := range names {
			name, val, hasVal := strings.Cut(n, "=")
			for _, o := range opts {
				if o.name == name && (!hasVal || o.hasVal && o.val.Value == val) {
					return true
				}
			}
		}
		return false
	}
	if len(e.OptionsAny) > 0 && !given(e.OptionsAny) || given(e.UnlessOptions) {
		return false
	}
	word := func(i int) (string, bool) {
		if i >= len(operands) {
			return "", false
		}
		a := args[operands[i]]
		if !a.Static {
			return "", false
		}
		if e.IgnoreCase {
			return strings.ToLower(a.Value), true
		}
		return a.Value, true
	}
	for i, w := range e.Words {
		v, ok := word(i)
		if !ok {
			return false
		}
		if m, _ := path.Match(w, v); !m {
			return false
		}
	}
	if e.AnyWord != "" {
		found := false
		for i := 0; i < e.Within && i < len(operands); i++ {
			if v, ok := word(i); ok && v == e.AnyWord {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	if e.Text != nil {
		return e.Text.matches(c, args, opts, operands)
	}
	return true
}

// matches reports whether any program text the command runs does what t
// names.
func (t *PackText) matches(c *syntax.Call, args []syntax.Arg, opts []option, operands []int) bool {
	var texts []string
	for _, o := range opts {
		for _, n := range t.Options {
			if o.name == n && o.hasVal {
				texts = append(texts, o.val.Value)
			}
		}
	}
	if t.Operand > 0 && t.Operand <= len(operands) {
		texts = append(texts, args[operands[t.Operand-1]].Value)
	}
	if t.Stdin {
		for _, r := range c.Redirs {
			if body, _, ok := r.Body(); ok {
				texts = append(texts, body)
			}
		}
	}
	for _, s := range texts {
		if t.SQL && destructiveSQL(s) || t.re != nil && t.re.MatchString(s) {
			return true
		}
	}
	return false
}

// destructiveSQL reports whether SQL text drops or truncates something, or
// deletes (or updates) every row: a DELETE or UPDATE statement without
// WHERE. Strings and comments are skipped, so a literal that mentions DROP
// is data.
func destructiveSQL(sql string) bool {
	for _, st := range sqlStatements(sql) {
		if len(st) == 0 {
			continue
		}
		switch st[0] {
		case "DROP", "TRUNCATE":
			return true
		case "DELETE", "UPDATE":
			where := false
			for _, w := range st[1:] {
				if w == "WHERE" {
					where = true
				}
			}
			if !where {
				return true
			}
		}
	}
	return false
}

// sqlStatements splits SQL into statements of upper-cased words, without
// strings, quoted identifiers and comments.
func sqlStatements(sql string) [][]string {
	var out [][]string
	var cur []string
	var word strings.Builder
	flush := func() {
		if word.Len() > 0 {
			cur = append(cur, strings.ToUpper(word.String()))
			word.Reset()
		}
	}
	for i := 0; i < len(sql); i++ {
		ch := sql[i]
		switch {
		case ch == '-' && i+1 < len(sql) && sql[i+1] == '-':
			flush()
			for i < len(sql) && sql[i] != '\n' {
				i++
			}
		case ch == '/' && i+1 < len(sql) && sql[i+1] == '*':
			flush()
			end := strings.Index(sql[i+2:], "*/")
			if end < 0 {
				i = len(sql)
			} else {
				i += end + 3
			}
		case ch == '\'' || ch == '"' || ch == '`':
			flush()
			cur = append(cur, "?")
			for i++; i < len(sql) && sql[i] != ch; i++ {
				if sql[i] == '\\' && ch != '"' {
					i++
				}
			}
		case ch == ';':
			flush()
			out = append(out, cur)
			cur = nil
		case ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '_':
			word.WriteByte(ch)
		default:
			flush()
		}
	}
	flush()
	return append(out, cur)
}

// PackLines lists a pack's entries for people, one line each.
func (pk *Pack) PackLines() []string {
	var out []string
	for _, e := range pk.Entries {
		var b strings.Builder
		b.WriteString(strings.Join(e.Programs, "/"))
		for _, w := range e.Words {
			b.WriteString(" " + w)
		}
		if e.AnyWord != "" {
			b.WriteString(" … " + e.AnyWord)
		}
		for _, o := range e.OptionsAny {
			dash := " --"
			if len(o) == 1 || pk.Programs[e.Programs[0]].SingleDashLong {
				dash = " -"
			}
			b.WriteString(dash + o)
		}
		if e.Text != nil {
			switch {
			case e.Text.SQL:
				b.WriteString(" <SQL that drops, truncates or deletes without WHERE>")
			default:
				b.WriteString(" <text matching " + strconv.Quote(e.Text.Regex) + ">")
			}
		}
		fmt.Fprintf(&b, ": %s — %s", e.Decision, e.Message)
		out = append(out, b.String())
	}
	return out
}
