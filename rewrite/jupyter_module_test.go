package rewrite

import "testing"

// TestJupyterModuleToken: jupyter lab with an empty token asked, but the
// same server started as a Python module (python -m jupyterlab,
// python3 -m notebook, python -m jupyter_server) passed: the module is
// the jupyter-lab, jupyter-notebook or jupyter-server program, and
// syntax now walks python -m MODULE as that program's command line
// (pyModuleCommands). With the default token, and modules that serve
// something else, they pass as before.
func TestJupyterModuleToken(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"python -m jupyterlab --ServerApp.token=''", "ask"},
		{"python3 -m notebook --NotebookApp.token= --ip=0.0.0.0", "ask"},
		{"python -m jupyter_server --ServerApp.token ''", "ask"},
		{"python -m jupyter lab --IdentityProvider.token=''", "ask"},
		{"python3 -u -m jupyterlab --no-browser --IdentityProvider.token=", "ask"},
		{"python3 -m nbclassic --NotebookApp.token=''", "ask"},
		{"python3 -m jupyter_core notebook --NotebookApp.token=''", "ask"},
		{"nohup python3 -m jupyterlab --ServerApp.token='' --ip=0.0.0.0 &", "ask"},
		{"python3 -m runpy jupyterlab --ServerApp.token=''", "ask"},
		// The default token or a password, and other modules.
		{"python -m jupyterlab", "allow"},
		{"python -m jupyterlab --ServerApp.token=s3cret --no-browser", "allow"},
		{"python3 -m notebook --ip=0.0.0.0", "allow"},
		{"python -m jupyter_server --help", "allow"},
		{"python -m http.server", "allow"},
		{"python3 -m jupyter nbconvert --to html n.ipynb", "allow"},
		{"echo python -m jupyterlab --ServerApp.token=''", "allow"},
	})
}
