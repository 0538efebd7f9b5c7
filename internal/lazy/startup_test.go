package lazy

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// startupExempt are the package-level initialisers that still run at
// start-up, each for a reason: longOpts and gnu are inlined into static
// data, errors.New makes one small value.
var startupExempt = map[string]bool{
	"call longOpts": true, "call gnu": true, "call errors.New": true, "call fmt.Errorf": true,
}

// initFuncs are the init functions these packages may have, per file: the
// rule table and the rule lists taken from other tables (rewrite's
// rules.go, read by every Bash check), a function variable that would
// otherwise be an initialisation cycle (danger_git.go), the help
// template (app). An init function runs at every start as an
// initialiser's call does; it does not stop the compiler from laying
// out the variables as static data, which is why the rule table is built
// there and not in an initialiser.
var initFuncs = map[string]int{"rewrite/rules.go": 1, "rewrite/danger_git.go": 1, "cmd/corral/app/help.go": 1}

// TestNothingBuiltAtStartup: a package-level variable of corral's own
// packages that the hook links is not a map literal and does not call a
// function (a regular expression, a set built by a helper, a
// sync.OnceValue): each is built at every start of the hook, whether the
// command needs it or not, and a call in a package's initialisers stops
// the compiler from laying out the variables initialised after it as
// static data. Use Value or Regexp.
func TestNothingBuiltAtStartup(t *testing.T) {
	root := filepath.Join("..", "..")
	dirs := []string{"syntax", "syntax/lang", "guards", "rewrite", "cmd/corral", "cmd/corral/app", "cmd/corral/agent",
		"cmd/corral/internal/audit", "cmd/corral/internal/allowlist", "internal/procpath"}
	fs := token.NewFileSet()
	checked := 0
	for _, d := range dirs {
		files, err := filepath.Glob(filepath.Join(root, d, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no files (%v)", d, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			af, err := parser.ParseFile(fs, f, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			inits := 0
			for _, decl := range af.Decls {
				if fd, ok := decl.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "init" {
					inits++
				}
			}
			if rel := filepath.ToSlash(strings.TrimPrefix(f, root+string(filepath.Separator))); inits != initFuncs[rel] {
				t.Errorf("%s: %d init functions, want %d (initFuncs): an init function runs at every start of the hook", rel, inits, initFuncs[rel])
			}
			for _, decl := range af.Decls {
				g, ok := decl.(*ast.GenDecl)
				if !ok || g.Tok != token.VAR {
					continue
				}
				for _, sp := range g.Specs {
					vs := sp.(*ast.ValueSpec)
					for _, v := range vs.Values {
						checked++
						ast.Inspect(v, func(n ast.Node) bool {
							what := ""
							switch n := n.(type) {
							case *ast.FuncLit:
								return false // built when called
							case *ast.CompositeLit:
								if _, ok := n.Type.(*ast.MapType); ok {
									what = "map literal"
								}
							case *ast.CallExpr:
								what = "call " + exprName(n.Fun)
							}
							if what != "" && !startupExempt[what] {
								t.Errorf("%s: %s in the initialiser of %s", fs.Position(n.Pos()), what, vs.Names[0].Name)
							}
							return true
						})
					}
				}
			}
		}
	}
	if checked < 200 {
		t.Fatalf("only %d initialisers read; the packages were not found", checked)
	}
}

func exprName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return exprName(e.X) + "." + e.Sel.Name
	case *ast.IndexExpr:
		return exprName(e.X) + "[]"
	case *ast.ArrayType:
		return "conversion"
	}
	return "expression"
}

// TestHookLinksNoCrypto: the corral binary does not link crypto. Any
// crypto package brings Go's FIPS 140 module, whose packages (AES, the
// DRBG, SHA-512, …) are initialised at every start of the hook; the one
// hash corral needs (poetry's and pipenv's environment names) is
// syntax's sum256.
func TestHookLinksNoCrypto(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(gobin, "list", "-deps", "github.com/corral-dev/corral/cmd/corral").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "github.com/corral-dev/corral/rewrite") {
		t.Fatalf("go list -deps listed %d packages without rewrite", len(deps))
	}
	for _, d := range deps {
		if d == "crypto" || strings.HasPrefix(d, "crypto/") {
			t.Errorf("cmd/corral links %s", d)
		}
	}
}
