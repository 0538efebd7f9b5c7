package app

import (
	"strings"

	"github.com/corral-dev/corral/cmd/corral/agent"
)

// mayReference reports whether the text a Write or Edit leaves in path
// can hold an @ reference, or is text corral does not read whole: only
// then does it matter whether a memory file imports path, which lists the
// memory files in the project's subdirectories (a walk of its tree,
// syntax.ImportedFiles) once per call.
func mayReference(req *agent.Request, path string) bool {
	text, ok, why := agentCodeTextWhy(req, path)
	if !ok {
		return why != ""
	}
	return strings.Contains(text, "@")
}
