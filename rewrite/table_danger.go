package rewrite

// dangerRules find commands that destroy data or the system.
var dangerRules = []Rule{}
