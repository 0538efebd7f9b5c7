package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// checkPipUser judges pip install --user of a local artifact by what it
// leaves in the user site: a wheel on disk is listed (unzip -Z1, as an
// extraction is) and asks when it installs a .pth file, sitecustomize or
// usercustomize there (Python's site module runs them at every later
// start, also outside the agent); a directory, an sdist or an editable
// install is built by its own code when pip runs, so what it installs
// is not known now: it asks as well.
func (p *Pass) checkPipUser(c *syntax.Call) {
	args := c.Args
	if n := compilerName(c.Name); n != "pip" && n != "pip3" {
		m, margs := pythonModule(c)
		if m != "pip" {
			return
		}
		args = margs // python3 -m pip install --user …
	}
	local, base, ok := pipUserLocal(c, args)
	if !ok || !local.Static {
		return
	}
	v := strings.TrimPrefix(strings.TrimPrefix(local.Value, "file://"), "file:")
	if _, ref, ok := strings.Cut(v, "@"); ok {
		v = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(ref), "file://"), "file:")
	}
	where := "the user site (" + base + ")"
	if strings.HasSuffix(strings.ToLower(v), ".whl") {
		if f := c.Dir.Join(v); f.Known {
			if names, err := archiveMembers(f.Path, true); err == nil {
				for _, n := range names {
					if sitePthMember(n) {
						p.Report(c, Finding{Rule: "bash-write", Decision: Ask,
							Message: c.Name + " install --user puts " + n + " from " + local.Value + " into " + where +
								", which every later python runs at start-up, also outside the agent"})
						return
					}
				}
				return
			}
		}
	}
	p.Report(c, Finding{Rule: "bash-write", Decision: Ask,
		Message: c.Name + " install --user installs " + local.Value + " into " + where +
			", whose .pth files every later python runs at start-up; what it installs is only known when it is built"})
}

// sitePthMember reports a wheel member installed into site-packages that
// Python runs at start-up: a .pth file, sitecustomize or usercustomize,
// at the wheel's root or under NAME.data/purelib or platlib.
func sitePthMember(n string) bool {
	n = strings.TrimPrefix(n, "./")
	parts := strings.Split(n, "/")
	if len(parts) >= 3 && strings.HasSuffix(parts[0], ".data") && (parts[1] == "purelib" || parts[1] == "platlib") {
		parts = parts[2:]
	}
	first := parts[0]
	base := path.Base(n)
	return len(parts) == 1 && strings.HasSuffix(base, ".pth") ||
		first == "sitecustomize.py" || first == "usercustomize.py" || first == "sitecustomize" || first == "usercustomize"
}
