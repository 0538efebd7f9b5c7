package rewrite

// Execution cases for the ways a download reaches a file that issue 12
// lists beyond plain redirections: compound pipeline stages, and the
// commands that move content back out of the sandbox.
func init() {
	execCases = append(execCases,
		execCase{name: "curl-block-cat", cmd: "curl -s http://example.com/files/b.txt | { cat > b.txt; }", files: map[string]string{"b.txt": execBee}},
		execCase{name: "curl-subshell-tee", cmd: "curl -s http://example.com/files/b.txt | (tee b.txt) >/dev/null", files: map[string]string{"b.txt": execBee}},
		execCase{name: "curl-while-read-append", cmd: `curl -s http://example.com/files/b.txt | while read -r l; do echo "$l" >> b.txt; done`,
			files: map[string]string{"b.txt": execBee}},
		execCase{name: "curl-block-then-tee", cmd: "curl -s http://example.com/files/b.txt | { cat; } | tee b.txt >/dev/null", files: map[string]string{"b.txt": execBee}},
		execCase{name: "curl-subshell-then-tar", cmd: "curl -s http://example.com/files/w.tar.gz | (cat) | tar xz", files: map[string]string{"pkg/hello.txt": execTarHello}},
		execCase{name: "curl-while-then-redirect", cmd: `curl -s http://example.com/files/b.txt | while read -r l; do echo "$l"; done | cat > b.txt`,
			files: map[string]string{"b.txt": execBee}},
		execCase{name: "curl-sh-c-cat-redirect", cmd: "curl -s http://example.com/files/b.txt | sh -c cat > b.txt", files: map[string]string{"b.txt": execBee}},
		execCase{name: "curl-block-stdout-only", allow: true, cmd: "curl -s http://example.com/files/b.txt | { cat; } | grep -c bee", stdout: "1"},
	)
}
