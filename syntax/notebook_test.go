package syntax

import (
	"testing"
)

// TestNotebooksExecuted: jupyter nbconvert --execute, jupyter execute and
// papermill run a notebook's code cells, IPython syntax included (!cmd,
// %%bash cells, %run FILE). Look-alikes: a conversion that does not
// execute, a markdown cell, a cell that only prints.
func TestNotebooksExecuted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"py.ipynb":   `{"cells": [{"cell_type": "code", "source": ["import shutil\n", "shutil.rmtree('/victim')\n"]}]}`,
		"bang.ipynb": `{"cells": [{"cell_type": "code", "source": "x = 1\n!rm -rf /victim\n"}]}`,
		"cell.ipynb": `{"cells": [{"cell_type": "code", "source": ["%%bash\n", "rm -rf /victim\n"]}]}`,
		"run.ipynb":  `{"cells": [{"cell_type": "code", "source": ["%run helper.py\n"]}]}`,
		"helper.py":  "import os\nos.system('rm -rf /victim')\n",
		"ok.ipynb":   `{"cells": [{"cell_type": "markdown", "source": ["!rm -rf /victim"]}, {"cell_type": "code", "source": ["print('rm -rf /victim')\n", "%matplotlib inline\n"]}]}`,
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`jupyter nbconvert --to notebook --execute py.ipynb`, true},
		{`jupyter execute bang.ipynb`, true},
		{`papermill cell.ipynb out.ipynb`, true},
		{`jupyter nbconvert --execute --to html run.ipynb`, true},
		// Look-alikes.
		{`jupyter nbconvert --to html py.ipynb`, false},
		{`jupyter execute ok.ipynb`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}
