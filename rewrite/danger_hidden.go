package rewrite

var hiddenCode = Rule{
	Name:      "hidden-code",
	Decisions: []Decision{Ask},
	Doc: `Code that a command hands to another program, where corral cannot
see what it does: a shell-running or deleting call in interpreter code
whose argument is only known at run time (os.system(cmd),
fs.rmSync(dir), unlink $f, exec($cmd), awk's system($0), sed's s///e,
Vim's execute cmd), a command built from run-time values whose known
text names a command that acquires content or can destroy data (awk
'{system("rm -rf " $1)}'; system("mkdir " $1) passes), a shell or
interpreter fed the
output of a command (gen | sh, source <(gen)) or a Makefile recipe built
from make variables or functions when the known text names a command that
acquires content or can destroy data (find . | sed 's/^/rm /' | sh), and
git's core.hooksPath: ask, naming the call. Generated scripts with no such
word (crontab -l | sed … | crontab -, source <(grep = f.ini)) and set-up
output (source <(kubectl completion bash)) pass. Literal arguments are not this rule's: they are
judged as the shell commands they amount to (os.system("rm -rf ~") is rm
-rf ~, shutil.rmtree("/x") is rm -rf /x, open("f", "w") writes f).`,
	Command: func(p *Pass) {
		for _, h := range p.Model.Hidden {
			if !h.Always && !p.mentionsRuleWord(h.Text) {
				continue
			}
			p.Report(h.Call, Finding{Rule: "hidden-code", Decision: Ask, Message: h.What})
		}
	},
}
