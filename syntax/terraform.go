package syntax

import (
	"archive/zip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
)

// terraform and tofu run programs named in the configuration of the
// working directory (or -chdir=DIR): apply and destroy run each
// provisioner "local-exec" block's command (with /bin/sh -c, or the
// interpreter list the block gives, in working_dir, with the variables
// of its environment map as env hands them over), and every command
// that reads data sources (plan, apply, destroy, refresh, import,
// console) runs the program list of each data "external" block. The
// *.tf files of the directory, of the local modules it calls (source =
// "./m") and of the modules terraform init installed
// (.terraform/modules/modules.json) are read, and each command is
// analysed as if typed; a command or program with an interpolation
// (${var.x}, %{if …}) or a configuration corral cannot read (a *.tf.json
// that mentions one) asks.

// maxTerraformFiles bounds the configuration files read for one call.
const maxTerraformFiles = 256

// terraformRun walks what terraform or tofu runs from its configuration.
func (w *walker) terraformRun(c scope, call *Call) bool {
	if call.Name != "terraform" && call.Name != "tofu" || w.read == nil {
		return false
	}
	dir := call.Dir
	sub := ""
	dynDir := false
	plan := ""
	skip := false
	for _, a := range call.Args {
		v := a.Value
		if skip {
			skip = false
			continue
		}
		switch {
		case sub != "" && a.Static && strings.HasPrefix(v, "-"):
			// -var NAME=VALUE, -target ADDR: Go's flag package takes a
			// value in the next word too.
			skip = terraformValueFlag(strings.TrimLeft(v, "-"))
		case sub == "apply" && a.Static && plan == "":
			plan = v // terraform apply [options] [PLAN]
		case sub == "" && strings.HasPrefix(a.Raw, "-chdir="):
			if !a.Static {
				dynDir = true
				continue
			}
			dir = call.Dir.Join(strings.TrimPrefix(v, "-chdir="))
		case !a.Static:
			if sub == "" {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
					What: call.Name + " runs a subcommand only known at run time, which may run the configuration's local-exec commands"})
				return false
			}
		case sub == "" && strings.HasPrefix(v, "-"):
		case sub == "":
			sub = v
		}
	}
	provisioners := sub == "apply" || sub == "destroy"
	switch sub {
	case "apply", "destroy", "plan", "refresh", "import", "console":
	default:
		return false
	}
	if !dir.Known || dynDir {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: call.Name,
			What: call.Name + " " + sub + " reads its configuration from a directory only known at run time, whose local-exec and external programs it runs"})
		return false
	}
	files := w.terraformFiles(dir.Path)
	var texts map[string]string
	if plan != "" {
		// A saved plan holds the configuration it was made from
		// (tfconfig/ in the plan's zip), which apply runs, whatever the
		// directory holds now.
		if p := dir.Join(plan); p.Known { // -chdir applies to the plan too
			if names, got, ok := terraformPlanConfig(p.Path); ok {
				files, texts = names, got
			}
		}
	}
	for _, f := range files {
		text, ok := texts[f]
		if texts == nil {
			t, err := w.read(f)
			text, ok = t, err == nil
		}
		if !ok {
			continue
		}
		if strings.HasSuffix(f, ".json") {
			if strings.Contains(text, `"local-exec"`) || strings.Contains(text, `"external"`) {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: f,
					What: call.Name + " " + sub + " reads " + f + ", a JSON configuration that may run local-exec or external programs corral does not read"})
			}
			continue
		}
		for _, r := range hclRuns(text) {
			if !r.external && !provisioners {
				continue // provisioners run at apply and destroy only
			}
			where := f + ":" + strconv.Itoa(r.line)
			kind := "terraform local-exec"
			if r.external {
				kind = "terraform external"
			}
			if r.text == "" {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: where,
					What: call.Name + " " + sub + " runs the " + kind + " command at " + where + ", which is only known at run time (" + r.why + ")"})
				continue
			}
			runDir := dir // terraform's working directory
			if r.dir != "" {
				runDir = dir.Join(r.dir)
			}
			w.origin = where + " (" + call.Name + " " + sub + ")"
			w.childIn(c, call, r.text, nil, kind, false, w.cur.clone(), runDir)
			w.origin = ""
		}
	}
	return false
}

// terraformValueFlag reports terraform's options that take a value,
// which may be the next word (terraform apply -help).
func terraformValueFlag(name string) bool {
	switch name {
	case "var", "var-file", "target", "replace", "state", "state-out", "backup", "lock-timeout", "parallelism", "chdir":
		return true
	}
	return false
}

// maxTerraformPlan bounds the size of a saved plan read for its
// configuration.
const maxTerraformPlan = 64 << 20

// terraformPlanConfig reads the configuration a saved plan was made
// from: the *.tf and *.tf.json files under tfconfig/ in the plan's zip
// archive (each module's under its own directory there), named
// PLAN:tfconfig/…, sorted. ok is false when the file is no regular
// file, is larger than maxTerraformPlan or is no plan.
func terraformPlanConfig(path string) (names []string, texts map[string]string, ok bool) {
	real, err := resolveOrdinary(path)
	if err != nil {
		return nil, nil, false
	}
	st, err := os.Stat(real)
	if err != nil || !st.Mode().IsRegular() || st.Size() > maxTerraformPlan {
		return nil, nil, false
	}
	f, err := os.OpenFile(real, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, false
	}
	defer f.Close()
	zr, err := zip.NewReader(f, st.Size())
	if err != nil {
		return nil, nil, false
	}
	texts = map[string]string{}
	total := 0
	for _, zf := range zr.File {
		n := zf.Name
		if !strings.HasPrefix(n, "tfconfig/") || !strings.HasSuffix(n, ".tf") && !strings.HasSuffix(n, ".tf.json") {
			continue
		}
		if len(names) >= maxTerraformFiles || zf.UncompressedSize64 > MaxScriptFile || total > MaxScriptBytes {
			return nil, nil, false
		}
		rc, err := zf.Open()
		if err != nil {
			return nil, nil, false
		}
		b, err := io.ReadAll(io.LimitReader(rc, MaxScriptFile+1))
		rc.Close()
		if err != nil || len(b) > MaxScriptFile {
			return nil, nil, false
		}
		total += len(b)
		name := path + ":" + n
		names = append(names, name)
		texts[name] = string(b)
	}
	if len(names) == 0 {
		return nil, nil, false
	}
	sort.Strings(names)
	return names, texts, true
}

// terraformFiles lists the configuration files terraform reads for the
// directory: its *.tf and *.tf.json, those of the local modules it calls
// (source = "./m", "../m"), and those of the modules terraform init
// installed under .terraform/modules.
func (w *walker) terraformFiles(root string) []string {
	var out []string
	seen := map[string]bool{}
	queue := []string{root}
	if text, err := w.read(filepath.Join(root, ".terraform", "modules", "modules.json")); err == nil {
		var m struct {
			Modules []struct{ Dir string }
		}
		if json.Unmarshal([]byte(text), &m) == nil {
			for _, mod := range m.Modules {
				if mod.Dir != "" {
					queue = append(queue, filepath.Join(root, mod.Dir))
				}
			}
		}
	}
	for len(queue) > 0 && len(out) < maxTerraformFiles {
		d := filepath.Clean(queue[0])
		queue = queue[1:]
		if seen[d] {
			continue
		}
		seen[d] = true
		entries, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		var names []string
		for _, e := range entries {
			if n := e.Name(); !e.IsDir() && (strings.HasSuffix(n, ".tf") || strings.HasSuffix(n, ".tf.json")) {
				names = append(names, n)
			}
		}
		sort.Strings(names)
		for _, n := range names {
			f := filepath.Join(d, n)
			out = append(out, f)
			if strings.HasSuffix(n, ".tf") {
				if text, err := w.read(f); err == nil {
					for _, src := range hclModuleSources(text) {
						queue = append(queue, filepath.Join(d, src))
					}
				}
			}
		}
	}
	if len(out) > maxTerraformFiles {
		out = out[:maxTerraformFiles]
	}
	return out
}

// hclRun is a program a configuration runs: text is its command line
// (empty when only run time knows it, why says which part).
type hclRun struct {
	external bool
	text     string
	why      string
	dir      string
	line     int
}

// hclTok is a token of HCL's native syntax: an identifier, a string
// (a quoted template or a heredoc: its literal value, and whether it
// interpolates), or punctuation.
type hclTok struct {
	kind   byte // 'i' identifier, 's' string, 'p' punctuation, 'n' newline
	text   string
	interp bool
	line   int
}

// hclLex splits HCL text into tokens: comments (#, //, /* */) dropped,
// quoted templates with their escapes (\n \t \" \\ \uNNNN) and $${ and
// %%{ as literal ${ and %{, heredocs (<<EOT, <<-EOT with the common
// indentation removed).
func hclLex(src string) []hclTok {
	var out []hclTok
	line := 1
	for i := 0; i < len(src); {
		ch := src[i]
		switch {
		case ch == '\n':
			out = append(out, hclTok{kind: 'n', line: line})
			line++
			i++
		case ch == ' ' || ch == '\t' || ch == '\r':
			i++
		case ch == '#' || ch == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case ch == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return out
			}
			line += strings.Count(src[i:i+2+end], "\n")
			i += end + 4
		case ch == '"':
			val, interp, n := hclQuoted(src[i+1:])
			out = append(out, hclTok{kind: 's', text: val, interp: interp, line: line})
			line += strings.Count(src[i:i+1+n], "\n")
			i += 1 + n
		case ch == '<' && strings.HasPrefix(src[i:], "<<"):
			j := i + 2
			indent := j < len(src) && src[j] == '-'
			if indent {
				j++
			}
			k := j
			for k < len(src) && isHCLIdent(src[k]) {
				k++
			}
			nl := strings.IndexByte(src[k:], '\n')
			if k == j || nl < 0 {
				out = append(out, hclTok{kind: 'p', text: "<", line: line})
				i++
				continue
			}
			marker := src[j:k]
			body := src[k+nl+1:]
			var lines []string
			consumed := k + nl + 1
			for body != "" {
				l, rest, _ := strings.Cut(body, "\n")
				consumed += len(l) + 1
				if strings.TrimSpace(l) == marker {
					break
				}
				lines = append(lines, l)
				body = rest
			}
			if indent {
				lines = trimCommonIndent(lines)
			}
			text := strings.Join(lines, "\n")
			if len(lines) > 0 {
				text += "\n"
			}
			val, interp := hclTemplate(text)
			out = append(out, hclTok{kind: 's', text: val, interp: interp, line: line})
			line += strings.Count(src[i:min(consumed, len(src))], "\n")
			i = min(consumed, len(src))
		case isHCLIdent(ch):
			j := i
			for j < len(src) && (isHCLIdent(src[j]) || src[j] == '-' || src[j] == '.') {
				j++
			}
			out = append(out, hclTok{kind: 'i', text: src[i:j], line: line})
			i = j
		default:
			out = append(out, hclTok{kind: 'p', text: string(ch), line: line})
			i++
		}
	}
	return out
}

func isHCLIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// trimCommonIndent removes the spaces all non-blank lines start with.
func trimCommonIndent(lines []string) []string {
	common := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if common < 0 || n < common {
			common = n
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		if len(l) >= common && common > 0 {
			l = l[common:]
		}
		out[i] = l
	}
	return out
}

// hclQuoted reads a quoted template after its opening quote: its literal
// value, whether it interpolates, and the bytes read (through the
// closing quote).
func hclQuoted(s string) (string, bool, int) {
	var b strings.Builder
	interp := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '"':
			return b.String(), interp, i + 1
		case ch == '\\' && i+1 < len(s):
			i++
			switch s[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'u', 'U':
				n := 4
				if s[i] == 'U' {
					n = 8
				}
				if i+n < len(s) {
					if r, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32); err == nil {
						b.WriteRune(rune(r))
						i += n
						continue
					}
				}
				interp = true // not a literal escape corral reads
			default:
				b.WriteByte(s[i])
			}
		case (ch == '$' || ch == '%') && i+2 < len(s) && s[i+1] == ch && s[i+2] == '{':
			b.WriteByte(ch)
			b.WriteByte('{')
			i += 2
		case (ch == '$' || ch == '%') && i+1 < len(s) && s[i+1] == '{':
			interp = true
			depth := 0
			for i++; i < len(s); i++ {
				if s[i] == '{' {
					depth++
				} else if s[i] == '}' {
					depth--
					if depth == 0 {
						break
					}
				} else if s[i] == '"' {
					_, _, n := hclQuoted(s[i+1:])
					i += n
				}
			}
		case ch == '\n':
			return b.String(), true, i // an unterminated string
		default:
			b.WriteByte(ch)
		}
	}
	return b.String(), true, len(s)
}

// hclTemplate reads a heredoc's text as a template: its literal value
// and whether it interpolates.
func hclTemplate(s string) (string, bool) {
	var b strings.Builder
	interp := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case (ch == '$' || ch == '%') && i+2 < len(s) && s[i+1] == ch && s[i+2] == '{':
			b.WriteByte(ch)
			b.WriteByte('{')
			i += 2
		case (ch == '$' || ch == '%') && i+1 < len(s) && s[i+1] == '{':
			interp = true
			b.WriteByte(ch)
		default:
			b.WriteByte(ch)
		}
	}
	return b.String(), interp
}

// hclBlockEnd returns the index of the } that closes the { at toks[i].
func hclBlockEnd(toks []hclTok, i int) int {
	depth := 0
	for j := i; j < len(toks); j++ {
		if toks[j].kind != 'p' {
			continue
		}
		switch toks[j].text {
		case "{", "[", "(":
			depth++
		case "}", "]", ")":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(toks)
}

// hclAttr returns the tokens of attribute name's value at the top level
// of the block body toks[from:to] (after "name ="), up to the end of its
// line or its closing bracket.
func hclAttr(toks []hclTok, from, to int, name string) ([]hclTok, bool) {
	for j := from; j < to; j++ {
		t := toks[j]
		if t.kind == 'p' && (t.text == "{" || t.text == "[" || t.text == "(") {
			j = hclBlockEnd(toks, j)
			continue
		}
		if t.kind != 'i' || t.text != name || j+1 >= to || toks[j+1].kind != 'p' || toks[j+1].text != "=" {
			continue
		}
		k := j + 2
		if k < to && toks[k].kind == 'p' && (toks[k].text == "[" || toks[k].text == "{") {
			e := hclBlockEnd(toks, k)
			return toks[k:min(e+1, to)], true
		}
		e := k
		for e < to && toks[e].kind != 'n' {
			e++
		}
		return toks[k:e], true
	}
	return nil, false
}

// hclString reads a value that is one string: its literal text, and
// whether corral knows it.
func hclString(v []hclTok) (string, bool) {
	if len(v) != 1 || v[0].kind != 's' || v[0].interp {
		return "", false
	}
	return v[0].text, true
}

// hclList reads a value that is a list of strings.
func hclList(v []hclTok) ([]string, bool) {
	if len(v) < 2 || v[0].text != "[" {
		return nil, false
	}
	var out []string
	for _, t := range v[1 : len(v)-1] {
		switch {
		case t.kind == 'n' || t.kind == 'p' && t.text == ",":
		case t.kind == 's' && !t.interp:
			out = append(out, t.text)
		default:
			return nil, false
		}
	}
	return out, true
}

// terraformValue names a shell variable no environment sets, standing
// for a value terraform computes (${var.x}).
const terraformValue = "__corral_terraform_value"

// hclMap reads an object of strings ({ K = "v", "K2": "v2" }), in the
// order written: each key, its value and, for a value that
// interpolates, a third non-empty field; ok is false for anything else
// (a computed key, a nested value, an expression).
func hclMap(v []hclTok) (kv [][3]string, ok bool) {
	if len(v) < 2 || v[0].text != "{" || v[len(v)-1].text != "}" {
		return nil, false
	}
	in := v[1 : len(v)-1]
	for i := 0; i < len(in); {
		switch t := in[i]; {
		case t.kind == 'n' || t.kind == 'p' && t.text == ",":
			i++
			continue
		case (t.kind == 'i' || t.kind == 's' && !t.interp) && i+2 < len(in) &&
			in[i+1].kind == 'p' && (in[i+1].text == "=" || in[i+1].text == ":") && in[i+2].kind == 's':
			interp := ""
			if in[i+2].interp {
				interp = "interpolates"
			}
			kv = append(kv, [3]string{t.text, in[i+2].text, interp})
			i += 3
		default:
			return nil, false
		}
	}
	return kv, true
}

// hclRuns finds the programs a configuration file runs: the command of
// each provisioner "local-exec" block (with its interpreter and
// working_dir) and the program of each data "external" block.
func hclRuns(src string) []hclRun {
	toks := hclLex(src)
	var out []hclRun
	for i := 0; i+2 < len(toks); i++ {
		t := toks[i]
		if t.kind != 'i' {
			continue
		}
		switch {
		case t.text == "provisioner" && toks[i+1].kind == 's' && toks[i+1].text == "local-exec" && toks[i+2].text == "{":
			end := hclBlockEnd(toks, i+2)
			r := hclRun{line: t.line}
			cmd, ok := hclAttr(toks, i+3, end, "command")
			text, lit := hclString(cmd)
			if !ok || !lit {
				r.why = "the command interpolates"
				out = append(out, r)
				continue
			}
			argv := []string{"/bin/sh", "-c"}
			if v, ok := hclAttr(toks, i+3, end, "interpreter"); ok {
				if argv, ok = hclList(v); !ok || len(argv) == 0 {
					r.why = "the interpreter interpolates"
					out = append(out, r)
					continue
				}
			}
			if v, ok := hclAttr(toks, i+3, end, "working_dir"); ok {
				d, lit := hclString(v)
				if !lit {
					r.why = "the working_dir interpolates"
					out = append(out, r)
					continue
				}
				r.dir = d
			}
			var words []string
			if v, ok := hclAttr(toks, i+3, end, "environment"); ok {
				// environment = { BASH_ENV = "x" }: the variables the
				// interpreter starts with, handed over as env does.
				// A value that interpolates (${var.x}) is a value only
				// known at run time, which matters only for a variable
				// that changes what the interpreter runs (BASH_ENV,
				// LD_PRELOAD, PATH).
				env, lit := hclMap(v)
				if !lit {
					r.why = "the environment is no map of strings"
					out = append(out, r)
					continue
				}
				if len(env) > 0 {
					words = append(words, "env")
					for _, kv := range env {
						if kv[2] != "" {
							words = append(words, Quote(kv[0]+"=")+`"$`+terraformValue+`"`)
							continue
						}
						words = append(words, Quote(kv[0]+"="+kv[1]))
					}
				}
			}
			for _, a := range append(argv, text) {
				words = append(words, Quote(a))
			}
			r.text = strings.Join(words, " ")
			out = append(out, r)
		case t.text == "data" && toks[i+1].kind == 's' && toks[i+1].text == "external" && i+3 < len(toks) && toks[i+2].kind == 's' && toks[i+3].text == "{":
			end := hclBlockEnd(toks, i+3)
			r := hclRun{external: true, line: t.line}
			v, ok := hclAttr(toks, i+4, end, "program")
			argv, lit := hclList(v)
			if !ok || !lit || len(argv) == 0 {
				r.why = "the program list interpolates"
				out = append(out, r)
				continue
			}
			if v, ok := hclAttr(toks, i+4, end, "working_dir"); ok {
				d, lit := hclString(v)
				if !lit {
					r.why = "the working_dir interpolates"
					out = append(out, r)
					continue
				}
				r.dir = d
			}
			var words []string
			for _, a := range argv {
				words = append(words, Quote(a))
			}
			r.text = strings.Join(words, " ")
			out = append(out, r)
		}
	}
	return out
}

// hclModuleSources returns the local directories module blocks name in
// source (./m, ../m).
func hclModuleSources(src string) []string {
	toks := hclLex(src)
	var out []string
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].kind != 'i' || toks[i].text != "module" || toks[i+1].kind != 's' || toks[i+2].text != "{" {
			continue
		}
		end := hclBlockEnd(toks, i+2)
		if v, ok := hclAttr(toks, i+3, end, "source"); ok {
			if s, lit := hclString(v); lit && (strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../")) {
				out = append(out, s)
			}
		}
	}
	return out
}
