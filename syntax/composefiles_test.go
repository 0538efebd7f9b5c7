package syntax

import (
	"reflect"
	"testing"
)

// TestComposeIncludes: the local files a compose file's include: names,
// in every form the compose spec gives; the env files and project
// directories of an item and remote includes are no compose files.
func TestComposeIncludes(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"include:\n  - evil.yml\n  - ./sub/compose.yaml # db\nservices:\n  app:\n    image: x\n", []string{"evil.yml", "./sub/compose.yaml"}},
		{"include: [a.yml, 'b.yml']\n", []string{"a.yml", "b.yml"}},
		{"include:\n  - path: ../other/compose.yaml\n    project_directory: ..\n    env_file:\n      - ../other/.env\n", []string{"../other/compose.yaml"}},
		{"include:\n  - path:\n      - base.yml\n      - over.yml\n    env_file: x.env\n", []string{"base.yml", "over.yml"}},
		{"include:\n  - path: [x.yml, y.yml]\n", []string{"x.yml", "y.yml"}},
		{"include:\n  - oci://registry.example/compose:1\n  - local.yml\n", []string{"local.yml"}},
		{"services:\n  app:\n    image: x\n    include: not-top-level.yml\n", nil},
	} {
		if got := ComposeIncludes(tc.text); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: got %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestComposeFileFromEnv: COMPOSE_FILE as an env file sets it, with
// quotes, export and COMPOSE_PATH_SEPARATOR; a file without it sets none.
func TestComposeFileFromEnv(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"COMPOSE_FILE=evil.yml\n", []string{"evil.yml"}},
		{"export COMPOSE_FILE=\"a.yml:b.yml\"\n", []string{"a.yml", "b.yml"}},
		{"COMPOSE_PATH_SEPARATOR=;\nCOMPOSE_FILE=a.yml;b.yml\n", []string{"a.yml", "b.yml"}},
		{"API_KEY=x\n", nil},
	} {
		if got, _ := ComposeFileFromEnv(tc.text); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: got %q, want %q", tc.text, got, tc.want)
		}
	}
}
