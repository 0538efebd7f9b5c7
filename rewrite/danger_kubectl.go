package rewrite

import (
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var kubectlDelete = Rule{
	Name:      "kubectl-delete",
	Decisions: []Decision{Ask},
	Doc: `kubectl delete (and drain, and oc's) removes cluster resources: ask,
as seed 002's starter table confirms them, with the options anywhere
(kubectl -n prod delete pod x, --context=x delete, --context x delete,
-v 6 delete). A dry run (--dry-run, --dry-run=client|server|true) changes
nothing and passes; --dry-run=none and --dry-run=false delete. helm
uninstall (delete, del, un) removes a release and its resources: ask,
unless --dry-run. get, describe, apply, logs and the rest pass, also when
a resource happens to be named "delete".`,
	Commands: []string{"kubectl", "oc", "helm"},
	Call:     checkKubectl,
}

// kubectlOptions are kubectl's global options that take a value.
var kubectlOptions = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "nlscov", longVal: longOpts("namespace", "context", "cluster", "kubeconfig", "user", "server",
		"token", "selector", "as", "as-group", "as-uid", "request-timeout", "cache-dir", "certificate-authority", "client-certificate",
		"client-key", "tls-server-name", "field-selector", "output", "filename", "password", "username", "profile", "profile-output",
		"log-file", "v", "vmodule", "log-dir", "log-flush-frequency", "grace-period", "timeout", "cascade", "raw", "kustomize",
		"chunk-size", "template", "disable-eviction", "pod-selector", "skip-wait-for-delete-timeout", "delete-emptydir-data"), longEq: true}
}}

// helmOptions are helm's global and uninstall options that take a value.
var helmOptions = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "n", longVal: longOpts("namespace", "kube-context", "kubeconfig", "kube-apiserver", "kube-as-user",
		"kube-as-group", "kube-ca-file", "kube-token", "kube-tls-server-name", "registry-config", "repository-cache", "repository-config",
		"burst-limit", "qps", "timeout", "cascade", "description", "deletion-propagation", "wait"), longEq: true}
}}

// dryRun reports whether a --dry-run option makes the command change
// nothing: --dry-run alone, =client, =server, =true; not =none or =false.
func dryRun(opts []option) bool {
	for _, o := range opts {
		if o.long && o.name == "dry-run" {
			if !o.hasVal {
				return true
			}
			switch o.val.Value {
			case "none", "false", "False", "0":
				return false
			}
			return true
		}
	}
	return false
}

func checkKubectl(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	spec := kubectlOptions.Get()
	if c.Name == "helm" {
		spec = helmOptions.Get()
	}
	opts, operands := scan(c.Args, spec)
	if len(operands) == 0 || dryRun(opts) {
		return
	}
	v := c.Args[operands[0]].Value
	if c.Name == "helm" {
		switch v {
		case "uninstall", "delete", "del", "un":
			p.Report(c, Finding{Rule: "kubectl-delete", Decision: Ask, Message: "helm " + v + " removes a release and its cluster resources"})
		}
		return
	}
	if v != "delete" && v != "drain" {
		return
	}
	p.Report(c, Finding{Rule: "kubectl-delete", Decision: Ask, Message: c.Name + " " + v + " removes cluster resources"})
}
