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
