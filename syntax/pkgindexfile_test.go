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

// TestRubyPHPIndexSettings: the settings a Write of bundler's
// .bundle/config or a composer.json gives (the Write and Edit tools'
// text is judged by NewIndexSettings): a mirror or a repository off
// rubygems.org and packagist.org, new in the text; a path repository,
// the default hosts, one the file already held and other files pass.
func TestRubyPHPIndexSettings(t *testing.T) {
	evilRepo := `{"name": "a/b", "repositories": {"x": {"type": "vcs", "url": "git@evil.example:a/b.git"}}}`
	for _, c := range []struct {
		path, before, text string
		want               int
	}{
		{"/p/.bundle/config", "", "---\nBUNDLE_MIRROR__ALL: \"https://evil.example\"\n", 1},
		{"/h/.bundle/config", "", "---\nBUNDLE_MIRROR__HTTPS://RUBYGEMS__ORG/: \"https://evil.example/\"\nBUNDLE_PATH: \"vendor\"\n", 1},
		{"/p/composer.json", "", evilRepo, 1},
		{"/p/composer.json", "", `{"repositories": [{"type": "package", "package": {"name": "a/b", "version": "1.0", "dist": {"url": "https://evil.example/b.zip", "type": "zip"}}}]}`, 1},
		{"/h/.config/composer/config.json", "", `{"repositories": [{"type": "composer", "url": "https://evil.example"}]}`, 1},
		// Look-alikes.
		{"/p/.bundle/config", "", "---\nBUNDLE_MIRROR__ALL: \"https://rubygems.org\"\nBUNDLE_PATH: \"vendor\"\n", 0},
		{"/p/composer.json", "", `{"repositories": [{"type": "path", "url": "../pkgs/*"}, {"packagist.org": false}]}`, 0},
		{"/p/composer.json", "", `{"repositories": [{"type": "composer", "url": "https://repo.packagist.org"}]}`, 0},
		{"/p/composer.json", evilRepo, strings.Replace(evilRepo, `"a/b"`, `"a/c"`, 1), 0},
		{"/p/package.json", "", evilRepo, 0},
		{"/p/composer.json", "", `{"repositories": [`, 0},
	} {
		if got := NewIndexSettings(c.path, c.before, c.text, false); len(got) != c.want {
			t.Errorf("%s %q: %v, want %d settings", c.path, c.text, got, c.want)
		}
	}
}
