package agent

import (
	"encoding/json"
	"reflect"
	"testing"
)

// claudeFastCases are inputs where decodeClaudeFast could differ from
// json.Unmarshal: folded and escaped names, repeated members, null,
// wrong types, nested mcp_context, invalid UTF-8, strings holding
// brackets and quotes.
var claudeFastCases = []string{
	`{"session_id":"s","cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls -la"},"tool_use_id":"t"}`,
	` {"TOOL_NAME":"Bash","Tool_Input":{"command":"x"}} `,
	`{"tool_name":"Bash","TOOL_NAME":"Write"}`,
	`{"TOOL_NAME":"Write","tool_name":"Bash"}`,
	`{"hoo\u212a_event_name":"PreToolUse","\u017fession_id":"x"}`,
	`{"tool\u005fname":"Bash","tool_input":null,"arguments":{"command":"rm -rf /"}}`,
	`{"tool_input":{"command":"a"},"tool_input":null}`,
	`{"tool_input":{"command":"a"},"tool_input":"text"}`,
	`{"tool_input":[1,{"a":"}"}],"arguments":-1.5e3}`,
	`{"cwd":"a","cwd":null}`,
	`{"cwd":5}`,
	`{"cwd":true,"tool_name":"Bash"}`,
	`{"cwd":{"x":1}}`,
	`{"mcp_context":{"server_name":"s"},"mcp_context":{"tool_name":"t"}}`,
	`{"mcp_context":{"server_name":"s"},"mcp_context":null}`,
	`{"mcp_context":[]}`,
	`{"mcp_context":"x"}`,
	`{"mcp_context":{"server_name":1}}`,
	`{"mcp_context":{"Server_Name":"a","TOOL_NAME":"b","other":{"server_name":"c"}}}`,
	"{\"tool_name\":\"B\xffash\",\"cwd\":\"\\ud800\"}",
	"{\"tool_n\xffame\":\"x\"}",
	`{"tool_name":"a\"b\\","cwd":"\u00e9\n","description":"{[\"]}"}`,
	`{"sessionId":"old","sessionid":"o2","session_id":"new"}`,
	`{"tool":"Bash","arguments":{"command":"ls"},"agent_id":"a","agent_type":"t","AGENT_TYPE":null}`,
	`{}`,
	"{\n\t\"tool_name\" : \"Bash\" ,\r\n \"tool_input\" : { \"command\" : \"ls\" } }",
}

func checkClaudeFast(t *testing.T, data []byte) {
	valid, err := objectValid(data)
	if err != nil || !valid {
		return
	}
	var fast, slow claudeShape
	ok := decodeClaudeFast(data, &fast)
	slowErr := json.Unmarshal(data, &slow)
	if slowErr != nil {
		if ok {
			t.Errorf("%q: fast decoding accepted what json.Unmarshal refuses (%v)", data, slowErr)
		}
		return
	}
	if !ok {
		t.Errorf("%q: fast decoding gave up on what json.Unmarshal accepts", data)
		return
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Errorf("%q:\nfast %+v\nslow %+v", data, fast, slow)
	}
}

// TestClaudeFastMatchesUnmarshal: decodeClaudeFast gives what
// json.Unmarshal gives, and gives up exactly where it reports an error.
func TestClaudeFastMatchesUnmarshal(t *testing.T) {
	for _, c := range claudeFastCases {
		checkClaudeFast(t, []byte(c))
	}
	// The type errors are cases of the comparison, not skipped.
	var in claudeShape
	if decodeClaudeFast([]byte(`{"cwd":5}`), &in) {
		t.Error(`{"cwd":5} decoded`)
	}
}

func FuzzClaudeFast(f *testing.F) {
	for _, c := range claudeFastCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkClaudeFast(t, data) })
}
