package lang

import "testing"

func TestNoxEffects(t *testing.T) {
	t.Parallel()
	src := "import nox\n\n@nox.session\ndef tests(session):\n    session.install(\"pytest\")\n    session.run(\"pytest\", \"-q\")\n    session.run(\"rm\", \"-rf\", \"/srv\")\n    session.run(\"rm\", \"-rf\", *session.posargs)\n    print('session.run(\"rm\", \"-rf\", \"/\")')\n"
	var got []string
	for _, e := range Analyze(Nox, src) {
		got = append(got, describe(e))
	}
	want := []string{"exec session.run: pytest -q", "exec session.run: rm -rf /srv", "hidden session.run: rm *session.posargs"}
	if len(got) != len(want) {
		t.Fatalf("effects %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("effect %d: %q, want %q", i, got[i], want[i])
		}
	}
	// Plain Python: session.run is nobody's command runner.
	if es := Analyze(Python, src); len(es) != 0 {
		t.Errorf("as Python: %+v, want none", es)
	}
}
