package rewrite

// writeRules send the files a command writes or deletes through the path
// guards.
var writeRules = []*Rule{
	&bashWrite,
	&bashDelete,
	&containerMount,
}
