package syntax

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// ansible's inventory, as its ini and yaml plugins read it, with the
// variables that decide where a host is (ansible_host,
// ansible_connection) from every place ansible takes them:
//
//   - the inventory sources: -i (each; a directory is each file in it),
//     else ANSIBLE_INVENTORY, else the inventory= of ansible.cfg
//     (ANSIBLE_CONFIG, ./ansible.cfg, ~/.ansible.cfg,
//     /etc/ansible/ansible.cfg: the first that exists; a relative path is
//     the configuration file's directory's), else /etc/ansible/hosts;
//   - an INI file: [group] host lines with key=value, [group:vars] and
//     [group:children]; a YAML file: GROUP: {hosts: {NAME: {vars}},
//     vars: {…}, children: {GROUP: …}};
//   - group_vars/GROUP and host_vars/HOST beside the source (a file with
//     or without .yml/.yaml/.json, or a directory of them).
//
// A host is in "all", in each group that lists it and in each parent of
// those; its variables are the groups' (parents first, "all" lowest),
// then its own, then its host_vars.

// ansibleGroup is one group of an inventory source.
type ansibleGroup struct {
	hosts    []string
	hostVars map[string]map[string]string
	vars     map[string]string
	children []string
}

// ansibleInv is an inventory: its groups, and the directories whose
// group_vars and host_vars apply.
type ansibleInv struct {
	groups map[string]*ansibleGroup
	dirs   []string
}

func (inv *ansibleInv) group(name string) *ansibleGroup {
	if inv.groups == nil {
		inv.groups = map[string]*ansibleGroup{}
	}
	g := inv.groups[name]
	if g == nil {
		g = &ansibleGroup{hostVars: map[string]map[string]string{}, vars: map[string]string{}}
		inv.groups[name] = g
	}
	return g
}

func (g *ansibleGroup) addHost(name string, vars map[string]string) {
	if !slices.Contains(g.hosts, name) {
		g.hosts = append(g.hosts, name)
	}
	hv := g.hostVars[name]
	if hv == nil {
		hv = map[string]string{}
		g.hostVars[name] = hv
	}
	for k, v := range vars {
		hv[k] = v
	}
}

// ansibleINI reads an INI inventory into inv.
func ansibleINI(inv *ansibleInv, text string) {
	group, kind := "ungrouped", ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";") {
			continue
		}
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			group, kind, _ = strings.Cut(strings.TrimSpace(line[1:len(line)-1]), ":")
			inv.group(group)
			continue
		}
		fields := strings.Fields(line)
		switch kind {
		case "vars":
			if k, v, ok := strings.Cut(line, "="); ok {
				inv.group(group).vars[strings.TrimSpace(k)] = strings.Trim(strings.TrimSpace(v), `"'`)
			}
		case "children":
			g := inv.group(group)
			if !slices.Contains(g.children, fields[0]) {
				g.children = append(g.children, fields[0])
			}
			inv.group(fields[0])
		case "":
			kv := ansibleKeyValues(strings.Join(fields[1:], " "))
			inv.group(group).addHost(fields[0], kv)
		}
	}
}

// yamlNode is a block mapping of a YAML file: a key's scalar, or its
// mapping (the keys in order).
type yamlNode struct {
	keys  []string
	sub   map[string]*yamlNode
	value map[string]string
}

// yamlBlockMap reads the block mappings of a YAML text by indentation:
// "key:" opens a mapping, "key: value" is a scalar; sequences, flow
// collections and multi-line scalars are not read.
func yamlBlockMap(text string) *yamlNode {
	root := &yamlNode{sub: map[string]*yamlNode{}, value: map[string]string{}}
	type level struct {
		indent int
		node   *yamlNode
	}
	stack := []level{{-1, root}}
	for _, raw := range strings.Split(text, "\n") {
		line := stripYAMLComment(strings.TrimRight(raw, " \t\r"))
		trimmed := strings.TrimLeft(line, " ")
		if strings.TrimSpace(trimmed) == "" || trimmed == "---" || strings.HasPrefix(trimmed, "- ") {
			continue
		}
		indent := len(line) - len(trimmed)
		k, v, ok := strings.Cut(trimmed, ":")
		if !ok || (v != "" && v[0] != ' ') {
			continue
		}
		key := yamlUnquote(strings.TrimSpace(k))
		v = strings.TrimSpace(v)
		for len(stack) > 1 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		parent := stack[len(stack)-1].node
		if !slices.Contains(parent.keys, key) {
			parent.keys = append(parent.keys, key)
		}
		if v == "" || v == "{}" || v == "~" || v == "null" {
			n := parent.sub[key]
			if n == nil {
				n = &yamlNode{sub: map[string]*yamlNode{}, value: map[string]string{}}
				parent.sub[key] = n
			}
			stack = append(stack, level{indent, n})
			continue
		}
		parent.value[key] = yamlUnquote(v)
	}
	return root
}

// ansibleYAML reads a YAML inventory into inv; false when the text is
// not one (an inventory plugin's configuration: plugin: NAME).
func ansibleYAML(inv *ansibleInv, text string) bool {
	root := yamlBlockMap(text)
	if _, ok := root.value["plugin"]; ok {
		return false
	}
	var walk func(name string, n *yamlNode, depth int)
	walk = func(name string, n *yamlNode, depth int) {
		g := inv.group(name)
		if depth > 32 {
			return
		}
		if hosts := n.sub["hosts"]; hosts != nil {
			for _, h := range hosts.keys {
				vars := map[string]string{}
				if hn := hosts.sub[h]; hn != nil {
					for k, v := range hn.value {
						vars[k] = v
					}
				}
				g.addHost(h, vars)
			}
		}
		if vars := n.sub["vars"]; vars != nil {
			for k, v := range vars.value {
				g.vars[k] = v
			}
		}
		if ch := n.sub["children"]; ch != nil {
			for _, c := range ch.keys {
				if !slices.Contains(g.children, c) {
					g.children = append(g.children, c)
				}
				if cn := ch.sub[c]; cn != nil {
					walk(c, cn, depth+1)
				} else {
					inv.group(c)
				}
			}
		}
	}
	for _, name := range root.keys {
		if n := root.sub[name]; n != nil {
			walk(name, n, 0)
		}
	}
	return true
}

// ansibleLooksYAML reports a source the yaml plugin reads: a .yml,
// .yaml or .json name, or text whose first entry is "NAME:" at the
// margin.
func ansibleLooksYAML(name, text string) bool {
	switch filepath.Ext(name) {
	case ".yml", ".yaml", ".json":
		return true
	case ".ini":
		return false
	}
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") || t == "---" {
			continue
		}
		return !strings.HasPrefix(t, "[") && strings.HasSuffix(t, ":") && line[0] != ' '
	}
	return false
}

// ansibleVarsFiles reads the variables of group_vars/NAME or
// host_vars/NAME under dir: the file NAME, NAME.yml, NAME.yaml,
// NAME.json, or each file of the directory NAME.
func ansibleVarsFiles(dir, kind, name string) map[string]string {
	out := map[string]string{}
	read := func(p string) {
		if text, exists, ok := readSSHConfig(p); ok && exists {
			for k, v := range yamlBlockMap(text).value {
				out[k] = v
			}
		}
	}
	base := filepath.Join(dir, kind, name)
	if fi, err := os.Stat(base); err == nil && fi.IsDir() {
		entries, _ := os.ReadDir(base)
		for i, e := range entries {
			if i >= 64 {
				break
			}
			if !e.IsDir() {
				read(filepath.Join(base, e.Name()))
			}
		}
		return out
	}
	for _, ext := range []string{"", ".yml", ".yaml", ".json"} {
		read(base + ext)
	}
	return out
}

// ansibleSource reads one inventory source (a file or a directory of
// files) into inv; script reports an executable file, which ansible runs
// for its inventory.
func ansibleSource(inv *ansibleInv, p string, depth int) (scripts []string) {
	fi, err := os.Stat(p)
	if err != nil {
		return nil
	}
	if fi.IsDir() {
		if depth > 2 {
			return nil
		}
		inv.dirs = append(inv.dirs, p)
		entries, _ := os.ReadDir(p)
		for i, e := range entries {
			n := e.Name()
			if i >= 64 || strings.HasPrefix(n, ".") || n == "group_vars" || n == "host_vars" ||
				strings.HasSuffix(n, "~") || slices.Contains([]string{".orig", ".bak", ".cfg", ".retry", ".pyc", ".pyo", ".ini~"}, filepath.Ext(n)) {
				continue
			}
			scripts = append(scripts, ansibleSource(inv, filepath.Join(p, n), depth+1)...)
		}
		return scripts
	}
	inv.dirs = append(inv.dirs, filepath.Dir(p))
	if fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 && !ansibleLooksYAML(p, "") && filepath.Ext(p) != ".ini" {
		return []string{p}
	}
	text, exists, ok := readSSHConfig(p)
	if !ok || !exists {
		return nil
	}
	if !ansibleLooksYAML(p, text) || !ansibleYAML(inv, text) {
		if !ansibleLooksYAML(p, text) {
			ansibleINI(inv, text)
		}
	}
	return nil
}

// ansibleHosts returns the hosts of inv with the groups each is in and
// the variables that place it.
func (inv *ansibleInv) hosts() []ansibleHost {
	parents := map[string][]string{}
	for name, g := range inv.groups {
		for _, c := range g.children {
			parents[c] = append(parents[c], name)
		}
	}
	// ancestors of a group, nearest first.
	ancestors := func(name string) []string {
		var out []string
		queue := []string{name}
		for len(queue) > 0 && len(out) < 64 {
			n := queue[0]
			queue = queue[1:]
			if slices.Contains(out, n) {
				continue
			}
			out = append(out, n)
			queue = append(queue, parents[n]...)
		}
		return out
	}
	names := []string{}
	groupsOf := map[string][]string{}
	for name, g := range inv.groups {
		for _, h := range g.hosts {
			if _, ok := groupsOf[h]; !ok {
				names = append(names, h)
			}
			for _, a := range ancestors(name) {
				if !slices.Contains(groupsOf[h], a) {
					groupsOf[h] = append(groupsOf[h], a)
				}
			}
		}
	}
	slices.Sort(names)
	var out []ansibleHost
	for _, h := range names {
		groups := groupsOf[h]
		if !slices.Contains(groups, "all") {
			groups = append(groups, "all")
		}
		vars := map[string]string{}
		set := func(m map[string]string) {
			for _, k := range []string{"ansible_host", "ansible_ssh_host", "ansible_connection"} {
				if v, ok := m[k]; ok {
					vars[k] = v
				}
			}
		}
		// Groups from the farthest ("all") to the nearest; each group's
		// group_vars after its inventory vars.
		for i := len(groups) - 1; i >= 0; i-- {
			if g := inv.groups[groups[i]]; g != nil {
				set(g.vars)
			}
			for _, d := range inv.dirs {
				set(ansibleVarsFiles(d, "group_vars", groups[i]))
			}
		}
		for _, name := range groups {
			if g := inv.groups[name]; g != nil && g.hostVars[h] != nil {
				set(g.hostVars[h])
			}
		}
		for _, d := range inv.dirs {
			set(ansibleVarsFiles(d, "host_vars", h))
		}
		addr := vars["ansible_host"]
		if addr == "" {
			addr = vars["ansible_ssh_host"]
		}
		out = append(out, ansibleHost{name: h, groups: groups, addr: addr, conn: vars["ansible_connection"]})
	}
	return out
}

// ansibleConfigFile returns the ansible.cfg ansible reads: ANSIBLE_CONFIG,
// ./ansible.cfg, ~/.ansible.cfg, /etc/ansible/ansible.cfg (the first that
// exists); "" for none, and false when only run time knows.
func (w *walker) ansibleConfigFile(c scope, call *Call) (string, bool) {
	var cands []string
	if v, known, set := w.envOf(c, call, "ANSIBLE_CONFIG"); set {
		if !known {
			return "", false
		}
		p := expandTilde(v, w.home)
		if !filepath.IsAbs(p) {
			if !call.Dir.Known {
				return "", false
			}
			p = call.Dir.Join(p).Path
		}
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			p = filepath.Join(p, "ansible.cfg")
		}
		cands = append(cands, p)
	}
	if call.Dir.Known {
		cands = append(cands, filepath.Join(call.Dir.Path, "ansible.cfg"))
	}
	if w.home != "" {
		cands = append(cands, filepath.Join(w.home, ".ansible.cfg"))
	}
	cands = append(cands, "/etc/ansible/ansible.cfg")
	for _, p := range cands {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, true
		}
	}
	return "", true
}

// ansibleDefaultSources returns the inventory sources ansible reads
// without -i: ANSIBLE_INVENTORY, else ansible.cfg's inventory=, else
// /etc/ansible/hosts; false when only run time knows.
func (w *walker) ansibleDefaultSources(c scope, call *Call) ([]string, bool) {
	split := func(v, rel string) []string {
		var out []string
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s == "" {
				continue
			}
			s = expandTilde(s, w.home)
			if !filepath.IsAbs(s) && rel != "" {
				s = filepath.Join(rel, s)
			}
			out = append(out, s)
		}
		return out
	}
	if v, known, set := w.envOf(c, call, "ANSIBLE_INVENTORY"); set {
		if !known {
			return nil, false
		}
		rel := ""
		if call.Dir.Known {
			rel = call.Dir.Path
		}
		return split(v, rel), true
	}
	cfg, ok := w.ansibleConfigFile(c, call)
	if !ok {
		return nil, false
	}
	if cfg != "" {
		if text, exists, ok := readSSHConfig(cfg); ok && exists {
			section := ""
			for _, line := range strings.Split(text, "\n") {
				line = strings.TrimSpace(line)
				if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
					section = strings.TrimSpace(line[1 : len(line)-1])
					continue
				}
				k, v, ok := strings.Cut(line, "=")
				if !ok || section != "defaults" || strings.TrimSpace(k) != "inventory" && strings.TrimSpace(k) != "hostfile" {
					continue
				}
				if i := strings.Index(v, " ;"); i >= 0 {
					v = v[:i]
				}
				if i := strings.Index(v, " #"); i >= 0 {
					v = v[:i]
				}
				return split(strings.Trim(strings.TrimSpace(v), `"'`), filepath.Dir(cfg)), true
			}
		}
	}
	return []string{"/etc/ansible/hosts"}, true
}
