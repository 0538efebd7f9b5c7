package syntax

// kubectl edit runs an editor on this machine (k8s.io/kubectl
// pkg/cmd/util/editor): the first of KUBE_EDITOR and EDITOR that is set
// (vi without either), given a temporary copy of the objects
// (os.CreateTemp "kubectl-edit-*.yaml", .json with -o json) as its last
// word; an editor with a quote or a backslash in it runs through
// "$SHELL -c", any other is split at spaces and run as a program. What
// the editor leaves in the file is sent to the cluster. kubectl apply
// edit-last-applied and kubectl create --edit run it the same way. So
// an editor the command chooses (KUBE_EDITOR='cp F' kubectl edit deploy
// x) is judged with that file as its last word, as git's are
// (editorvars.go); the user's own editor is theirs.

// kubectlEditSpec is kubectl's options that take a value (its global
// options, klog's -v, and those of edit and create: pflag, so options
// may come after the subcommand and "--name=value" is one word).
var kubectlEditSpec = OptSpec{ShortVal: "nsvofkl", LongEq: true, LongVal: []string{"namespace", "context", "cluster",
	"user", "kubeconfig", "server", "token", "as", "as-group", "as-uid", "certificate-authority", "client-certificate",
	"client-key", "request-timeout", "tls-server-name", "cache-dir", "log-dir", "log-file", "output", "filename",
	"kustomize", "selector", "field-manager", "template", "subresource", "raw", "password", "username", "profile",
	"profile-output", "v", "vmodule", "log-backtrace-at", "stderrthreshold", "log-file-max-size", "container"}}

// kubectlEditFile stands for the temporary file kubectl hands the editor
// (its name is random).
const kubectlEditFile = "/tmp/kubectl-edit-0.yaml"

// kubectlEditTargets returns the file kubectl edit (apply
// edit-last-applied, create --edit) hands its editor.
func kubectlEditTargets(call *Call) []editTarget {
	opts, ops := ScanOptions(call.Args, kubectlEditSpec)
	if len(ops) == 0 {
		return nil
	}
	edit := false
	switch call.Args[ops[0]].Value {
	case "edit":
		edit = true
	case "apply":
		edit = len(ops) > 1 && call.Args[ops[1]].Value == "edit-last-applied"
	case "create":
		for _, o := range opts {
			if o.Long && o.Name == "edit" && (!o.HasVal || o.Val.Value == "true") {
				edit = true
			}
		}
	}
	for _, o := range opts {
		if o.Name == "h" || o.Long && o.Name == "help" {
			return nil
		}
	}
	if !edit {
		return nil
	}
	return []editTarget{{program: "kubectl edit", file: kubectlEditFile, vars: []string{"KUBE_EDITOR", "EDITOR"}}}
}
