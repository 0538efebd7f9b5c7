// Package fuzz holds corral's native Go fuzz targets and the invariants
// they hold (DESIGN.md): no panic and no hang on any input; a rewritten
// command parses again and rewriting it again changes nothing; text that no
// rule touched is kept byte for byte; a rewrite never lowers a decision;
// path normalisation is idempotent and never leaves ".."; hook input of any
// shape gets a valid answer and exit status 0. The targets are seeded from
// the corpus and the shared real-world commands; crashers found are
// committed under testdata/fuzz/ and replayed by plain go test.
package fuzz
