package syntax

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// fedArgvs returns the argument vectors an interpreter that xargs or GNU
// parallel runs gets, given argv as its own words build it: the inputs
// corral knows at hook time (the words of a here-string, of the stage
// before it, of xargs -a FILE, parallel's ::: words) appended, or put in
// place of the replace string (xargs -I{}, parallel's {}) in every
// word, as the launcher builds the command. Without -I each input is
// judged alone as the script's first argument and, with several, all of
// them at once, since xargs passes as many as fit. echo ~/.ssh/id_rsa |
// xargs python3 rd.py then reads the key as python3 rd.py ~/.ssh/id_rsa
// does. The vector is returned unchanged when the call is not so run,
// and with a word only known at run time appended when the inputs are
// not known (find -exec's {} is a path find finds: only known at run
// time).
func (w *walker) fedArgvs(c scope, call *Call, argv []lang.Arg) [][]lang.Arg {
	last := lastWrapper(call)
	if !call.ExtraArgs || argv == nil {
		return [][]lang.Arg{argv}
	}
	if last != "xargs" && last != "parallel" && last != "sem" {
		// find -exec python3 x.py {} +: words only known at run time
		// stand at {} and follow.
		run := slices.Clone(argv)
		named, hasNamed := findNamed(call.RunBy)
		one := slices.Clone(argv)
		for i := range run {
			if strings.Contains(run[i].Value, "{}") {
				run[i] = lang.Arg{}
				one[i].Value = strings.ReplaceAll(one[i].Value, "{}", named)
			}
		}
		out := [][]lang.Arg{append(run, lang.Arg{})}
		if hasNamed && slices.ContainsFunc(argv, func(a lang.Arg) bool { return strings.Contains(a.Value, "{}") }) {
			// find ~/.ssh -name id_rsa -exec python3 rd.py {} \;: one
			// of the paths is ROOT/NAME.
			out = append(out, one)
		}
		return out
	}
	placed := false
	for _, a := range argv {
		placed = placed || call.HasPlaceholder(a.Value)
	}
	if call.Replace != "" && !placed && last == "xargs" {
		return [][]lang.Arg{argv} // xargs -I{} CMD without {}: no input reaches it
	}
	inputs, known := w.templateInputs(c, call, call.Replace != "" || last != "xargs")
	if !known || len(inputs) == 0 || len(inputs) > maxTemplateInputs {
		if placed {
			return [][]lang.Arg{argv}
		}
		return [][]lang.Arg{append(slices.Clone(argv), lang.Arg{})}
	}
	var out [][]lang.Arg
	for _, in := range inputs {
		run := slices.Clone(argv)
		if !placed {
			run = append(run, lang.Arg{Value: in.Value, Known: in.Static && !in.Glob})
			out = append(out, run)
			continue
		}
		for i := range run {
			if call.HasPlaceholder(run[i].Value) {
				v, known := call.FillInput(run[i].Value, in.Value)
				run[i].Value = v
				run[i].Known = run[i].Known && in.Static && !in.Glob && known
			}
		}
		out = append(out, run)
	}
	if !placed && len(inputs) > 1 && last == "xargs" {
		run := slices.Clone(argv)
		for _, in := range inputs {
			run = append(run, lang.Arg{Value: in.Value, Known: in.Static && !in.Glob})
		}
		out = append(out, run)
	}
	return out
}

// findNamed returns ROOT/NAME for a find with one starting point written
// as a plain word and one -name test whose value is no pattern, nothing
// that turns the selection around (! -not -o -or , -prune) and no
// -mindepth or -execdir: the file of that name at the top of the tree,
// which the find hands to its -exec command when it is there (find
// ~/.ssh -name id_rsa -exec python3 rd.py {} \; reads ~/.ssh/id_rsa).
func findNamed(find *Call) (string, bool) {
	if find == nil || find.Name != "find" {
		return "", false
	}
	root, name := "", ""
	args := find.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case v == "-exec" || v == "-ok":
			i = len(args) // the command and what follows: not tests
		case !a.Static:
			return "", false
		case v == "-name":
			if name != "" || i+1 >= len(args) || !args[i+1].Static || args[i+1].Value == "" ||
				strings.ContainsAny(args[i+1].Value, "*?[\\/") {
				return "", false
			}
			i++
			name = args[i].Value
		case v == "!" || v == "-not" || v == "-o" || v == "-or" || v == "," || v == "-prune" || v == "-mindepth" ||
			v == "-execdir" || v == "-okdir" || v == "(" || v == ")":
			return "", false
		case v == "-maxdepth" || v == "-type" || v == "-xdev" || v == "-mount":
			if v == "-maxdepth" || v == "-type" {
				i++
			}
		case strings.HasPrefix(v, "-"):
			if root == "" && (v == "-H" || v == "-L" || v == "-P") {
				continue
			}
			return "", false // another test: it may leave the file out, or select by more than the name
		default:
			if root != "" || a.Glob {
				return "", false
			}
			root = v
		}
	}
	if root == "" || name == "" {
		return "", false
	}
	return strings.TrimSuffix(root, "/") + "/" + name, true
}

// fedCode returns the program texts of an interpreter's code word that
// holds the string xargs -I or GNU parallel replaces with each input
// (parallel python3 -c {} ::: CODE): the word with each known input put
// in place. placed is false when the word holds no such string (or the
// call is not so run); known is false when the inputs are only known at
// run time.
func (w *walker) fedCode(c scope, call *Call, code string) (texts []string, placed, known bool) {
	last := lastWrapper(call)
	if !call.ExtraArgs || last != "xargs" && last != "parallel" && last != "sem" {
		return nil, false, false
	}
	if !call.HasPlaceholder(code) {
		return nil, false, false
	}
	inputs, ok := w.templateInputs(c, call, true)
	if !ok || len(inputs) == 0 || len(inputs) > maxTemplateInputs || len(code)*(len(inputs)+1) > MaxSource/4 {
		return nil, true, false
	}
	for _, in := range inputs {
		if !in.Static || in.Glob {
			return nil, true, false // a listing's names are no known text
		}
		text, known := call.FillInput(code, in.Value)
		if !known {
			return nil, true, false
		}
		texts = append(texts, text)
	}
	return texts, true, true
}
