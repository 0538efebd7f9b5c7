package syntax

import "mvdan.cc/sh/v3/expand"

// Bounded memory for values built by expansion.
//
// corral computes static variable values in full, so a value that doubles
// itself (x=a; x=$x$x; repeated forty times in a 300-byte command) would
// need 2^40 bytes: the hook would die of memory, and an agent host that
// kills it then runs the command (red team 16 RB1). Two bounds keep the
// analysis small whatever the command: a variable whose value is longer
// than MaxValueBytes is only known at run time when it is used, and once
// the analysis has expanded MaxServedBytes of values in all, every value
// used after that is. An unknown value is judged as one (a deletion or a
// write through it asks), so the bounds fail safe.

// MaxValueBytes is the longest value (a scalar, or an array's elements
// together) a use of a variable is given.
const MaxValueBytes = 1 << 20

// MaxServedBytes bounds the bytes of values one analysis expands.
const MaxServedBytes = 8 << 20

// serve reports whether a value of n bytes may be expanded, and counts
// it when so.
func (st *state) serve(n int64) bool {
	if n > MaxValueBytes {
		return false
	}
	if st == nil || st.served == nil {
		return true
	}
	if *st.served+n > MaxServedBytes {
		return false
	}
	*st.served += n
	return true
}

// arraySize is the bytes of an array value's elements.
func arraySize(v expand.Variable) int64 {
	var n int64
	for _, s := range v.List {
		n += int64(len(s))
	}
	for k, s := range v.Map {
		n += int64(len(k) + len(s))
	}
	return n
}
