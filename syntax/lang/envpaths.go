package lang

import (
	"regexp"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Paths the environment supplies, by routes the reading of a path's
// expression (shapeOf's envRead) does not spell: a variable expanded
// inside a string (Python os.path.expandvars("$T/x")), a variable read
// by a name held in a constant (k = "T"; os.environ[k]), through a name
// bound to the environment object (env = os.environ; env["T"]; const
// env = process.env; env.T), destructured from it (const {T} =
// process.env) and awk's ENVIRON["T"] as the file print writes or
// getline reads. Each is added to the path's assigned texts as the
// canonical read os.environ["T"], so that the walker judges the path with
// the value the command gives T (envPathEffects), as it does for
// os.environ["T"] written out.

// envObject reports a spelling of the environment as a mapping (the
// table envTables, and Perl's $ENV{…}).
func envObject(name string) bool { return envTables.Get()[name] || name == "$ENV" }

// expandVar matches a variable a shell-like expansion names: $T, ${T}.
var expandVar = lazy.Regexp{Expr: `\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))`}

// envRef is the canonical text of a read of the variable name.
func envRef(name string) string { return `os.environ["` + name + `"]` }

// envNameOK reports a name that can be an environment variable's.
func envNameOK(s string) bool {
	if s == "" || !isIdentStart(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdent(s[i]) {
			return false
		}
	}
	return true
}

// envObjectName reports whether the dotted name is the environment as a
// mapping, a copy of it (os.environb, ENV.to_h), or a name the code
// binds to either (env = os.environ; e = dict(os.environ); $e =
// getenv(); my %e = %ENV, read as $e{T}).
func (p *parser) envObjectName(name string) bool {
	if envCopyText(name) || envCopyText(p.al.resolve(name)) {
		return true
	}
	vals := p.assigned[name]
	if p.l == Perl && strings.HasPrefix(name, "$") {
		// $e{T} is an element of the hash %e (my %e = %ENV).
		vals = append(vals[:len(vals):len(vals)], p.assigned[name[1:]]...)
	}
	for _, v := range vals {
		if envCopyText(v) {
			return true
		}
	}
	return false
}

// envCopy matches, with the spaces taken out, an expression whose value
// is the environment as a mapping or a copy of it that overrides
// nothing: Python dict(os.environ), os.environ.copy(), {**os.environ},
// os.environb; Node Object.assign({}, process.env), {...process.env},
// structuredClone(process.env); PHP getenv() with no argument (every
// variable), $_ENV, $_SERVER; Ruby ENV.to_h, ENV.to_hash, ENV.clone,
// ENV.dup, Hash[ENV]; Perl %ENV, (%ENV), {%ENV}, \%ENV. A copy that
// sets a variable (dict(os.environ, T="x"), {...process.env, T: "x"}) is
// none.
var envCopy = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:` + envCopyOf(`(?:os\.environb?|environb?|process\.env|Bun\.env|Deno\.env\.toObject\(\)|ENV|\$_SERVER|\$_ENV|_SERVER|_ENV)`) +
		`|getenv\(\)|\(?%ENV\)?|\{%ENV\}|\\%ENV)$`)
}}

// envCopyOf is the alternatives of envCopy around the pattern x of the
// environment object.
func envCopyOf(x string) string {
	return x + `|dict\((?:\*\*)?` + x + `\)|` + x + `\.copy\(\)|\{\*\*` + x + `\}|Object\.assign\(\{\},` + x + `\)|\{\.\.\.` + x + `\}|` +
		`structuredClone\(` + x + `\)|` + x + `\.(?:to_h|to_hash|clone|dup)(?:\(\))?|Hash\[` + x + `\]`
}

// envCopyText reports the text of the environment as a mapping or a copy
// of it (envCopy).
func envCopyText(s string) bool {
	if envObject(strings.TrimSpace(s)) {
		return true
	}
	if len(s) > 200 {
		return false
	}
	return envCopy.Get().MatchString(strings.Join(strings.Fields(s), ""))
}

// envCopyBefore reports whether the tokens that end before k with a
// closing bracket are a copy of the environment built in place
// (dict(os.environ)["T"], {...process.env}.T, getenv()["T"]).
func (p *parser) envCopyBefore(k int) bool {
	c := k - 1
	if c < 1 || !isP(p.tok(c), ")") && !isP(p.tok(c), "}") && !isP(p.tok(c), "]") {
		return false
	}
	// Cheap test first: the copies end with the object's name or an
	// empty call (copy(), getenv()).
	if last := p.tok(c - 1); last.kind != tIdent && !isP(last, "(") {
		return false
	}
	o := p.matchBack(c)
	if o < 0 {
		return false
	}
	start := o
	if (isP(p.tok(o), "(") || isP(p.tok(o), "[")) && p.tok(o-1).kind == tIdent {
		_, start = p.dotted(o - 1)
	}
	return envCopyText(p.src[p.toks[start].off : p.toks[c].off+1])
}

// envCopyKey reads the key a copy of the environment ending before k is
// read by: ["T"], .get("T"), .fetch("T"), .T, ->{T}.
func (p *parser) envCopyKey(k int) (string, bool) {
	t := p.tok(k)
	switch {
	case isP(t, "[") && isP(p.tok(k+2), "]"):
		return p.envKey(k + 1)
	case isP(t, "->") && isP(p.tok(k+1), "{") && isP(p.tok(k+3), "}"):
		return p.envKey(k + 2)
	case isP(t, ".") && (isI(p.tok(k+1), "get") || isI(p.tok(k+1), "fetch")) && isP(p.tok(k+2), "("):
		return p.envKey(k + 3)
	case isP(t, ".") && p.l == JS && p.tok(k+1).kind == tIdent && !isP(p.tok(k+2), "("):
		return p.tok(k + 1).text, envNameOK(p.tok(k + 1).text)
	}
	return "", false
}

// formatHole matches a hole a format fills from a mapping by name:
// {T}, {T!r}, {T:>8}, %(T)s, $T, ${T}.
var formatHole = lazy.Regexp{Expr: `\{([A-Za-z_][A-Za-z0-9_]*)[!:}]|%\(([A-Za-z_][A-Za-z0-9_]*)\)|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)`}

// wholeEnv reports tokens [a, b) that hand the environment as a whole
// mapping to something (**os.environ, % os.environ, substitute(os.environ)).
func (p *parser) wholeEnv(a, b int) bool {
	for k := a; k < b && k < len(p.toks); k++ {
		t := p.toks[k]
		if t.kind != tIdent || member(p.toks[:k]) {
			continue
		}
		name, after := dottedAt(p.toks, k)
		if p.envObjectName(name) && (isP(p.tok(after), ")") || isP(p.tok(after), ",") || after >= b) {
			return true
		}
		k = after - 1
	}
	return false
}

// envKey returns the variable name the token at k gives as a key: a
// literal, or a name bound once to a literal.
func (p *parser) envKey(k int) (string, bool) {
	t := p.tok(k)
	switch {
	case litStr(t):
		return t.text, envNameOK(t.text)
	case t.kind == tIdent:
		if c, ok := p.consts[t.text]; ok && !c.tilde && envNameOK(c.str) {
			return c.str, true
		}
		if p.l == Perl && !strings.HasPrefix(t.text, "$") && isP(p.tok(k-1), "{") && isP(p.tok(k+1), "}") {
			// $e{T}: a bareword key is the string.
			return t.text, envNameOK(t.text)
		}
	}
	return "", false
}

// envReads returns the canonical reads of the environment the tokens
// [a, b) make by the routes above.
func (p *parser) envReads(a, b int) []string {
	var out []string
	seen := map[string]bool{}
	add := func(name string) {
		if name != "" && name != "HOME" && !seen[name] && len(out) < maxAssigned {
			seen[name] = true
			out = append(out, envRef(name))
		}
	}
	if p.wholeEnv(a, b) {
		// "{T}/x".format(**os.environ), "%(T)s" % os.environ,
		// Template("$T").substitute(os.environ): the holes of its
		// strings are variables.
		for k := a; k < b && k < len(p.toks); k++ {
			if t := p.toks[k]; t.kind == tString {
				for _, m := range formatHole.Get().FindAllStringSubmatch(t.text, maxAssigned) {
					add(m[1] + m[2] + m[3] + m[4])
				}
			}
		}
	}
	for k := a; k < b && k < len(p.toks); k++ {
		t := p.toks[k]
		if t.kind == tPunct && k > a && p.envCopyBefore(k) {
			// dict(os.environ)["T"], {...process.env}.T.
			if v, ok := p.envCopyKey(k); ok {
				add(v)
			}
			continue
		}
		if t.kind != tIdent || member(p.toks[:k]) {
			continue
		}
		name, after := dottedAt(p.toks, k)
		full := p.al.resolve(name)
		switch {
		case (full == "os.path.expandvars" || full == "posixpath.expandvars" || strings.HasSuffix(full, ".expandvars") && strings.HasPrefix(name, "path.")) && isP(p.tok(after), "("):
			// os.path.expandvars("$T/.bashrc"): the variables of its
			// literal (a name bound once to one too).
			end := p.closeOf(p.toks, after)
			for j := after + 1; j < end && j < b; j++ {
				s := ""
				if tj := p.toks[j]; tj.kind == tString {
					s = tj.text
				} else if tj.kind == tIdent {
					if c, ok := p.consts[tj.text]; ok {
						s = c.str
					}
				}
				for _, m := range expandVar.Get().FindAllStringSubmatch(s, maxAssigned) {
					add(m[1] + m[2])
				}
			}
		case (envGetters.Get()[full] || full == "os.getenvb") && isP(p.tok(after), "("):
			// os.getenv(k) with k = "T".
			if v, ok := p.envKey(after + 1); ok {
				add(v)
			}
		case p.envObjectName(name) && (isP(p.tok(after), "[") || isP(p.tok(after), "{")):
			// os.environ[k], env["T"], $ENV{$k}, ENV.to_h["T"].
			if v, ok := p.envKey(after + 1); ok {
				add(v)
			}
		case p.l == Perl && isP(p.tok(after), "->") && p.envObjectName(name):
			// $e->{T} with $e = {%ENV} or \%ENV.
			if v, ok := p.envCopyKey(after); ok {
				add(v)
			}
		case strings.Contains(name, ".") && p.envObjectName(name[:strings.LastIndexByte(name, '.')]):
			// env.T, env.get("T") on a name bound to the environment;
			// process.env.T where the lookups made it of process.env[k]
			// (its text still spells k).
			field := name[strings.LastIndexByte(name, '.')+1:]
			switch {
			case (field == "get" || field == "fetch") && isP(p.tok(after), "("):
				if v, ok := p.envKey(after + 1); ok {
					add(v)
				}
			case !isP(p.tok(after), "(") && envNameOK(field):
				add(field)
			}
		}
		k = after - 1
	}
	return out
}

// destructuredEnv binds each name a JavaScript destructuring of the
// environment makes (const {T, U: u} = process.env) to its read.
func (p *parser) destructuredEnv() {
	if p.l != JS {
		return
	}
	for i := 0; i < len(p.toks); i++ {
		if !isP(p.toks[i], "{") {
			continue
		}
		end := p.closeOf(p.toks, i)
		if end < 0 || !isP(p.tok(end+1), "=") {
			continue
		}
		obj, after := dottedAt(p.toks, end+2)
		if obj == "" || !p.statementEnd(after) {
			continue
		}
		if obj == "process" {
			// const {env} = process: env is process.env.
			for _, s := range p.spans(p.toks, i, end) {
				if k := p.toks[s[0]]; s[1]-s[0] == 1 && isI(k, "env") {
					p.assigned["env"] = append(p.assigned["env"], "process.env")
				}
			}
			i = end
			continue
		}
		if !p.envObjectName(obj) {
			continue
		}
		for _, s := range p.spans(p.toks, i, end) {
			key := p.toks[s[0]]
			if key.kind != tIdent || !envNameOK(key.text) {
				continue
			}
			local := key.text
			if s[1]-s[0] >= 3 && isP(p.toks[s[0]+1], ":") && p.toks[s[0]+2].kind == tIdent {
				local = p.toks[s[0]+2].text // {T: t}
			}
			if len(p.assigned[local]) < maxAssigned {
				p.assigned[local] = append(p.assigned[local], envRef(key.text))
			}
		}
		i = end
	}
}

// awkEnvPaths are the files awk's print writes (> and >>) and getline
// reads (<) whose name takes an ENVIRON entry other than HOME
// (print > ENVIRON["T"], ENVIRON["D"] "/x"): a path from the
// environment, judged with the value the command gives it; the literal
// strings of the expression are its pieces.
func (p *parser) awkEnvPaths() []Effect {
	var out []Effect
	for k := 0; k < len(p.toks); k++ {
		t := p.toks[k]
		if t.kind != tPunct || t.text != ">" && t.text != "<" {
			continue
		}
		next, app, kind, name := k+1, false, Write, "print >"
		if t.text == ">" {
			if !p.inPrint(k) || isP(p.tok(k-1), ">") {
				continue
			}
			if isP(p.tok(next), ">") {
				next, app, name = next+1, true, "print >>"
			}
		} else {
			prev := p.tok(k - 1)
			if !(isI(prev, "getline") || prev.kind == tIdent && isI(p.tok(k-2), "getline")) {
				continue
			}
			kind, name = Read, "getline <"
		}
		to := p.awkExprEnd(next)
		if to <= next {
			continue
		}
		var env, pieces []string
		whole := false
		for j := next; j < to; j++ {
			tj := p.toks[j]
			switch {
			case isI(tj, "ENVIRON") && isP(p.tok(j+1), "[") && litStr(p.tok(j+2)) && isP(p.tok(j+3), "]"):
				if n := p.tok(j + 2).text; n != "HOME" && envNameOK(n) {
					env = append(env, n)
					whole = j == next && j+4 == to
				}
				j += 3
			case litStr(tj):
				pieces = append(pieces, tj.text)
			}
		}
		if len(env) == 0 {
			continue
		}
		if len(env) > 1 {
			whole = false
		}
		end := len(p.src)
		if to < len(p.toks) {
			end = p.toks[to].off
		}
		out = append(out, Effect{Kind: kind, Call: name, Text: strings.TrimSpace(p.src[p.toks[next].off:end]), Append: app,
			Pieces: pieces, Env: env, EnvWhole: whole, Offset: t.off})
		k = to - 1
	}
	return out
}

// envOnlyRead matches an expression that is one read of one environment
// variable by a literal name and nothing else, in the spellings of the
// languages whose code runs shell text: Python os.environ["X"],
// os.environ.get("X"), os.getenv("X"); Node process.env.X,
// process.env["X"]; Ruby ENV["X"], ENV.fetch("X"); Perl $ENV{X};
// PHP getenv("X"), $_ENV["X"], $_SERVER["X"].
var envOnlyRead = lazy.Regexp{Expr: `^\s*(?:` +
	`(?:os\.)?environ\[\s*(["'])([A-Za-z_][A-Za-z0-9_]*)["']\s*\]` +
	`|(?:os\.)?environ\.get\(\s*(["'])([A-Za-z_][A-Za-z0-9_]*)["']\s*\)` +
	`|os\.getenv\(\s*(["'])([A-Za-z_][A-Za-z0-9_]*)["']\s*\)` +
	`|process\.env\.([A-Za-z_][A-Za-z0-9_]*)` +
	`|process\.env\[\s*(["'])([A-Za-z_][A-Za-z0-9_]*)["']\s*\]` +
	`|ENV\[\s*(["'])([A-Za-z_][A-Za-z0-9_]*)["']\s*\]` +
	`|ENV\.fetch\(\s*(["'])([A-Za-z_][A-Za-z0-9_]*)["']\s*\)` +
	`|\$ENV\{\s*["']?([A-Za-z_][A-Za-z0-9_]*)["']?\s*\}` +
	`|getenv\(\s*(["'])([A-Za-z_][A-Za-z0-9_]*)["']\s*\)` +
	`|\$_(?:ENV|SERVER)\[\s*(["'])([A-Za-z_][A-Za-z0-9_]*)["']\s*\]` +
	`)\s*$`}

// EnvOnly returns the variable an expression's text reads when the
// expression is that one read of the environment and nothing else
// (os.system(os.environ["CMD"]) runs the value of CMD as shell text).
func EnvOnly(text string) (string, bool) {
	m := envOnlyRead.Get().FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	for i := len(m) - 1; i > 0; i-- {
		if m[i] != "" && m[i] != `"` && m[i] != `'` {
			return m[i], true
		}
	}
	return "", false
}
