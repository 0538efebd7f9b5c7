package rewrite

import "testing"

// TestRebar3Config (issue 12, class 4): rebar3 runs rebar.config's
// pre_hooks and post_hooks commands with the shell and evaluates
// rebar.config.script as Erlang; each is judged as if typed (a
// {pre_hooks, [{compile, "rm -rf ~"}]} was allowed). A hook in a
// comment, make hooks and rebar3 version pass. rebar3 is not installed
// where the tests run (no oracle); the keys are rebar3's documentation's.
func TestRebar3Config(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/rebar.config":            "{erl_opts, [debug_info]}.\n{pre_hooks, [{compile, \"rm -rf ~\"}]}.\n",
		"proj/post/rebar.config":       "{post_hooks, [{\"linux\", compile, \"cat ~/.ssh/id_rsa\"}]}.\n",
		"proj/scr/rebar.config.script": "CONFIG1 = CONFIG,\nos:cmd(\"rm -rf ~\"),\nCONFIG1.\n",
		"proj/ok/rebar.config":         "{erl_opts, [debug_info]}.\n% {pre_hooks, [{compile, \"rm -rf ~\"}]}.\n{pre_hooks, [{\"(linux|darwin)\", compile, \"make -C c_src\"}]}.\n{post_hooks, [{clean, \"make -C c_src clean\"}]}.\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"rebar3 compile", "deny"},
		{"cd post && rebar3 compile", "deny"},
		{"cd scr && rebar3 eunit", "deny"},
		// look-alikes
		{"cd ok && rebar3 compile", "allow"},
		{"rebar3 version", "allow"},
	})
}
