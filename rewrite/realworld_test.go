package rewrite

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/corral-dev/corral/corpus"
	"github.com/corral-dev/corral/syntax"
)

// sharedData returns ../shared/data beside the module root, or skips.
func sharedData(t testing.TB) string {
	t.Helper()
	dir, _ := os.Getwd()
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("module root not found")
		}
		dir = parent
	}
	data := filepath.Join(filepath.Dir(dir), "shared", "data")
	if _, err := os.Stat(data); err != nil {
		t.Skipf("shared data not found at %s: the real-world corpora are not available here", data)
	}
	return data
}

type dataLine struct {
	Command  string `json:"command"`
	Page     string `json:"page"`
	BashNOK  *bool  `json:"bash_n_ok"`
	Keypress bool   `json:"keypress"`
}

func readLines(t testing.TB, path string) []dataLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []dataLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var d dataLine
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !d.Keypress {
			out = append(out, d)
		}
	}
	return out
}

// TestRealWorldParser compares corral's parser with bash -n.
func TestRealWorldParser(t *testing.T) {
	data := sharedData(t)
	for _, name := range []string{"tldr.jsonl", "nl2bash.jsonl"} {
		lines := readLines(t, filepath.Join(data, name))
		agree, total := 0, 0
		var diffs []string
		for _, l := range lines {
			if l.BashNOK == nil {
				continue
			}
			total++
			ok := syntax.Valid(l.Command) == nil
			if ok == *l.BashNOK {
				agree++
			} else if len(diffs) < 20 {
				diffs = append(diffs, l.Command)
			}
		}
		rate := float64(agree) / float64(total)
		t.Logf("%s: parser agrees with bash -n on %d of %d lines (%.2f%%)", name, agree, total, 100*rate)
		for _, d := range diffs {
			t.Logf("  disagreement: %q", d)
		}
		if rate < 0.995 {
			t.Errorf("%s: agreement %.2f%% is below 99.5%%", name, 100*rate)
		}
	}
}

// The categories of an independent, deliberately simple classification:
// a command mentioning one of these words may be acted on; any other must
// pass untouched.
var (
	acquisitionWords = regexp.MustCompile(`\b(curl|wget2?|git\s+(-\S+\s+)*(clone|submodule)|gh\s+(repo|release|pr)|svn|hg|scp|rsync)\b`)
	dangerWords      = regexp.MustCompile(`\b(rm|rmdir|unlink|shred|dd|mkfs[.\w]*|mke2fs|mkswap|wipefs|blkdiscard|fdisk|sfdisk|cfdisk|gdisk|sgdisk|parted|chmod|chown|chgrp|shutdown|reboot|halt|poweroff|init|telinit|systemctl|service|kubectl|oc|docker|podman|git|find)\b|:\(\)`)
	writeWords       = regexp.MustCompile(`>|\b(tee|cp|mv|install|ln|sed|perl|truncate|touch)\b`)
)

func category(cmd string) string {
	switch {
	case acquisitionWords.MatchString(cmd):
		return "acquisition"
	case dangerWords.MatchString(cmd):
		return "danger"
	case writeWords.MatchString(cmd):
		return "write"
	}
	return "other"
}

// TestRealWorldDecisions runs every shared command through the engine and
// checks that nothing outside the acquisition, danger and write categories
// is acted on, and that tldr's acquisition examples are handled.
func TestRealWorldDecisions(t *testing.T) {
	data := sharedData(t)
	env := map[string]string{"HOME": corpus.Home, EnvProject: corpus.Project}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, corpus.Project)
	// Exceptions: commands outside the categories that corral acts on,
	// each with its reason.
	exceptions := map[string]string{}
	for _, name := range []string{"tldr.jsonl", "nl2bash.jsonl", "readmes.jsonl"} {
		counts := map[string]map[Decision]int{}
		var unexpected []string
		for _, l := range readLines(t, filepath.Join(data, name)) {
			cat := category(l.Command)
			r := Check(cfg, l.Command)
			if counts[cat] == nil {
				counts[cat] = map[Decision]int{}
			}
			counts[cat][r.Decision]++
			if cat == "other" && r.Decision > Warn {
				if _, ok := exceptions[l.Command]; !ok {
					unexpected = append(unexpected, r.Decision.String()+": "+l.Command)
				}
			}
		}
		cats := make([]string, 0, len(counts))
		for c := range counts {
			cats = append(cats, c)
		}
		sort.Strings(cats)
		for _, c := range cats {
			m := counts[c]
			t.Logf("%s %-12s allow %5d  warn %4d  rewrite %4d  ask %4d  deny %4d", name, c, m[Allow], m[Warn], m[Rewrite], m[Ask], m[Deny])
		}
		for _, u := range unexpected {
			t.Errorf("%s: a command outside the acquisition/danger/write categories was acted on: %s", name, u)
		}
	}
}

// TestRealWorldAcquisitions checks that every acquisition example of tldr
// that writes content to disk is moved into the sandbox (or asked about).
func TestRealWorldAcquisitions(t *testing.T) {
	data := sharedData(t)
	env := map[string]string{"HOME": corpus.Home, EnvProject: corpus.Project}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, corpus.Project)
	writesToDisk := regexp.MustCompile(`^git clone|^gh repo clone|^svn (checkout|co|export)|^hg clone|\bcurl\b.*( -[a-zA-Z]*[oO]\b| --output| --remote-name|>)|^wget\b`)
	pages := map[string]bool{"git-clone": true, "curl": true, "wget": true, "gh-repo-clone": true, "svn-checkout": true, "hg-clone": true}
	handled, total := 0, 0
	for _, l := range readLines(t, filepath.Join(data, "tldr.jsonl")) {
		if !pages[l.Page] || !writesToDisk.MatchString(l.Command) || strings.Contains(l.Command, "--help") || strings.Contains(l.Command, "-O -") || strings.Contains(l.Command, "-qO-") {
			continue
		}
		total++
		r := Check(cfg, l.Command)
		if r.Decision >= Rewrite {
			handled++
			continue
		}
		t.Errorf("tldr %s example not handled (%s): %s", l.Page, r.Decision, l.Command)
	}
	t.Logf("tldr acquisition examples handled: %d of %d", handled, total)
	if total == 0 {
		t.Error("no tldr acquisition examples found")
	}
}
