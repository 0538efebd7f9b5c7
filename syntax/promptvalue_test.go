package syntax

import (
	"path/filepath"
	"testing"
)

// ${x@P} decodes the prompt escapes whose value is known (\n, \\, octal,
// \[ \], \w and \W of a known directory, …) as bash does, then expands
// what they leave; an escape only run time answers leaves no value.
func TestPromptEscapeValue(t *testing.T) {
	bash := bashPath(t)
	dir := oracleDir(t)
	parent := filepath.Dir(dir)
	for _, tc := range []struct {
		prelude, word string
		static        bool
	}{
		{`x='a\nb'; `, `"${x@P}"`, true},
		{`x='\\'; `, `"${x@P}"`, true},
		{`x='\\\\'; `, `"${x@P}"`, true},
		{`x='\\$HOME'; `, `"${x@P}"`, true},
		{`x='\101\060\1234'; `, `"${x@P}"`, true},
		{`x='\044HOME'; `, `"${x@P}"`, true}, // an octal $ is expanded
		{`x='a\[x\]b'; `, `"${x@P}"`, true},
		{`x='\e[0m\a\r'; `, `"${x@P}"`, true},
		{`x='\q\8\x41 a\'; `, `"${x@P}"`, true},      // not escapes: kept
		{`x='ab\000cd\400\777'; `, `"${x@P}"`, true}, // a NUL is dropped, the byte kept
		{`x='ab\01cd'; `, `"${x@P}"`, false},
		{`x='\w|\W'; `, `"${x@P}"`, true},
		{`HOME=` + parent + `; x='\w|\W'; `, `"${x@P}"`, true},
		{`HOME=` + dir + `; x='\w|\W'; `, `"${x@P}"`, true},
		{`HOME=/; x='\w'; `, `"${x@P}"`, true},
		{`x='rm\040-rf\040/'; `, `${x@P}`, true},
		{`x='\u'; `, `"${x@P}"`, false},
		{`x='\h'; `, `"${x@P}"`, false},
		{`x='\$'; `, `"${x@P}"`, false},
		{`x='\D{%s}'; `, `"${x@P}"`, false},
		{`x='\t'; `, `"${x@P}"`, false},
		{`x='\140echo hi\140'; `, `"${x@P}"`, false}, // a backquote: a command runs
		{`PROMPT_DIRTRIM=1; x='\w'; `, `"${x@P}"`, false},
	} {
		checkAgainstBash(t, bash, dir, tc.prelude, tc.word, tc.static)
	}
}
