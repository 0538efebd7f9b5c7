package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// remoteNameWrites lists the files that curl -O (--remote-name,
// --remote-name-all) and wget without -O write under a name they take
// from the URL: its last path segment (wget: index.html when there is
// none), in curl's --output-dir or wget's -P directory, else the working
// directory. They are judged as every other write, a symbolic link there
// followed: red team 14 SL1 planted ln -s ~/.bashrc agent_sandbox/evil.sh,
// and curl -O URL/evil.sh, rewritten to write into the sandbox, then wrote
// ~/.bashrc. A name the server chooses (curl -J, wget
// --content-disposition) and wget's recursive or mirroring runs (a tree of
// names) are not listed.
func remoteNameWrites(c *syntax.Call) []target {
	var out []target
	add := func(u syntax.Arg, dir *syntax.Arg, fallback string) {
		if !u.Static || !strings.Contains(u.Value, "://") || strings.HasPrefix(strings.ToLower(u.Value), "file:") {
			return
		}
		name := urlName(u.Value)
		if name == "" || name == "." || name == ".." {
			name = fallback
		}
		if name == "" {
			return
		}
		v := name
		if dir != nil {
			if !dir.Static {
				return
			}
			v = path.Join(dir.Value, name)
		}
		out = append(out, target{arg: u, value: v, action: guards.Write})
	}
	last := func(opts []option, names ...string) *syntax.Arg {
		vs := find(opts, names...)
		if len(vs) == 0 {
			return nil
		}
		return &vs[len(vs)-1].val
	}
	switch c.Name {
	case "curl":
		opts, operands := scan(c.Args, specFor("curl"))
		// -o FILE when FILE is in the sandbox, where the download rule
		// leaves it: a link there is followed (inSandbox).
		for _, o := range find(opts, "o", "output") {
			if _, fd := c.Route(o.val.Value); fd {
				// -o /dev/fd/3: the file descriptor 3 refers to, opened
				// again (judge).
				out = append(out, target{arg: o.val, action: guards.Write})
				continue
			}
			if o.val.Static && o.val.Value != "-" && !strings.HasPrefix(o.val.Value, "/dev/") && !strings.Contains(o.val.Value, "#") {
				out = append(out, target{arg: o.val, action: guards.Write, inSandbox: true})
			}
		}
		if !has(opts, "O", "remote-name", "remote-name-all") || has(opts, "J", "remote-header-name") {
			return out
		}
		dir := last(opts, "output-dir")
		for u := range curlURLs(c, opts, operands) {
			add(u, dir, "")
		}
	case "wget":
		opts, operands := scan(c.Args, specFor("wget"))
		if has(opts, "O", "output-document", "r", "recursive", "m", "mirror", "p", "page-requisites", "x", "force-directories", "content-disposition", "i", "input-file", "spider") {
			return nil
		}
		dir := last(opts, "P", "directory-prefix")
		for _, i := range operands {
			add(c.Args[i], dir, "index.html")
		}
	}
	return out
}
