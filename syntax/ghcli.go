package syntax

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// GitHub's and GitLab's command-line tools keep settings that run
// programs later, as git's configuration does: gh alias set NAME
// '!CMD' (or --shell NAME CMD) stores a shell alias that gh NAME runs
// through sh -c, and gh config set editor|pager|browser PROG a program
// gh starts (glab has the same commands, from the same code). Setting
// one is judged now, as git config alias.X '!…' and core.pager are:
// the expansion as a nested script, the program as a command line. And
// gh NAME, where NAME is no built-in command, runs the alias its
// configuration holds (config.yml under GH_CONFIG_DIR, else
// $XDG_CONFIG_HOME/gh or ~/.config/gh; glab's aliases.yml under
// GLAB_CONFIG_DIR or ~/.config/glab-cli), read when the hook runs.

// ghBuiltins are gh's and glab's top-level commands: an alias of that
// name is never run (gh alias set refuses one).
var ghBuiltins = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`agent-task alias api attestation auth browse cache codespace completion config copilot
		extension gist gpg-key help issue label org pr preview project release repo ruleset run search secret ssh-key status
		variable version workflow accessibility ext
		ask changelog check-update ci cluster deploy-key duo incident iteration job mr schedule snippet stack token user`) {
		m[n] = true
	}
	return m
}}

// ghProgramKeys are the settings whose value is a program gh or glab
// starts.
var ghProgramKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"editor": true, "pager": true, "browser": true, "glab_pager": true}
}}

// ghSpec is the options gh and glab take anywhere (cobra): the ones
// with a value among them.
var ghSpec = OptSpec{ShortVal: "hRg", LongEq: true,
	LongVal:  []string{"hostname", "host", "repo", "global"},
	LongFlag: []string{"shell", "clobber", "help", "global"}}

// ghCLI models gh and glab: alias set, config set of a program, and an
// alias run by its name.
func (w *walker) ghCLI(c scope, call *Call) {
	opts, ops := ScanOptions(call.Args, ghSpec)
	if len(ops) == 0 {
		return
	}
	words := make([]Arg, len(ops))
	for i, j := range ops {
		words[i] = call.Args[j]
	}
	tool := call.Name
	switch {
	case len(words) >= 3 && words[0].Value == "alias" && words[1].Value == "set":
		shell := false
		for _, o := range opts {
			if o.Name == "shell" || o.Name == "s" {
				shell = true
			}
		}
		if !shell {
			// -s clusters with nothing else: a lone short flag.
			for _, a := range call.Args {
				if a.Static && a.Value == "-s" {
					shell = true
				}
			}
		}
		if len(words) < 4 {
			return
		}
		exp := words[3]
		if exp.Static && exp.Value == "-" {
			// The expansion is read from the standard input.
			for _, in := range w.codeOnStdin(c, call) {
				if text := in.text; shell || strings.HasPrefix(text, "!") {
					w.child(c, call, strings.TrimPrefix(strings.TrimSpace(text), "!"), nil, tool+" alias", in.dynamic)
				}
			}
			return
		}
		if shell || strings.HasPrefix(exp.Value, "!") {
			w.child(c, call, strings.TrimPrefix(exp.Value, "!"), nil, tool+" alias "+words[2].Value, !exp.Static)
		}
	case len(words) >= 4 && words[0].Value == "config" && words[1].Value == "set":
		if ghProgramKeys.Get()[words[2].Value] && words[3].Value != "" {
			w.child(c, call, words[3].Value, nil, tool+" config "+words[2].Value, !words[3].Static)
		}
	case words[0].Static && !ghBuiltins.Get()[words[0].Value] && !strings.Contains(words[0].Value, "/"):
		exp, ok := w.ghAlias(c, call, tool, words[0].Value)
		if !ok {
			return
		}
		if strings.HasPrefix(exp, "!") {
			// gh runs sh -c EXPANSION -- ARGS.
			w.child(c, call, strings.TrimPrefix(exp, "!"), nil, tool+" alias "+words[0].Value, false)
			return
		}
		// An expansion of gh's own words, with the arguments after it:
		// judged as that command line (gh co 12 → gh pr checkout 12).
		f := strings.Fields(exp)
		if len(f) == 0 || !ghBuiltins.Get()[f[0]] {
			return
		}
		text := Quote(tool) + " " + exp
		for _, a := range call.Args[ops[0]+1:] {
			text += " " + Quote(a.Value)
		}
		w.child(c, call, text, nil, tool+" alias "+words[0].Value, false)
	}
}

// ghAlias returns the expansion of alias name in tool's configuration
// on disk, when the walk reads the disk.
func (w *walker) ghAlias(c scope, call *Call, tool, name string) (string, bool) {
	if w.read == nil {
		return "", false
	}
	env := func(k string) string {
		if v, known, ok := w.envValue(c, call, k, true); ok && known {
			return v
		}
		return ""
	}
	var file, section string
	if tool == "glab" {
		dir := env("GLAB_CONFIG_DIR")
		if dir == "" && w.home != "" {
			dir = filepath.Join(w.home, ".config", "glab-cli")
		}
		file = filepath.Join(dir, "aliases.yml")
	} else {
		dir := env("GH_CONFIG_DIR")
		if dir == "" {
			if x := env("XDG_CONFIG_HOME"); x != "" {
				dir = filepath.Join(x, "gh")
			} else if w.home != "" {
				dir = filepath.Join(w.home, ".config", "gh")
			}
		}
		file, section = filepath.Join(dir, "config.yml"), "aliases"
	}
	if !filepath.IsAbs(file) {
		d := call.Dir.Join(file)
		if !d.Known {
			return "", false
		}
		file = d.Path
	}
	f, err := os.Open(file)
	if err != nil {
		return "", false
	}
	defer f.Close()
	return yamlMapValue(io.LimitReader(f, 1<<20), section, name)
}

// yamlMapValue finds key in a block mapping of YAML text: at the top
// level when section is "", else in the mapping under the top-level
// key section. Scalars plain, single- or double-quoted; enough for the
// files gh and glab write.
func yamlMapValue(r io.Reader, section, key string) (string, bool) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	in := section == ""
	val, found := "", false
	for sc.Scan() {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		top := line[0] != ' ' && line[0] != '\t'
		if section != "" {
			if top {
				in = strings.HasPrefix(line, section+":")
				continue
			}
			if !in {
				continue
			}
		} else if !top {
			continue
		}
		k, v, ok := strings.Cut(trimmed, ":")
		if !ok || strings.Trim(strings.TrimSpace(k), `"'`) != key {
			continue
		}
		val, found = yamlUnquote(v), true
	}
	return val, found
}
