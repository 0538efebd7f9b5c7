package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// chatRequest is the part of an OpenAI Chat Completions request the
// stand-in reads.
type chatRequest struct {
	Model  string `json:"model"`
	Stream bool   `json:"stream"`
	Tools  []struct {
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	} `json:"tools"`
	Messages []struct {
		Role       string          `json:"role"`
		ToolCallID string          `json:"tool_call_id"`
		Content    json.RawMessage `json:"content"`
	} `json:"messages"`
}

// newChatStandIn serves the OpenAI Chat Completions API (POST
// /v1/chat/completions) over the script, for Qwen Code and OpenCode: a scripted step is
// an assistant message with one tool call whose arguments are the step's
// input, the end is an assistant message with finalText. Streaming
// requests get server-sent events (the tool call in
// choices[0].delta.tool_calls), others one JSON object. Tool results
// arrive as messages of role tool.
func newChatStandIn(t *testing.T, s *script) string {
	srv := s.serve(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
			s.note(r.Method+" "+r.URL.Path, true)
			w.Header().Set("Content-Type", "application/json")
			if r.URL.Path == "/v1/models" {
				fmt.Fprint(w, `{"object": "list", "data": []}`)
				return
			}
			http.Error(w, `{"error": {"message": "not served by the stand-in"}}`, http.StatusNotFound)
			return
		}
		var req chatRequest
		if err := json.Unmarshal(body, &req); err != nil {
			s.note("POST /v1/chat/completions (unreadable body)", true)
			http.Error(w, `{"error": {"message": "bad json"}}`, http.StatusBadRequest)
			return
		}
		var tools []string
		for _, tl := range req.Tools {
			tools = append(tools, tl.Function.Name)
		}
		s.note(fmt.Sprintf("POST /v1/chat/completions stream=%v tools=%d messages=%d", req.Stream, len(tools), len(req.Messages)), false)
		var results []toolResult
		var told []string
		for _, m := range req.Messages {
			switch {
			case m.Role == "tool":
				text := outputText(m.Content)
				results = append(results, toolResult{ID: m.ToolCallID, Content: text})
				told = append(told, text)
			case len(results) > 0 && m.Role != "assistant":
				told = append(told, outputText(m.Content))
			}
		}
		var st *step
		var i int
		if s.isMain(tools) {
			st, i = s.turn(results, told)
		}
		message := map[string]any{"role": "assistant", "content": finalText}
		finish := "stop"
		var call map[string]any
		if st != nil {
			args, _ := json.Marshal(st.Input)
			call = map[string]any{"index": 0, "id": callID(i), "type": "function",
				"function": map[string]any{"name": st.Tool, "arguments": string(args)}}
			message = map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{call}}
			finish = "tool_calls"
		}
		id := fmt.Sprintf("chatcmpl-e2e-%d", len(results))
		usage := map[string]any{"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}
		if !req.Stream {
			w.Header().Set("Content-Type", "application/json")
			b, _ := json.Marshal(map[string]any{"id": id, "object": "chat.completion", "created": 1, "model": req.Model,
				"choices": []any{map[string]any{"index": 0, "message": message, "finish_reason": finish}}, "usage": usage})
			w.Write(b)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		chunk := func(delta map[string]any, finish any, usage any) {
			c := map[string]any{"id": id, "object": "chat.completion.chunk", "created": 1, "model": req.Model,
				"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
			if usage != nil {
				c["usage"] = usage
			}
			b, _ := json.Marshal(c)
			fmt.Fprintf(w, "data: %s\n\n", b)
		}
		if call != nil {
			chunk(map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{call}}, nil, nil)
		} else {
			// The text in two pieces, as a model streams it.
			half := strings.Index(finalText, " ") + 1
			chunk(map[string]any{"role": "assistant", "content": finalText[:half]}, nil, nil)
			chunk(map[string]any{"content": finalText[half:]}, nil, nil)
		}
		chunk(map[string]any{}, finish, usage)
		fmt.Fprint(w, "data: [DONE]\n\n")
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	})
	return srv.URL + "/v1"
}
