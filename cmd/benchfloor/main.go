// Command benchfloor is the floor corral's hook latency is measured
// against: a Go hook that only decodes the JSON on stdin and allows. It is
// used by scripts/bench-hook.sh and is not part of corral.
package main

import (
	"encoding/json"
	"fmt"
	"os"
)

func main() {
	var in map[string]any
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		os.Exit(0)
	}
	fmt.Println(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`)
}
