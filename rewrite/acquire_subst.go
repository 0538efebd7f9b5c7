package rewrite

import (
	"slices"

	"github.com/corral-dev/corral/syntax"
)

// followSubst follows a download whose bytes call w writes into a
// command substitution ($(curl -s URL), $(curl URL | jq .x)): they become
// the words of the command that holds it, or the value of the variable
// assigned from it. A command that prints its words (echo, printf)
// writes them to its stdout, and a here-string (<<< "$x") hands them to
// its command's stdin; either is followed as the download's own stdout
// would be, so that printf %s "$(curl URL)" > f.sh and x=$(curl URL);
// echo "$x" > f are judged as curl -o f is. origin is the downloading
// call: a variable holds its output when the variable's value is the
// whole output of a substitution whose first command has origin's name
// (syntax's Arg.Printed and PrintedBy, which keep the shell's scopes:
// a function's local does not reach its caller). Printing the value to
// the terminal or through a filter to it is not a write and passes.
func (p *Pass) followSubst(w, origin *syntax.Call, out syntax.Stream, rule, kind string) {
	if w.Subst != "$(" || out.Kind != syntax.StreamPipe || out.Pipe != nil || out.Redirect.Node != nil {
		return
	}
	if h := w.Host; h != nil {
		p.followWords(h, rule, kind)
		return
	}
	for _, h := range p.Model.Calls {
		if h == w || h.Script == w.Script && h.Start < w.End {
			continue
		}
		for _, a := range h.Args {
			if a.Printed && a.PrintedBy() == origin.Name {
				p.followWords(h, rule, kind)
				break
			}
		}
		for _, r := range h.Redirs {
			if r.Op == "<<<" && r.Target.Printed && r.Target.PrintedBy() == origin.Name {
				p.followWords(h, rule, kind)
				break
			}
		}
	}
}

// followWords follows a download that reached the words of call h (its
// arguments or its here-string) to the files h writes it to.
func (p *Pass) followWords(h *syntax.Call, rule, kind string) {
	if p.substFollowed[h] {
		return
	}
	if p.substFollowed == nil {
		p.substFollowed = map[*syntax.Call]bool{}
	}
	p.substFollowed[h] = true
	if h.Name == "tmux" {
		// tmux set-buffer "$(curl URL)": a paste buffer holds it.
		p.followTmux(h, rule, kind, tmuxWordFill(h))
		return
	}
	if argPrinter(h) {
		p.followStdout(h, rule, kind)
		return
	}
	if h.ReadIn != nil {
		// read x <<< "$(curl …)", readarray L <<< …: the variables hold
		// the download when the here-string is what the builtin reads.
		for _, r := range h.Redirs {
			if r.Op == "<<<" && h.ReadIn.Redirect.Node == r.Node {
				p.followReadVars(h, rule, kind)
			}
		}
		return
	}
	for _, r := range h.Redirs {
		// A here-string, or a here-document whose body holds the
		// substitution (cat > f <<E / $(curl URL) / E): the text on
		// stdin carries the download.
		if (r.Op == "<<<" || r.Op == "<<" || r.Op == "<<-") && (r.Fd == "" || r.Fd == "0") {
			if !runsStdin(h) && p.followReader(h, rule, kind) {
				p.followPipe(h, rule, kind)
			}
			return
		}
	}
}

// followReadVars follows a download that the read, mapfile or readarray
// call d takes from its input into the variables it assigns (read -r x <
// <(curl URL); echo "$x" > f, mapfile -t L < <(curl URL); printf '%s\n'
// "${L[@]}" > f): each later command whose words or here-string expand
// one of them (syntax's Arg.ReadBy, which keeps the shell's scopes: the
// mapfile of a pipeline's last stage fills nothing after it unless
// lastpipe is on) is followed as a command holding $(curl URL) is.
func (p *Pass) followReadVars(d *syntax.Call, rule, kind string) {
	for _, h := range p.Model.Calls {
		if h == d {
			continue
		}
		for _, a := range h.Args {
			if slices.Contains(a.ReadBy(), d) {
				p.followWords(h, rule, kind)
				break
			}
		}
		for _, r := range h.Redirs {
			if r.Op == "<<<" && slices.Contains(r.Target.ReadBy(), d) {
				p.followWords(h, rule, kind)
				break
			}
		}
	}
}
