package rewrite

import (
	"errors"
	"fmt"
	"testing"
)

// errListingCut is its own type so that no fmt call runs at start-up; it
// must read and unwrap as the fmt.Errorf it replaced.
func TestListingCutAsErrorf(t *testing.T) {
	old := fmt.Errorf("%w: the listing was cut at corral's bounds", errArchiveTooLarge)
	if errListingCut.Error() != old.Error() {
		t.Errorf("errListingCut reads %q, want %q", errListingCut, old)
	}
	if !errors.Is(errListingCut, errArchiveTooLarge) || !errors.Is(errListingCut, errListingCut) {
		t.Error("errListingCut must be an errArchiveTooLarge and itself")
	}
	if errors.Is(errArchiveTooLarge, errListingCut) {
		t.Error("errArchiveTooLarge is not errListingCut")
	}
}
