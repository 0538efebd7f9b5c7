package rewrite

var forkBomb = Rule{
	Name:      "fork-bomb",
	Decisions: []Decision{Ask, Deny},
	Doc: `A function that calls itself more than once per call, in a pipeline
or in the background (:(){ :|:& };: under any name) multiplies processes
until the machine stops: deny. Found in the syntax tree, so the name and
spacing do not matter, and a fork bomb that is only text (echo ':(){…}')
is not one. An endless loop (while true, while :, until false, for
((;;))) that starts a background job on every turn and never waits,
sleeps, reads or breaks in the foreground (while true; do sleep 1 &
done) piles up processes as fast as the shell forks: ask.`,
	Command: func(p *Pass) {
		for _, f := range p.Model.Functions() {
			if f.Multiplies {
				s, e := topSpan(f.Script, f.Start, f.End)
				p.Report(nil, Finding{Rule: "fork-bomb", Decision: Deny, Start: s, End: e, Text: f.Script.Src[f.Start:f.End],
					Message: "function " + f.Name + " calls itself several times at once: a fork bomb"})
			}
		}
		for _, l := range p.Model.SpawnLoops() {
			s, e := topSpan(l.Script, l.Start, l.End)
			p.Report(nil, Finding{Rule: "fork-bomb", Decision: Ask, Start: s, End: e, Text: l.Script.Src[l.Start:l.End],
				Message: "an endless loop starts a background job on every turn and never waits: processes pile up until the machine stops"})
		}
	},
}
