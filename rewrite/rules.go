package rewrite

// Rules is the table of built-in rules, in the order they run. A new rule
// is one file and one line here (and its corpus cases).
var Rules = concatRules(acquisitionRules, dangerRules, writeRules, secretRules)

func concatRules(lists ...[]Rule) []Rule {
	var out []Rule
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}
