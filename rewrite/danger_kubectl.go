package rewrite

import "github.com/corral-dev/corral/syntax"

var kubectlDelete = Rule{
	Name:      "kubectl-delete",
	Decisions: []Decision{Ask},
	Doc: `kubectl delete (and drain, and oc's) removes cluster resources: ask,
as seed 002's starter table confirms them, with the options anywhere
(kubectl -n prod delete pod x, --context=x delete, --context x delete).
A dry run (--dry-run, --dry-run=client|server) changes nothing and
passes; --dry-run=none deletes. get, describe, apply, logs and the rest
pass, also when a resource happens to be named "delete".`,
	Commands: []string{"kubectl", "oc"},
	Call:     checkKubectl,
}

// kubectlOptions are kubectl's global options that take a value.
var kubectlOptions = optSpec{shortVal: "nlsco", longVal: setOf("namespace", "context", "cluster", "kubeconfig", "user", "server",
	"token", "selector", "as", "as-group", "as-uid", "request-timeout", "cache-dir", "certificate-authority", "client-certificate",
	"client-key", "tls-server-name", "field-selector", "output", "filename", "password", "username", "profile", "profile-output",
	"log-file", "v"), longEq: true}

func checkKubectl(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	opts, operands := scan(c.Args, kubectlOptions)
	if len(operands) == 0 {
		return
	}
	v := c.Args[operands[0]].Value
	if v != "delete" && v != "drain" {
		return
	}
	for _, o := range opts {
		if o.long && o.name == "dry-run" && (!o.hasVal || o.val.Value != "none") {
			return
		}
	}
	p.Report(c, Finding{Rule: "kubectl-delete", Decision: Ask, Message: c.Name + " " + v + " removes cluster resources"})
}
