package rewrite

// secretRules keep secrets from the agent and local files from leaving
// the machine unasked.
var secretRules = []*Rule{
	&secretRead,
	&secretOperandRule,
	&exfiltrate,
	&packRule,
}
