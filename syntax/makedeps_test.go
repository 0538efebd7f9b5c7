package syntax

import "testing"

// TestDepsRecipe: recipe lines (as make hands them to the shell) that
// only write the C compiler's dependency rules into the makefile being
// remade, through sed s commands that keep them rules with no recipe;
// and lines that may write anything else there.
func TestDepsRecipe(t *testing.T) {
	isTarget := func(f string) bool { return f == "main.d" }
	for _, tc := range []struct {
		line string
		want bool
	}{
		{`cc -M main.c | sed 's,\(main\)\.o[ :]*,\1.o main.d : ,g' > main.d`, true},
		{"set -e; rm -f main.d; \\\n cc -M -I. main.c > main.d.$$; \\\n sed 's,\\(main\\)\\.o[ :]*,\\1.o main.d : ,g' < main.d.$$ > main.d; \\\n rm -f main.d.$$", true},
		{`gcc -MM main.c > main.d.tmp && sed -e 's/main.o/& main.d/' main.d.tmp > main.d`, true},
		{`cc -MM main.c > main.d`, true},
		// Not rules only, or not into main.d.
		{`cc -M main.c | sed 's,\(main\)\.o[ :]*,\1.o main.d : ,g' > other.d`, false},
		{`cc -MM main.c | sed 's,$,;rm -rf ~,' > main.d`, false},
		{`cc -MM main.c | sed 's,$,\n\trm -rf ~,' > main.d`, false},
		{`cc -MM main.c | sed 's,x,rm -rf ~,e' > main.d`, false},
		{`cc -MM main.c | sed 's,x,$(shell rm -rf ~),' > main.d`, false},
		{`cc -MM main.c | sed 's,x,y,w ~/.bashrc' > main.d`, false},
		{`cc -MM main.c | sed '1i all:' > main.d`, false},
		{`cc -MM main.c | sed 's,x,y,;1e rm' > main.d`, false},
		{`cc -MM -MT 'x;rm -rf ~' main.c > main.d`, false},
		{`cc -MM main.c > main.d.tmp; sed 's,a,b,' evil.mk > main.d`, false},
		{`cc -MM main.c | sed 's,a,b,' evil.mk > main.d`, false},
		{`cat evil.mk | sed 's,a,b,' > main.d`, false},
		{`cc -MM main.c > main.d; echo 'all:;rm -rf ~' >> main.d`, false},
		{`cc -MM "$SRC" > main.d`, false},
		{`cc -MM main.c | sed 's,a,b,' > main.d 2> main.d`, false},
	} {
		if got := depsRecipe(tc.line, isTarget); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.line, got, tc.want)
		}
	}
}
