package rewrite

import (
	"slices"
	"testing"
)

// TestLazyTableNames: the name lists that keep a table from being built
// for a program it does not hold list exactly the table's programs (an
// entry missing from the list would never be looked at).
func TestLazyTableNames(t *testing.T) {
	var outputs []string
	for _, e := range outputFiles.Get() {
		outputs = append(outputs, e.program)
	}
	var readers []string
	for k := range messageFileReaders.Get() {
		readers = append(readers, k)
	}
	var configReaders []string
	for k := range configFileReaders.Get() {
		configReaders = append(configReaders, k)
	}
	for _, c := range []struct {
		name         string
		table, names []string
	}{
		{"outputPrograms", outputs, outputPrograms[:]},
		{"messageFileReaderKeys", readers, messageFileReaderKeys[:]},
		{"configFileReaderKeys", configReaders, configFileReaderKeys[:]},
	} {
		table, names := slices.Clone(c.table), slices.Clone(c.names)
		slices.Sort(table)
		slices.Sort(names)
		if !slices.Equal(slices.Compact(table), names) || len(slices.Compact(slices.Clone(names))) != len(names) {
			t.Errorf("%s = %q; the table's programs are %q", c.name, names, table)
		}
	}
}
