package rewrite

import "testing"

// TestLatexmkCode (issue 12, class 4): latexmk executes the working
// directory's latexmkrc (else .latexmkrc; not with -norc), each -r FILE
// and -e CODE as Perl, and runs the command lines its -pdflatex=CMD
// (-latex, -lualatex, -xelatex, …) options and the same Perl variables
// ($pdflatex = 'CMD') hold: each is judged as if typed (a project
// latexmkrc of $pdflatex = "rm -rf ~" was allowed). latexmk is not
// installed where the tests run (no oracle); the files and variables are
// latexmk(1)'s.
func TestLatexmkCode(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/latexmkrc":      "$pdflatex = 'rm -rf ~';\n",
		"proj/ok/.latexmkrc":  "$pdf_mode = 1;\n$pdflatex = 'pdflatex -interaction=nonstopmode %O %S';\n",
		"proj/sys/latexmkrc":  "system('cat ~/.ssh/id_rsa');\n",
		"proj/extra.rc":       "$lualatex = \"rm -rf ~/.ssh\";\n",
		"proj/ok/x.tex":       "\\documentclass{article}\\begin{document}x\\end{document}\n",
		"proj/ok/harmless.rc": "$out_dir = 'build';\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"latexmk -pdf x.tex", "deny"},
		{"cd sys && latexmk", "deny"},
		{"cd ok && latexmk -r ../extra.rc", "deny"},
		{"cd ok && latexmk -e '$pdflatex=\"rm -rf ~\"' -pdf x.tex", "deny"},
		{"cd ok && latexmk -e 'system(\"rm -rf ~\")'", "deny"},
		{"cd ok && latexmk -pdflatex='rm -rf ~ %O %S' x.tex", "deny"},
		{"echo '$pdflatex=\"rm -rf ~\";' > ok/latexmkrc; cd ok && latexmk -pdf", "deny"},
		// look-alikes
		{"latexmk -norc -pdf x.tex", "allow"},
		{"cd ok && latexmk -pdf x.tex", "allow"},
		{"cd ok && latexmk -r harmless.rc -pdf x.tex", "allow"},
		{"cd ok && latexmk -pdf -pdflatex='pdflatex -shell-escape %O %S' x.tex", "allow"},
		{"cd ok && latexmk -c", "allow"},
	})
}
