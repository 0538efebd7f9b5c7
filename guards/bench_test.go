package guards

import "testing"

// BenchmarkDecide judges a mix of paths a hook meets: project files of
// every seed 001 kind, the sandbox, temporary files, home and system
// paths, and a deletion.
func BenchmarkDecide(b *testing.B) {
	pol := DefaultPolicy()
	al, _ := AllowListFromEnv(`["src/**", "docs/**", "tests/**"]`)
	pol = pol.Merge(al)
	paths := []struct {
		p string
		a Action
	}{
		{"src/index.ts", Write}, {"./docs/guide.md", Write}, {project + "/.git/config", Write},
		{"README.md", Write}, {"node_modules", Delete}, {"agent_sandbox/2026-02-04/x/y.py", Write},
		{"/tmp/out.txt", Write}, {"~/.ssh/config", Write}, {"/etc/hosts", Write}, {"~/Downloads/f", Delete},
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		x := paths[i%len(paths)]
		pol.Decide(env, x.p, x.a)
	}
}

// BenchmarkNormalize measures normalisation alone, resolution cached.
func BenchmarkNormalize(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Normalize(env, "./src/lib/../util/x.ts")
	}
}
