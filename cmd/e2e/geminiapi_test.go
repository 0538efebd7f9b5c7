package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"
)

// geminiRequest is the part of a Gemini API generateContent request the
// stand-in reads.
type geminiRequest struct {
	Contents []struct {
		Role  string       `json:"role"`
		Parts []geminiPart `json:"parts"`
	} `json:"contents"`
	Tools []struct {
		FunctionDeclarations []struct {
			Name string `json:"name"`
		} `json:"functionDeclarations"`
	} `json:"tools"`
	GenerationConfig struct {
		ResponseJSONSchema json.RawMessage `json:"responseJsonSchema"`
		ResponseSchema     json.RawMessage `json:"responseSchema"`
	} `json:"generationConfig"`
}

type geminiPart struct {
	Text             string `json:"text"`
	FunctionResponse *struct {
		ID       string          `json:"id"`
		Name     string          `json:"name"`
		Response json.RawMessage `json:"response"`
	} `json:"functionResponse"`
}

// newGeminiStandIn serves the Gemini API over the script, for Gemini CLI:
// POST /v1beta/models/M:streamGenerateContent?alt=sse (the conversation;
// a scripted step is a functionCall part) and :generateContent (side calls
// such as the model router, which want JSON: the stand-in answers with an
// object built from the requested schema). Tool results arrive as
// functionResponse parts, in order.
func newGeminiStandIn(t *testing.T, s *script) string {
	srv := s.serve(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		_, method, _ := strings.Cut(r.URL.Path, ":")
		if r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, "/v1beta/models/") ||
			(method != "generateContent" && method != "streamGenerateContent" && method != "countTokens") {
			s.note(r.Method+" "+r.URL.Path, true)
			http.Error(w, `{"error": {"code": 404, "message": "not served by the stand-in"}}`, http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if method == "countTokens" {
			s.note("POST "+r.URL.Path, false)
			fmt.Fprint(w, `{"totalTokens": 100}`)
			return
		}
		var req geminiRequest
		if err := json.Unmarshal(body, &req); err != nil {
			s.note("POST "+r.URL.Path+" (unreadable body)", true)
			http.Error(w, `{"error": {"code": 400, "message": "bad json"}}`, http.StatusBadRequest)
			return
		}
		var tools []string
		for _, tl := range req.Tools {
			for _, fd := range tl.FunctionDeclarations {
				tools = append(tools, fd.Name)
			}
		}
		s.note(fmt.Sprintf("POST %s tools=%d contents=%d", r.URL.Path, len(tools), len(req.Contents)), false)
		var results []toolResult
		var told []string
		for _, c := range req.Contents {
			for _, p := range c.Parts {
				switch {
				case p.FunctionResponse != nil:
					id := p.FunctionResponse.ID
					if !strings.HasPrefix(id, "call_e2e_") {
						id = callID(len(results))
					}
					text := geminiResponseText(p.FunctionResponse.Response)
					results = append(results, toolResult{ID: id, Content: text})
					told = append(told, text)
				case p.Text != "" && len(results) > 0 && c.Role != "model":
					told = append(told, p.Text)
				}
			}
		}
		var part map[string]any
		schema := req.GenerationConfig.ResponseJSONSchema
		if len(schema) == 0 {
			schema = req.GenerationConfig.ResponseSchema
		}
		switch {
		case s.isMain(tools):
			if st, i := s.turn(results, told); st != nil {
				part = map[string]any{"functionCall": map[string]any{"id": callID(i), "name": st.Tool, "args": st.Input}}
			} else {
				part = map[string]any{"text": finalText}
			}
		case len(schema) > 0:
			b, _ := json.Marshal(fromSchema(schema))
			part = map[string]any{"text": string(b)}
		default:
			part = map[string]any{"text": finalText}
		}
		chunk := map[string]any{
			"candidates": []any{map[string]any{"index": 0, "finishReason": "STOP",
				"content": map[string]any{"role": "model", "parts": []any{part}}}},
			"usageMetadata": map[string]any{"promptTokenCount": 100, "candidatesTokenCount": 20, "totalTokenCount": 120},
			"modelVersion":  "stand-in",
		}
		b, _ := json.Marshal(chunk)
		if method == "generateContent" {
			w.Write(append(b, '\n'))
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "data: %s\n\n", b)
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	})
	return srv.URL
}

// geminiResponseText is the text of a functionResponse.response: its
// output (or error) string when it has one, else the JSON.
func geminiResponseText(raw json.RawMessage) string {
	var obj map[string]any
	if json.Unmarshal(raw, &obj) == nil {
		var parts []string
		for _, k := range []string{"output", "error", "llmContent"} {
			if v, ok := obj[k].(string); ok && v != "" {
				parts = append(parts, v)
			}
		}
		if len(parts) > 0 {
			return strings.Join(parts, "\n")
		}
	}
	return string(raw)
}

// fromSchema builds a value that satisfies a JSON schema as the Gemini CLI
// writes them for its side calls: objects with their properties, the first
// enum value, 1 for numbers, "e2e" for strings.
func fromSchema(raw json.RawMessage) any {
	var sc struct {
		Type       string                     `json:"type"`
		Enum       []any                      `json:"enum"`
		Properties map[string]json.RawMessage `json:"properties"`
		Items      json.RawMessage            `json:"items"`
	}
	if json.Unmarshal(raw, &sc) != nil {
		return nil
	}
	if len(sc.Enum) > 0 {
		return sc.Enum[0]
	}
	switch strings.ToLower(sc.Type) {
	case "object":
		out := map[string]any{}
		keys := make([]string, 0, len(sc.Properties))
		for k := range sc.Properties {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			out[k] = fromSchema(sc.Properties[k])
		}
		return out
	case "array":
		if len(sc.Items) > 0 {
			return []any{fromSchema(sc.Items)}
		}
		return []any{}
	case "integer", "number":
		return 1
	case "boolean":
		return false
	default:
		return "e2e"
	}
}
