package lang

import (
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
// mapping, or a name the code binds to it (env = os.environ).
func (p *parser) envObjectName(name string) bool {
	if envObject(name) || envObject(p.al.resolve(name)) {
		return true
	}
	for _, v := range p.assigned[name] {
		if envObject(strings.TrimSpace(v)) {
			return true
		}
	}
	return false
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
		case envGetters.Get()[full] && isP(p.tok(after), "("):
			// os.getenv(k) with k = "T".
			if v, ok := p.envKey(after + 1); ok {
				add(v)
			}
		case p.envObjectName(name) && (isP(p.tok(after), "[") || isP(p.tok(after), "{")):
			// os.environ[k], env["T"], $ENV{$k}.
			if v, ok := p.envKey(after + 1); ok {
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
