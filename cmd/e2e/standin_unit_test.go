package e2e

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// post sends body to the stand-in and returns the response.
func post(t *testing.T, api *standIn, path, body string) *http.Response {
	t.Helper()
	resp, err := http.Post(api.URL()+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// TestStandIn drives the Messages API stand-in without the CLI: the
// scripted tool call as one JSON message, the final text as server-sent
// events, and the recording of results, hook context and other endpoints.
func TestStandIn(t *testing.T) {
	api := newStandIn(t, step{"Bash", map[string]any{"command": "ls -la", "description": "List"}})

	// A side request that offers no tools gets text, not the script.
	resp := post(t, api, "/v1/messages", `{"model":"m","messages":[{"role":"user","content":"title?"}]}`)
	var side struct {
		StopReason string `json:"stop_reason"`
		Content    []struct {
			Type string `json:"type"`
		} `json:"content"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&side); err != nil || side.StopReason != "end_turn" || len(side.Content) != 1 || side.Content[0].Type != "text" {
		t.Fatalf("side request: %+v %v", side, err)
	}

	// The first turn of the main conversation gets the tool call.
	resp = post(t, api, "/v1/messages", `{"model":"m","tools":[{"name":"Read"},{"name":"Bash"}],
		"messages":[{"role":"user","content":[{"type":"text","text":"Please do the task."}]}]}`)
	var first struct {
		StopReason string `json:"stop_reason"`
		Content    []struct {
			Type  string         `json:"type"`
			ID    string         `json:"id"`
			Name  string         `json:"name"`
			Input map[string]any `json:"input"`
		} `json:"content"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&first); err != nil {
		t.Fatal(err)
	}
	if first.StopReason != "tool_use" || len(first.Content) != 1 || first.Content[0].ID != "toolu_e2e_1" ||
		first.Content[0].Name != "Bash" || first.Content[0].Input["command"] != "ls -la" {
		t.Fatalf("first turn: %+v", first)
	}

	// After the result, streamed: the final text, event by event.
	resp = post(t, api, "/v1/messages", `{"model":"m","stream":true,"tools":[{"name":"Bash"}],"messages":[
		{"role":"user","content":[{"type":"text","text":"Please do the task."}]},
		{"role":"assistant","content":[{"type":"tool_use","id":"toolu_e2e_1","name":"Bash","input":{"command":"ls -la"}}]},
		{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_e2e_1","is_error":true,"content":[{"type":"text","text":"hook error: no"}]}]},
		{"role":"system","content":[{"type":"text","text":"PreToolUse:Bash hook additional context: see /sandbox"}]}]}`)
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("content type %q", ct)
	}
	var events []string
	var text strings.Builder
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if name, ok := strings.CutPrefix(line, "event: "); ok {
			events = append(events, name)
		}
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			var ev struct {
				Delta struct {
					Text string `json:"text"`
				} `json:"delta"`
			}
			if err := json.Unmarshal([]byte(data), &ev); err != nil {
				t.Fatalf("data %q: %v", data, err)
			}
			text.WriteString(ev.Delta.Text)
		}
	}
	want := []string{"message_start", "ping", "content_block_start", "content_block_delta", "content_block_stop", "message_delta", "message_stop"}
	if diff := cmp.Diff(want, events); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	if text.String() != finalText {
		t.Errorf("streamed text %q, want %q", text.String(), finalText)
	}

	if diff := cmp.Diff([]toolResult{{ID: "toolu_e2e_1", Content: "hook error: no", IsError: true}}, api.toolResults()); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	if told := api.toldAfterTool(); !strings.Contains(told, "hook error: no") || !strings.Contains(told, "additional context: see /sandbox") {
		t.Errorf("told: %q", told)
	}
	if !api.sentAny("Please do the task.") || api.sentAny("never sent") {
		t.Error("sentAny does not search the bodies")
	}

	// Other endpoints are answered harmlessly and noted.
	if resp := post(t, api, "/v1/messages/count_tokens", `{}`); resp.StatusCode != http.StatusOK {
		t.Errorf("count_tokens: %s", resp.Status)
	}
	resp, err := http.Get(api.URL() + "/api/hello")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("unknown endpoint: %s", resp.Status)
	}
	if _, unknown := api.requests(); !cmp.Equal(unknown, []string{"GET /api/hello"}) {
		t.Errorf("unknown endpoints: %q", unknown)
	}
}

// TestStandInStreamsToolInput checks that a streamed tool call carries its
// whole input, split over input_json_delta events.
func TestStandInStreamsToolInput(t *testing.T) {
	input := map[string]any{"file_path": "/p/.env", "content": "A=1\n"}
	api := newStandIn(t, step{"Write", input})
	resp := post(t, api, "/v1/messages", `{"stream":true,"tools":[{"name":"Write"}],"messages":[{"role":"user","content":"go"}]}`)
	var partial strings.Builder
	var stop string
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var ev struct {
			Type  string `json:"type"`
			Delta struct {
				Type        string `json:"type"`
				PartialJSON string `json:"partial_json"`
				StopReason  string `json:"stop_reason"`
			} `json:"delta"`
		}
		if err := json.Unmarshal([]byte(data), &ev); err != nil {
			t.Fatal(err)
		}
		if ev.Delta.Type == "input_json_delta" {
			partial.WriteString(ev.Delta.PartialJSON)
		}
		if ev.Type == "message_delta" {
			stop = ev.Delta.StopReason
		}
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(partial.String()), &got); err != nil {
		t.Fatalf("streamed input %q: %v", partial.String(), err)
	}
	if diff := cmp.Diff(input, got); diff != "" || stop != "tool_use" {
		t.Errorf("stop %q, input (-want +got):\n%s", stop, diff)
	}
}
