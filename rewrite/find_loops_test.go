package rewrite

import "testing"

// TestFindLoopLinks: a loop over what find prints (PRODUCER | while read
// f, for f in $(PRODUCER)) hands each path to the body as find -exec or
// xargs does, and dd's of={} writes the path found: a link find selects
// is written, shredded or changed through its target (allow -> deny),
// and a tree find walks is judged as find … | xargs would have it.
// Look-alikes: selections that hold no such link, and rm, which removes
// the link itself.
func TestFindLoopLinks(t *testing.T) {
	t.Parallel()
	cfg := findLinkLayout(t)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`find . -name 'k*' | while read f; do truncate -s0 "$f"; done`, "deny"},
		{`find . -name 'k*' | while read -r f; do shred "$f"; done`, "deny"},
		{`find . -name 'k*' -print0 | while IFS= read -r -d '' f; do truncate -s0 "$f"; done`, "deny"},
		{`find . -name 'k*' | sort | while read f; do truncate -s0 "$f"; done`, "deny"},
		{`find . -name 'k*' | grep k | while read f; do echo x > "$f"; done`, "deny"},
		{`find . -name 'k*' | while read f; do dd if=/dev/zero of="$f" count=1; done`, "deny"},
		{`for f in $(find . -name 'k*'); do truncate -s0 $f; done`, "deny"},
		{`for f in $(find sub); do shred -u "$f"; done`, "deny"},
		{`for f in $(find . -name 'k*'); do chmod 644 "$f"; done`, "deny"},
		{`for f in $(find . -name 'k*' | head -5); do cp /tmp/x "$f"; done`, "deny"},
		{`find -L . -name 'id*' | while read f; do rm -f "$f"; done`, "deny"},
		// A tree the find walks, as find … | xargs judges it.
		{`find ~/.ssh -type f | while read f; do truncate -s0 "$f"; done`, "deny"},
		{`find ~/.ssh -type f | while read f; do rm "$f"; done`, "deny"},
		// dd of={}: the path find hands over.
		{`find . -name 'k*' -exec dd if=/tmp/x of={} count=1 \;`, "deny"},
		{`find ~/.ssh -type f -exec dd if=/tmp/x of={} count=1 \;`, "deny"},
		{`find . -name 'k*' | xargs -I{} dd if=/tmp/x of={}`, "deny"},
		// Look-alikes.
		{`find . -name 'k*' | while read f; do rm "$f"; done`, "allow"},
		{`for f in $(find . -name 'k*'); do unlink "$f"; done`, "allow"},
		{`find . -name '*.txt' | while read f; do truncate -s0 "$f"; done`, "allow"},
		{`for f in $(find . -name '*.txt'); do chmod 644 "$f"; done`, "allow"},
		{`find . -name '*.txt' | while read f; do echo x > "$f"; done`, "allow"},
		{`find . -name '*.txt' -exec dd if=/tmp/x of={}.bak count=1 \;`, "allow"},
		{`find . -name 'k*' | while read f; do echo "$f" >> list.txt; done`, "allow"},
		{`find . -name 'k*' | while read f; do truncate -s0 "$f.bak"; done`, "allow"},
		{`find /tmp -name '*.log' | while read f; do rm -f "$f"; done`, "allow"},
	})
}
