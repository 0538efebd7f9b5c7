package rewrite

import "testing"

// TestDeletingPackages: an npm package whose command deletes its
// arguments recursively (rimraf, del-cli) is rm -rf of them however it
// is run: npx, npm exec (which corral unwraps to the command), its name
// on PATH, node_modules/.bin, or yarn NAME.
func TestDeletingPackages(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, nil)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`npx rimraf ~`, "deny"},
		{`npm exec rimraf ~`, "deny"},
		{`npm exec -- rimraf ~`, "deny"},
		{`npm exec --package=rimraf -- rimraf ~`, "deny"},
		{`npm x rimraf ~`, "deny"},
		{`pnpm exec rimraf ~`, "deny"},
		{`rimraf ~`, "deny"},
		{`del-cli ~/.ssh`, "deny"},
		{`./node_modules/.bin/rimraf ~`, "deny"},
		{`yarn rimraf ~`, "deny"},
		{`yarn run rimraf ~`, "deny"},
		// Look-alikes: build output.
		{`npx rimraf dist`, "allow"},
		{`rimraf dist build`, "allow"},
		{`npm exec rimraf -- coverage`, "allow"},
		{`./node_modules/.bin/rimraf dist`, "allow"},
		{`yarn rimraf dist`, "allow"},
		{`npm exec -- eslint .`, "allow"},
	})
}
