package rewrite

var forkBomb = Rule{
	Name:      "fork-bomb",
	Decisions: []Decision{Deny},
	Doc: `A function that calls itself more than once per call, in a pipeline
or in the background (:(){ :|:& };: under any name) multiplies processes
until the machine stops: deny. Found in the syntax tree, so the name and
spacing do not matter, and a fork bomb that is only text (echo ':(){…}')
is not one.`,
	Command: func(p *Pass) {
		for _, f := range p.Model.Functions() {
			if f.Multiplies {
				s, e := topSpan(f.Script, f.Start, f.End)
				p.Report(nil, Finding{Rule: "fork-bomb", Decision: Deny, Start: s, End: e, Text: f.Script.Src[f.Start:f.End],
					Message: "function " + f.Name + " calls itself several times at once: a fork bomb"})
			}
		}
	},
}
