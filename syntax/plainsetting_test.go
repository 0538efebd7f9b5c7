package syntax

import "testing"

// TestPlainSetting checks the names and values a sourced file sets that
// are settings, not secrets, and the ones kept secret: a credential part
// anywhere in the name, no setting word, a value that looks like a key.
func TestPlainSetting(t *testing.T) {
	for _, tt := range []struct {
		name, value string
		want        bool
	}{
		{"DB_HOST", "db.internal", true},
		{"PORT", "8080", true},
		{"NODE_ENV", "production", true},
		{"LOG_LEVEL", "debug", true},
		{"AWS_REGION", "eu-west-1", true},
		{"REDIS_URL", "redis://localhost:6379/0", true},
		{"dbHost", "db", true},
		{"DEBUG", "1", true},
		{"DB_PASSWORD", "x", false},
		{"API_KEY", "x", false},
		{"APIKEY_HOST", "h", false},
		{"AUTH_HOST", "auth.example", false},
		{"GITHUB_PAT", "x", false},
		{"DB_USER", "app", false},
		{"FOO", "bar", false},
		{"USERNAME", "me", false},
		{"DATABASE_URL", "postgres://app:pw@db/app", false},
		{"REPO_URL", "https://tok@github.com/a/b", false},
		{"SERVICE_HOST", "AKIAABCDEFGHIJKLMNOP", false},
		{"CACHE_HOST", "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA", false},
		{"TLS_HOST", "-----BEGIN PRIVATE KEY-----", false},
		{"APP_NAME", "my-service-name-that-is-long", true}, // no digit: words
		{"DB_HOST", "ip-10-0-0-1.eu-west-1.compute.internal", true},
	} {
		if got := PlainSetting(tt.name, tt.value); got != tt.want {
			t.Errorf("PlainSetting(%q, %q) = %v, want %v", tt.name, tt.value, got, tt.want)
		}
	}
}
