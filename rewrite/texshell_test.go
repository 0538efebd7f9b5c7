package rewrite

import "testing"

// TestTeXShellEscape (issue 12, class 4): with shell escape on
// (-shell-escape, --enable-write18, shell_escape=t in the environment) a
// TeX engine runs the document's \write18{CMD}, \ShellEscape{CMD} and
// \input|"CMD" with the shell: read from the input file and judged as if
// typed (pdflatex -shell-escape of a \write18{rm -rf ~} was allowed).
// Without shell escape, a command in a % comment, and a harmless one
// pass. No TeX engine is installed where the tests run (no oracle).
func TestTeXShellEscape(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/t.tex":  "\\documentclass{article}\\immediate\\write18{rm -rf ~}\\begin{document}x\\end{document}\n",
		"proj/s.tex":  "\\ShellEscape{cat ~/.ssh/id_rsa}\n",
		"proj/i.tex":  "\\input|\"rm -rf ~\"\n",
		"proj/ok.tex": "\\documentclass{article}\n% \\write18{rm -rf ~}\n\\begin{document}\\input{|\"echo x\"}\\end{document}\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"pdflatex -shell-escape t.tex", "deny"},
		{"xelatex --shell-escape t", "deny"},
		{"lualatex --enable-write18 t.tex", "deny"},
		{"shell_escape=t pdflatex t.tex", "deny"},
		{"pdflatex -shell-escape s.tex", "deny"},
		{"pdflatex -shell-escape i.tex", "deny"},
		// look-alikes
		{"pdflatex t.tex", "allow"},
		{"pdflatex -shell-escape ok.tex", "allow"},
		{"pdflatex -shell-escape -no-shell-escape t.tex", "allow"},
	})
}
