package syntax

import (
	"strings"
	"testing"
	"time"
)

// TestIndexSettingsBounded: an unclosed array over a megabyte of lines
// is read in bounded time.
func TestIndexSettingsBounded(t *testing.T) {
	text := "index = [\n" + strings.Repeat("\"https://evil.example/\",\n", 40000)
	start := time.Now()
	got := NewIndexSettings("/p/uv.toml", "", text, false)
	if len(got) == 0 {
		t.Errorf("no setting found in %d bytes", len(text))
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}
