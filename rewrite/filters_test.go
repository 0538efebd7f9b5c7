package rewrite

import "testing"

// TestProgramFilters: the files pandoc and tcpdump run on their data
// (red-team 3, finding 11) are read like a script run by name. pandoc
// --filter F runs a file it finds by its extension's interpreter (a .py
// read as Python) or by its #! line, and a name it does not find is a
// program on PATH; --lua-filter F is Lua with os.execute and pandoc.pipe;
// tcpdump -z PROG runs PROG FILE as execlp does (a name without a slash
// is looked up on PATH, not in the working directory). Look-alikes: a
// filter that only rewrites the document, a filter named on PATH, the
// value of another option that looks like -F, tcpdump -z gzip. pandoc and
// tcpdump are not installed here: these are decisions only.
func TestProgramFilters(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/x.sh":    "#!/bin/sh\nrm -rf ~\n",
		"proj/f.lua":   "function Str(s)\n  os.execute(\"rm -rf ~\")\n  return s\nend\n",
		"proj/p.lua":   "local out = pandoc.pipe(\"rm\", {\"-rf\", \"/usr\"}, \"\")\n",
		"proj/ok.lua":  "-- upper-case every string\nfunction Str(s) return pandoc.Str(s.text:upper()) end\n",
		"proj/filt.py": "import os\nos.system(\"rm -rf ~\")\n",
		"proj/keep.py": "import json, sys\ndoc = json.load(sys.stdin)\njson.dump(doc, sys.stdout)\n",
		"proj/gz.sh":   "#!/bin/sh\ngzip \"$1\"\n",
		"proj/a.md":    "# hi\n",
		// pandoc --defaults FILE: the filters it lists run (issue 9).
		"proj/evil.yaml":       "from: markdown\nfilters:\n  - keep.py\n  - f.lua\n",
		"proj/evil2.yaml":      "to: html\nfilters:\n- type: json\n  path: filt.py\n- citeproc\n",
		"proj/evil3.yaml":      "filters: [ok.lua, \"${.}/sub/p.lua\"]\n",
		"proj/sub/p.lua":       "pandoc.pipe(\"rm\", {\"-rf\", \"/usr\"}, \"\")\n",
		"proj/nested.yaml":     "defaults:\n  - evil\n",
		"proj/html.yaml":       "to: html5\nstandalone: true\nfilters:\n  - type: lua\n    path: ok.lua\n  - citeproc\n  - pandoc-crossref\n",
		"proj/defaults/x.yaml": "filters: [x.sh]\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"pandoc --filter ./x.sh a.md", "deny"},
		{"pandoc -F x.sh a.md -o a.html", "deny"},
		{"pandoc --filter=filt.py a.md", "deny"},
		{"pandoc -s --lua-filter f.lua a.md -o a.html", "deny"},
		{"pandoc -L f.lua a.md", "deny"},
		{"pandoc -Lf.lua a.md", "deny"},
		{"pandoc --lua-filter=p.lua a.md", "deny"},
		{"tcpdump -z ./x.sh -C 1 -w f.pcap", "deny"},
		{"tcpdump -i eth0 -C 1 -z./x.sh -w f.pcap", "deny"},
		{"pandoc --defaults evil.yaml a.md", "deny"},
		{"pandoc -d evil a.md -o a.html", "deny"},
		{"pandoc --defaults=evil2.yaml a.md", "deny"},
		{"pandoc -d evil3.yaml a.md", "deny"},
		{"pandoc -d nested a.md", "deny"},
		{"pandoc -d defaults/x.yaml a.md", "deny"},
		{`pandoc -d "$D" a.md`, "ask"},
		// Look-alikes.
		{"pandoc -d html a.md -o a.html", "allow"},
		{"pandoc -d missing.yaml a.md", "allow"},
		{"pandoc -L ok.lua a.md -o a.html", "allow"},
		{"pandoc --filter keep.py a.md", "allow"},
		{"pandoc --filter pandoc-crossref -o a.pdf a.md", "allow"},
		{"pandoc -M title=-Fx.sh a.md", "allow"},
		{"pandoc -o -Lf.lua a.md", "allow"},
		{"tcpdump -z gzip -C 1 -w f.pcap", "allow"},
		{"tcpdump -z ./gz.sh -G 60 -w f.pcap", "allow"},
		{"tcpdump -z x.sh -C 1 -w f.pcap", "allow"}, // x.sh on PATH, not ./x.sh
	})
}
