package syntax

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/corral-dev/corral/corpus"
	sh "mvdan.cc/sh/v3/syntax"
)

// walkTreeScripts are shapes where walkTree's loop along a chain must
// give what sh.Walk gives: comments inside and after chained statements,
// redirections, negation, background, pipes mixed with && and ||, chains
// nested in blocks, subshells, substitutions and functions.
var walkTreeScripts = []string{
	"a && b && c || d",
	"a | b | c |& d && e",
	"a && b # one\n",
	"# lead\na && b && c # trail\n",
	"a && b > f && c 2>&1 || ! d &",
	"{ a && b; } > f && (c || d) && e",
	"x=$(a && b | c) && f() { g && h; } && f",
	"if a && b; then c || d; fi && while e | f; do g; done",
	"a &&\n# between\nb &&\n# again\nc",
	"echo $( a && b && c ) `d || e` <(f | g) && h",
	"case x in a) b && c ;; esac && [[ -n $x ]] && (( y && z ))",
}

// walkTrace records the nodes f sees, in order, with nils, answering
// false for every node whose index modulo skip is skip-1 (never when skip
// is 0).
func walkTrace(walk func(sh.Node, func(sh.Node) bool), node sh.Node, skip int) []string {
	var out []string
	i := 0
	walk(node, func(n sh.Node) bool {
		if n == nil {
			out = append(out, "nil")
			return true
		}
		out = append(out, fmt.Sprintf("%T@%d-%d", n, n.Pos().Offset(), n.End().Offset()))
		i++
		return skip == 0 || i%skip != skip-1
	})
	return out
}

func TestWalkTreeIsShWalk(t *testing.T) {
	scripts := append([]string{}, walkTreeScripts...)
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if c.Cmd != "" {
			scripts = append(scripts, c.Cmd)
		}
	}
	compared := 0
	for _, src := range scripts {
		f, err := sh.NewParser(sh.KeepComments(true)).Parse(strings.NewReader(src), "")
		if err != nil {
			continue
		}
		compared++
		for _, skip := range []int{0, 2, 3, 5, 7} {
			want := walkTrace(sh.Walk, f, skip)
			got := walkTrace(walkTree, f, skip)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Fatalf("%q (false every %d): walkTree differs from sh.Walk\n got %v\nwant %v", src, skip, got, want)
			}
		}
	}
	if compared < len(walkTreeScripts) {
		t.Fatalf("only %d scripts parsed", compared)
	}
}

// TestWalkTreeChainStack walks a chain of 50,000 calls (the limits let
// 20,000 statements through) with the goroutine stack limited to 1 MiB:
// sh.Walk needs far more there (two frames per operator), walkTree a
// constant depth. Exceeding the limit kills the test binary, which fails
// the test.
func TestWalkTreeChainStack(t *testing.T) {
	src := strings.Repeat("a && b | c || ", 25000) + "d"
	f, err := sh.NewParser().Parse(strings.NewReader(src), "")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan int)
	go func() {
		old := debug.SetMaxStack(1 << 20)
		defer debug.SetMaxStack(old)
		calls := 0
		walkTree(f, func(n sh.Node) bool {
			if _, ok := n.(*sh.CallExpr); ok {
				calls++
			}
			return true
		})
		done <- calls
	}()
	if calls := <-done; calls != 75001 {
		t.Fatalf("walkTree saw %d calls, want 75001", calls)
	}
}

// TestNoRecursiveShWalk keeps the module's code on walkTree: a call of
// mvdan's syntax.Walk (under any import name) outside walktree.go would
// bring back a stack as deep as the longest chain of a command.
func TestNoRecursiveShWalk(t *testing.T) {
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != ".." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || filepath.Base(path) == "walktree.go" {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		shName := ""
		for _, im := range f.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); p == "mvdan.cc/sh/v3/syntax" {
				shName = "syntax"
				if im.Name != nil {
					shName = im.Name.Name
				}
			}
		}
		if shName == "" {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Walk" {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == shName {
					t.Errorf("%s: %s.Walk recurses once per operator of a chain: use walkTree", fset.Position(sel.Pos()), shName)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("only %d files checked", checked)
	}
}
