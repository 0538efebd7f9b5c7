package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// standIn is a scripted Messages API: the first turn of the conversation
// that offers tools gets one tool_use, the next a final text.
type standIn struct {
	t      *testing.T
	tool   string
	input  map[string]any
	srv    *httptest.Server
	mu     sync.Mutex
	bodies []string
	// results are the tool_result contents the CLI sent back.
	results []string
	unknown []string
}

func newStandIn(t *testing.T, tool string, input map[string]any) *standIn {
	s := &standIn{t: t, tool: tool, input: input}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

type apiRequest struct {
	Stream bool `json:"stream"`
	Tools  []struct {
		Name string `json:"name"`
	} `json:"tools"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
}

func (s *standIn) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if !strings.HasPrefix(r.URL.Path, "/v1/messages") {
		s.mu.Lock()
		s.unknown = append(s.unknown, r.Method+" "+r.URL.Path)
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{}`)
		return
	}
	if strings.HasSuffix(r.URL.Path, "count_tokens") {
		fmt.Fprint(w, `{"input_tokens": 10}`)
		return
	}
	var req apiRequest
	json.Unmarshal(body, &req)
	s.mu.Lock()
	s.bodies = append(s.bodies, string(body))
	s.mu.Unlock()

	hasTool := false
	for _, tl := range req.Tools {
		if tl.Name == s.tool {
			hasTool = true
		}
	}
	// Has the tool already been called in this conversation?
	answered := false
	for _, m := range req.Messages {
		if m.Role != "user" {
			continue
		}
		var blocks []map[string]any
		if json.Unmarshal(m.Content, &blocks) != nil {
			continue
		}
		for _, b := range blocks {
			if b["type"] == "tool_result" {
				answered = true
				s.mu.Lock()
				s.results = append(s.results, flatten(b["content"]))
				s.mu.Unlock()
			}
		}
	}
	if !hasTool || answered {
		s.reply(w, req.Stream, nil, "Done.")
		return
	}
	s.reply(w, req.Stream, map[string]any{"type": "tool_use", "id": "toolu_e2e_1", "name": s.tool, "input": s.input}, "")
}

// flatten turns tool_result content (a string or blocks) into text.
func flatten(c any) string {
	switch v := c.(type) {
	case string:
		return v
	case []any:
		var parts []string
		for _, b := range v {
			if m, ok := b.(map[string]any); ok {
				if t, ok := m["text"].(string); ok {
					parts = append(parts, t)
				}
			}
		}
		return strings.Join(parts, "\n")
	}
	b, _ := json.Marshal(c)
	return string(b)
}

func (s *standIn) reply(w http.ResponseWriter, stream bool, toolUse map[string]any, text string) {
	stop := "end_turn"
	var block map[string]any
	if toolUse != nil {
		stop = "tool_use"
		block = toolUse
	} else {
		block = map[string]any{"type": "text", "text": text}
	}
	msg := map[string]any{"id": "msg_e2e", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
		"content": []any{block}, "stop_reason": stop, "stop_sequence": nil,
		"usage": map[string]any{"input_tokens": 10, "output_tokens": 5}}
	if !stream {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(msg)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	send := func(event string, data any) {
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b)
	}
	start := map[string]any{}
	for k, v := range msg {
		start[k] = v
	}
	start["content"] = []any{}
	start["stop_reason"] = nil
	send("message_start", map[string]any{"type": "message_start", "message": start})
	if toolUse != nil {
		send("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "tool_use", "id": toolUse["id"], "name": toolUse["name"], "input": map[string]any{}}})
		in, _ := json.Marshal(toolUse["input"])
		send("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "input_json_delta", "partial_json": string(in)}})
	} else {
		send("content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": map[string]any{"type": "text", "text": ""}})
		send("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": map[string]any{"type": "text_delta", "text": text}})
	}
	send("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	send("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]any{"output_tokens": 5}})
	send("message_stop", map[string]any{"type": "message_stop"})
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}

// sent reports whether any request body sent after the tool ran contains s.
func (s *standIn) sent(sub string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, b := range s.bodies {
		if strings.Contains(b, sub) || strings.Contains(b, strings.ReplaceAll(sub, "/", `\/`)) {
			return true
		}
	}
	return false
}

func (s *standIn) toolResults() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Join(s.results, "\n---\n")
}
