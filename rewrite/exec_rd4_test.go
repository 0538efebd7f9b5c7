package rewrite

// Execution cases (rd4, issue 12 class 1): a writer nested in a pipeline
// stage reads the download from the stage's stdin — dd in a brace group,
// dd after a cd in a subshell, tee in a function called as the stage, a
// function called inside a brace group — and the rewritten command must
// write it into the sandbox, with the same bytes, when it really runs.
func init() {
	execCases = append(execCases,
		execCase{name: "curl-block-dd", cmd: "curl -s http://example.com/files/b.txt | { dd of=b.txt status=none; }",
			files: map[string]string{"b.txt": execBee}},
		execCase{name: "curl-subshell-cd-dd", setup: "mkdir sub", cmd: "curl -s http://example.com/files/b.txt | (cd sub && dd of=b.txt status=none)",
			files: map[string]string{"b.txt": execBee}},
		execCase{name: "curl-function-tee", cmd: "f() { tee b.txt; }; curl -s http://example.com/files/b.txt | f >/dev/null",
			files: map[string]string{"b.txt": execBee}},
		execCase{name: "curl-block-function-dd", cmd: "g() { dd of=b.txt status=none; }; curl -s http://example.com/files/b.txt | { g; }",
			files: map[string]string{"b.txt": execBee}},
	)
}
