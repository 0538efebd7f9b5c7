package syntax

import (
	"os"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	sh "mvdan.cc/sh/v3/syntax"
)

// Sparse and associative arrays.
//
// An indexed array known to corral holds its elements in list; idx, when
// not nil, holds each element's index (sorted, unique, non-negative), for
// an array with holes (a=([3]=x [7]=y), unset 'a[0]'). An associative
// array (declare -A) known to corral has array and assoc set, its keys
// sorted in keys and the value of each in list at the same position.
// bash lists an associative array's elements (${m[@]}, ${!m[@]}) in the
// order of its hash table, which corral does not model: with more than
// one element such an expansion is a set of candidates (each field any
// of the values), never a known list; ${m[KEY]}, ${#m[@]} and one
// element are known.

// MaxArrayElems bounds the elements of an array corral keeps; an array
// beyond it is only known at run time.
const MaxArrayElems = 4096

// maxUnordered bounds the elements of an associative array whose whole
// expansion (or an element under a subscript only run time knows) is
// judged as each of its values; beyond it the word is unknown.
const maxUnordered = 16

// indexOf returns the position in list of the element at index i of an
// indexed array.
func (v variable) indexOf(i int) (int, bool) {
	if v.idx == nil {
		return i, i >= 0 && i < len(v.list)
	}
	return slices.BinarySearch(v.idx, i)
}

// maxIndex is the highest index of an indexed array, -1 when empty.
func (v variable) maxIndex() int {
	if v.idx != nil && len(v.idx) > 0 {
		return v.idx[len(v.idx)-1]
	}
	return len(v.list) - 1
}

// withElem returns the indexed array v with val at index i (i >= 0),
// sparse when that leaves a hole.
func (v variable) withElem(i int, val string) variable {
	out := variable{known: true, set: true, array: true}
	if p, ok := v.indexOf(i); ok {
		out.list = slices.Clone(v.list)
		out.list[p] = val
		out.idx = slices.Clone(v.idx)
		return out
	}
	if v.idx == nil && i == len(v.list) {
		out.list = append(slices.Clone(v.list), val)
		return out
	}
	idx := v.idx
	if idx == nil {
		idx = make([]int, len(v.list))
		for k := range idx {
			idx[k] = k
		}
	}
	p, _ := slices.BinarySearch(idx, i)
	out.idx = slices.Insert(slices.Clone(idx), p, i)
	out.list = slices.Insert(slices.Clone(v.list), p, val)
	return out.dense()
}

// withoutElem returns the indexed array v without its element at index i.
func (v variable) withoutElem(i int) variable {
	p, ok := v.indexOf(i)
	if !ok {
		return v
	}
	idx := v.idx
	if idx == nil {
		idx = make([]int, len(v.list))
		for k := range idx {
			idx[k] = k
		}
	}
	v.idx = slices.Delete(slices.Clone(idx), p, p+1)
	v.list = slices.Delete(slices.Clone(v.list), p, p+1)
	return v.dense()
}

// dense drops idx when the indexes are 0…n-1.
func (v variable) dense() variable {
	for k, i := range v.idx {
		if i != k {
			return v
		}
	}
	v.idx = nil
	return v
}

// keyOf returns the position of key k in an associative array.
func (v variable) keyOf(k string) (int, bool) {
	return slices.BinarySearch(v.keys, k)
}

// withKey returns the associative array v with val at key k.
func (v variable) withKey(k, val string) variable {
	out := variable{known: true, set: true, array: true, assoc: true}
	p, ok := v.keyOf(k)
	out.keys = slices.Clone(v.keys)
	out.list = slices.Clone(v.list)
	if ok {
		out.list[p] = val
		return out
	}
	out.keys = slices.Insert(out.keys, p, k)
	out.list = slices.Insert(out.list, p, val)
	return out
}

// withoutKey returns the associative array v without key k.
func (v variable) withoutKey(k string) variable {
	p, ok := v.keyOf(k)
	if !ok {
		return v
	}
	v.keys = slices.Delete(slices.Clone(v.keys), p, p+1)
	v.list = slices.Delete(slices.Clone(v.list), p, p+1)
	return v
}

// knownAssoc reports an associative array whose keys and values are
// known.
func (v variable) knownAssoc() bool {
	return v.known && v.set && v.array && v.assoc && len(v.keys) == len(v.list)
}

// unordered reports an associative array whose whole expansion bash
// gives in an order corral does not know: more than one element.
func (v variable) unordered() bool {
	return v.knownAssoc() && len(v.list) > 1
}

// expandVar is the expand package's view of a known array.
func (v variable) expandVar() expand.Variable {
	if v.assoc {
		m := make(map[string]string, len(v.keys))
		for i, k := range v.keys {
			m[k] = v.list[i]
		}
		return expand.Variable{Set: true, Kind: expand.Associative, Map: m, Exported: v.exported}
	}
	return expand.Variable{Set: true, Kind: expand.Indexed, List: v.list, Indexes: v.idx, Exported: v.exported}
}

// assocKey resolves an associative array's subscript (m[KEY]=v,
// m=([KEY]=v), ${m[KEY]}): bash expands it as a word that is not split
// or globbed. ok is false when only run time knows it, or when it is
// not a key bash takes (empty, @ or *).
func (r *resolver) assocKey(x sh.ArithmExpr) (string, bool) {
	w, ok := x.(*sh.Word)
	if !ok || len(w.Parts) == 0 || !keyWord(w) {
		return "", false
	}
	a := r.literal(w, false)
	if !a.Static || a.Value == "" || a.Value == "@" || a.Value == "*" {
		return "", false
	}
	return a.Value, true
}

// keyWord reports a subscript word in the subset whose expansion as a
// key corral models: literal text (no backslash, no leading tilde), quotes
// and plain parameters ($k, ${k}).
func keyWord(w *sh.Word) bool {
	for i, p := range w.Parts {
		switch p := p.(type) {
		case *sh.Lit:
			if strings.ContainsAny(p.Value, "\\`") || i == 0 && strings.HasPrefix(p.Value, "~") {
				return false
			}
		case *sh.SglQuoted:
			if p.Dollar {
				return false
			}
		case *sh.DblQuoted:
			if p.Dollar || !keyWord(&sh.Word{Parts: p.Parts}) {
				return false
			}
		case *sh.ParamExp:
			if !plainParam(p) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// plainParam reports $x or ${x}: a name with no operator.
func plainParam(p *sh.ParamExp) bool {
	return p.Param != nil && isName(p.Param.Value) && p.Index == nil && !p.Excl && !p.Length && !p.Width &&
		!p.IsSet && p.NestedParam == nil && p.Flags == nil && len(p.Modifiers) == 0 && p.Names == 0 &&
		p.Exp == nil && p.Slice == nil && p.Repl == nil
}

// arithIndex evaluates an indexed array's subscript when every variable
// in it is known and it assigns nothing (a[2], a[i+1] with i known,
// a[-1]): bash's arithmetic.
func (r *resolver) arithIndex(x sh.ArithmExpr) (int, bool) {
	if n, ok := literalIndex(x); ok {
		return n, true
	}
	pure := true
	walkTree(x, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.CmdSubst, *sh.ProcSubst, *sh.UnaryArithm:
			if u, ok := n.(*sh.UnaryArithm); ok && (u.Op == sh.Minus || u.Op == sh.Plus) {
				return true
			}
			pure = false
		case *sh.BinaryArithm:
			if arithAssign.Get()[n.Op] {
				pure = false
			}
		case *sh.ParamExp:
			if !plainParam(n) {
				pure = false
			}
		case *sh.Lit:
			if n.Value != "" && n.Value[0] >= '0' && n.Value[0] <= '9' && !arithConstant(n.Value) {
				pure = false
			}
			if n.Value != "" && (n.Value[0] < '0' || n.Value[0] > '9') && !isName(n.Value) {
				// a[#]: no operand bash's arithmetic reads (it fails).
				pure = false
			}
		}
		return pure
	})
	if !pure || !r.arithPlain(x) {
		return 0, false
	}
	env := r.env()
	n, err := safeArithm(r.cfg(env), x)
	if err != nil || len(env.unknown) > 0 || n > 1<<31 || n < -(1<<31) {
		return 0, false
	}
	return n, true
}

// arithPlain reports arithmetic whose names each hold a number or are
// unset (bash evaluates a name's value as an expression in turn).
func (r *resolver) arithPlain(x sh.ArithmExpr) bool {
	ok := true
	walkTree(x, func(n sh.Node) bool {
		var name string
		switch n := n.(type) {
		case *sh.Lit:
			if isName(n.Value) {
				name = n.Value
			}
		case *sh.ParamExp:
			if n.Param != nil {
				name = n.Param.Value
			}
		}
		if name != "" {
			v := r.st.get(name)
			if !v.known || v.array || v.nameref || v.set && !isInteger(strings.TrimSpace(v.str)) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// unorderedNames returns the associative arrays the state knows that the
// word expands whole in an order only bash knows (${m[@]}, "${!m[*]}"
// of more than one element; not ${#m[@]}), or under a subscript only run
// time knows (${m[$k]}, ${m[1+2]}), the value true for the latter: the
// subscript may name no element. mixed reports one of them also expanded
// under a known key or for its length in the same word, which the
// candidates (one element at a time) would misread, or an operator on
// the whole of one.
func (r *resolver) unorderedNames(w *sh.Word) (names map[string]bool, mixed bool) {
	if r.st == nil {
		return nil, false
	}
	keyed := map[string]bool{}
	bad := false
	walkTree(w, func(n sh.Node) bool {
		p, ok := n.(*sh.ParamExp)
		if !ok || p.Param == nil || p.Index == nil || p.Names != 0 {
			return true
		}
		name, ok := r.st.resolve(p.Param.Value)
		v := r.st.get(name)
		if !ok || !v.assoc || len(v.elemVals()) == 0 {
			return true
		}
		iw, _ := p.Index.(*sh.Word)
		whole := iw != nil && (iw.Lit() == "@" || iw.Lit() == "*")
		_, key := r.assocKey(p.Index)
		switch {
		case whole && (p.Exp != nil || p.Slice != nil || p.Repl != nil):
			// "${m[@]+x}", ${m[@]/a/b}: mvdan's expand joins the
			// elements of an associative array first; left to run time.
			bad = true
		case p.Length || !whole && key && v.knownAssoc():
			keyed[name] = true
		case whole && len(v.elemVals()) > 1:
			if names == nil {
				names = map[string]bool{}
			}
			names[name] = names[name] || false
		case !whole:
			if names == nil {
				names = map[string]bool{}
			}
			names[name] = true
		}
		return true
	})
	for n := range names {
		if keyed[n] {
			mixed = true
		}
	}
	return names, mixed || bad
}

// elemVals are the values of an associative array's elements: each
// one's when known, else the values each element may take (a compound
// value with a tilde, see arrayValue), with keys to match.
func (v variable) elemVals() []string {
	if v.knownAssoc() {
		return v.list
	}
	if v.assoc && !v.known && !v.nameref {
		return v.maybe
	}
	return nil
}

// elemKeys are the keys that go with elemVals: the values themselves
// when the keys are not known.
func (v variable) elemKeys() []string {
	if v.knownAssoc() {
		return v.keys
	}
	return v.elemVals()
}

// anyElement rewrites the subscripts of the unordered arrays in w that
// only run time knows as [@]: with one element standing for the array
// (wordEnv.miss), ${m[$k]} is that element, each in turn.
func anyElement(w *sh.Word, names map[string]bool, r *resolver) *sh.Word {
	if len(names) == 0 {
		return w
	}
	changed := false
	var rewrite func(parts []sh.WordPart) []sh.WordPart
	rewrite = func(parts []sh.WordPart) []sh.WordPart {
		out := make([]sh.WordPart, len(parts))
		for i, p := range parts {
			out[i] = p
			switch p := p.(type) {
			case *sh.DblQuoted:
				q := *p
				q.Parts = rewrite(p.Parts)
				out[i] = &q
			case *sh.ParamExp:
				if p.Param == nil || p.Index == nil {
					continue
				}
				if _, ok := names[p.Param.Value]; !ok {
					continue
				}
				if iw, _ := p.Index.(*sh.Word); iw != nil && (iw.Lit() == "@" || iw.Lit() == "*") {
					continue
				}
				if _, ok := r.assocKey(p.Index); ok && r.st.get(p.Param.Value).knownAssoc() {
					continue
				}
				q := *p
				q.Index = &sh.Word{Parts: []sh.WordPart{&sh.Lit{ValuePos: p.Index.Pos(), ValueEnd: p.Index.End(), Value: "@"}}}
				out[i] = &q
				changed = true
			}
		}
		return out
	}
	parts := rewrite(w.Parts)
	if !changed {
		return w
	}
	return &sh.Word{Parts: parts}
}

// strIndex is a decimal index as bash prints it.
func strIndex(i int) string { return strconv.Itoa(i) }

// errExpandPanic is the error of an expansion the expand package could
// not finish (safeLiteral).
var errExpandPanic error = expandPanic{}

type expandPanic struct{}

func (expandPanic) Error() string { return "the expansion could not be finished" }

// safeLiteral, safePattern, safeDocument and safeArithm call the expand
// package's functions, turning a panic into an error: it reads an
// associative array's subscript as a word, and ${m[1+2]} (parsed as
// arithmetic) of one the state knows would stop corral. The word is
// then only known at run time. safeLiteral removes the backslashes of
// unquoted text first, as bash does and expand.Literal does not
// (bashEscapes).
func safeLiteral(cfg *expand.Config, w *sh.Word) (s string, err error) {
	defer func() {
		if recover() != nil {
			s, err = "", errExpandPanic
		}
	}()
	return expand.Literal(cfg, bashEscapes(w))
}

func safePattern(cfg *expand.Config, w *sh.Word) (s string, err error) {
	defer func() {
		if recover() != nil {
			s, err = "", errExpandPanic
		}
	}()
	return expand.Pattern(cfg, w)
}

func safeDocument(cfg *expand.Config, w *sh.Word) (s string, err error) {
	defer func() {
		if recover() != nil {
			s, err = "", errExpandPanic
		}
	}()
	return expand.Document(cfg, w)
}

func safeArithm(cfg *expand.Config, x sh.ArithmExpr) (n int, err error) {
	defer func() {
		if recover() != nil {
			n, err = 0, errExpandPanic
		}
	}()
	return expand.Arithm(cfg, x)
}

// safeFields collects the fields of words (at most limit+1), as
// safeLiteral.
func safeFields(cfg *expand.Config, limit int, words ...*sh.Word) (vals []string, err error) {
	defer func() {
		if recover() != nil {
			vals, err = nil, errExpandPanic
		}
	}()
	escaped := words
	for i, w := range words {
		if e := bashEscapes(w); e != w {
			if &escaped[0] == &words[0] {
				escaped = append([]*sh.Word(nil), words...)
			}
			escaped[i] = e
		}
	}
	words = escaped
	for v, e := range expand.FieldsSeq(cfg, words...) {
		if e != nil || len(vals) >= limit {
			err = e
			if err == nil {
				err = errTooManyFields
			}
			break
		}
		vals = append(vals, v)
	}
	return vals, err
}

// arrayValue is the value of an array assignment (a=(…), a+=(…),
// m=([k]=v …) of a declare -A m), whose variable held old. Elements of
// an indexed array are placed at their subscript (a literal index or
// arithmetic over known numbers) or after the last one placed; a
// subscripted value is expanded as an assignment's is (a leading ~ and
// one after : are the home directory: m=([0]=~) holds $HOME), an element
// without one is split into words. An associative array takes each
// [KEY]=value. What only run time knows makes the array unknown.
func (w *walker) arrayValue(r *resolver, a *sh.Assign, old variable, fresh bool) variable {
	if old.assoc {
		m := variable{known: true, set: true, array: true, assoc: true}
		var tilde []string
		if a.Append {
			switch {
			case old.knownAssoc():
				m = old
			case old.known || fresh:
			default:
				return unknownVar
			}
		}
		// declare -A m=(k v j w) (bash 5.1 and later, when the first
		// element has no [KEY]=): the words are key, value, key, value;
		// a last key alone gets "". Each is expanded as an assignment's
		// value is (one word, no globbing).
		pairs := len(a.Array.Elems) > 0 && a.Array.Elems[0].Index == nil
		for i := 0; i < len(a.Array.Elems); i++ {
			e := a.Array.Elems[i]
			var k string
			var ok bool
			valWord := e.Value
			switch {
			case pairs:
				if e.Index != nil || e.Value == nil {
					return unknownVar // [k]=v among pairs is a key of its own text
				}
				k, ok = r.assocKey(e.Value)
				valWord = nil
				if i+1 < len(a.Array.Elems) {
					i++
					if a.Array.Elems[i].Index != nil || a.Array.Elems[i].Value == nil {
						return unknownVar
					}
					valWord = a.Array.Elems[i].Value
				}
			case e.Index == nil:
				return unknownVar // bash refuses a word without [KEY]= after one with it
			default:
				k, ok = r.assocKey(e.Index)
			}
			if !ok {
				return unknownVar
			}
			val := Arg{Static: true}
			if valWord != nil {
				val = r.literal(valWord, true)
			}
			if !val.Static || len(m.keys) >= MaxArrayElems {
				return unknownVar
			}
			if tildeValue(valWord) {
				// bash 5.2 keeps the tilde of [k]=~ (and of a pair's
				// value) as written, where the value of an indexed
				// array's element is expanded: both are values the array
				// may hold, among others.
				raw, ok := nodeText(r.src, valWord)
				if !ok {
					return unknownVar
				}
				tilde = append(tilde, val.Value, raw)
			}
			m = m.withKey(k, val.Value)
		}
		if tilde != nil {
			u := append(slices.Clone(m.list), tilde...)
			slices.Sort(u)
			if u = slices.Compact(u); len(u) <= MaxCandidates {
				return variable{maybe: u, nonEmpty: !slices.Contains(u, "")}
			}
			return unknownVar
		}
		return m
	}
	arr := variable{known: true, set: true, array: true}
	if a.Append {
		switch {
		case old.known && old.set && old.array:
			arr = old
		case old.known && old.set:
			arr.list = []string{old.str}
		case old.known || fresh:
		default:
			return appendMaybe(r, a, old)
		}
	}
	next := arr.maxIndex() + 1
	var globbed []string
	count := 0
	for _, e := range a.Array.Elems {
		if e.Index != nil {
			n, ok := r.arithIndex(e.Index)
			if ok && n < 0 {
				n, ok = n+arr.maxIndex()+1, a.Append
			}
			if !ok || n < 0 {
				return unknownVar
			}
			val := Arg{Static: true}
			if e.Value != nil {
				val = r.literal(e.Value, true)
			}
			if !val.Static || len(arr.list) >= MaxArrayElems {
				return unknownVar
			}
			arr, next = arr.withElem(n, val.Value), n+1
			continue
		}
		if e.Value == nil {
			return unknownVar
		}
		for _, f := range r.fields(e.Value) {
			if f.Static && f.Glob {
				// x=(~/.bashr?), files=(*.go): bash expands the pattern
				// when it assigns; each element is one of its matches
				// (or the pattern itself, kept when none matches).
				names, ok := w.loopGlob(f, r.dir)
				if !ok {
					names = []string{f.Value}
				}
				globbed = append(globbed, names...)
				count += len(names)
				if len(globbed) > maxGlobElems {
					return globArray()
				}
				continue
			}
			if !f.Static && f.OneOf && len(f.Candidates()) > 0 {
				// y=("${x[@]}") of such an array, y=("$d") of a d that
				// paths gave different values: each is one of them.
				globbed = append(globbed, f.Candidates()...)
				count += maxGlobElems
				if len(globbed) > maxGlobElems {
					return globArray()
				}
				continue
			}
			if !f.Static || len(arr.list) >= MaxArrayElems {
				return unknownVar
			}
			arr = arr.withElem(next, f.Value)
			next++
		}
	}
	if globbed != nil {
		// Where each match lands among the elements is run time's:
		// every element is any of the values (a rule judges each).
		vals := append(slices.Clone(arr.list), globbed...)
		slices.Sort(vals)
		return variable{array: true, cands: slices.Compact(vals), candLen: min(count+len(arr.list), maxGlobElems)}
	}
	return arr
}

// maxGlobElems bounds the values of an array assigned patterns
// (x=(src/*.py)) corral follows; past it the array is globArray.
const maxGlobElems = 64

// globArray is an array whose patterns match more files than corral
// follows: a value only known at run time, as the output of a command
// is (a redirection to "$x" asks).
// appendMaybe is a+=(…) of an array a only partly known (a loop's
// earlier passes appended): each new element joins the values any
// element may hold (elemMaybe) when it is static or one of a few values.
func appendMaybe(r *resolver, a *sh.Assign, old variable) variable {
	if len(old.maybe) == 0 && len(old.cands) == 0 {
		return unknownVar
	}
	var vals []string
	for _, e := range a.Array.Elems {
		if e.Value == nil {
			return unknownVar
		}
		if e.Index != nil {
			f := r.literal(e.Value, true)
			if !f.Static {
				return unknownVar
			}
			vals = append(vals, f.Value)
			continue
		}
		for _, f := range r.fields(e.Value) {
			switch {
			case f.Static && !f.Glob:
				vals = append(vals, f.Value)
			case !f.Static && f.OneOf && len(f.Candidates()) > 0:
				vals = append(vals, f.Candidates()...)
			default:
				return unknownVar
			}
		}
	}
	return elemMaybe(old, vals...)
}

// elemMaybe is an array one of whose elements, at an index only run
// time knows, was given one of vals: any element may hold one of them,
// or a value old held (its elements, or the values it may hold), among
// values only run time knows. Past MaxCandidates values it is unknown.
func elemMaybe(old variable, vals ...string) variable {
	var u []string
	switch {
	case old.nameref:
		return unknownVar
	case old.known && old.set && old.array:
		u = append(u, old.list...)
	case old.known && old.set:
		u = append(u, old.str)
	case !old.known:
		u = append(append(u, old.cands...), old.maybe...)
	}
	u = append(u, vals...)
	slices.Sort(u)
	u = slices.Compact(u)
	if len(u) > MaxCandidates {
		return unknownVar
	}
	return variable{array: true, assoc: old.assoc, maybe: u, candLen: maxGlobElems, integer: old.integer}
}

func globArray() variable { return variable{array: true, printed: true, printedBy: "glob"} }

// elementValue is the value of an element assignment (a[SUB]=v,
// a[SUB]+=v, m[KEY]=v) to a variable that held old; fresh says the
// script has not assigned it. An unset name becomes an indexed array (an
// associative one after declare -A); a scalar is element 0 of one.
func (w *walker) elementValue(r *resolver, a *sh.Assign, old variable, fresh bool) variable {
	if a.Value == nil {
		return unknownVar
	}
	val := r.literal(a.Value, true)
	if !val.Static {
		if a.Append || len(val.Candidates()) == 0 {
			return unknownVar
		}
		// a[$i]=$x of an x that paths gave different values (a loop's
		// variable): the element is one of them.
		return elemMaybe(old, val.Candidates()...)
	}
	if !old.known && !fresh {
		// An array only partly known (a[$i]=~ in a loop): the element
		// joins what it may hold.
		if a.Append {
			return unknownVar
		}
		return elemMaybe(old, val.Value)
	}
	if old.assoc {
		k, ok := r.assocKey(a.Index)
		if !ok {
			if a.Append {
				return unknownVar
			}
			return elemMaybe(old, val.Value)
		}
		m := variable{known: true, set: true, array: true, assoc: true}
		if old.knownAssoc() {
			m = old
		}
		if a.Append {
			p, had := m.keyOf(k)
			if had {
				val.Value = m.list[p] + val.Value
			}
		}
		if len(m.keys) >= MaxArrayElems {
			return unknownVar
		}
		return m.withKey(k, val.Value)
	}
	n, ok := r.arithIndex(a.Index)
	if !ok {
		if a.Append {
			return unknownVar
		}
		// a[$X]=~, a[$i]=~ in a loop: bash puts the value at an index
		// only run time knows, which a later ${a[N]} or "${a[@]}" may
		// expand (red team scope3).
		return elemMaybe(old, val.Value)
	}
	arr := variable{known: true, set: true, array: true}
	switch {
	case !old.known || !old.set:
		if _, inherited := os.LookupEnv(a.Name.Value); !old.known && n != 0 && (!fresh || inherited) {
			// A scalar from the environment would be element 0. A name
			// the script never assigned and the environment corral runs
			// in (the agent's) does not hold is unset: a[5]=~ makes an
			// array of that one element.
			return unknownVar
		}
	case !old.array:
		arr.list = []string{old.str}
	default:
		arr = old
	}
	if n < 0 {
		// Counted from one past the highest index; bash refuses one
		// before the first.
		if n += arr.maxIndex() + 1; n < 0 {
			return unknownVar
		}
	}
	if a.Append {
		if p, had := arr.indexOf(n); had {
			val.Value = arr.list[p] + val.Value
		}
	}
	if len(arr.list) >= MaxArrayElems {
		return unknownVar
	}
	return arr.withElem(n, val.Value)
}

// assocParam reports an expansion of an associative array (declare -A),
// whose subscript is a string, not arithmetic.
func (r *resolver) assocParam(p *sh.ParamExp) bool {
	if r.st == nil || p.Param == nil {
		return false
	}
	n, ok := r.st.resolve(p.Param.Value)
	return ok && r.st.get(n).assoc
}

// assocLengths writes ${#m[@]} and ${#m[*]} of an associative array the
// state knows as the number of its elements (mvdan's expand counts one).
func (r *resolver) assocLengths(parts []sh.WordPart) ([]sh.WordPart, bool) {
	if r.st == nil {
		return parts, false
	}
	changed := false
	out := parts
	for i, p := range parts {
		var np sh.WordPart
		switch p := p.(type) {
		case *sh.DblQuoted:
			if inner, ch := r.assocLengths(p.Parts); ch {
				q := *p
				q.Parts = inner
				np = &q
			}
		case *sh.ParamExp:
			if !p.Length || p.Param == nil || p.Exp != nil || p.Slice != nil || p.Repl != nil || p.Excl {
				continue
			}
			iw, ok := p.Index.(*sh.Word)
			if !ok || iw.Lit() != "@" && iw.Lit() != "*" {
				continue
			}
			n, ok := r.st.resolve(p.Param.Value)
			if v := r.st.get(n); ok && v.knownAssoc() {
				np = &sh.Lit{ValuePos: p.Pos(), ValueEnd: p.End(), Value: strIndex(len(v.list))}
			}
		}
		if np != nil {
			if !changed {
				out = slices.Clone(parts)
				changed = true
			}
			out[i] = np
		}
	}
	return out, changed
}

// tildeValue reports an associative array's compound value with a
// tilde bash 5.2 leaves as written (m=([k]=~), [k]=a:~), where an
// indexed array's and m[k]=~ expand it.
func tildeValue(w *sh.Word) bool {
	if w == nil || len(w.Parts) == 0 {
		return false
	}
	l, ok := w.Parts[0].(*sh.Lit)
	return ok && (strings.HasPrefix(l.Value, "~") || strings.Contains(l.Value, ":~"))
}

// intoElemZero is the array old after a scalar value v is given to its
// name: bash stores v as element 0 (key "0" of an associative array) and
// keeps the other elements. A value only run time knows leaves the
// array only known at run time (an element of it is).
func intoElemZero(old, v variable) variable {
	if !v.known {
		return variable{exported: v.exported, from: v.from, printed: v.printed, fileVals: v.fileVals,
			wroteRead: v.wroteRead, wrotePath: v.wrotePath, readBy: v.readBy, integer: v.integer, assoc: old.assoc}
	}
	var out variable
	if old.assoc {
		out = old.withKey("0", v.str)
	} else {
		out = old.withElem(0, v.str)
	}
	out.exported, out.from, out.integer, out.caseAttr = v.exported || old.exported, v.from, v.integer || old.integer, old.caseAttr
	return out
}

// elemZero is element 0 of a known array (key "0" of an associative
// one), "" when there is none.
func (v variable) elemZero() string {
	if v.assoc {
		if p, ok := v.keyOf("0"); ok {
			return v.list[p]
		}
		return ""
	}
	if p, ok := v.indexOf(0); ok {
		return v.list[p]
	}
	return ""
}

// sameValue reports two states of a variable that hold the same value,
// whatever their attributes.
func sameValue(a, b variable) bool {
	for _, v := range []*variable{&a, &b} {
		v.exported, v.readonly, v.roSure, v.integer, v.assoc, v.caseAttr, v.seeded, v.forgotten, v.from = false, false, false, false, false, 0, false, false, nil
	}
	return a.equal(b)
}
