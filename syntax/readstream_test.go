package syntax

import (
	"context"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

// streamReadCases: read and mapfile of a stream other commands may read
// too. The last call is an echo of one word; want are the values corral
// says it may have ("|"-separated; one value means certain). Each runs in
// real bash, whose output must be one of them.
var streamReadCases = []struct {
	src, want string
}{
	{`exec 3< <(printf '%s\n' /srv/a /srv/b); mapfile -t -u3 a; echo "${a[0]}"`, "/srv/a|/srv/b"},
	{`exec 3< <(printf '%s\n' /srv/a /srv/b); mapfile -t -u3 a; echo "${a[1]}"`, "/srv/a|/srv/b"},
	{`exec 3< <(printf '%s\n' /srv/a /srv/b); read -r -u3 x; mapfile -t -u3 a; echo "${a[0]}"`, "/srv/a|/srv/b"},
	{`exec {fd}< <(printf '%s\n' /srv/a /srv/b); mapfile -t -u $fd a; echo "${a[1]}"`, "/srv/a|/srv/b"},
	{`exec {fd}<<<'/srv/c'; readarray -t -u "$fd" a; echo "${a[0]}"`, "/srv/c"},
	{`coproc P { printf '%s\n' /srv/a /srv/b; }; mapfile -t -u ${P[0]} a; echo "${a[1]}"`, "/srv/a|/srv/b"},
	{`exec 3< <(printf '%s\n' /srv/a /srv/b); mapfile -t -u3 a; for f in "${a[@]}"; do echo "$f"; done`, "/srv/a|/srv/b"},
	{`{ read -r x; read -r y; echo "$y"; } < <(printf '%s\n' /srv/a /srv/b)`, "/srv/a|/srv/b"},
	{`{ read -r x; mapfile -t a; echo "${a[0]}"; } < <(printf '%s\n' /srv/a /srv/b)`, "/srv/a|/srv/b"},
	{`read -r y < <(printf '%s\n' /srv/a /srv/b); echo "$y"`, "/srv/a"},
	{`read -r -u3 y 3< <(printf '%s\n' /srv/a /srv/b); echo "$y"`, "/srv/a"},
	{`exec 3< <(printf '%s\n' /srv/a /srv/b); read -r -u3 x; read -r -u3 y; echo "$y"`, "/srv/a|/srv/b"},
	{`mapfile -t -u3 a 3< <(printf '%s\n' /srv/a /srv/b); echo "${a[1]}"`, "/srv/b"},
	{`echo /srv/a x y | { read -r a b; echo "$b"; }`, "x y"},
	{`printf '%s\n' 'p /srv/a' 'q /srv/b' | { read -r a b; read -r c d; echo "$d"; }`, "/srv/a|/srv/b"},
	{`printf '%s\n' 'p /srv/a' 'q /srv/b' | while read -r a b; do echo "$b"; done`, "/srv/a|/srv/b"},
	{`printf '%s\n' 'p:/srv/a' | { IFS=: read -r a b; echo "$b"; }`, "/srv/a"},
	{`echo x /srv/a | { read -ra a; echo "${a[1]}"; }`, "/srv/a|x"},
	{`if [ -e /nope ]; then x=/srv/a; else x=/srv/b; fi; for f in "$x"; do echo "$f"; done`, "/srv/a|/srv/b"},
	// read's options as bash's getopt reads them (red team 10, FD):
	// clustered (-ru), attached (-u$fd), a value letter before -u.
	{`exec {fd}< <(echo /srv/a); read -ru $fd d; echo "$d"`, "/srv/a"},
	{`exec {fd}< <(echo /srv/a); read -r -u$fd d; echo "$d"`, "/srv/a"},
	{`exec 3< <(echo /srv/a); read -ru 3 d; echo "$d"`, "/srv/a"},
	{`coproc P { echo /srv/a; }; read -ru "${P[0]}" d; echo "$d"`, "/srv/a"},
	{`exec 3< <(printf '%s\n' /srv/a /srv/b); mapfile -tu3 a; echo "${a[1]}"`, "/srv/a|/srv/b"},
	// The number copied or duplicated, and a read's own <& of it.
	{`exec {fd}< <(echo /srv/a); fd2=$fd; read -r -u $fd2 d; echo "$d"`, "/srv/a"},
	{`exec {fd}< <(echo /srv/a); exec {g}<&$fd; read -r -u $g d; echo "$d"`, "/srv/a"},
	{`coproc P { echo /srv/a; }; p=${P[0]}; read -r -u $p d; echo "$d"`, "/srv/a"},
	{`coproc P { echo /srv/a; }; read -r d <&"${P[0]}"; echo "$d"`, "/srv/a"},
	{`exec {fd}< <(echo /srv/a); read -r d <&$fd; echo "$d"`, "/srv/a"},
	// Readers inside $(…) copy the stream out (streamsubst.go).
	{`exec 3< <(echo /srv/a); k=$(cat <&3); echo "$k"`, "/srv/a"},
	{`exec 3< <(echo /srv/a); k=$(head -1 <&3); echo "$k"`, "/srv/a"},
	{`exec 3< <(echo /srv/a); k=$(cat /dev/fd/3); echo "$k"`, "/srv/a"},
	{`exec {fd}< <(echo /srv/a); k=$(head -n 1 /dev/fd/$fd); echo "$k"`, "/srv/a"},
	{`exec {fd}< <(echo /srv/a); echo "$(cat /proc/self/fd/$fd)"`, "/srv/a"},
	{`exec {fd}< <(echo /srv/a); echo "$(head -1 /dev/fd/$fd)"`, "/srv/a"},
	{`exec 3< <(echo /srv/xax); k=$(tr -d x <&3); echo "$k"`, "/srv/a"},
	{`exec 3<<<'/srv/a'; echo "$(cat <&3)"`, "/srv/a"},
	{`exec {fd}<<<'/srv/a'; echo "$(cat <&$fd)"`, "/srv/a"},
	{`exec 3< <(printf '%s\n' /srv/a /srv/b); k=$(tail -1 <&3); echo "$k"`, "/srv/b"},
	{`exec 3< <(printf '%s\n' /srv/a /srv/b); read -r x <&3; k=$(head -1 <&3); echo "$k"`, "/srv/a|/srv/b"},
	{`exec 3< <(printf '%s\n' /srv/a /srv/b); read -r x <&3; k=$(cat <&3); echo "$k"`, "/srv/a\n/srv/b|/srv/b"},
	{`k=$(cat < <(echo /srv/a)); echo "$k"`, "/srv/a"},
	// Pass-through programs (passthrough.go) of a known input.
	{`exec 3< <(echo /srv/a); k=$(sed q <&3); echo "$k"`, "/srv/a"},
	{`exec {fd}< <(echo /srv/a); k=$(awk 1 <&$fd); echo "$k"`, "/srv/a"},
	{`exec {fd}< <(echo /srv/a); k=$(dd status=none <&$fd); echo "$k"`, "/srv/a"},
	{`exec {fd}< <(printf '%s\n' /srv/a /srv/b); k=$(sed -n 2p /dev/fd/$fd); echo "$k"`, "/srv/b"},
	{`exec 3<<< /srv/a; echo "$(< /dev/fd/3)"`, "/srv/a"},
	{`exec 3<<< /srv/a; echo "$(cat /proc/$$/fd/3)"`, "/srv/a"},
	{`exec 3< <(printf '%s\n' /srv/a /srv/b); read -r x <&3; k=$(sed q <&3); echo "$k"`, "/srv/a|/srv/b"},
	{`echo /srv/a > t; k=$(cat t); echo "$k"`, "/srv/a"},
	{`echo /srv/a > t; echo "$(< t)"`, "/srv/a"},
	{`printf '%s\n' /srv/a /srv/b > t; k=$(sed -n 2p t); echo "$k"`, "/srv/b"},
	{`echo /srv/a > t; k=$(head -1 < t); echo "$k"`, "/srv/a"},
	{`echo /srv/a > t; k=$(cat t | sed q); echo "$k"`, "/srv/a"},
	{`k=$(echo /srv/a | sed q); echo "$k"`, "/srv/a"},
	{`k=$(echo /srv/a | awk '{print}' | head -n1); echo "$k"`, "/srv/a"},
	{`k=$(echo /srv/a | base64 | base64 -d); echo "$k"`, "/srv/a"},
	{`k=$(echo /srv/a | base64 -w0 | base64 --decode); echo "$k"`, "/srv/a"},
	{`k=$(sed q <<< /srv/a); echo "$k"`, "/srv/a"},
	{`k=$(awk '{print $2}' <<< 'x /srv/a'); echo "$k"`, "/srv/a"},
	{`k=$(echo /srv/a | tr -d "\n"); echo "$k"`, "/srv/a"},
	{`echo /srv/a | sed q | { read -r d; echo "$d"; }`, "/srv/a"},
	{`echo /srv/a | awk 1 | while read -r d; do echo "$d"; done`, "/srv/a"},
}

func TestStreamReadsInBash(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	for _, tc := range streamReadCases {
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		c := m.Calls[len(m.Calls)-1]
		for i := len(m.Calls) - 1; i >= 0 && c.Subst != ""; i-- {
			c = m.Calls[i] // echo "$(cat <&3)": its reader is walked after it
		}
		if c.Name != "echo" || len(c.Args) != 1 {
			t.Errorf("%q: last call is %q, not echo of one word", tc.src, c.Name)
			continue
		}
		a := c.Args[0]
		var got []string
		if a.Static {
			got = []string{a.Value}
		} else if a.OneOf {
			got = slices.Clone(a.Candidates())
		}
		slices.Sort(got)
		if strings.Join(got, "|") != tc.want {
			t.Errorf("%q: corral says %q, want %q", tc.src, strings.Join(got, "|"), tc.want)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", tc.src)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C"}
		out, _ := cmd.Output()
		cancel()
		lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if printed := lines[len(lines)-1]; !slices.Contains(strings.Split(tc.want, "|"), printed) {
			t.Errorf("%q: bash printed %q, not one of %q", tc.src, printed, tc.want)
		}
	}
}
