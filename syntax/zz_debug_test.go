package syntax

import (
	"fmt"
	"os"
	"testing"
)

func TestZZDebug(t *testing.T) {
	m, err := Analyze(os.Getenv("ZZCMD"), Options{Cwd: "/tmp/pathbin-pj", Home: "/root", ReadFile: ReadScript, Path: os.Getenv("PATH")})
	if err != nil {
		t.Fatal(err)
	}
	cnt := map[string]int{}
	for _, r := range m.DiskReads {
		cnt[r.Path]++
	}
	fmt.Println("truncated", m.Truncated, "scripts", len(m.Scripts), "reads", len(m.DiskReads))
	for p, n := range cnt {
		fmt.Println(n, p)
	}
	depth := map[int]int{}
	for _, s := range m.Scripts {
		depth[s.Depth]++
	}
	fmt.Println(depth)
}
