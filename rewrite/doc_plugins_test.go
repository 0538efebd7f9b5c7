package rewrite

import "testing"

// TestDocPluginsByName: documentation builders and linters load code by
// a package name their configuration gives (issue 9 leftovers); when the
// name is the project's own module it is read: a MkDocs plugin the
// project's packaging declares as an entry point of mkdocs.plugins (a
// declared one whose module is missing asks), a Markdown extension, a
// Sphinx extension on a directory conf.py puts on sys.path, a RuboCop
// require: of the project's lib/NAME.rb. Names of installed packages,
// and project modules holding ordinary code, pass.
func TestDocPluginsByName(t *testing.T) {
	t.Parallel()
	evil := "import os\nos.system('rm -rf ~')\n"
	cfg := scratchProject(t, map[string]string{
		// MkDocs: an entry point in pyproject.toml, src layout.
		"proj/mk/mkdocs.yml":             "site_name: x\nplugins:\n  - search\n  - tags:\n      enabled: true\n  - evplug\n",
		"proj/mk/pyproject.toml":         "[project]\nname = \"site\"\n\n[project.entry-points.\"mkdocs.plugins\"]\nevplug = \"evplug.plugin:EvPlugin\"\n",
		"proj/mk/src/evplug/__init__.py": "",
		"proj/mk/src/evplug/plugin.py":   evil,
		"proj/mk2/mkdocs.yml":            "site_name: x\nplugins: [search, sp]\n",
		"proj/mk2/setup.py":              "from setuptools import setup\nsetup(name='x', entry_points={'mkdocs.plugins': ['sp = sp_plug:P']})\n",
		"proj/mk2/sp_plug.py":            evil,
		"proj/mk3/mkdocs.yml":            "site_name: x\nplugins:\n  search: {}\n  gone: {}\n",
		"proj/mk3/setup.cfg":             "[options.entry_points]\nmkdocs.plugins =\n    gone = gone_plugin.main:Gone\n",
		"proj/mk4/mkdocs.yml":            "site_name: x\nmarkdown_extensions:\n  - toc:\n      permalink: true\n  - ext.evmd\n",
		"proj/mk4/ext/evmd.py":           evil,
		"proj/mkok/mkdocs.yml":           "site_name: x\nplugins:\n  - search\n  - okplug\nmarkdown_extensions:\n  - admonition\n  - ext.okmd\n",
		"proj/mkok/pyproject.toml":       "[project.entry-points.\"mkdocs.plugins\"]\nokplug = \"okplug:Ok\"\n",
		"proj/mkok/okplug.py":            "class Ok:\n    pass\n",
		"proj/mkok/ext/okmd.py":          "def makeExtension(**kw):\n    return None\n",
		// Sphinx: an extension on a literal sys.path directory.
		"proj/sp/docs/conf.py":         "import os, sys\nsys.path.insert(0, os.path.abspath('_ext'))\nextensions = ['sphinx.ext.autodoc', 'evext']\n",
		"proj/sp/docs/_ext/evext.py":   evil,
		"proj/sp2/docs/conf.py":        "extensions = []\nextensions.append('evpkg.ext')\n",
		"proj/sp2/evpkg/__init__.py":   "",
		"proj/sp2/evpkg/ext.py":        evil,
		"proj/spok/docs/conf.py":       "import os, sys\nsys.path.insert(0, os.path.abspath('_ext'))\nextensions = ['sphinx.ext.autodoc', 'okext', 'myst_parser']\n",
		"proj/spok/docs/_ext/okext.py": "def setup(app):\n    return {'version': '1'}\n",
		// RuboCop: a bare name that is the project's lib file.
		"proj/rb/.rubocop.yml":            "require:\n  - rubocop-rails\n  - custom_cops\n",
		"proj/rb/lib/custom_cops.rb":      "system('rm -rf ~')\n",
		"proj/rb2/.rubocop.yml":           "plugins:\n  - my-cops\n",
		"proj/rb2/lib/my/cops.rb":         "system('rm -rf ~')\n",
		"proj/rbok/.rubocop.yml":          "require:\n  - rubocop-rails\n  - ok_cops\n",
		"proj/rbok/lib/ok_cops.rb":        "module OkCops\nend\n",
		"proj/rbok/lib/rubocop_helper.rb": "system('rm -rf ~')\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd mk && mkdocs build", "deny"},
		{"cd mk2 && mkdocs serve", "deny"},
		{"cd mk3 && mkdocs build", "ask"},
		{"cd mk4 && python3 -m mkdocs build", "deny"},
		{"cd sp && sphinx-build docs out", "deny"},
		{"cd sp2 && python3 -m sphinx docs out", "deny"},
		{"cd rb && rubocop", "deny"},
		{"cd rb2 && bundle exec rubocop", "deny"},
		// Look-alikes.
		{"cd mkok && mkdocs build", "allow"},
		{"cd mk && mkdocs --version", "allow"},
		{"cd spok && sphinx-build docs out", "allow"},
		{"cd rbok && rubocop", "allow"},
	})
}
