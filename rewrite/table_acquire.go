package rewrite

// acquisitionRules find content brought onto disk from elsewhere.
var acquisitionRules = []Rule{
	gitClone,
}
