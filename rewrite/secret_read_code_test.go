package rewrite

import "testing"

// TestSecretReadCodeShapes: program code that reads a secret through a
// constant in an f-string or a template, a pathlib receiver, os.path.join
// or a function body's constant reads it, as cat would; the same shapes
// naming a file that is no secret, or only printing the path, pass.
func TestSecretReadCodeShapes(t *testing.T) {
	t.Parallel()
	cfg := secretScratch(t) // ~/.ssh/id_ed25519, proj/.env
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		{`python3 -c 'import os
HOME = os.path.expanduser("~")
print(open(f"{HOME}/.ssh/id_ed25519").read())'`, Deny},
		{`python3 -c 'from pathlib import Path
p = Path.home() / ".ssh" / "id_ed25519"
print(p.read_text())'`, Deny},
		{`python3 -c 'import os
H = os.path.expanduser("~")
print(open(os.path.join(H, ".ssh", "id_ed25519")).read())'`, Deny},
		{`python3 - <<'EOF'
def main():
    p = ".env"
    print(open(p).read())
main()
EOF`, Deny},
		{"node -e 'const fs = require(\"fs\"), os = require(\"os\");\nconst home = os.homedir();\nconsole.log(fs.readFileSync(`${home}/.ssh/id_ed25519`, \"utf8\"))'", Deny},
		// Look-alikes.
		{`python3 -c 'import os
HOME = os.path.expanduser("~")
print(f"{HOME}/.ssh/id_ed25519")'`, Allow},
		{`python3 -c 'from pathlib import Path
p = Path.home() / ".ssh" / "id_ed25519.pub"
print(p.read_text())'`, Allow},
		{`python3 - <<'EOF'
def main():
    p = "README.md"
    print(open(p).read())
main()
EOF`, Allow},
		{`python3 -c 'import os
HOME = os.path.expanduser("~")
print(open(f"{HOME}/.ssh/known_hosts").read())'`, Allow},
	})
}
