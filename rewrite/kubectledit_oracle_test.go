package rewrite

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestKubectlEditEditorOracle runs the real kubectl edit against a
// scripted API server on loopback (discovery, one ConfigMap, the patch
// it sends) to show what TestKubectlEditEditor models: kubectl runs the
// editor KUBE_EDITOR names (EDITOR when it is unset) with its temporary
// kubectl-edit-*.yaml as the last word, and sends what the editor
// leaves there to the cluster: KUBE_EDITOR='cp F' makes F's content the
// object kubectl patches in. F is a canary under the test's directory.
func TestKubectlEditEditorOracle(t *testing.T) {
	kubectl, err := exec.LookPath("kubectl")
	if err != nil {
		t.Skip("kubectl is not installed")
	}
	const cm = `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","namespace":"default","resourceVersion":"1","uid":"u1"},"data":{"k":"v"}}`
	var mu sync.Mutex
	var patches []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.URL.Path == "/api":
			io.WriteString(w, `{"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":[{"clientCIDR":"0.0.0.0/0","serverAddress":"127.0.0.1:0"}]}`)
		case r.URL.Path == "/apis":
			io.WriteString(w, `{"kind":"APIGroupList","apiVersion":"v1","groups":[]}`)
		case r.URL.Path == "/api/v1":
			io.WriteString(w, `{"kind":"APIResourceList","groupVersion":"v1","resources":[{"name":"configmaps","singularName":"configmap","namespaced":true,"kind":"ConfigMap","verbs":["create","delete","get","list","patch","update","watch"],"shortNames":["cm"]}]}`)
		case r.URL.Path == "/api/v1/namespaces/default/configmaps/a" && r.Method == http.MethodGet:
			io.WriteString(w, cm)
		case r.URL.Path == "/api/v1/namespaces/default/configmaps/a" && r.Method == http.MethodPatch:
			b, _ := io.ReadAll(r.Body)
			mu.Lock()
			patches = append(patches, string(b))
			mu.Unlock()
			io.WriteString(w, cm)
		default:
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"NotFound","code":404}`)
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	tmp := filepath.Join(dir, "tmp")
	for _, d := range []string{home, tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	kubeconfig := filepath.Join(dir, "kubeconfig")
	conf := "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: " + srv.URL +
		"\ncontexts:\n- name: c\n  context:\n    cluster: c\n    user: u\ncurrent-context: c\nusers:\n- name: u\n  user: {}\n"
	if err := os.WriteFile(kubeconfig, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	// The canary the editor copies in: a ConfigMap with other data.
	canary := filepath.Join(dir, "canary.yaml")
	if err := os.WriteFile(canary, []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  namespace: default\n  resourceVersion: \"1\"\n  uid: u1\ndata:\n  k: CANARY-CONTENT\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// An editor that records its words, then copies the canary in.
	args := filepath.Join(dir, "args")
	editor := filepath.Join(dir, "editor.sh")
	if err := os.WriteFile(editor, []byte("#!/bin/sh\nprintf '%s\\n' \"$@\" > "+args+"\ncp "+canary+" \"$1\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	run := func(env ...string) string {
		t.Helper()
		os.Remove(args)
		cmd := exec.Command(kubectl, "edit", "cm", "a", "--validate=false")
		cmd.Env = append([]string{"HOME=" + home, "TMPDIR=" + tmp, "KUBECONFIG=" + kubeconfig, "PATH=" + os.Getenv("PATH"), "SHELL=/bin/sh"}, env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Logf("kubectl edit: %v\n%s", err, out)
		}
		b, _ := os.ReadFile(args)
		return strings.TrimSpace(string(b))
	}
	for _, tc := range []struct {
		name string
		env  []string
	}{
		{"KUBE_EDITOR", []string{"KUBE_EDITOR=" + editor, "EDITOR=/bin/false"}},
		{"EDITOR", []string{"EDITOR=" + editor}},
		// A quote in the editor: kubectl runs "$SHELL -c 'EDITOR "FILE"'".
		{"shell-text", []string{"KUBE_EDITOR=sh -c 'printf \"%s\\n\" \"$0\" > " + args + "; cp " + canary + " \"$0\"'"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mu.Lock()
			patches = nil
			mu.Unlock()
			got := run(tc.env...)
			if got == "" {
				t.Skipf("kubectl did not start the editor against the scripted API server")
			}
			if filepath.Dir(got) != tmp || !strings.HasPrefix(filepath.Base(got), "kubectl-edit-") || !strings.HasSuffix(got, ".yaml") {
				t.Errorf("the editor was given %q, want one temporary kubectl-edit-*.yaml in %s", got, tmp)
			}
			mu.Lock()
			sent := strings.Join(patches, "\n")
			mu.Unlock()
			if !strings.Contains(sent, "CANARY-CONTENT") {
				t.Errorf("kubectl did not send the editor's file to the cluster: patches %q", sent)
			}
		})
	}
	// As judged: the editor stands for cp F TEMPFILE, so a key copied in
	// is a secret read, and a plain copy of a project file passes.
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "proj/d.yaml": "kind: ConfigMap\n", "home/.ssh/id_rsa": "KEY\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"KUBE_EDITOR='cp ~/.ssh/id_rsa' kubectl edit cm a", "deny"},
		{"EDITOR='cp ~/.ssh/id_rsa' kubectl edit cm a", "deny"},
		{"KUBE_EDITOR='cp d.yaml' kubectl edit cm a", "allow"},
	})
}
