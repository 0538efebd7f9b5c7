package app

import (
	"reflect"
	"testing"
)

// TestPathPrograms: a corral in any absolute PATH directory, in GOBIN and
// in the first GOPATH entry's bin is one of corral's own files (the
// plugin's launcher runs the first corral on PATH); relative PATH
// entries name no fixed place and are left out.
func TestPathPrograms(t *testing.T) {
	got := pathPrograms("/usr/local/bin:.:/home/u/bin/:", "/opt/gobin", "/home/u/go:/other")
	want := []string{"/usr/local/bin/corral", "/home/u/bin/corral", "/opt/gobin/corral", "/home/u/go/bin/corral"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("pathPrograms = %q, want %q", got, want)
	}
}
