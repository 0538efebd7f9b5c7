package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var remoteCopy = Rule{
	Name:      "remote-copy",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `scp and rsync from a remote host (host:path, user@host:path,
host::module, rsync://, scp://) bring foreign files onto disk: the local
destination is moved into the sandbox. Copies to a remote host or between
local paths are not acquisitions and pass, and so does an rsync dry run
(-n, --dry-run, --list-only), which lists what it would copy and writes
nothing.`,
	Commands: []string{"scp", "rsync"},
	Call:     checkRemoteCopy,
}

// remotePath reports whether an scp/rsync operand names a remote file.
func remotePath(v string) bool {
	if strings.HasPrefix(v, "rsync://") || strings.HasPrefix(v, "scp://") || strings.HasPrefix(v, "sftp://") {
		return true
	}
	colon := strings.Index(v, ":")
	if colon <= 0 {
		return false
	}
	slash := strings.Index(v, "/")
	return slash < 0 || colon < slash
}

func checkRemoteCopy(p *Pass, c *syntax.Call) {
	opts, operands := scan(c.Args, remoteCopySpec(c.Name))
	if len(operands) < 2 || c.Name == "rsync" && rsyncDryRun(opts) {
		return
	}
	dest := c.Args[operands[len(operands)-1]]
	if remotePath(dest.Value) {
		return
	}
	fromRemote := false
	for _, i := range operands[:len(operands)-1] {
		if remotePath(c.Args[i].Value) {
			fromRemote = true
		}
	}
	if !fromRemote || p.InSandbox(c.Dir, dest) {
		return
	}
	var d, text string
	if dest.Static && (dest.Value == "." || dest.Value == "./") {
		d, text = p.Config.Sandbox, syntax.Quote(p.Config.Sandbox+"/")
	} else {
		d, text = p.sandboxed(dest, "download")
	}
	p.acquire(c, "remote-copy", "download", c.Name+" copies from a remote host into "+dest.Value+", outside the sandbox", d,
		[]syntax.Edit{Replace(c, dest, text)}, relocate(c, c.Dir, dest.Value, d))
}

// remoteCopySpec is the option table of scp (the default) and rsync.
func remoteCopySpec(name string) optSpec {
	if name == "rsync" {
		return rsyncSpec.Get()
	}
	return optSpec{shortVal: "cDFiJloPSX", longEq: true}
}
