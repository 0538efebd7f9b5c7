package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Host names that only run time spells, but that always name this
// machine. scp evil.sh "$(hostname)":.bashrc writes ~/.bashrc here as
// scp evil.sh localhost:.bashrc does, and ssh "$HOSTNAME" 'rm -rf ~'
// runs here: bash sets HOSTNAME to the machine's name at start-up
// (unless the environment already holds one, which is then the name the
// user's shell gave it); hostname(1) with no operand prints the name,
// and -s, -f, -A, -i and -I print the short name, the full one, or the
// machine's addresses; uname -n prints the node name, the same kernel
// field; hostnamectl hostname and cat /etc/hostname print the name the
// system was given. Any of these, alone or after user@, makes a host
// corral judges as this machine (loopbackHost). A script that assigns
// HOSTNAME or defines a function named hostname is read the stricter
// way: as this machine.

// ThisMachineArg returns a, a word only known at run time, with the
// parts that name this machine written as localhost, when every other
// part is literal text: "$(hostname)":.bashrc gives localhost:.bashrc,
// me@$HOSTNAME gives me@localhost. ok is false for any other word.
func ThisMachineArg(a Arg) (Arg, bool) {
	if a.Static {
		return a, true
	}
	if a.Word == nil || a.Split {
		return a, false
	}
	var b strings.Builder
	named := false
	var parts func([]sh.WordPart, bool) bool
	parts = func(ps []sh.WordPart, quoted bool) bool {
		for _, p := range ps {
			switch p := p.(type) {
			case *sh.Lit:
				if strings.ContainsAny(p.Value, `\*?[`) && !quoted || strings.Contains(p.Value, `\`) {
					return false
				}
				b.WriteString(p.Value)
			case *sh.SglQuoted:
				if p.Dollar && strings.Contains(p.Value, `\`) {
					return false
				}
				b.WriteString(p.Value)
			case *sh.DblQuoted:
				if p.Dollar || !parts(p.Parts, true) {
					return false
				}
			case *sh.ParamExp:
				// $HOSTNAME, or the one variable the word depends on
				// holding this machine's name (h=$(hostname); ssh $h).
				if !hostnameParam(p) && !(plainParam(p) && len(a.Unknown()) == 1 &&
					a.Unknown()[0] == p.Param.Value && a.Printed && a.PrintedBy() == thisHostPrinter) {
					return false
				}
				b.WriteString("localhost")
				named = true
			case *sh.CmdSubst:
				if !thisMachineSubst(p.Stmts) {
					return false
				}
				b.WriteString("localhost")
				named = true
			default:
				return false
			}
		}
		return true
	}
	if !parts(a.Word.Parts, false) || !named {
		return a, false
	}
	a.Value, a.Static = b.String(), true
	return a, true
}

// thisHostPrinter is the printedBy of a variable that holds this
// machine's name: h=$(hostname), h=$HOSTNAME, and the copies of one.
const thisHostPrinter = "hostname (this machine)"

// hostnameParam reports $HOSTNAME or ${HOSTNAME} with no operator.
func hostnameParam(part sh.WordPart) bool {
	if dq, ok := part.(*sh.DblQuoted); ok && len(dq.Parts) == 1 {
		part = dq.Parts[0]
	}
	p, ok := part.(*sh.ParamExp)
	return ok && plainParam(p) && p.Param.Value == "HOSTNAME"
}

// thisMachineSubst reports a command substitution that prints this
// machine's name or address: hostname with only options that print it,
// uname -n, hostnamectl hostname or --static/--transient, cat
// /etc/hostname, each alone or piped to a filter that keeps the first
// field or line (cut -f1, awk '{print $1}', head -1, tr -d …).
func thisMachineSubst(stmts []*sh.Stmt) bool {
	if len(stmts) != 1 {
		return false
	}
	st := stmts[0]
	if st.Negated || st.Background || st.Coprocess {
		return false
	}
	switch x := st.Cmd.(type) {
	case *sh.BinaryCmd:
		if x.Op != sh.Pipe || len(st.Redirs) > 0 {
			return false
		}
		return thisMachineSubst([]*sh.Stmt{x.X}) && firstFieldFilter(x.Y)
	case *sh.CallExpr:
		for _, r := range st.Redirs {
			// 2>/dev/null and the like: only the error stream moves.
			if r.N == nil || r.N.Value != "2" {
				return false
			}
		}
		words, ok := litWords(x)
		if !ok {
			return false
		}
		return namePrinter(words)
	}
	return false
}

// litWords returns a call's words when each is plain literal text
// (quotes allowed), with no assignments.
func litWords(ce *sh.CallExpr) ([]string, bool) {
	if len(ce.Assigns) > 0 || len(ce.Args) == 0 {
		return nil, false
	}
	words := make([]string, 0, len(ce.Args))
	for _, w := range ce.Args {
		v, ok := quotedLit(w)
		if !ok {
			return nil, false
		}
		words = append(words, v)
	}
	return words, true
}

// namePrinter reports a command line that prints this machine's name
// or one of its addresses.
func namePrinter(words []string) bool {
	// command hostname, env hostname, exec -- hostname: the same
	// program, run past the builtins that only find or start it.
	for len(words) > 1 {
		switch words[0] {
		case "command", "builtin", "exec", "env", "nohup", "-p", "--":
			words = words[1:]
			continue
		}
		break
	}
	name, args := words[0], words[1:]
	switch name {
	case "hostname", "/bin/hostname", "/usr/bin/hostname":
		// An operand sets the name; -d, -y, -n and -a print the domain,
		// the NIS domain or aliases, not the host.
		for _, a := range args {
			switch a {
			case "-s", "--short", "-f", "--fqdn", "--long", "-A", "--all-fqdns", "-i", "--ip-address", "-I", "--all-ip-addresses":
			default:
				return false
			}
		}
		return true
	case "uname", "/bin/uname", "/usr/bin/uname":
		return len(args) == 1 && (args[0] == "-n" || args[0] == "--nodename")
	case "hostnamectl":
		return len(args) == 1 && (args[0] == "hostname" || args[0] == "--static" || args[0] == "--transient") ||
			len(args) == 2 && args[0] == "hostname" && (args[1] == "--static" || args[1] == "--transient")
	case "cat":
		return len(args) == 1 && (args[0] == "/etc/hostname" || args[0] == "/proc/sys/kernel/hostname")
	}
	return false
}

// firstFieldFilter reports a pipeline stage that keeps the first field
// or line of what it reads (or removes characters from it): the host
// name or address it is given stays one of this machine's.
func firstFieldFilter(st *sh.Stmt) bool {
	if st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return false
	}
	ce, ok := st.Cmd.(*sh.CallExpr)
	if !ok {
		return false
	}
	words, ok := litWords(ce)
	if !ok {
		return false
	}
	args := strings.Join(words[1:], " ")
	switch words[0] {
	case "cut":
		// cut -d. -f1, cut -d' ' -f1, cut -f1: the first field.
		fields := strings.Fields(args)
		last := ""
		if len(fields) > 0 {
			last = fields[len(fields)-1]
		}
		return last == "-f1" || len(fields) >= 2 && fields[len(fields)-2] == "-f" && last == "1"
	case "awk":
		return args == "{print $1}" || args == "{ print $1 }"
	case "head":
		return args == "-1" || args == "-n1" || args == "-n 1" || args == ""
	case "tr":
		return len(words) == 3 && words[1] == "-d"
	case "xargs":
		return args == ""
	}
	return false
}
