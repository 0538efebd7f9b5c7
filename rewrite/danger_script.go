package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var runtimeScript = Rule{
	Name:      "runtime-script",
	Decisions: []Decision{Ask},
	Doc: `A shell or eval whose whole script is only known at run time
(bash -c "$cmd", eval "$x", eval -- "$x", trap "$x" EXIT, source
/dev/stdin <<< "$x", xargs bash -c, parallel bash -c {}, a shell
reading one run-time word on stdin: bash <<< "$x", echo "$cmd" | bash), or whose
script file is named only at run time (bash "$f", source "$f", . "$(…)",
echo x.sh | xargs bash),
runs code corral cannot see: ask. A script named by a pattern or by one
of a bounded set of values (for f in *.sh; do bash "$f"; done) is read
file by file. eval "$(tool init)" runs the output of a local
command that corral sees and judges, and passes. A script string with run-time parts inside known
text (bash -c "git clone $url") is parsed and judged as usual; a download
run this way is the pipe-shell rule's.`,
	// Every shell of the runner table, and eval (set by init in
	// rules.go). It looks at every call, for trap, source and "." too;
	// only the shells and eval are its risky words (trap and "." in any
	// text are not).
	Call: checkRuntimeScript,
}

func checkRuntimeScript(p *Pass, c *syntax.Call) {
	var script *syntax.Arg
	switch c.Name {
	case "":
		return
	case "eval":
		if len(c.Args) == 0 {
			return
		}
		script = &c.Args[0]
	case "trap", "source", ".":
		// trap "$x" EXIT runs $x as eval would; source /dev/stdin <<<
		// "$x" runs the here-string (syntax.ScriptWord).
		a, _, file := syntax.ScriptWord(c)
		if a == nil {
			return
		}
		if file {
			// source "$f", . "$(…)": a script file named only at run
			// time runs in this shell, as bash "$f" runs it in another
			// (red team 18 SR1). A name with a known part around the
			// run-time one (source "$NVM_DIR/nvm.sh", . "$(conda info
			// --base)/etc/profile.d/conda.sh") is not one; a name that may
			// be a file this command wrote under a run-time name (f=$(mktemp);
			// echo … > "$f"; source "$f") is read as each such file.
			if c.Name != "trap" && runtimeName(*a) && !loopItem(c, *a, p.Config.Home) && !c.ScriptReadAtRunTime() {
				p.Report(c, Finding{Rule: "runtime-script", Decision: Ask, Message: c.Name + " runs " + a.Raw + ", a script file only known at run time"})
			}
			return
		}
		script = a
	default:
		if syntax.RunnerOf(c.Name) != syntax.ShellRunner {
			return
		}
		idx, stdin := syntax.ShellScript(c)
		switch {
		case idx >= 0:
			script = &c.Args[idx]
		case !stdin && c.ExtraArgs && syntax.ShellCommandString(c):
			p.Report(c, Finding{Rule: "runtime-script", Decision: Ask, Message: c.Name + " -c runs a script that arrives at run time"})
			return
		case c.ExtraArgs && syntax.ShellFile(c) >= 0 && placeholderWord(c.Args[syntax.ShellFile(c)].Value):
			// parallel bash {} -c: the script file is what xargs or
			// parallel puts in place of {}.
			p.Report(c, Finding{Rule: "runtime-script", Decision: Ask, Message: c.Name + " runs a script file that arrives at run time"})
			return
		case c.ExtraArgs && stdin && !syntax.ShellCommandString(c):
			// echo x.sh | xargs bash: xargs and parallel hand the shell
			// their input words, the first of which is the script file.
			p.Report(c, Finding{Rule: "runtime-script", Decision: Ask, Message: c.Name + " runs the script file named by its input, only known at run time"})
			return
		case syntax.ShellFile(c) >= 0:
			if f := c.Args[syntax.ShellFile(c)]; runtimeName(f) && !loopItem(c, f, p.Config.Home) {
				// bash "$f": a script whose name only run time knows (a
				// name from a bounded set of values, or a pattern, is
				// read file by file).
				p.Report(c, Finding{Rule: "runtime-script", Decision: Ask, Message: c.Name + " runs " + f.Raw + ", a script file only known at run time"})
			}
			return
		case stdin:
			// bash <<< "$x", echo "$x" | bash: the script on stdin is
			// one run-time word, as in bash -c "$x".
			script = stdinWord(c)
			if script == nil {
				return
			}
		default:
			return
		}
	}
	v := strings.TrimSpace(script.Value)
	if c.ExtraArgs && placeholderWord(v) {
		p.Report(c, Finding{Rule: "runtime-script", Decision: Ask, Message: c.Name + " runs a script that arrives at run time"})
		return
	}
	if script.Static || c.Subst != "" {
		return
	}
	// Only a parameter or substitution, nothing known around it.
	if (strings.HasPrefix(v, "$") || strings.HasPrefix(v, "`")) && !strings.ContainsAny(strings.TrimLeft(v, "${(`"), " ;|&") {
		if strings.Contains(script.Raw, "$(") || strings.Contains(script.Raw, "`") {
			// eval "$(ssh-agent -s)", eval "$(pyenv init -)": the script is
			// the output of a command corral sees and judges itself; a
			// download run this way is the pipe-shell rule's.
			return
		}
		p.Report(c, Finding{Rule: "runtime-script", Decision: Ask, Message: c.Name + " runs " + strings.TrimSpace(script.Raw) + ", a script only known at run time"})
	}
}

// runtimeName reports a script word whose file name only run time
// knows, with no bounded set of values: the last part of the path holds
// a parameter or a substitution ("$f", "$x.sh", conf/$f, "$(ls | head
// -1)"), so run time picks which file runs, though a directory around
// it is known. A run-time directory with a known file name
// ("$NVM_DIR/nvm.sh", "$(dirname "$0")/lib.sh") names the script, and
// is not one. A word that is one command substitution, quoted or not
// (bash $(ls x.*)), is the command's output whatever its text holds.
func runtimeName(a syntax.Arg) bool {
	if a.Static || a.OneOf && len(a.Candidates()) > 0 {
		return false
	}
	if _, _, ok := a.WholeSubst(); ok {
		return true
	}
	if a.Word == nil {
		v := strings.Trim(a.Raw, `"'`)
		return (strings.HasPrefix(v, "$") || strings.HasPrefix(v, "`")) && !strings.ContainsAny(strings.TrimLeft(v, "${(`"), "/")
	}
	return a.FileNameAtRunTime()
}

// loopItem reports a word that takes the items of the for loops around
// the call (for f in *.sh; do bash "$f"; done): the model reads each.
func loopItem(c *syntax.Call, a syntax.Arg, home string) bool {
	_, ok := syntax.LoopValues(c, a, home)
	return ok
}

// placeholderWord reports a word that xargs or parallel replaces with its
// input: {}, %, or braces only.
func placeholderWord(v string) bool {
	v = strings.TrimSpace(v)
	return v == "{}" || v == "%" || strings.Trim(v, "{}") == ""
}

// stdinWord returns the one word a shell reading stdin gets as its script:
// its here-string, or what echo or printf with one argument prints into
// the pipe it reads; nil otherwise.
func stdinWord(c *syntax.Call) *syntax.Arg {
	for i := range c.Redirs {
		if r := &c.Redirs[i]; r.Op == "<<<" {
			return &r.Target
		}
	}
	if in := c.Fd(0); in.Kind == syntax.StreamPipe && in.Pipe != nil && in.Pipe.Subst == "" {
		src := in.Pipe.Stage(in.Stage - 1)
		switch {
		case src == nil:
		case (src.Name == "echo" || src.Name == "printf") && len(src.Args) == 1:
			return &src.Args[0]
		case src.Name == "printf" && len(src.Args) == 2 && src.Args[0].Static:
			switch src.Args[0].Value {
			case "%s", "%s\\n", "%b", "%b\\n":
				return &src.Args[1] // printf '%s' "$cmd"
			}
		}
	}
	return nil
}
