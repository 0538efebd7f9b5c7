package syntax

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// ansible-playbook runs its playbooks' tasks; a play for this machine
// (hosts: localhost, 127.0.0.1 or ::1, connection: local, or the command
// line's -c local or -i of loopback hosts only) runs its shell, command
// and raw tasks here (issue 12, class 4: ansible-playbook -c local -i
// localhost, site.yml of a shell: rm -rf ~ task was allowed, while the
// ad-hoc ansible localhost -m shell -a … was denied). The playbook's
// YAML is read by lines for these keys only: MODULE: CMD (plain, quoted,
// or a | or > block scalar), and the cmd: key of a module's mapping;
// each command is judged as if typed. Limits: roles, included and
// imported task files, and a play whose hosts an inventory file decides
// are not read.

// ansibleTaskKey matches a line that starts a shell-running task's
// command: "- shell: CMD", "  ansible.builtin.command: |", "cmd: CMD".
var ansibleTaskKey = lazy.Regexp{Expr: `^(\s*)(?:-\s+)?((?:ansible\.builtin\.)?(?:shell|command|raw)|cmd)\s*:\s*(.*)$`}

// ansibleLocalPlay matches a line saying a play is for this machine.
var ansibleLocalPlay = lazy.Regexp{Expr: `(?m)^\s*(?:-\s+)?(?:hosts\s*:\s*["']?(?:localhost|127\.0\.0\.1|::1)["']?\s*$|connection\s*:\s*["']?local["']?\s*$)`}

// ansiblePlaybook models ansible-playbook.
func (w *walker) ansiblePlaybook(c scope, call *Call) {
	opts, operands := ScanOptions(call.Args, ansibleSpec)
	local := false
	for _, o := range opts {
		switch {
		case (o.Name == "c" || o.Name == "connection") && o.HasVal && o.Val.Value == "local":
			local = true
		case (o.Name == "i" || o.Name == "inventory") && o.HasVal && strings.Contains(o.Val.Value, ","):
			all := true
			for _, h := range strings.Split(o.Val.Value, ",") {
				if h = strings.TrimSpace(h); h != "" {
					all = all && loopbackName(h)
				}
			}
			local = local || all
		case o.Name == "syntax-check" || o.Name == "list-hosts" || o.Name == "version" || o.Name == "help" ||
			o.Name == "list-tasks" || o.Name == "list-tags":
			return
		}
	}
	for _, i := range operands {
		a := call.Args[i]
		if !a.Static {
			continue
		}
		text, ok := w.readScript(call.Dir.Join(a.Value))
		if !ok || !local && !ansibleLocalPlay.Get().MatchString(text) {
			continue
		}
		for _, cmd := range ansibleTaskCommands(text) {
			w.origin = a.Value + " (ansible-playbook)"
			w.child(c, call, cmd, nil, "ansible-playbook task", false)
			w.origin = ""
		}
	}
}

// ansibleTaskCommands returns the commands of a playbook's shell,
// command and raw tasks and of cmd: keys.
func ansibleTaskCommands(text string) []string {
	lines := strings.Split(text, "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		m := ansibleTaskKey.Get().FindStringSubmatch(strings.TrimRight(lines[i], "\r"))
		if m == nil {
			continue
		}
		indent, val := len(m[1]), strings.TrimSpace(m[3])
		if i := strings.Index(val, " #"); i >= 0 && !strings.HasPrefix(val, `"`) && !strings.HasPrefix(val, "'") {
			val = strings.TrimSpace(val[:i])
		}
		switch {
		case val == "":
			continue // a mapping follows: its cmd: key is read by itself
		case val[0] == '|' || val[0] == '>':
			sep := "\n"
			if val[0] == '>' {
				sep = " "
			}
			var body []string
			for i+1 < len(lines) {
				l := strings.TrimRight(lines[i+1], "\r")
				if strings.TrimSpace(l) != "" && len(l)-len(strings.TrimLeft(l, " ")) <= indent {
					break
				}
				body = append(body, strings.TrimSpace(l))
				i++
			}
			out = append(out, strings.Join(body, sep))
		case val[0] == '"' && strings.HasSuffix(val, `"`) && len(val) > 1:
			v := val[1 : len(val)-1]
			v = strings.NewReplacer(`\"`, `"`, `\\`, `\`, `\n`, "\n", `\t`, "\t").Replace(v)
			out = append(out, v)
		case val[0] == '\'' && strings.HasSuffix(val, "'") && len(val) > 1:
			out = append(out, strings.ReplaceAll(val[1:len(val)-1], "''", "'"))
		case val[0] == '{' || val[0] == '[':
			// A flow mapping: {cmd: …} is not read here.
		default:
			out = append(out, val)
		}
	}
	return slices.DeleteFunc(out, func(s string) bool { return strings.TrimSpace(s) == "" })
}
