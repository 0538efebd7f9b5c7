package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// A name bound once to a string is still no constant when the code
// changes the string in place, or the variable through another name,
// rather than by an assignment: Ruby's p.replace(…), p << "…", p.sub!(…)
// (a Ruby string is mutable, and q = p or a block's |s| is the same
// object); Perl's $p =~ s{…}{…}, tr, chomp($p), read(FH, $p, n) and a
// reference \$p ($$r = …, *q = \$p) or an element of @_ ($_[0] = … in
// a sub, which aliases its caller's variables); PHP's reference &$p, a
// parameter taken by reference (function f(&$s)) and the built-ins that
// write to an argument (sscanf, preg_match, settype, str_replace's
// count). The value at a later use is then one only run time knows.

// rubyMutators are the String methods without a "!" that change the
// receiver, and the ones that call a method by name (send(:replace, …)).
var rubyMutators = lazy.Set{List: []string{"replace", "concat", "insert", "prepend", "clear", "setbyte", "force_encoding", "bytesplice",
	"send", "public_send", "__send__", "method", "instance_exec", "instance_variable_set", "tap", "then", "yield_self"}}

// perlAliasers are the Perl built-ins whose $_ (for: loop variable) is
// each element of a list, an alias of the variable there.
var perlAliasers = lazy.Set{List: []string{"map", "grep", "for", "foreach", "first", "any", "all", "none", "sort"}}

// perlArgWriters are the Perl built-ins that write to a variable named
// among their arguments.
var perlArgWriters = lazy.Set{List: []string{"chop", "chomp", "read", "sysread", "recv", "undef", "lock"}}

// phpArgWriters are the PHP built-ins (and the methods of its
// extensions' classes) that write to an argument passed by reference,
// each with the position of its first such parameter: the ones whose
// parameter takes a string (untyped, mixed or string), so that a string
// variable passed there gets a new value (is_callable("/x", true, $h)
// sets $h to "/x"; sodium_increment($h) and sodium_add($h, …) change its
// bytes). Parameters typed array (sort, array_push, end) reject a string
// with a TypeError and leave it as it was. TestPHPByRefBuiltinsOracle
// checks the list against the installed php's reflection.
var phpArgWriters = lazy.Value[map[string]int]{New: func() map[string]int {
	m := map[string]int{}
	for _, f := range strings.Fields(`sscanf:2 fscanf:2 preg_match:2 preg_match_all:2 preg_replace:4 preg_replace_callback:4
		preg_replace_callback_array:3 preg_filter:4 str_replace:3 str_ireplace:3 settype:0 exec:1 system:1 passthru:1
		similar_text:2 mb_convert_variables:2 parse_str:1 mb_parse_str:1 mb_ereg:2 mb_eregi:2
		openssl_open:1 openssl_seal:1 openssl_sign:1 openssl_public_encrypt:1 openssl_private_decrypt:1
		openssl_private_encrypt:1 openssl_public_decrypt:1 openssl_encrypt:5 openssl_csr_new:1 openssl_csr_export:1
		openssl_pkey_export:1 openssl_x509_export:1 openssl_pkcs12_export:1 openssl_pkcs12_read:1 openssl_pkcs7_read:1
		openssl_cms_read:1 openssl_random_pseudo_bytes:1
		getimagesize:1 getimagesizefromstring:1 exif_thumbnail:1 dns_get_record:2 dns_get_mx:1 getmxrr:1
		stream_select:0 stream_socket_accept:2 stream_socket_client:1 stream_socket_server:1 stream_socket_recvfrom:3
		fsockopen:2 pfsockopen:2 socket_recv:1 socket_recvfrom:1 socket_getpeername:1 socket_getsockname:1
		socket_create_pair:3 ftp_alloc:2 headers_sent:0 is_callable:2 getopt:2 flock:2 proc_open:2
		msg_receive:2 msg_send:5 pcntl_wait:0 pcntl_waitpid:1 pcntl_sigprocmask:2 pcntl_sigtimedwait:1 pcntl_sigwaitinfo:1
		sodium_add:0 sodium_increment:0 sodium_memzero:0 sodium_crypto_generichash_update:0 sodium_crypto_generichash_final:0
		sodium_crypto_secretstream_xchacha20poly1305_push:0 sodium_crypto_secretstream_xchacha20poly1305_pull:0
		sodium_crypto_secretstream_xchacha20poly1305_rekey:0
		numfmt_parse:2 numfmt_parse_currency:2 parseCurrency:1 datefmt_parse:2 datefmt_localtime:2 grapheme_extract:4
		idn_to_ascii:3 idn_to_utf8:3 xml_parse_into_struct:2 ldap_get_option:2 ldap_parse_result:2 ldap_parse_reference:2
		ldap_exop:4 ldap_exop_passwd:4 ldap_parse_exop:2 mysqli_stmt_bind_result:1 bind_result:0 bindParam:1 bindColumn:1
		oci_bind_by_name:2 oci_define_by_name:2 odbc_fetch_into:1 curl_multi_exec:1 curl_multi_info_read:1`) {
		name, pos, _ := strings.Cut(f, ":")
		n := 0
		for _, c := range pos {
			n = n*10 + int(c-'0')
		}
		m[name] = n
	}
	return m
}}

// mutateBinds counts, in binds, the names the code changes in place
// (see above), and reports code that can change any of them: a Ruby
// mutation of an object that may be one of them (a block parameter, q =
// p), a Perl write to an element of @_, a PHP parameter by reference.
func (p *parser) mutateBinds(binds map[string]int) (all bool) {
	toks := p.toks
	switch p.l {
	case Ruby:
		for i := 0; i+1 < len(toks); i++ {
			t := toks[i]
			mut := isP(t, "<<") && i > 0
			if (isP(t, ".") || isP(t, "&.")) && p.tok(i+1).kind == tIdent {
				m := p.tok(i + 1).text
				mut = strings.HasSuffix(m, "!") || rubyMutators.Has(m)
			}
			if !mut {
				continue
			}
			r := p.tok(i - 1)
			if r.kind == tIdent && !isP(p.tok(i-2), ".") && !isP(p.tok(i-2), "::") {
				name := r.text
				binds[name] += 2
				if p.rubyFresh(name) {
					continue
				}
			}
			// The receiver may be any object: a parameter, q = p,
			// p.itself, [p][0]. A "<<" (an IO's, an array's) reaches
			// only the names that escape; a String method, any.
			if isP(t, "<<") {
				p.rubyEscapes(binds)
			} else {
				all = true
			}
		}
	case Perl:
		for i, t := range toks {
			switch {
			case (isP(t, "=~") || isP(t, "!~")) && p.tok(i-1).kind == tIdent && perlSubst(p.src[t.off+2:]):
				binds[p.tok(i-1).text] += 2
			case isP(t, "\\"):
				// \$p, \(@a, $p), \my $p: a reference.
				if n := p.tok(i + 1); n.kind == tIdent {
					binds[n.text] += 2
					all = all || p.perlArgAlias(i+1)
				} else if isP(n, "(") {
					// \(@_), \(shift): references to the caller's
					// variables.
					for j := i + 2; j < len(toks) && j < p.closeOf(toks, i+1); j++ {
						if toks[j].kind == tIdent {
							binds[toks[j].text] += 2
							all = all || p.perlArgAlias(j)
						}
					}
				}
			case t.kind == tIdent && perlArgWriters.Has(t.text):
				// chop(@_), chomp @_: each element, a caller's variable.
				all = all || p.argNames(binds, i+1)
			case t.kind == tIdent && perlAliasers.Has(t.text) && !isP(p.tok(i-1), "->") && !isP(p.tok(i+1), "=>"):
				// map { $_ = … } $p: $_ is each element of the list,
				// the variable itself; so is the loop variable of for.
				j := i + 1
				if isP(p.tok(j), "(") {
					j++
				}
				if isP(p.tok(j), "{") {
					j = p.closeOf(toks, j) + 1
				}
				for ; j < len(toks) && !p.statementEnd(j) && !isP(toks[j], "{"); j++ {
					if toks[j].kind == tIdent {
						binds[toks[j].text] += 2
						all = all || p.perlArgAlias(j)
					}
				}
			case t.kind == tIdent && (t.text == "$_" || t.text == "@_") && isP(p.tok(i+1), "["):
				// $_[0], @_[0]: an element of @_, the sub's caller's
				// variable, which chop $_[0], ($_[0]) = … and
				// $_[0] =~ s/// as well as $_[0] = … change. One only
				// read (print $_[0], unlink $_[0]) changes nothing.
				all = all || p.perlElementWritten(i)
			}
		}
	case PHP:
		for i, t := range toks {
			switch {
			case isP(t, "&") && p.tok(i+1).kind == tIdent && strings.HasPrefix(p.tok(i+1).text, "$"):
				binds[p.tok(i+1).text] += 2
				if prev := p.tok(i - 1); isP(prev, "(") || isP(prev, ",") {
					all = true // function f(&$s), use (&$p): by reference
				}
			case t.kind == tIdent && isP(p.tok(i+1), "("):
				if pos, ok := phpArgWriters.Get()[t.text]; ok {
					p.phpRefArgNames(binds, i+1, pos)
				}
			}
		}
	}
	return all
}

// argNames counts, in binds, the names among the arguments that start
// at k: a parenthesized list, or (Perl) the rest of the statement. It
// reports a Perl argument that is a sub's caller's variable
// (perlArgAlias).
func (p *parser) argNames(binds map[string]int, k int) (alias bool) {
	toks := p.toks
	end := len(toks)
	if isP(p.tok(k), "(") {
		end = p.closeOf(toks, k)
	}
	for j := k; j < end && j < len(toks) && !(end == len(toks) && p.statementEnd(j)); j++ {
		if toks[j].kind == tIdent {
			binds[toks[j].text] += 2
			alias = alias || p.l == Perl && p.perlArgAlias(j)
		}
	}
	return alias
}

// phpRefArgNames counts, in binds, the names among the arguments of the
// call whose "(" is at k that are at position pos or later, where a
// built-in takes its parameters by reference. A spread (...$a) or a
// named argument (matches: $h) can put any name there: then all count.
func (p *parser) phpRefArgNames(binds map[string]int, k, pos int) {
	toks := p.toks
	end := p.closeOf(toks, k)
	if end <= k {
		p.argNames(binds, k)
		return
	}
	n, depth := 0, 0
	for j := k + 1; j < end; j++ {
		t := toks[j]
		switch {
		case isP(t, "(") || isP(t, "[") || isP(t, "{"):
			depth++
		case isP(t, ")") || isP(t, "]") || isP(t, "}"):
			depth--
		case depth == 0 && isP(t, ","):
			n++
		case depth == 0 && (isP(t, ".") && isP(p.tok(j+1), ".") || t.kind == tIdent && isP(p.tok(j+1), ":") && !isP(p.tok(j+2), ":")):
			// ...$a, or name: value.
			p.argNames(binds, k)
			return
		}
	}
	n = 0
	depth = 0
	for j := k + 1; j < end; j++ {
		t := toks[j]
		switch {
		case isP(t, "(") || isP(t, "[") || isP(t, "{"):
			depth++
		case isP(t, ")") || isP(t, "]") || isP(t, "}"):
			depth--
		case depth == 0 && isP(t, ","):
			n++
		case t.kind == tIdent && n >= pos:
			binds[t.text] += 2
		}
	}
}

// perlArgAlias reports, at the Perl name at token k, a value that is the
// variable a sub's caller passed, not a copy: @_ and its elements ($_[0],
// @_[0]), and what shift, pop and splice take from @_ (the default array
// in a sub). A reference to one (\shift, \(@_)), a loop or map over one
// (for (shift) { $_ = … }) and chop or chomp of @_ change the caller's
// variable.
func (p *parser) perlArgAlias(k int) bool {
	t := p.tok(k)
	if t.kind != tIdent {
		return false
	}
	switch t.text {
	case "@_", "shift", "pop", "splice":
		return true
	case "$_":
		return isP(p.tok(k+1), "[")
	}
	return false
}

// perlSubst reports whether the text after =~ is a substitution or a
// transliteration (s{…}{…}, tr/…/…/, y///), which change the variable.
func perlSubst(s string) bool {
	s = strings.TrimLeft(s, " \t\n")
	op := ""
	for _, o := range []string{"tr", "s", "y"} {
		if strings.HasPrefix(s, o) {
			op = o
			break
		}
	}
	if op == "" {
		return false
	}
	s = strings.TrimLeft(s[len(op):], " \t")
	if s == "" || isIdent(s[0]) || s[0] == ';' || s[0] == ',' || s[0] == ')' {
		return false
	}
	// Skip the two parts to the flags: s/…/…/r returns the new string
	// and leaves the variable alone.
	i := 0
	for part := 0; part < 2 && i < len(s); part++ {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') && part == 1 {
			i++
		}
		if i >= len(s) {
			break
		}
		open := s[i]
		close := open
		switch open {
		case '{':
			close = '}'
		case '(':
			close = ')'
		case '[':
			close = ']'
		case '<':
			close = '>'
		}
		depth := 0
		for i++; i < len(s); i++ {
			if s[i] == '\\' {
				i++
				continue
			}
			if s[i] == close && depth == 0 {
				break
			}
			if open != close && s[i] == open {
				depth++
			} else if open != close && s[i] == close {
				depth--
			}
		}
		if open == close && part == 0 {
			// s/a/b/: the second part starts at the shared delimiter.
			part++
			for i++; i < len(s); i++ {
				if s[i] == '\\' {
					i++
					continue
				}
				if s[i] == close {
					break
				}
			}
		}
		i++
	}
	for ; i < len(s) && isIdent(s[i]); i++ {
		if s[i] == 'r' {
			return false
		}
	}
	return true
}

// rubyFresh reports whether every assignment to the Ruby name gives it a
// new object of its own (out = [], s = "", h = {}, b = String.new): a
// mutation of it then changes no other name's value. A local the code
// never assigns is a parameter (|s|, def f(s)), which can be any object.
func (p *parser) rubyFresh(name string) bool {
	n := 0
	for i, t := range p.toks {
		if t.kind != tIdent || t.text != name || !isP(p.tok(i+1), "=") || isP(p.tok(i-1), ".") {
			continue
		}
		n++
		v := p.tok(i + 2)
		switch {
		case isP(v, "[") || isP(v, "{") || v.kind == tString:
		case v.kind == tIdent && (v.text == "String" || v.text == "Array" || v.text == "Hash") && isP(p.tok(i+3), "."):
		default:
			return false
		}
	}
	// A global, a constant or an instance variable the code never
	// assigns ($stdout, STDERR) is the interpreter's, no alias of ours.
	return n > 0 || name[0] >= 'A' && name[0] <= 'Z' || name[0] == '$' || name[0] == '@'
}

// rubyEscapes counts, in binds, the names that can reach another name
// or a parameter: the value of an assignment (q = p), an element of a
// literal ([p], {k: p}), a method's receiver (p.itself) or an argument
// of a call other than a class's method or Kernel's output and process
// functions (FileUtils.rm_rf(p), puts p).
func (p *parser) rubyEscapes(binds map[string]int) {
	toks := p.toks
	for j, t := range toks {
		if t.kind != tIdent || t.text[0] < 'a' || t.text[0] > 'z' && t.text[0] != '_' || isP(p.tok(j-1), ".") || isP(p.tok(j-1), "::") {
			continue
		}
		next := p.tok(j + 1)
		if isP(next, "=") || isP(next, "(") {
			continue // its definition, or a call
		}
		if isP(next, ".") || isP(next, "&.") {
			binds[t.text] += 2
			continue
		}
		// The call or bracket the name is an argument of.
		k := j - 1
		for depth := 0; k >= 0; k-- {
			u := toks[k]
			if isP(u, ")") || isP(u, "]") || isP(u, "}") {
				depth++
			} else if isP(u, "(") || isP(u, "[") || isP(u, "{") {
				if depth == 0 {
					break
				}
				depth--
			} else if depth == 0 && (u.kind == tNewline || isP(u, ";")) {
				break
			}
		}
		if k >= 0 && isP(toks[k], "{") && (isP(p.tok(k-1), ")") || p.tok(k-1).kind == tIdent) {
			// A block's body: the statement after its |params|.
			k++
			if isP(p.tok(k), "|") {
				for k++; k < j && !isP(toks[k], "|"); k++ {
				}
				k++
			}
		} else if k >= 0 && isP(toks[k], "(") {
			k-- // the callee before "("
		} else if k >= 0 && (isP(toks[k], "[") || isP(toks[k], "{")) {
			binds[t.text] += 2
			continue
		} else {
			k++ // a call without parentheses: its first token
		}
		if !p.rubyPlainCallee(k, j) {
			binds[t.text] += 2
		}
	}
}

// rubyPlainCallee reports whether the call whose callee ends at (or, for
// a call without parentheses, starts at) token k is a class's method
// (File.open, FileUtils.rm_rf) or one of Kernel's that keeps no
// reference to its arguments.
func (p *parser) rubyPlainCallee(k, j int) bool {
	c := p.tok(k)
	if c.kind != tIdent {
		return false
	}
	if isP(p.tok(k+1), ".") || isP(p.tok(k+1), "::") {
		// FileUtils.rm_rf p: a class's method, the name its argument.
		return c.text[0] >= 'A' && c.text[0] <= 'Z' && k+3 == j
	}
	if isP(p.tok(k-1), ".") || isP(p.tok(k-1), "::") {
		r := p.tok(k - 2)
		return r.kind == tIdent && r.text[0] >= 'A' && r.text[0] <= 'Z' && !isP(p.tok(k-3), ".")
	}
	return rubyKernelPlain.Has(c.text)
}

// rubyKernelPlain are Kernel's functions that keep no reference to their
// arguments.
var rubyKernelPlain = lazy.Set{List: []string{"puts", "print", "printf", "warn", "require", "require_relative", "load", "open", "sprintf", "format", "raise", "abort", "exit", "sleep", "p", "pp"}}

// perlElementChangers are the Perl built-ins that may change a variable
// among their arguments (besides perlArgWriters): lvalue or four-word
// substr, vec and pos; open, opendir, sysopen, socket, accept and pipe
// store a handle in it; the array functions change @_, local saves it.
var perlElementChangers = lazy.Set{List: []string{"substr", "vec", "pos", "open", "opendir", "sysopen", "socket",
	"accept", "pipe", "splice", "push", "unshift", "pop", "shift", "local", "tie", "untie", "binmode"}}

// perlElementWritten reports whether the element of @_ at token i
// ($_[N] or @_[…]) may be changed by its statement: an assignment,
// ++ or --, a substitution or transliteration (=~ s///, tr) anywhere
// after it in the statement (($_[0], $x) = … too), or a reference, a
// built-in that changes its arguments (perlArgWriters,
// perlElementChangers) or local before it. The statement runs
// from the ; { or } before it to the one after it, across lines.
func (p *parser) perlElementWritten(i int) bool {
	toks := p.toks
	bound := func(t token) bool { return isP(t, ";") || isP(t, "{") || isP(t, "}") }
	for j := i - 1; j >= 0 && !bound(toks[j]); j-- {
		t := toks[j]
		switch {
		case isP(t, "\\"), isP(t, "+") && isP(p.tok(j-1), "+"), isP(t, "-") && isP(p.tok(j-1), "-"):
			return true
		case t.kind == tIdent && (perlArgWriters.Has(t.text) || perlElementChangers.Has(t.text)):
			return true
		}
	}
	c := p.closeOf(toks, i+1)
	if c <= i {
		return true
	}
	for j := c + 1; j < len(toks) && !bound(toks[j]); j++ {
		t := toks[j]
		if t.kind != tPunct {
			continue
		}
		switch {
		case t.text == "=":
			return true
		case t.text == "=~" || t.text == "!~":
			if perlSubst(p.src[t.off+2:]) {
				return true
			}
		case (t.text == "+" || t.text == "-") && isP(p.tok(j+1), t.text):
			return true
		case assignOps.Get()[t.text] && isP(p.tok(j+1), "="):
			return true
		}
	}
	return false
}
