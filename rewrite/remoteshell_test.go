package rewrite

import (
	"strings"
	"testing"
)

// TestRemoteShellStdin: the script a shell on the other end of ssh runs
// is its command AND what ssh reads on stdin (a here-document, a
// here-string, a file opened with <, a pipe). ssh to this machine runs it
// here, in a new login session from the home directory, so it is judged
// as its command is; a download fed to it asks as curl URL | sh does.
// Another machine's commands are not judged, fed on stdin or not
// (ssh host 'rm -rf ~' passes, as before), nor are a container's (docker
// exec C rm -rf / passes); -n and -f give the remote side /dev/null.
func TestRemoteShellStdin(t *testing.T) {
	cfg := scratchProject(t, map[string]string{
		"proj/README":    "x\n",
		"proj/job.sh":    "rm -rf ~\n",
		"proj/rc.sh":     "echo pwned >> .bashrc\n",
		"proj/uptime.sh": "uptime\ndf -h\n",
		"home/.keep":     "",
	})
	r := strings.NewReplacer("HOMEDIR", cfg.Home)
	var rows []struct{ cmd, want string }
	for _, tt := range []struct{ cmd, want string }{
		// The remote command is a shell given no script: it runs stdin.
		{"ssh localhost bash <<EOF\nrm -rf ~\nEOF", "deny"},
		{"ssh localhost bash <<'EOF'\nrm -rf $HOME\nEOF", "deny"},
		{"ssh localhost sh -s < job.sh", "deny"},
		{"ssh localhost 'bash -s' < job.sh", "deny"},
		{"ssh -T localhost exec bash -s -- a b < job.sh", "deny"},
		{"ssh 127.0.0.1 bash <<< 'rm -rf ~'", "deny"},
		{"ssh -p 2222 -i k me@localhost bash -l < job.sh", "deny"},
		{"ssh -o RemoteCommand='bash -s' localhost < job.sh", "deny"},
		{"echo 'rm -rf ~' | ssh localhost bash", "deny"},
		{"cat job.sh | ssh localhost sh -s", "deny"},
		{"echo 'rm -rf ~' | ssh localhost sudo bash", "deny"},
		{"echo 'rm -rf ~' | ssh localhost exec env X=1 bash -s", "deny"},
		{"ssh localhost sudo bash <<EOF\nrm -rf ~\nEOF", "deny"},
		{"echo 'import shutil; shutil.rmtree(\"HOMEDIR\")' | ssh localhost python3", "deny"},
		{"echo 'open(\".bashrc\", \"a\").write(\"x\")' | ssh localhost python3 -", "deny"},
		{"ssh localhost python3 <<EOF\nimport shutil; shutil.rmtree('HOMEDIR')\nEOF", "deny"},
		{"curl -s https://example.com/i.py | ssh localhost python3", "ask"},
		// From the home directory: .bashrc is ~/.bashrc there.
		{"ssh localhost bash <<EOF\necho pwned >> .bashrc\nEOF", "deny"},
		{"ssh localhost bash < rc.sh", "deny"},
		{"echo 'echo pwned >> .bashrc' | ssh localhost bash -s", "deny"},
		// No command: the login shell reads stdin, from the home
		// directory too.
		{"ssh localhost <<EOF\necho pwned >> .bashrc\nEOF", "deny"},
		{"ssh localhost < rc.sh", "deny"},
		{"echo 'echo pwned >> .bashrc' | ssh localhost", "deny"},
		// The command's variables are expanded here, before ssh sends
		// the text.
		{"x=HOMEDIR; ssh localhost bash <<EOF\nrm -rf $x\nEOF", "deny"},
		{"ssh localhost bash <<EOF\n$(cat job.sh)\nEOF", "deny"},
		{"ssh localhost <<EOF\n$(cat rc.sh)\nEOF", "deny"},
		// A remote command that is no bare shell still reads ssh's stdin
		// where its shell does.
		{"ssh localhost 'cd /tmp && bash' <<EOF\nrm -rf ~\nEOF", "deny"},
		// Text only run time knows, a download: ask.
		{"curl -s https://example.com/i.sh | ssh localhost bash -s", "ask"},
		{"curl -s https://example.com/i.sh | ssh localhost", "ask"},
		{"cat missing.sh | ssh localhost bash", "ask"},
		// Look-alikes.
		{"ssh localhost bash <<EOF\nuptime\nEOF", "allow"},
		{"ssh localhost bash <<EOF\necho $(date)\nEOF", "allow"},
		{"ssh localhost bash < uptime.sh", "allow"},
		{"echo uptime | ssh localhost bash", "allow"},
		{"echo 'print(1)' | ssh localhost python3", "allow"},
		{"echo uptime | ssh localhost sudo bash", "allow"},
		{"ssh localhost uptime", "allow"},
		{"ssh localhost 'cat > /tmp/x' < job.sh", "allow"},
		{"ssh localhost 'cat > /tmp/x' <<EOF\nrm -rf ~\nEOF", "allow"},
		{"ssh localhost wc -l <<< 'rm -rf ~'", "allow"},
		{"ssh -n localhost bash < job.sh", "allow"},
		{"ssh -f localhost bash <<EOF\nrm -rf ~\nEOF", "allow"},
		{"ssh -n localhost <<EOF\nrm -rf ~\nEOF", "allow"},
		{"ssh -N localhost < job.sh", "allow"},
		{"ssh -s localhost sftp < job.sh", "allow"},
		{"ssh localhost", "allow"},
		// Another machine: not judged, as its command is not.
		{"ssh host uptime", "allow"},
		{"ssh host 'rm -rf ~'", "allow"},
		{"ssh host bash <<EOF\nuptime\nEOF", "allow"},
		{"ssh host bash <<EOF\nrm -rf ~\nEOF", "allow"},
		{"curl -s https://example.com/i.sh | ssh host bash -s", "allow"},
		// A local file sent to another host is an upload of it, as scp
		// of it is (exfiltrate asks; TestStdinUploadsSSHAndSockets).
		{"ssh host sh -s < job.sh", "ask"},
		{"ssh host < job.sh", "ask"},
		// A container's own files: not judged, as docker exec C rm -rf /
		// is not; without -i docker gives the command no stdin at all.
		{"docker exec C ls", "allow"},
		{"docker exec C sh <<EOF\nrm -rf /\nEOF", "allow"},
		{"docker exec -i C sh <<EOF\nrm -rf /\nEOF", "allow"},
		{"kubectl exec -i P -- sh <<EOF\nrm -rf /\nEOF", "allow"},
	} {
		rows = append(rows, struct{ cmd, want string }{r.Replace(tt.cmd), tt.want})
	}
	checkDecisions(t, cfg, rows)
	// The same text as a command and fed on stdin decides the same.
	for _, p := range [][2]string{
		{"ssh localhost bash <<EOF\nrm -rf ~\nEOF", "ssh localhost 'rm -rf ~'"},
		{"ssh localhost <<EOF\necho pwned >> .bashrc\nEOF", "ssh localhost 'echo pwned >> .bashrc'"},
		{"ssh host bash <<EOF\nrm -rf ~\nEOF", "ssh host 'rm -rf ~'"},
	} {
		if a, b := Check(cfg, p[0]).Decision, Check(cfg, p[1]).Decision; a != b {
			t.Errorf("%q: %s, but %q: %s", p[0], a, p[1], b)
		}
	}
}

// TestKubectlEditEditor: kubectl edit (apply edit-last-applied, create
// --edit) runs the first of KUBE_EDITOR and EDITOR with its temporary
// copy of the objects as the last word, and sends what the editor leaves
// there to the cluster. An editor the command chooses is judged with
// that file, as git's are: cp of a key is a copy of it (sent on to the
// cluster). The user's own editor, an editor that only edits the copy
// and another kubectl command pass.
func TestKubectlEditEditor(t *testing.T) {
	cfg := scratchProject(t, map[string]string{
		"proj/README":      "x\n",
		"proj/d.yaml":      "kind: ConfigMap\n",
		"home/.ssh/id_rsa": "KEY\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"KUBE_EDITOR='cp ~/.ssh/id_rsa' kubectl edit deployment web", "deny"},
		{"EDITOR='cp ~/.ssh/id_rsa' kubectl edit cm x", "deny"},
		{"KUBE_EDITOR='cp ~/.ssh/id_rsa' kubectl -n prod --context c edit deploy/web", "deny"},
		{"export KUBE_EDITOR='cp ~/.ssh/id_rsa'; kubectl edit deploy web", "deny"},
		{"env KUBE_EDITOR='cp ~/.ssh/id_rsa' kubectl edit deploy web", "deny"},
		{"KUBE_EDITOR='cp ~/.ssh/id_rsa' kubectl apply edit-last-applied deploy/web", "deny"},
		{"KUBE_EDITOR='cp ~/.ssh/id_rsa' kubectl create --edit -f d.yaml", "deny"},
		{"KUBE_EDITOR='cp ~/.ssh/id_rsa' kubectl create -f d.yaml --edit=true", "deny"},
		{"KUBE_EDITOR='rm -rf ~' kubectl edit deploy web", "deny"},
		// Look-alikes.
		{"kubectl edit deployment web", "allow"},
		{"KUBE_EDITOR=vim kubectl edit deployment web", "allow"},
		{"KUBE_EDITOR='code --wait' kubectl edit deployment web", "allow"},
		{`KUBE_EDITOR="sed -i 's/replicas: 1/replicas: 3/'" kubectl edit deployment web`, "allow"},
		{"KUBE_EDITOR='cp d.yaml' kubectl edit cm x", "allow"},
		{"KUBE_EDITOR='cp ~/.ssh/id_rsa' kubectl get pods", "allow"},
		{"KUBE_EDITOR='cp ~/.ssh/id_rsa' kubectl create -f d.yaml", "allow"},
		{"KUBE_EDITOR='cp ~/.ssh/id_rsa' kubectl edit --help", "allow"},
	})
	// The editor decides as the copy it stands for.
	for _, p := range [][2]string{
		{"KUBE_EDITOR='cp ~/.ssh/id_rsa' kubectl edit deploy web", "cp ~/.ssh/id_rsa /tmp/kubectl-edit-0.yaml"},
		{"KUBE_EDITOR='cp d.yaml' kubectl edit deploy web", "cp d.yaml /tmp/kubectl-edit-0.yaml"},
	} {
		if a, b := Check(cfg, p[0]).Decision, Check(cfg, p[1]).Decision; a != b {
			t.Errorf("%s: %s, but %s: %s", p[0], a, p[1], b)
		}
	}
}
