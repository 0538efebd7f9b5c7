package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var imageSave = Rule{
	Name:      "image-save",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `Container images written out as files: docker, podman and nerdctl
save (image save) and export (container export) write a tar archive to
-o/--output or to stdout; skopeo copy to a dir:, oci:, oci-archive: or
docker-archive: path (and skopeo sync to a directory); crane pull IMAGE
PATH and crane export IMAGE [FILE] (IMAGE - reads a tarball from
stdin: passes); regctl image export IMAGE [FILE];
oras pull REF, which saves the artifact's files into -o/--output or the
working directory. The image is content pulled from a registry, not the
agent's: the file or directory moves into the sandbox (oras pull gets -o
and the sandbox), and stdout is followed as a download's (docker save
IMAGE | gzip > x.tgz); piped into docker load it stays in docker's store
and passes, as do docker pull, skopeo inspect, crane digest and ls, and
oras discover.`,
	Commands: []string{"docker", "podman", "nerdctl", "skopeo", "crane", "oras", "regctl"},
	Call:     checkImageSave,
}

// imageSaveSpec are docker/podman save's and export's options that take a
// value.
var imageSaveSpec = optSpec{shortVal: "om", longEq: true, longVal: longOpts("output", "platform", "format")}

func checkImageSave(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	switch c.Name {
	case "docker", "podman", "nerdctl":
		p.dockerSave(c)
	case "skopeo":
		p.skopeoCopy(c)
	case "crane", "regctl":
		p.imageExport(c)
	case "oras":
		p.orasPull(c)
	}
}

// dockerSave judges docker save IMAGE (image save) and docker export
// CONTAINER (container export): -o FILE moves into the sandbox; without
// it the tar goes to stdout.
func (p *Pass) dockerSave(c *syntax.Call) {
	_, ops := scan(c.Args, dockerOptions.Get())
	if len(ops) == 0 {
		return
	}
	i := ops[0]
	verb := c.Args[i].Value
	if (verb == "image" || verb == "container") && len(ops) > 1 {
		i = ops[1]
		switch v := c.Args[i].Value; {
		case verb == "image" && v == "save", verb == "container" && v == "export":
			verb = v
		default:
			return
		}
	}
	if verb != "save" && verb != "export" {
		return
	}
	rest := c.Args[i+1:]
	opts, operands := scan(rest, imageSaveSpec)
	if has(opts, "help") {
		return
	}
	if outs := find(opts, "o", "output"); len(outs) > 0 {
		p.moveImageFile(c, outs[len(outs)-1].val, func(_, text string) syntax.Edit { return setValue(c, outs[len(outs)-1], text) })
		return
	}
	if len(operands) > 0 {
		p.followStdout(c, "image-save", "image export")
	}
}

// moveImageFile moves the file or directory an image is written to into
// the sandbox (- is stdout, followed).
func (p *Pass) moveImageFile(c *syntax.Call, a syntax.Arg, edit func(dest, text string) syntax.Edit) {
	if a.Static && a.Value == "-" {
		p.followStdout(c, "image-save", "image export")
		return
	}
	if a.Static && strings.HasPrefix(a.Value, "/dev/") || p.InSandbox(c.Dir, a) {
		return
	}
	dest, text := p.sandboxed(a, "image")
	p.acquire(c, "image-save", "image export", c.Name+" writes a container image to "+a.Value+", outside the sandbox", dest,
		[]syntax.Edit{edit(dest, text)}, relocate(c, c.Dir, a.Value, dest))
}

// skopeoLocal are the transports of skopeo that name a path on this
// machine (containers-transports(5)).
var skopeoLocal = []string{"dir:", "oci:", "oci-archive:", "docker-archive:"}

// skopeoSpec are skopeo's options (global, copy's and sync's) that take a
// value.
var skopeoSpec = optSpec{shortVal: "fsdma", longEq: true, longVal: longOpts("authfile", "src-authfile", "dest-authfile",
	"src-creds", "dest-creds", "src-username", "src-password", "dest-username", "dest-password", "src-cert-dir", "dest-cert-dir",
	"src-registry-token", "dest-registry-token", "format", "sign-by", "sign-by-sigstore", "sign-by-sigstore-private-key",
	"sign-passphrase-file", "sign-identity", "additional-tag", "multi-arch", "encryption-key", "encrypt-layer",
	"decryption-key", "dest-compress-format", "dest-compress-level", "retry-times", "retry-delay", "image-parallel-copies",
	"src-shared-blob-dir", "dest-shared-blob-dir", "src-daemon-host", "dest-daemon-host", "command-timeout", "policy",
	"registries.d", "override-arch", "override-os", "override-variant", "tmpdir", "registries-conf", "src", "dest",
	"scoped", "preserve-digests", "digestfile", "append-suffix")}

// skopeoCopy judges skopeo copy SRC DEST with a DEST on this machine and a
// SRC that is not, and skopeo sync into a directory.
func (p *Pass) skopeoCopy(c *syntax.Call) {
	opts, ops := scan(c.Args, skopeoSpec)
	if len(ops) < 3 {
		return
	}
	switch c.Args[ops[0]].Value {
	case "copy":
		src, dest := c.Args[ops[1]], c.Args[ops[2]]
		if localTransport(src.Value) != "" {
			return // a copy between files here
		}
		tr := localTransport(dest.Value)
		if tr == "" {
			return
		}
		if !dest.Static {
			p.Report(c, Finding{Rule: "image-save", Decision: Ask, Kind: "image export",
				Message: "skopeo copy writes an image to " + dest.Raw + ", known only at run time; give a " + tr + " path in " + p.Config.Sandbox})
			return
		}
		file, ref := dest.Value[len(tr):], ""
		if tr != "dir:" {
			if i := strings.LastIndexByte(file, ':'); i >= 0 {
				file, ref = file[:i], file[i:]
			}
		}
		a := dest
		a.Value = file
		p.moveImageFile(c, a, func(d, _ string) syntax.Edit {
			return Replace(c, dest, syntax.Quote(tr+d+ref))
		})
	case "sync":
		// skopeo sync --src T --dest dir SRC DIR.
		if d := find(opts, "d", "dest"); len(d) > 0 && d[len(d)-1].val.Value != "docker" {
			dest := c.Args[ops[len(ops)-1]]
			p.moveImageFile(c, dest, func(_, text string) syntax.Edit { return Replace(c, dest, text) })
		}
	}
}

// localTransport returns the transport prefix of a skopeo image name
// that is a path here, or "".
func localTransport(v string) string {
	for _, t := range skopeoLocal {
		if strings.HasPrefix(v, t) {
			return t
		}
	}
	return ""
}

// imageExport judges crane pull IMAGE... PATH, crane export IMAGE [FILE]
// and regctl image export IMAGE [FILE]: FILE - or none is stdout.
func (p *Pass) imageExport(c *syntax.Call) {
	spec := optSpec{shortVal: "c", longEq: true, longVal: longOpts("platform", "format", "cache_path", "annotate-ref",
		"name", "layer-compress", "host", "user-agent", "logopt", "verbosity", "config")}
	args := c.Args
	_, ops := scan(args, spec)
	if c.Name == "regctl" {
		if len(ops) < 2 || args[ops[0]].Value != "image" || args[ops[1]].Value != "export" {
			return
		}
		ops = ops[2:]
	} else {
		if len(ops) == 0 || args[ops[0]].Value != "pull" && args[ops[0]].Value != "export" {
			return
		}
		if args[ops[0]].Value == "pull" {
			if len(ops) < 3 {
				return
			}
			dest := args[ops[len(ops)-1]]
			p.moveImageFile(c, dest, func(_, text string) syntax.Edit { return Replace(c, dest, text) })
			return
		}
		ops = ops[1:]
		if len(ops) > 0 && args[ops[0]].Value == "-" {
			return // crane export - FILE: the image tarball on stdin, not a registry's
		}
	}
	switch len(ops) {
	case 1:
		p.followStdout(c, "image-save", "image export")
	case 2:
		dest := args[ops[1]]
		p.moveImageFile(c, dest, func(_, text string) syntax.Edit { return Replace(c, dest, text) })
	}
}

// orasSpec are oras pull's options that take a value.
var orasSpec = optSpec{shortVal: "oup", longEq: true, longVal: longOpts("output", "username", "password", "config", "platform",
	"concurrency", "registry-config", "format", "template", "ca-file", "cert-file", "key-file", "resolve", "header",
	"distribution-spec", "oci-layout-path")}

// orasPull judges oras pull REF, which saves the artifact's files into
// -o DIR or the working directory.
func (p *Pass) orasPull(c *syntax.Call) {
	opts, ops := scan(c.Args, orasSpec)
	if len(ops) < 2 || c.Args[ops[0]].Value != "pull" {
		return
	}
	if outs := find(opts, "o", "output"); len(outs) > 0 {
		o := outs[len(outs)-1]
		if p.InSandbox(c.Dir, o.val) {
			return
		}
		dest, text := p.sandboxed(o.val, "oras")
		if o.val.Static && path.Clean(o.val.Value) == "." {
			dest, text = p.Config.Sandbox, syntax.Quote(p.Config.Sandbox)
		}
		p.acquire(c, "image-save", "image export", "oras pull saves the artifact's files into "+o.val.Value+", outside the sandbox", dest,
			[]syntax.Edit{setValue(c, o, text)}, relocate(c, c.Dir, o.val.Value, dest))
		return
	}
	if p.DirInSandbox(c.Dir) {
		return
	}
	p.acquire(c, "image-save", "image export", "oras pull saves the artifact's files into the working directory", p.Config.Sandbox,
		[]syntax.Edit{Insert(c, c.Args[ops[0]].End, " -o "+syntax.Quote(p.Config.Sandbox))}, nil)
}
