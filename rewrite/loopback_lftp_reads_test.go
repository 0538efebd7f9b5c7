package rewrite

import "testing"

// TestLftpLoopbackReads: scp localhost:.ssh/id_rsa k was denied as the
// read of ~/.ssh/id_rsa it is, but lftp on a site that is this machine
// (sftp://localhost, ftp on 127.0.0.1, file:) reading the same file with
// get, mget, pget, mirror or cat was only asked about as a download, or
// passed (cat). Each is now that local read (denied for a secret);
// local CMD reads the local file system. Other hosts and ordinary files
// keep their decisions.
func TestLftpLoopbackReads(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/": "", "proj/notes.txt": "x\n",
		"proj/batch.txt":   "open sftp://localhost\ncd .ssh\nget id_rsa -o k\n",
		"proj/plain.txt":   "open sftp://localhost\ncat notes.txt\n",
		"home/.ssh/id_rsa": "KEY\n", "home/.aws/credentials": "[default]\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"scp localhost:.ssh/id_rsa k", "deny"}, // the decision the rows below match
		{"lftp -c 'open sftp://localhost; get .ssh/id_rsa -o k'", "deny"},
		{"lftp sftp://127.0.0.1 -e 'cat ~/.aws/credentials; bye'", "deny"},
		{"lftp -c 'open sftp://localhost; cd .ssh; mget id_*'", "deny"},
		{"lftp -c 'open fish://me@localhost; pget -n 4 .ssh/id_rsa'", "deny"},
		{"lftp -c 'open sftp://localhost; mirror .ssh keys'", "deny"},
		{"lftp -c 'open sftp://localhost; more .aws/credentials'", "deny"},
		{"lftp -c 'open localhost; zcat .ssh/id_rsa'", "deny"},            // ftp on this machine
		{"lftp -c 'open ftp://127.0.0.1; get1 .ssh/id_rsa -o k'", "deny"}, // the same
		{"lftp -c 'get sftp://localhost/~/.ssh/id_rsa'", "deny"},
		{"lftp -c 'open file:; cat ~/.ssh/id_rsa'", "deny"},
		{"lftp -c 'open sftp://localhost; local cat ~/.ssh/id_rsa'", "deny"},
		{"lftp -c 'lcd ~/.ssh; local cat id_rsa'", "deny"},
		{"lftp -f batch.txt", "deny"},
		{"lftp sftp://localhost <<< 'cat .aws/credentials'", "deny"},
		// Look-alikes that keep their decision.
		{"lftp -c 'open sftp://example.com; get .ssh/id_rsa -o k'", "ask"}, // a download from another host
		{"lftp -c 'open ftp://example.com; cat .ssh/id_rsa'", "allow"},
		{"lftp -c 'open sftp://localhost; cat notes.txt'", "allow"},
		{"lftp -f plain.txt", "allow"},
		{"lftp -c 'open sftp://localhost; get notes.txt -o k'", "ask"}, // the file-transfer rule asks as before
		{"lftp -c 'open sftp://localhost; mirror -R notes out'", "allow"},
		{"lftp -c 'open http://localhost; cat .ssh/id_rsa'", "allow"},
	})
}
