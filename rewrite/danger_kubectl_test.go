package rewrite

import "testing"

func TestKubectlDelete(t *testing.T) {
	t.Parallel()
	testRule(t, "kubectl-delete", []ruleCase{
		{"kubectl delete pod x", Ask},
		{"kubectl -n prod delete pod x", Ask},
		{"kubectl --context=prod delete ns y", Ask},
		{"kubectl --context prod --namespace a delete deploy y", Ask},
		{"kubectl delete -f manifests/", Ask},
		{"kubectl delete --dry-run=none pod x", Ask},
		{"kubectl drain node-1 --ignore-daemonsets", Ask},
		{"oc delete project x", Ask},
		{"sudo -E kubectl delete pvc data", Ask},
		{"kubectl -v 6 delete pod x", Ask},
		{"kubectl -v=6 delete pod x", Ask},
		{"kubectl delete --dry-run=false pod x", Ask},
		{"helm uninstall web", Ask},
		{"helm -n prod delete web", Ask},
		{"helm --kube-context prod un web", Ask},
		// Look-alikes.
		{"kubectl get pods", Allow},
		{"kubectl -n delete get pods", Allow}, // a namespace named delete
		{"kubectl describe pod delete-me", Allow},
		{"kubectl logs job/delete-old", Allow},
		{"kubectl apply -f x.yaml", Allow},
		{"kubectl delete --dry-run=client -f x.yaml", Allow},
		{"kubectl delete --dry-run=server pod x", Allow},
		{"kubectl delete --help", Allow},
		{"echo kubectl delete pod x", Allow},
		{"kubectl delete --dry-run pod x", Allow},
		{"kubectl delete --dry-run=true pod x", Allow},
		{"helm uninstall web --dry-run", Allow},
		{"helm list", Allow},
		{"helm install web ./chart", Allow},
		{"helm uninstall --help", Allow},
	})
}
