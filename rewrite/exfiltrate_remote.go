package rewrite

import (
	"fmt"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// gitRemoteRepoint judges a command that points a remote of the
// repository at a new address: git remote add NAME URL, git remote
// set-url [--push] [--add] NAME URL, git config [--global|--local|…]
// [--add|set] remote.NAME.url|pushurl URL. Every later git push (by
// this agent, or by the user who trusts the remote's name) then sends
// the repository's commits there, so it is the upload git push URL is,
// made in two steps: it asks when the host is neither on
// network.allow_hosts nor one a remote of the repository is already on.
// A repository with no remote yet is being published by its owner
// (git remote add origin URL, GitHub's own recipe), as gitPushURL
// decides.
func (p *Pass) gitRemoteRepoint(c *syntax.Call) {
	_, sub := gitArgs(c)
	if sub < 0 {
		return
	}
	var url, what string
	dynamic := false // the address is only known at run time
	rest := c.Args[sub+1:]
	switch c.Args[sub].Value {
	case "remote":
		ops, ok := remoteRepointOperands(rest)
		if !ok || len(ops) < 3 || ops[0].Value != "add" && ops[0].Value != "set-url" {
			return
		}
		url, what = ops[2].Value, "git remote "+ops[0].Value+" "+ops[1].Value+" "+ops[2].Raw
		dynamic = !ops[2].Static
	case "config":
		var ops []syntax.Arg
		for i := 0; i < len(rest); i++ {
			v := rest[i].Value
			switch {
			case v == "-f" || v == "--file" || v == "--blob" || v == "--type" || v == "--default" || v == "--comment" || v == "--value":
				i++ // an option with a value
			case strings.HasPrefix(v, "-"):
			case len(ops) == 0 && (v == "set" || v == "--add"):
			default:
				ops = append(ops, rest[i])
			}
		}
		if len(ops) < 2 || !ops[0].Static {
			return
		}
		k := strings.ToLower(ops[0].Value)
		if !strings.HasPrefix(k, "remote.") || !strings.HasSuffix(k, ".url") && !strings.HasSuffix(k, ".pushurl") {
			return
		}
		url, what = ops[1].Value, "git config "+ops[0].Value+" "+ops[1].Raw
		dynamic = !ops[1].Static
	default:
		return
	}
	host := gitURLHost(url)
	if !dynamic && (host == "" || p.hostAllowed(host)) {
		return
	}
	known := p.remoteHosts(c)
	if len(known) == 0 || !dynamic && known[strings.ToLower(host)] {
		return
	}
	where := host + ", a host none of the repository's remotes is on and not on network.allow_hosts"
	if dynamic {
		where = "an address only known at run time"
	}
	p.Report(c, Finding{Rule: "exfiltrate", Decision: Ask,
		Message: fmt.Sprintf("%s points later pushes at %s: the next git push uploads the repository's commits there", what, where)})
}

// remoteRepointOperands returns the operands of git remote's words
// (the subcommand first), the values of git remote add's -t and -m
// left out; false when a word is not static.
func remoteRepointOperands(rest []syntax.Arg) ([]syntax.Arg, bool) {
	var ops []syntax.Arg
	for i := 0; i < len(rest); i++ {
		v := rest[i].Value
		if !rest[i].Static && len(ops) < 2 {
			return nil, false
		}
		switch {
		case v == "-t" || v == "-m" || v == "--track" || v == "--master":
			i++
		case v == "--":
			ops = append(ops, rest[i+1:]...)
			return ops, true
		case strings.HasPrefix(v, "-") && rest[i].Static:
		default:
			ops = append(ops, rest[i])
		}
	}
	return ops, true
}
