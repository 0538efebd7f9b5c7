package rewrite

var hiddenCode = Rule{
	Name: "hidden-code",
	Doc: `Code that a command hands to another program, where corral cannot
see what it does: a shell-running or deleting call in interpreter code
whose argument is only known at run time (os.system(cmd),
fs.rmSync(dir), unlink $f, exec($cmd)), a shell or interpreter fed the
output of a command (tool | sh, base64 -d of run-time text | bash), git's
core.hooksPath, and a Makefile recipe built from make variables or
functions when it holds a command that acquires content or can destroy
data: ask, naming the call. Literal arguments are not this rule's: they are
judged as the shell commands they amount to (os.system("rm -rf ~") is rm
-rf ~, shutil.rmtree("/x") is rm -rf /x, open("f", "w") writes f).`,
	Command: func(p *Pass) {
		for _, h := range p.Model.Hidden {
			if !h.Always && !riskyWords.MatchString(h.Text) {
				continue
			}
			p.Report(h.Call, Finding{Rule: "hidden-code", Decision: Ask, Message: h.What})
		}
	},
}
