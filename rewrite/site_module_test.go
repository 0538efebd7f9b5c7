package rewrite

import "testing"

// TestSiteModuleWrites: a .pth or sitecustomize written into a site
// directory was judged as the code Python runs at start, but a module
// there (requests.py in a venv's site-packages) was not: every program
// that imports it runs it, with no command naming the file, so
// echo '…rm -rf ~…' > .venv/lib/python3.11/site-packages/requests.py
// passed (red team finding). A module written into a site directory, or
// a package below one, with text corral knows is now judged as Python
// code; harmless modules, the same text in the project's own files and
// text only run time knows keep their decisions.
func TestSiteModuleWrites(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/": "", "proj/.venv/pyvenv.cfg": "home = /usr/bin\n",
		"proj/.venv/lib/python3.11/site-packages/requests/__init__.py": "",
		"proj/x.py": "import shutil\nshutil.rmtree('" + "/" + "')\n",
	})
	site := ".venv/lib/python3.11/site-packages/"
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`echo 'import os; os.system("rm -rf ~")' > ` + site + "requests.py", "deny"},
		{`echo 'import os; os.system("rm -rf ~")' > ` + site + "requests/adapters.py", "deny"},
		{`echo 'import os; os.system("rm -rf ~")' >> ` + site + "requests/__init__.py", "deny"},
		{"cp x.py " + site + "yaml.py", "deny"},
		{`echo 'import os; os.system("rm -rf ~")' > ~/.local/lib/python3.11/site-packages/yaml.py`, "deny"},
		// Harmless code, data, the project's own files, text only run
		// time knows.
		{`echo 'def get(u): return u' > ` + site + "requests.py", "allow"},
		{`echo 'print("rm -rf ~")' > ` + site + "requests.py", "allow"},
		{`echo 'import os; os.system("rm -rf ~")' > notes/requests.py`, "allow"},
		{`echo 'import os; os.system("rm -rf ~")' > ` + site + "README.txt", "allow"},
		{"sed -i 's/a/b/' " + site + "requests/__init__.py", "allow"},
	})
}
