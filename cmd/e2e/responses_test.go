package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// readBody reads a request body whole (bounded: the stand-ins only ever
// get the CLIs' own requests).
func readBody(r *http.Request) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r.Body, 64<<20))
}

// responsesRequest is the part of an OpenAI Responses API request the
// stand-in reads.
type responsesRequest struct {
	Model  string `json:"model"`
	Stream bool   `json:"stream"`
	Tools  []struct {
		Type string `json:"type"`
		Name string `json:"name"`
		// Tools are a namespace's (Codex offers an MCP server's tools
		// as the namespace mcp__SERVER).
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	} `json:"tools"`
	Input []struct {
		Type    string          `json:"type"`
		Role    string          `json:"role"`
		CallID  string          `json:"call_id"`
		Output  json.RawMessage `json:"output"`
		Content json.RawMessage `json:"content"`
	} `json:"input"`
}

// newResponsesStandIn serves the OpenAI Responses API (POST /v1/responses,
// server-sent events) over the script, for Codex CLI: a scripted step is a
// function_call item whose arguments are the step's input, the end is an
// assistant message with finalText. Tool results arrive as
// function_call_output items.
func newResponsesStandIn(t *testing.T, s *script) string {
	srv := s.serve(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/responses" {
			s.note(r.Method+" "+r.URL.Path, true)
			w.Header().Set("Content-Type", "application/json")
			if r.URL.Path == "/v1/models" {
				fmt.Fprint(w, `{"object": "list", "data": []}`)
				return
			}
			http.Error(w, `{"error": {"message": "not served by the stand-in"}}`, http.StatusNotFound)
			return
		}
		var req responsesRequest
		if err := json.Unmarshal(body, &req); err != nil {
			s.note("POST /v1/responses (unreadable body)", true)
			http.Error(w, `{"error": {"message": "bad json"}}`, http.StatusBadRequest)
			return
		}
		var tools []string
		for _, tl := range req.Tools {
			tools = append(tools, tl.Name)
			for _, sub := range tl.Tools {
				tools = append(tools, tl.Name+"__"+sub.Name)
			}
		}
		s.note(fmt.Sprintf("POST /v1/responses stream=%v tools=%d input=%d", req.Stream, len(tools), len(req.Input)), false)
		var results []toolResult
		var told []string
		for _, it := range req.Input {
			switch {
			case it.Type == "function_call_output" || it.Type == "custom_tool_call_output":
				text := outputText(it.Output)
				results = append(results, toolResult{ID: it.CallID, Content: text})
				told = append(told, text)
			case it.Type == "message" && len(results) > 0 && it.Role != "assistant":
				told = append(told, outputText(it.Content))
			}
		}
		var st *step
		var i int
		if s.isMain(tools) {
			st, i = s.turn(results, told)
		}
		item := map[string]any{"type": "message", "role": "assistant", "id": "msg_e2e", "status": "completed",
			"content": []any{map[string]any{"type": "output_text", "text": finalText, "annotations": []any{}}}}
		if st != nil {
			args, _ := json.Marshal(st.Input)
			item = map[string]any{"type": "function_call", "id": fmt.Sprintf("fc_e2e_%d", i+1), "call_id": callID(i),
				"name": st.Tool, "arguments": string(args), "status": "completed"}
			// A tool of an MCP server is called by its own name in the
			// server's namespace.
			if ns, name, ok := strings.Cut(strings.TrimPrefix(st.Tool, "mcp__"), "__"); ok && strings.HasPrefix(st.Tool, "mcp__") {
				item["namespace"], item["name"] = "mcp__"+ns, name
			}
		}
		w.Header().Set("Content-Type", "text/event-stream")
		send := func(event string, data map[string]any) {
			data["type"] = event
			b, _ := json.Marshal(data)
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b)
		}
		id := fmt.Sprintf("resp_e2e_%d", len(results))
		send("response.created", map[string]any{"response": map[string]any{"id": id, "object": "response", "status": "in_progress", "output": []any{}}})
		send("response.output_item.added", map[string]any{"output_index": 0, "item": item})
		send("response.output_item.done", map[string]any{"output_index": 0, "item": item})
		send("response.completed", map[string]any{"response": map[string]any{"id": id, "object": "response", "status": "completed",
			"output": []any{item}, "usage": map[string]any{"input_tokens": 100, "input_tokens_details": map[string]any{"cached_tokens": 0},
				"output_tokens": 20, "output_tokens_details": map[string]any{"reasoning_tokens": 0}, "total_tokens": 120}}})
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	})
	return srv.URL + "/v1"
}

// outputText flattens a Responses API output or content value (a string,
// or a list of parts with text) into text.
func outputText(raw json.RawMessage) string {
	var text string
	if json.Unmarshal(raw, &text) == nil {
		return text
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) == nil {
		var out string
		for _, p := range parts {
			if p.Text != "" {
				if out != "" {
					out += "\n"
				}
				out += p.Text
			}
		}
		return out
	}
	return string(raw)
}
