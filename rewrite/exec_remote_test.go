package rewrite

// Execution cases for the output of a remote command (ssh HOST COMMAND),
// run with the fixture's ssh stand-in, which runs COMMAND here: what it
// prints is followed as a download's stdout, into the sandbox.
func init() {
	execCases = append(execCases,
		execCase{name: "ssh-cat-redirect", cmd: "ssh build@host cat {repos}/remote/files/remote.txt > remote.txt",
			files: map[string]string{"remote.txt": execRemote}},
		execCase{name: "ssh-cat-append-options", cmd: "ssh -p 2222 -o BatchMode=yes host cat {repos}/remote/files/b.txt >> b.txt",
			files: map[string]string{"b.txt": execBee}},
		execCase{name: "ssh-tar-c-tar-x", cmd: "ssh host 'tar c -C {repos}/remote files' | tar x",
			files: map[string]string{"files/remote.txt": execRemote, "files/b.txt": execBee}},
		execCase{name: "ssh-tar-c-tar-x-C", setup: "mkdir -p vendor", cmd: "ssh host 'tar c -C {repos}/remote files' | tar x -C vendor",
			files: map[string]string{"files/b.txt": execBee}},
		execCase{name: "ssh-cat-tee", cmd: "ssh host cat {repos}/remote/files/b.txt | tee b.txt >/dev/null",
			files: map[string]string{"b.txt": execBee}},
		execCase{name: "ssh-stdout-only", allow: true, cmd: "ssh host cat {repos}/remote/files/b.txt | grep -c bee", stdout: "1"},
	)
}
