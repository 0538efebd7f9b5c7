package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// step is one scripted assistant turn of the main conversation: a call of
// Tool with Input. After the last step the stand-in answers with finalText.
type step struct {
	Tool  string
	Input map[string]any
}

// finalText is what the scripted model says once every step has a result.
const finalText = "All done."

// toolResult is one tool_result block the CLI sent back to the model.
type toolResult struct {
	ID      string
	Content string
	IsError bool
}

// standIn is a scripted Anthropic Messages API on loopback. Requests that
// offer the tool of the first step are the main conversation: they get the
// next step whose result has not arrived yet, then finalText. Any other
// Messages request (titles, summaries, probes) gets a short text. Every body,
// every tool_result and everything the model was told after a tool ran are
// recorded so that tests can assert what the model saw.
type standIn struct {
	steps []step
	srv   *httptest.Server

	mu sync.Mutex
	// log has one line per request: method, path, and for Messages
	// requests whether it streamed and how many tools it offered.
	log []string
	// bodies are the raw Messages API request bodies, in arrival order.
	bodies []string
	// results are the tool_result blocks, once per tool_use id.
	results []toolResult
	// told is every text the CLI put into user and system turns from
	// the first tool_result on (results, system reminders, hook
	// additionalContext), as of the latest request of the main
	// conversation.
	told string
	// unknown are requests to endpoints other than the Messages API.
	unknown []string
	dump    string
}

// newStandIn starts the stand-in on 127.0.0.1. With CORRAL_E2E_DUMP set to
// a directory, every request is also written there, for finding out what
// a new CLI version sends.
func newStandIn(t *testing.T, steps ...step) *standIn {
	t.Helper()
	s := &standIn{steps: steps}
	if d := os.Getenv("CORRAL_E2E_DUMP"); d != "" {
		s.dump = filepath.Join(d, strings.NewReplacer("/", "_", " ", "_").Replace(t.Name()))
		if err := os.MkdirAll(s.dump, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

// URL is the base URL to give the CLI as ANTHROPIC_BASE_URL.
func (s *standIn) URL() string { return s.srv.URL }

// apiRequest is the part of a Messages API request the stand-in reads.
type apiRequest struct {
	Model  string `json:"model"`
	Stream bool   `json:"stream"`
	Tools  []struct {
		Name string `json:"name"`
	} `json:"tools"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
}

// block is one content block of a message, as far as the stand-in reads it.
type block struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
}

func (s *standIn) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	n := len(s.log)
	s.mu.Unlock()
	if s.dump != "" {
		name := fmt.Sprintf("%03d-%s%s.txt", n, r.Method, strings.ReplaceAll(r.URL.Path, "/", "_"))
		head := fmt.Sprintf("%s %s\n", r.Method, r.URL.RequestURI())
		for k, v := range r.Header {
			if !strings.EqualFold(k, "x-api-key") && !strings.EqualFold(k, "authorization") {
				head += fmt.Sprintf("%s: %s\n", k, strings.Join(v, ", "))
			}
		}
		_ = os.WriteFile(filepath.Join(s.dump, name), append([]byte(head+"\n"), body...), 0o644)
	}

	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages/count_tokens":
		s.note(r.Method + " " + r.URL.Path)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"input_tokens": 100}`)
		return
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages":
	default:
		s.mu.Lock()
		s.log = append(s.log, r.Method+" "+r.URL.Path)
		s.unknown = append(s.unknown, r.Method+" "+r.URL.Path)
		s.mu.Unlock()
		if r.Method == http.MethodGet && r.URL.Path == "/v1/models" {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"data": [], "has_more": false, "first_id": null, "last_id": null}`)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if r.Method != http.MethodHead {
			fmt.Fprint(w, `{}`)
		}
		return
	}

	var req apiRequest
	if err := json.Unmarshal(body, &req); err != nil {
		s.note("POST /v1/messages (unreadable body)")
		http.Error(w, `{"type":"error","error":{"type":"invalid_request_error","message":"bad json"}}`, http.StatusBadRequest)
		return
	}
	s.note(fmt.Sprintf("POST %s stream=%v tools=%d messages=%d", r.URL.Path, req.Stream, len(req.Tools), len(req.Messages)))

	main := false
	for _, tl := range req.Tools {
		if len(s.steps) > 0 && tl.Name == s.steps[0].Tool {
			main = true
		}
	}
	answered, told := 0, []string{}
	seenResult := false
	s.mu.Lock()
	s.bodies = append(s.bodies, string(body))
	for _, m := range req.Messages {
		// Tool results come in user turns; the CLI puts hook context
		// and reminders in user turns or, in newer versions, in
		// system turns between them.
		if m.Role == "assistant" {
			continue
		}
		var blocks []block
		if json.Unmarshal(m.Content, &blocks) != nil {
			var text string
			if seenResult && json.Unmarshal(m.Content, &text) == nil {
				told = append(told, text)
			}
			continue
		}
		for _, b := range blocks {
			switch b.Type {
			case "tool_result":
				seenResult = true
				content := flatten(b.Content)
				told = append(told, content)
				if strings.HasPrefix(b.ToolUseID, "toolu_e2e_") {
					answered++
				}
				if !s.hasResult(b.ToolUseID) {
					s.results = append(s.results, toolResult{ID: b.ToolUseID, Content: content, IsError: b.IsError})
				}
			case "text":
				if seenResult {
					told = append(told, b.Text)
				}
			}
		}
	}
	if main && seenResult {
		s.told = strings.Join(told, "\n")
	}
	s.mu.Unlock()

	if !main || answered >= len(s.steps) {
		s.reply(w, req, nil, finalText)
		return
	}
	st := s.steps[answered]
	s.reply(w, req, map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolu_e2e_%d", answered+1), "name": st.Tool, "input": st.Input}, "")
}

func (s *standIn) note(line string) {
	s.mu.Lock()
	s.log = append(s.log, line)
	s.mu.Unlock()
}

// hasResult reports whether a result for id is recorded; s.mu is held.
func (s *standIn) hasResult(id string) bool {
	for _, r := range s.results {
		if r.ID == id {
			return true
		}
	}
	return false
}

// flatten turns tool_result content (a string or a list of blocks) into text.
func flatten(raw json.RawMessage) string {
	var text string
	if json.Unmarshal(raw, &text) == nil {
		return text
	}
	var blocks []block
	if json.Unmarshal(raw, &blocks) == nil {
		parts := make([]string, 0, len(blocks))
		for _, b := range blocks {
			if b.Text != "" {
				parts = append(parts, b.Text)
			}
		}
		return strings.Join(parts, "\n")
	}
	return string(raw)
}

// reply answers one Messages request with toolUse (stop_reason tool_use) or
// with text (end_turn), as one JSON message or as the server-sent events
// the streaming API uses.
func (s *standIn) reply(w http.ResponseWriter, req apiRequest, toolUse map[string]any, text string) {
	model := req.Model
	if model == "" {
		model = "claude-sonnet-4-5"
	}
	stop := "end_turn"
	content := map[string]any{"type": "text", "text": text}
	if toolUse != nil {
		stop = "tool_use"
		content = toolUse
	}
	usage := map[string]any{"input_tokens": 100, "output_tokens": 20, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
	msg := map[string]any{"id": "msg_e2e", "type": "message", "role": "assistant", "model": model,
		"content": []any{content}, "stop_reason": stop, "stop_sequence": nil, "usage": usage}
	if !req.Stream {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(msg)
		return
	}

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	send := func(event string, data map[string]any) {
		data["type"] = event
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b)
	}
	msg["content"] = []any{}
	msg["stop_reason"] = nil
	send("message_start", map[string]any{"message": msg})
	send("ping", map[string]any{})
	if toolUse != nil {
		send("content_block_start", map[string]any{"index": 0, "content_block": map[string]any{
			"type": "tool_use", "id": toolUse["id"], "name": toolUse["name"], "input": map[string]any{}}})
		in, _ := json.Marshal(toolUse["input"])
		// The input arrives in two pieces, as a real stream splits it.
		half := len(in) / 2
		for _, part := range []string{string(in[:half]), string(in[half:])} {
			send("content_block_delta", map[string]any{"index": 0, "delta": map[string]any{"type": "input_json_delta", "partial_json": part}})
		}
	} else {
		send("content_block_start", map[string]any{"index": 0, "content_block": map[string]any{"type": "text", "text": ""}})
		send("content_block_delta", map[string]any{"index": 0, "delta": map[string]any{"type": "text_delta", "text": text}})
	}
	send("content_block_stop", map[string]any{"index": 0})
	send("message_delta", map[string]any{"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]any{"output_tokens": 20}})
	send("message_stop", map[string]any{})
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}

// toolResults returns the recorded tool_result blocks.
func (s *standIn) toolResults() []toolResult {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]toolResult(nil), s.results...)
}

// resultText is every tool_result content, for messages and assertions.
func (s *standIn) resultText() string {
	var parts []string
	for _, r := range s.toolResults() {
		parts = append(parts, r.Content)
	}
	return strings.Join(parts, "\n---\n")
}

// toldAfterTool is what the CLI told the model from the first tool result
// on: results, system reminders and hook context.
func (s *standIn) toldAfterTool() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.told
}

// sentAny reports whether any Messages request body contains sub.
func (s *standIn) sentAny(sub string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, b := range s.bodies {
		if strings.Contains(b, sub) {
			return true
		}
	}
	return false
}

// requests returns the request log and the requests to unknown endpoints.
func (s *standIn) requests() (all, unknown []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.log...), append([]string(nil), s.unknown...)
}
