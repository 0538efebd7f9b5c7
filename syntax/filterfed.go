package syntax

// filteredText returns what the pipeline stage src prints when it is a
// pass-through filter the model computes (passFilterOf: tac, rev, xxd
// [-r], base64 [-d], sed q, awk 1, head, tail, tr, sort, uniq, grep …)
// of an input it knows exactly: its own here-string or here-document, the
// static text the stage before it prints (readInput), or the files it is
// given (one file), read from disk as cat's are. So text a shell runs through a pipe
// or a process substitution is the text the filter makes of it: echo '~
// fr- mr' | rev | sh, bash <(rev <<< '~ fr- mr'), sh <(tac F), sh <(rev
// F) run rm -rf ~ (they asked: the text was only known at run time). cat
// and tee are passThrough's and filePrint's, as before.
func (w *walker) filteredText(c scope, src *Call) (string, bool) {
	if src == nil || src.Name == "cat" || src.Name == "tee" || w.shadowed[src] || len(src.Wrappers) > 0 || !src.NameArg.Static {
		return "", false
	}
	f, ops, ok := passFilterOf(src.Name, src.Args)
	if !ok {
		return "", false
	}
	if len(ops) == 0 || len(ops) == 1 && ops[0].Static && ops[0].Value == "-" {
		in, shared, ok := w.readInput(c, src)
		if !ok || shared {
			return "", false
		}
		return f(in)
	}
	// One file (tac reverses each of several on its own).
	if a := ops[0]; len(ops) == 1 && a.Static && !a.Glob && a.Value != "-" {
		if in, ok := w.readScript(src.Dir.Join(a.Value)); ok {
			return f(in)
		}
	}
	return "", false
}
