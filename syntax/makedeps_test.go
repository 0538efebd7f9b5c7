package syntax

import "testing"

// TestDepsRecipe: recipe lines (as make hands them to the shell) that
// only write the C compiler's dependency rules into the makefile being
// remade, through sed s commands that keep them rules with no recipe;
// and lines that may write anything else there.
func TestDepsRecipe(t *testing.T) {
	isTarget := func(f string) bool { return f == "main.d" }
	files := map[string]string{
		"main.c":  "#include <stdio.h>\n#include \"inc/a.h\"\nint main(void) { return 0; }\n",
		"inc/a.h": "#include \"b.h\"\n",
		"inc/b.h": "int b;\n",
		"semi.c":  "#include \"x;rm -rf ~;.h\"\n",
		"deep.c":  "#include \"inc/c.h\"\n",
		"inc/c.h": "#include \"d;x.h\"\n",
		"macro.c": "#define H \"a.h\"\n#include H\n",
		"x;y.c":   "int x;\n",
		"gen.c":   "#include \"gen.h\"\n",
	}
	read := func(f string) (string, bool) {
		if f == "gen.h" {
			return "", false // written with text only run time knows
		}
		return files[f], true // "" for a file not there (a system header)
	}
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
		// Names in the rules that end them: a recipe after ";".
		{`cc -MM semi.c > main.d`, false},
		{`cc -M deep.c | sed 's,a,b,' > main.d`, false},
		{`cc -MM macro.c > main.d`, false},
		{`cc -MM 'x;y.c' > main.d`, false},
		{`cc -MM gen.c > main.d`, false},
		{`cc -MM -I inc main.c > main.d`, true},
		{`cc -MM -I inc -include semi.c main.c > main.d`, false},
		{`cc -MM -Iinc deep.c > main.d`, false},
		{`cc -MM --sysroot=x main.c > main.d`, false},
		{`cc -MM < main.c > main.d`, false},
	} {
		if got := depsRecipe(tc.line, isTarget, read); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.line, got, tc.want)
		}
	}
}
