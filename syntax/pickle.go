package syntax

import (
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// A pickle is a program for Python's unpickler: its GLOBAL and INST
// opcodes (protocols 0 to 3: c/i MODULE\nNAME\n) and STACK_GLOBAL (4 and
// 5: the two strings before \x93) import any callable, and REDUCE calls
// it, so pickle.load of a file runs whatever the file names
// (cos\nsystem\n(S'rm -rf ~'\ntR. is plain ASCII the Write tool makes).
// corral reads the file's imports (red team 9 S): one that names a
// module that runs commands, deletes or loads code (os, subprocess,
// shutil, builtins' eval/exec/__import__ …) asks; the classes of an
// ordinary data pickle (numpy, pandas, torch, collections) pass.

// pickleGlobal matches the GLOBAL and INST opcodes of a pickle with
// their newline-ended names.
var pickleGlobal = lazy.Regexp{Expr: `[ci]([A-Za-z_][\w.]*)\n([A-Za-z_][\w.]*)\n`}

// maxPickleImports bounds the imports read from one pickle.
const maxPickleImports = 64

// pickleUnknown is the module of an import whose names only loading
// knows (STACK_GLOBAL on values that are not strings the pickle spells:
// the result of a call).
const pickleUnknown = "?"

// pickleImports returns the module and name pairs a pickle imports, as
// the unpickler runs its opcodes (pickleRun). Bytes the model cannot run
// to the end as pickles are also scanned: GLOBAL and INST text, and
// STACK_GLOBAL (\x93) after two SHORT_BINUNICODE strings.
func pickleImports(b string) [][2]string {
	out, ok := pickleRun(b)
	if ok {
		return out
	}
	for _, m := range pickleGlobal.Get().FindAllStringSubmatch(b, maxPickleImports) {
		out = append(out, [2]string{m[1], m[2]})
	}
	// back returns the short string that ends at end (before a memo).
	back := func(end int) (string, int, bool) {
		if end > 0 && b[end-1] == 0x94 {
			end--
		}
		for n := 1; n <= 255 && end-n-2 >= 0; n++ {
			if b[end-n-2] == 0x8c && int(b[end-n-1]) == n {
				return b[end-n : end], end - n - 2, true
			}
		}
		return "", 0, false
	}
	for i := 0; i < len(b) && len(out) < maxPickleImports; i++ {
		if b[i] != 0x93 {
			continue
		}
		name, at, ok := back(i)
		if !ok {
			continue
		}
		if mod, _, ok := back(at); ok {
			out = append(out, [2]string{mod, name})
		}
	}
	return out
}

// pickleValue is a value on the unpickler's stack as far as imports
// need it: a str the pickle spells (str set), a mark, or anything else.
type pickleValue struct {
	str  string
	isS  bool
	mark bool
}

// pickleRun runs a pickle's opcodes (protocols 0 to 5, one pickle after
// another while bytes remain) on a model of the unpickler's stack and
// memo that keeps the strings: GLOBAL and INST import the names they
// spell, STACK_GLOBAL the two values on the stack, which may come from
// any string opcode (SHORT_BINUNICODE, BINUNICODE, BINUNICODE8, UNICODE,
// STRING, BINSTRING, SHORT_BINSTRING) directly or through the memo (PUT,
// BINPUT, LONG_BINPUT, MEMOIZE, then GET, BINGET, LONG_BINGET). ok is
// false for bytes that are no pickle (an unknown opcode, an argument
// past the end): the unpickler would stop there, with the imports before
// it already made, and the caller scans the bytes instead.
func pickleRun(b string) (out [][2]string, ok bool) {
	var stack []pickleValue
	memo := map[uint64]pickleValue{}
	i := 0
	// under is set when an opcode takes more than the stack holds above
	// its last mark, or a mark that is not there: the unpickler raises.
	under := false
	pop := func() pickleValue {
		if len(stack) == 0 || stack[len(stack)-1].mark {
			under = true
			return pickleValue{}
		}
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		return v
	}
	popMark := func() {
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if v.mark {
				return
			}
		}
		under = true
	}
	top := func() pickleValue {
		if len(stack) == 0 || stack[len(stack)-1].mark {
			under = true
			return pickleValue{}
		}
		return stack[len(stack)-1]
	}
	line := func() (string, bool) {
		j := strings.IndexByte(b[i:], '\n')
		if j < 0 {
			return "", false
		}
		v := b[i : i+j]
		i += j + 1
		return v, true
	}
	fixed := func(n int) (uint64, bool) {
		if i+n > len(b) {
			return 0, false
		}
		var v uint64
		for k := n - 1; k >= 0; k-- {
			v = v<<8 | uint64(b[i+k])
		}
		i += n
		return v, true
	}
	counted := func(n int) (string, bool) {
		l, ok := fixed(n)
		if !ok || l > uint64(len(b)-i) {
			return "", false
		}
		v := b[i : i+int(l)]
		i += int(l)
		return v, true
	}
	str := func(s string) pickleValue { return pickleValue{str: s, isS: true} }
	// done: a whole pickle was read; fresh: no opcode of the next one yet.
	done, fresh := false, true
	for steps := 0; i < len(b) && steps < 1<<20; steps++ {
		op := b[i]
		i++
		var err bool
		switch op {
		case '(':
			stack = append(stack, pickleValue{mark: true})
		case '.': // STOP: another pickle may follow
			stack, memo, done, fresh = nil, map[uint64]pickleValue{}, true, true
			continue
		case '0':
			pop()
		case '1':
			popMark()
		case '2':
			stack = append(stack, top())
		case 'F', 'I', 'L', 'P': // FLOAT, INT, LONG, PERSID
			_, ok := line()
			err = !ok
			stack = append(stack, pickleValue{})
		case 'S': // STRING: a quoted repr
			v, ok := line()
			err = !ok
			if len(v) >= 2 && (v[0] == '\'' || v[0] == '"') && v[len(v)-1] == v[0] {
				stack = append(stack, str(pyReprUnescape(v[1:len(v)-1])))
			} else {
				err = true
			}
		case 'V': // UNICODE: raw-unicode-escape
			v, ok := line()
			err = !ok
			stack = append(stack, str(v))
		case 'T', 'X': // BINSTRING, BINUNICODE
			v, ok := counted(4)
			err = !ok
			stack = append(stack, str(v))
		case 'U', 0x8c: // SHORT_BINSTRING, SHORT_BINUNICODE
			v, ok := counted(1)
			err = !ok
			stack = append(stack, str(v))
		case 0x8d: // BINUNICODE8
			v, ok := counted(8)
			err = !ok
			stack = append(stack, str(v))
		case 'B', 0x8b: // BINBYTES, LONG4
			_, ok := counted(4)
			err = !ok
			stack = append(stack, pickleValue{})
		case 'C', 0x8a: // SHORT_BINBYTES, LONG1
			_, ok := counted(1)
			err = !ok
			stack = append(stack, pickleValue{})
		case 0x8e, 0x96: // BINBYTES8, BYTEARRAY8
			_, ok := counted(8)
			err = !ok
			stack = append(stack, pickleValue{})
		case 'J', 0x84: // BININT, EXT4
			_, ok := fixed(4)
			err = !ok
			stack = append(stack, pickleValue{})
		case 'K', 0x82: // BININT1, EXT1
			_, ok := fixed(1)
			err = !ok
			stack = append(stack, pickleValue{})
		case 'M', 0x83: // BININT2, EXT2
			_, ok := fixed(2)
			err = !ok
			stack = append(stack, pickleValue{})
		case 'G': // BINFLOAT
			_, ok := fixed(8)
			err = !ok
			stack = append(stack, pickleValue{})
		case 'N', ')', ']', '}', 0x88, 0x89, 0x8f, 0x97: // NONE, empty containers, booleans, NEXT_BUFFER
			stack = append(stack, pickleValue{})
		case 0x98: // READONLY_BUFFER
		case 0x80: // PROTO
			_, ok := fixed(1)
			err = !ok
		case 0x95: // FRAME
			_, ok := fixed(8)
			err = !ok
		case 'Q': // BINPERSID
			pop()
			stack = append(stack, pickleValue{})
		case 'R', 0x81: // REDUCE, NEWOBJ
			pop()
			pop()
			stack = append(stack, pickleValue{})
		case 0x92: // NEWOBJ_EX
			pop()
			pop()
			pop()
			stack = append(stack, pickleValue{})
		case 'b', 'a': // BUILD, APPEND
			pop()
		case 's': // SETITEM
			pop()
			pop()
		case 'e', 'u', 0x90: // APPENDS, SETITEMS, ADDITEMS
			popMark()
		case 't', 'l', 'd', 0x91, 'o': // TUPLE, LIST, DICT, FROZENSET, OBJ
			popMark()
			stack = append(stack, pickleValue{})
		case 0x85:
			pop()
			stack = append(stack, pickleValue{})
		case 0x86:
			pop()
			pop()
			stack = append(stack, pickleValue{})
		case 0x87:
			pop()
			pop()
			pop()
			stack = append(stack, pickleValue{})
		case 'c', 'i': // GLOBAL, INST
			mod, ok1 := line()
			name, ok2 := line()
			if err = !ok1 || !ok2; !err {
				out = append(out, [2]string{mod, name})
			}
			if op == 'i' {
				popMark()
			}
			stack = append(stack, pickleValue{})
		case 0x93: // STACK_GLOBAL
			name, mod := pop(), pop()
			if mod.isS && name.isS {
				out = append(out, [2]string{mod.str, name.str})
			} else {
				out = append(out, [2]string{pickleUnknown, pickleUnknown})
			}
			stack = append(stack, pickleValue{})
		case 'p', 'q', 'r': // PUT, BINPUT, LONG_BINPUT
			var k uint64
			var ok bool
			switch op {
			case 'p':
				var v string
				if v, ok = line(); ok {
					k, err = parseDecimal(v)
					ok = !err
				}
			case 'q':
				k, ok = fixed(1)
			default:
				k, ok = fixed(4)
			}
			err = err || !ok
			if len(memo) < 1<<16 {
				memo[k] = top()
			}
		case 0x94: // MEMOIZE
			if len(memo) < 1<<16 {
				memo[uint64(len(memo))] = top()
			}
		case 'g', 'h', 'j': // GET, BINGET, LONG_BINGET
			var k uint64
			var ok bool
			switch op {
			case 'g':
				var v string
				if v, ok = line(); ok {
					k, err = parseDecimal(v)
					ok = !err
				}
			case 'h':
				k, ok = fixed(1)
			default:
				k, ok = fixed(4)
			}
			v, found := memo[k]
			err = err || !ok || !found
			stack = append(stack, v)
		default:
			err = true
		}
		if err || under {
			// Bytes after a whole pickle that start no other (a final
			// new line) are never run: pickle.load stops at STOP.
			return out, done && fresh
		}
		fresh = false
		if len(out) >= maxPickleImports || len(stack) > 1<<16 {
			break
		}
	}
	return out, true
}

// parseDecimal reads the decimal number of a PUT or GET line; err for
// anything else.
func parseDecimal(v string) (uint64, bool) {
	v = strings.TrimSpace(v)
	if v == "" || len(v) > 18 {
		return 0, true
	}
	var n uint64
	for _, r := range v {
		if r < '0' || r > '9' {
			return 0, true
		}
		n = n*10 + uint64(r-'0')
	}
	return n, false
}

// pyReprUnescape undoes the backslash escapes of a STRING opcode's
// quoted text (\\, \', \", \n, \t, \xNN), as far as names need it.
func pyReprUnescape(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for k := 0; k < len(s); k++ {
		if s[k] != '\\' || k+1 >= len(s) {
			b.WriteByte(s[k])
			continue
		}
		k++
		switch s[k] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'x':
			if k+2 < len(s) {
				if v, err := strconv.ParseUint(s[k+1:k+3], 16, 8); err == nil {
					b.WriteByte(byte(v))
					k += 2
					continue
				}
			}
			b.WriteString("\\x")
		default:
			b.WriteByte(s[k])
		}
	}
	return b.String()
}

// pickleRisky are the modules whose every callable a pickle may not
// import (the first dotted part); pickleRiskyBuiltins the builtins that
// run or reach code.
var pickleRisky = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"os": true, "posix": true, "nt": true, "subprocess": true, "pty": true, "shutil": true,
		"runpy": true, "code": true, "commands": true, "importlib": true, "webbrowser": true, "ctypes": true,
		"socket": true, "sys": true, "pickle": true, "_pickle": true, "marshal": true, "types": true, "pdb": true,
		"multiprocessing": true, "asyncio": true, "popen2": true, "timeit": true, "distutils": true, "pip": true}
}}

var pickleRiskyBuiltins = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"eval": true, "exec": true, "compile": true, "__import__": true, "getattr": true,
		"setattr": true, "open": true, "execfile": true, "apply": true, "breakpoint": true, "globals": true,
		"vars": true, "input": true}
}}

// pickleRiskyImport returns the first "module.name" a pickle's text
// imports that runs commands or code, or "".
func pickleRiskyImport(text string) string {
	for _, m := range pickleImports(text) {
		mod, name := m[0], m[1]
		first, _, _ := strings.Cut(mod, ".")
		switch {
		case mod == pickleUnknown:
			return "a callable it names only while loading"
		case pickleRisky.Get()[first]:
		case (first == "builtins" || first == "__builtin__") && pickleRiskyBuiltins.Get()[name]:
		case first == "operator" && (name == "methodcaller" || name == "attrgetter"):
		default:
			continue
		}
		return mod + "." + name
	}
	return ""
}

// pickleFile models the load of the pickle file name by call: what the
// command wrote there, else the file on disk, asks when it imports a
// callable that runs commands or code. A file corral cannot read (a
// large model) or that does not exist passes.
func (w *walker) pickleFile(c scope, call *Call, name, what string) {
	d := call.Dir.Join(name)
	text, ok := w.readScript(d)
	if !ok {
		return
	}
	if imp := pickleRiskyImport(text); imp != "" {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
			What: what + " unpickles " + name + ": loading it calls " + imp})
	}
	w.pickleModuleImports(c, call, text, what+" unpickles "+name+":") // interploaders.go
}
