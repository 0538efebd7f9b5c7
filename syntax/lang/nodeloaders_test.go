package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAbsoluteLoads (red team 16 MI1): code that loads another file of
// code by an absolute path or through a loader API — node's
// require("/abs"), import("/abs"), import("file:///abs"), static import
// "/abs", Module._load, createRequire(BASE)(SPEC) (also through a name),
// Ruby's load and require of "/abs" — names the file as require("./x")
// does. Look-alikes: a package (require("lodash")), Ruby's
// require "json", YAML.load of a path, createRequire(import.meta.url)
// of a package.
func TestAbsoluteLoads(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"js-require-abs", JS, `require("/tmp/x.js")`, []string{"include require: /tmp/x.js"}},
		{"js-import-abs", JS, `import("/tmp/x.mjs")`, importVariants("/tmp/x.mjs")},
		{"js-import-url", JS, `import("file:///tmp/x.mjs")`, importVariants("/tmp/x.mjs")},
		{"js-import-static", JS, `import "/tmp/x.mjs"`, importVariants("/tmp/x.mjs")},
		{"js-module-load", JS, `require("module")._load("/tmp/x.js")`, []string{"include Module._load: /tmp/x.js"}},
		{"js-create-require", JS, `require("module").createRequire("/tmp/d/")("./x.js")`,
			[]string{"include createRequire: /tmp/d/x.js"}},
		{"js-create-require-file", JS, `require("module").createRequire("/tmp/d/a.js")("../x.js")`,
			[]string{"include createRequire: /tmp/x.js"}},
		{"js-create-require-name", JS, "const r = require(\"module\").createRequire(\"file:///tmp/d/\");\nr(\"./x.js\")",
			[]string{"include r: /tmp/d/x.js"}},
		{"js-create-require-meta", JS, "import { createRequire } from \"module\";\nconst r = createRequire(import.meta.url);\nr(\"./x.js\")",
			[]string{"include r: ./x.js"}},
		{"js-create-require-unknown", JS, "const r = require(\"module\").createRequire(process.argv[2]);\nr(\"./x.js\")",
			[]string{"hidden r: ./x.js"}},
		{"rb-load-abs", Ruby, `load "/tmp/x.rb"`, []string{"include load: /tmp/x.rb"}},
		{"rb-require-abs", Ruby, `require "/tmp/x"`, []string{"include require: /tmp/x.rb", "include require: /tmp/x.so"}},
		// Look-alikes.
		{"js-package", JS, `require("lodash")`, nil},
		{"rb-json", Ruby, `require "json"`, nil},
		{"rb-yaml-load", Ruby, `YAML.load "/tmp/x.yml"`, nil},
		{"js-create-require-package", JS, "const r = require(\"module\").createRequire(import.meta.url);\nr(\"lodash\")", nil},
	}
	for _, tc := range cases {
		var got []string
		for _, e := range Imports(tc.l, tc.src) {
			if e.Search {
				continue // the package look-ups
			}
			if e.Kind == Include {
				got = append(got, "include "+e.Call+": "+e.Path)
			} else {
				got = append(got, describe(e))
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: imports (-want +got):\n%s", tc.name, diff)
		}
	}
}

// importVariants are the files an import of f tries.
func importVariants(f string) []string {
	var out []string
	for _, s := range []string{"", ".js", ".mjs", ".cjs", "/index.js"} {
		out = append(out, "include import: "+f+s)
	}
	return out
}
