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
		// wget -e runs wgetrc commands in place.
		execCase{name: "wget-e-dir-prefix", cmd: "wget -q -e dir_prefix=dl http://example.com/files/data.json", files: map[string]string{"dl/data.json": execJSON}},
		execCase{name: "wget-execute-output-document", cmd: "wget -q --execute=output_document=d.json http://example.com/files/data.json",
			files: map[string]string{"d.json": execJSON}},
		execCase{name: "wget-e-mixed-case", cmd: "wget -q -e 'DIr__PrefiX = dl' http://example.com/files/b.txt", files: map[string]string{"dl/b.txt": execBee}},
		execCase{name: "wget-e-robots", cmd: "wget -q -e robots=off http://example.com/files/b.txt", files: map[string]string{"b.txt": execBee}},
		// git archive --remote of a repository served by the fixture.
		execCase{name: "git-archive-remote-tar", cmd: "git archive --remote=https://github.com/acme/widget.git HEAD | tar x",
			files: map[string]string{"README.md": execWidget}},
		execCase{name: "git-archive-remote-o", cmd: "git archive --remote=https://github.com/acme/widget.git -o w.tar HEAD && tar xf w.tar",
			files: map[string]string{"w.tar": "", "README.md": execWidget}},
		execCase{name: "git-archive-remote-redirect", cmd: "git archive --remote=https://github.com/acme/widget.git --format=tar HEAD > w.tar",
			files: map[string]string{"w.tar": ""}},
		execCase{name: "git-archive-local", allow: true, setup: "git init -q && echo x > f && git add f && git commit -qm x",
			cmd: "git archive HEAD | tar t", stdout: "f"},
		execCase{name: "svn-cat-redirect", cmd: "svn cat file://{repos}/svn/proj/README.txt > readme.txt", files: map[string]string{"readme.txt": execSvnReadme}},
	)
}
