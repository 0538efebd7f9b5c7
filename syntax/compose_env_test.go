package syntax

import (
	"slices"
	"testing"
)

// TestComposeEnvs: the env_file entries of each service (a scalar, a
// flow list, a block list, the long form's path) and the variables its
// environment takes from compose's own (a name with no value, the $
// references of a value; $$ is a literal $).
func TestComposeEnvs(t *testing.T) {
	t.Parallel()
	text := `services:
  a:
    image: x
    env_file: .env
    environment:
      - MODE=dev
      - API_KEY
      - PRICE=$$5
  b:
    env_file: [one.env, "two.env"]
    environment:
      TOKEN:
      URL: "https://${HOST}:${PORT:-80}/"
      PLAIN: value
  c:
    env_file:
      - ./x.env
      - path: ./secrets/.env
        required: false
    environment: [A=1, B]
`
	got := ComposeEnvs(text)
	want := []ComposeEnv{
		{Service: "a", EnvFiles: []string{".env"}, Takes: []string{"API_KEY"}},
		{Service: "b", EnvFiles: []string{"one.env", "two.env"}, Takes: []string{"TOKEN", "HOST", "PORT"}},
		{Service: "c", EnvFiles: []string{"./x.env", "./secrets/.env"}, Takes: []string{"B"}},
	}
	if len(got) != len(want) {
		t.Fatalf("ComposeEnvs = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i].Service != want[i].Service || !slices.Equal(got[i].EnvFiles, want[i].EnvFiles) || !slices.Equal(got[i].Takes, want[i].Takes) {
			t.Errorf("service %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if r := ComposeRefs("a $X ${Y:-z} $$NOT $1 ${"); !slices.Equal(r, []string{"X", "Y"}) {
		t.Errorf("ComposeRefs = %v, want [X Y]", r)
	}
}
