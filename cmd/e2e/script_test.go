package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// script is the scripted model of one agent run, shared by the stand-ins
// of the model APIs other than Anthropic's (OpenAI Responses for Codex,
// Gemini for Gemini CLI). A stand-in turns each request into the tool
// results it carries and asks the script what to answer: the next step
// whose result has not arrived, or finalText. The script records every
// result once, in order, and what the agent told the model after the first
// one, so that tests can assert what the model saw.
type script struct {
	steps []step
	// tool names the step's tool as the agent offers it: the main
	// conversation is a request that offers it.
	tool func(step) string

	mu      sync.Mutex
	log     []string
	unknown []string
	results []toolResult
	told    string
	dump    string
	n       int
}

// newScript makes a script for t with the given steps; with
// CORRAL_E2E_DUMP set, the stand-in writes every request there.
func newScript(t *testing.T, steps ...step) *script {
	s := &script{steps: steps, tool: func(st step) string { return st.Tool }}
	if d := os.Getenv("CORRAL_E2E_DUMP"); d != "" {
		s.dump = filepath.Join(d, strings.NewReplacer("/", "_", " ", "_").Replace(t.Name()))
		if err := os.MkdirAll(s.dump, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// serve starts an HTTP server on loopback that hands every request to h
// after noting and (optionally) dumping it.
func (s *script) serve(t *testing.T, h func(w http.ResponseWriter, r *http.Request, body []byte)) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := readBody(r)
		s.mu.Lock()
		s.n++
		n := s.n
		s.mu.Unlock()
		if s.dump != "" {
			name := fmt.Sprintf("%03d-%s%s.txt", n, r.Method, strings.NewReplacer("/", "_", ":", "_").Replace(r.URL.Path))
			_ = os.WriteFile(filepath.Join(s.dump, name), append([]byte(r.Method+" "+r.URL.RequestURI()+"\n\n"), body...), 0o644)
		}
		h(w, r, body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// note records one line of the request log; unknown also lists it among
// the requests the stand-in does not understand.
func (s *script) note(line string, unknown bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log = append(s.log, line)
	if unknown {
		s.unknown = append(s.unknown, line)
	}
}

// isMain reports whether a request offering these tools belongs to the
// scripted conversation.
func (s *script) isMain(tools []string) bool {
	if len(s.steps) == 0 {
		return false
	}
	want := s.tool(s.steps[0])
	for _, name := range tools {
		if name == want {
			return true
		}
	}
	return false
}

// turn takes what one main-conversation request carried (every tool
// result so far, and what came after the first one) and returns the step
// to answer with and its index, or nil when the script is done.
func (s *script) turn(results []toolResult, told []string) (*step, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	answered := 0
	for _, r := range results {
		if strings.HasPrefix(r.ID, "call_e2e_") {
			answered++
		}
		known := false
		for _, old := range s.results {
			known = known || old.ID == r.ID
		}
		if !known {
			s.results = append(s.results, r)
		}
	}
	if len(results) > 0 {
		s.told = strings.Join(told, "\n")
	}
	if answered >= len(s.steps) {
		return nil, answered
	}
	return &s.steps[answered], answered
}

// callID is the id of the i-th scripted call (0-based).
func callID(i int) string { return fmt.Sprintf("call_e2e_%d", i+1) }

// toolResults returns the recorded results, in arrival order.
func (s *script) toolResults() []toolResult {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]toolResult(nil), s.results...)
}

// toldAfterTool is everything the agent sent the model from the first tool
// result on, as of the latest main request.
func (s *script) toldAfterTool() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.told
}

// requests returns the request log and the requests not understood.
func (s *script) requests() (all, unknown []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.log...), append([]string(nil), s.unknown...)
}
