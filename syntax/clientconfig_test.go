package syntax

import (
	"reflect"
	"strings"
	"testing"
)

// TestKubeExecPlugins reads the exec plugins of kubeconfigs as kubectl
// writes them (block style, args before or after command), JSON, and
// odd text, bounded, without failing.
func TestKubeExecPlugins(t *testing.T) {
	t.Parallel()
	many := [][]string{}
	for i := 0; i < 64; i++ {
		many = append(many, []string{"a"})
	}
	tests := []struct {
		text   string
		want   [][]string
		unread bool
	}{
		{"users:\n- name: u\n  user:\n    exec:\n      args:\n      - -c\n      - touch x\n      command: sh\n      env: null\n", [][]string{{"sh", "-c", "touch x"}}, false},
		{"users:\n- name: u\n  user:\n    exec:\n      command: aws\n      args: [eks, get-token]\n- name: v\n  user:\n    exec:\n      command: \"kubelogin\"\n",
			[][]string{{"aws", "eks", "get-token"}, {"kubelogin"}}, false},
		{`{"users":[{"user":{"exec":{"command":"sh","args":["-c","x"]}}}]}`, [][]string{{"sh", "-c", "x"}}, false},
		{"users:\n- user:\n    exec: {command: sh}\n", nil, true},
		{"users:\n- user:\n    exec:\n      apiVersion: v1\n", nil, true},
		{"exec:", nil, true},
		{"users:\n- user:\n    token: x\n", nil, false},
		{strings.Repeat("exec:\n  command: a\n", 200), many, false},
	}
	for _, tt := range tests {
		plugins, unread := kubeExecPlugins(tt.text)
		if !reflect.DeepEqual(plugins, tt.want) || unread != tt.unread {
			t.Errorf("%q: %q (unread %v), want %q (unread %v)", tt.text, plugins, unread, tt.want, tt.unread)
		}
	}
}

// TestKubeExecPluginEnv reads exec plugins' env entries in the layouts
// kubectl and people write: a block list at the key's indent or deeper,
// flow items, a flow list, JSON; an entry of another shape is unread.
func TestKubeExecPluginEnv(t *testing.T) {
	t.Parallel()
	head := "users:\n- name: u\n  user:\n    exec:\n      command: a\n"
	tests := []struct {
		text   string
		want   [][2]string
		unread bool
	}{
		{head + "      env:\n      - name: A\n        value: b\n      - name: C\n        value: \"d e\"\n", [][2]string{{"A", "b"}, {"C", "d e"}}, false},
		{head + "      env:\n        - value: b\n          name: A\n      args: [x]\n", [][2]string{{"A", "b"}}, false},
		{head + "      env:\n      - {name: A, value: 'b'}\n", [][2]string{{"A", "b"}}, false},
		{head + "      env: [{name: A, value: b}, {name: C, value: \"x,y\"}]\n", [][2]string{{"A", "b"}, {"C", "x,y"}}, false},
		{head + "      env: [A]\n", nil, true},
		{head + "      env: null\n", nil, false},
		{head + "      env:\n      - other: x\n", [][2]string{{"", ""}}, true},
		{`{"users":[{"user":{"exec":{"command":"a","env":[{"name":"A","value":"b"}]}}}]}`, [][2]string{{"A", "b"}}, false},
	}
	for _, tt := range tests {
		plugins, unread := kubeExecPluginsEnv(tt.text)
		var got [][2]string
		if len(plugins) == 1 {
			got = plugins[0].env
		}
		if len(plugins) != 1 || !reflect.DeepEqual(got, tt.want) || unread != tt.unread {
			t.Errorf("%q: %d plugins, env %q (unread %v), want %q (unread %v)", tt.text, len(plugins), got, unread, tt.want, tt.unread)
		}
	}
}
