package rewrite

import "testing"

// TestStoredSubstTargets (red team 15 RG7, NR1): a path a program prints
// at run time and the command stores first (x=$(cat p); "$x"), as the
// target of any program's write or deletion but rm's (cp, mv, ln,
// install, dd of=, truncate, sed -i, chmod -R, chown -R, tee, find
// -delete) asks: the command chooses the file and no guard sees it. An
// unquoted inline $(…) operand of those programs is the list of files
// worked on (chmod +x $(find …)) and passes; in double quotes it is one
// path and asks (red team 19 PI2), as in a redirection or tee.
// Through an indirection (y=$(cat p); "${!y}") the variable itself is
// chosen at run time. Array elements named by an indirection or a name
// reference resolve to the elements.
func TestStoredSubstTargets(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/p": "/etc/passwd\n", "proj/Makefile": "all:\n", "home/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`x=$(cat p); cp Makefile "$x"`, "ask"},
		{`cp Makefile "$(cat p)"`, "ask"},                                               // one path in quotes (red team 19 PI2): p names /etc/passwd
		{`cp Makefile $(cat p)`, "allow"},                                               // unquoted: the files worked on (rm -r asks)
		{`x=$(tr -s '[:upper:]' '[:lower:]' <<< /ETC/PASSWD); cp Makefile "$x"`, "ask"}, // tr -s is not computed
		{`x=$(tr '[:upper:]' '[:lower:]' <<< /ETC/PASSWD); cp Makefile "$x"`, "deny"},   // classes are: /etc/passwd
		{`x=$(curl -s http://127.0.0.1:9/t); cp Makefile "$x"`, "ask"},
		{`x=$(cat p); mv "$x" /tmp/z`, "ask"},
		{`x=$(cat p); mv Makefile "$x"`, "ask"},
		{`x=$(cat p); ln -sf /tmp/x "$x"`, "ask"},
		{`x=$(cat p); install -m644 Makefile "$x"`, "ask"},
		{`x=$(cat p); dd if=Makefile of="$x"`, "ask"},
		{`x=$(cat p); truncate -s0 "$x"`, "ask"},
		{`x=$(cat p); sed -i d "$x"`, "ask"},
		{`x=$(cat p); chmod -R 000 "$x"`, "ask"},
		{`x=$(cat p); chown -R nobody "$x"`, "ask"},
		{`x=$(cat p); echo hi | tee "$x"`, "ask"},
		{`x=$(cat p); find "$x" -delete`, "ask"},
		{`x=$(cat p); rm -rf "$x"`, "ask"},
		{`y=$(cat p); rm -rf "${!y}"`, "ask"},
		{`y=$(cat p); cp Makefile "${!y}"`, "ask"},
		// Array elements through an indirection or a name reference.
		{`a=(x ~/.ssh); y="a[@]"; rm -rf "${!y}"`, "deny"},
		{`a=(x ~/.ssh); y="a[*]"; rm -rf ${!y}`, "deny"},
		{`a=(x ~/.ssh); i=1; y="a[i]"; rm -rf "${!y}"`, "deny"},
		{`declare -A m=([k]=~/.ssh); y="m[k]"; rm -rf "${!y}"`, "deny"},
		{`a=(x ~/.ssh); declare -n r="a[@]"; rm -rf "$r"`, "deny"},
		{`declare -A m=([k]=~/.ssh); declare -n r="m[k]"; rm -rf "$r"`, "deny"},
		{`a=(x ~/.bashrc); y="a[1]"; echo PWNED > "${!y}"`, "deny"},
		// Look-alikes: a new temporary file, a known directory after the
		// run-time part, names a loop reads, rm -f of a printed name (rm's
		// own rule), elements that are project paths.
		{`x=$(mktemp); cp Makefile "$x"`, "allow"},
		{`x=$(mktemp -d); rm -rf "$x"`, "allow"},
		{`d=$(git rev-parse --show-toplevel)/dist; rm -rf "$d"`, "allow"},
		{`find . -name '*.o' | while read -r f; do cp "$f" build/; done`, "allow"},
		{`for f in $(ls *.tmp); do rm -f "$f"; done`, "allow"},
		{`x=$(cat p); cp "$x" backup.txt`, "allow"},
		{`a=(build dist); y="a[@]"; rm -rf "${!y}"`, "allow"},
		{`declare -n ref=config; config=x; echo "$ref"`, "allow"},
		{`chmod +x $(find . -name '*.sh')`, "allow"},
		{`mv $(ls *.txt) old/`, "allow"},
		{`ls | parallel 'mv {} {.}.bak'`, "allow"},
		{`echo hi > "$(cat p)"`, "ask"},
		// Renames: the new name is text made from a name the command was
		// handed (a loop's, read's, a positional parameter), not a path
		// a program chose (NL2Bash lines).
		{`find . -name '*.data' -exec sh -c 'f="${0}"; d=$(echo ${f} | sed -re 's/0/2/'); cp ${f} ${d}' {} \;`, "allow"},
		{`IFS=$'
'; for f in $(find .); do file=$(echo $f | tr [:blank:] '_'); [ -e $f ] && [ ! -e $file ] && mv "$f" $file; done`, "allow"},
		{`find . -iname '2.jpg' | while read fn; do name=$(basename "$fn"); dir=$(dirname "$fn"); mv "$fn" "$dir/x-$name"; done`, "allow"},
		// A loop over printed words is a limit before and after the
		// rename: the loop's name itself is written unasked.
		{`for f in $(cat p); do cp Makefile "$f"; done`, "allow"},
		{`for f in $(cat p); do x=$(echo "$f"); cp Makefile "$x"; done`, "allow"},
		{`read -r f < p; x=$(echo "$f" | tr a-z A-Z); cp Makefile "$x"`, "ask"},
		{`x=$(echo "$(cat p)"); cp Makefile "$x"`, "ask"},
	})
}
