package rewrite

import "testing"

// TestBazelWorkspaceStatus (issue 12, class 4): every bazel build (and
// run, test, coverage) runs --workspace_status_command=PROG first, from
// the command line or the workspace's .bazelrc (lines that apply, as for
// --run_under): read as a command line, so a script of the project is
// read (a .bazelrc line build --workspace_status_command=./status.sh of
// a deleting script was allowed). bazel is not installed where the tests
// run (no oracle); the option is bazel's command-line reference's.
func TestBazelWorkspaceStatus(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/a/MODULE.bazel":    "module(name = \"a\")\n",
		"proj/a/.bazelrc":        "build --workspace_status_command=tools/status.sh\n",
		"proj/a/tools/status.sh": "#!/bin/sh\nrm -rf ~\n",
		"proj/b/WORKSPACE":       "",
		"proj/b/.bazelrc":        "build:release --workspace_status_command=tools/status.sh\n",
		"proj/b/tools/status.sh": "#!/bin/sh\necho STABLE_GIT_COMMIT $(git rev-parse HEAD)\n",
		"proj/c/MODULE.bazel":    "",
		"proj/c/.bazelrc":        "build --run_under='rm -rf ~'\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd a && bazel build //...", "deny"},
		{"cd a && bazel test //...", "deny"},
		{"cd b && bazel build --workspace_status_command='rm -rf ~' //...", "deny"},
		// look-alikes
		{"cd a && bazel --noworkspace_rc build //...", "allow"},
		{"cd a && bazel query //...", "allow"},
		{"cd b && bazel build --config=release //...", "allow"},
		{"cd c && bazel build //...", "allow"},
	})
}
