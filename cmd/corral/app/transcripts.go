package app

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/cmd/corral/agent"
	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/rewrite"
)

// maxTranscriptLine bounds one transcript line; a longer line is skipped
// and counted as malformed.
const maxTranscriptLine = 64 << 20

// transcriptFinding is one tool call of a transcript that corral would have
// rewritten, asked about or denied: one JSON line of `corral scan
// --transcripts --json`.
type transcriptFinding struct {
	Session  string `json:"session"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Time     string `json:"time,omitempty"`
	Tool     string `json:"tool"`
	Decision string `json:"decision"`
	Rule     string `json:"rule"`
	// Operation is the command, or the path for a file tool.
	Operation string `json:"operation"`
	Rewritten string `json:"rewritten,omitempty"`
}

// transcriptStats counts what a scan saw, per session and overall.
type transcriptStats struct {
	Session   string         `json:"session"`
	Files     int            `json:"files,omitempty"`
	Lines     int            `json:"lines"`
	Malformed int            `json:"malformed"`
	Calls     int            `json:"calls"`
	Decisions map[string]int `json:"decisions"`
}

func newStats(session string) *transcriptStats {
	return &transcriptStats{Session: session, Decisions: map[string]int{}}
}

func (st *transcriptStats) add(o *transcriptStats) {
	st.Lines += o.Lines
	st.Malformed += o.Malformed
	st.Calls += o.Calls
	for k, v := range o.Decisions {
		st.Decisions[k] += v
	}
}

// transcriptLine is the part of a Claude Code transcript line the scan
// reads: assistant messages with tool_use blocks.
type transcriptLine struct {
	Type      string `json:"type"`
	SessionID string `json:"sessionId"`
	Timestamp string `json:"timestamp"`
	Cwd       string `json:"cwd"`
	Message   struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"message"`
}

type toolUse struct {
	Type  string         `json:"type"`
	Name  string         `json:"name"`
	Input map[string]any `json:"input"`
}

// transcriptFiles lists the *.jsonl files under dir (a file is itself),
// sorted, so that the report is the same every time.
func transcriptFiles(dir string) ([]string, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{dir}, nil
	}
	var files []string
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable folder is skipped
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".jsonl") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

// scanTranscripts reports, for every Claude Code transcript under dir
// (default ~/.claude/projects), which Bash, Write, Edit, MultiEdit and Read
// calls corral would have rewritten, asked about or denied. It streams:
// one line in memory at a time, one settings value per working directory.
func (env *runtimeEnv) scanTranscripts(dir string, policies []string, asJSON bool) error {
	if dir == "" {
		home, err := os.UserHomeDir()
		if h := env.getenv("HOME"); h != "" {
			home, err = h, nil
		}
		if err != nil {
			return err
		}
		dir = filepath.Join(home, ".claude", "projects")
	}
	files, err := transcriptFiles(dir)
	if err != nil {
		return err
	}
	// The scan decides; it never logs, never records anything.
	quiet := *env
	quiet.stderr = io.Discard
	quiet.getenv = func(k string) string {
		if k == "CORRAL_AUDIT_LOG" {
			return "off"
		}
		return env.getenv(k)
	}
	settingsByCwd := map[string]*settings{}
	settingsFor := func(cwd string) *settings {
		if cwd == "" {
			cwd = env.cwd("")
		}
		s, ok := settingsByCwd[cwd]
		if !ok {
			if len(settingsByCwd) > 4096 {
				settingsByCwd = map[string]*settings{}
			}
			s = quiet.loadSettings(cwd, policies)
			settingsByCwd[cwd] = s
		}
		return s
	}
	enc := json.NewEncoder(env.stdout)
	sessions := map[string]*transcriptStats{}
	var order []string
	total := newStats("")
	if !asJSON {
		fmt.Fprintf(env.stdout, "%-25s  %-8s  %-9s  %-22s  %s\n", "TIME", "TOOL", "DECISION", "RULE", "COMMAND OR PATH")
	}
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			fmt.Fprintf(env.stderr, "corral: %v; skipping\n", err)
			continue
		}
		total.Files++
		session := strings.TrimSuffix(filepath.Base(file), ".jsonl")
		st := sessions[session]
		if st == nil {
			st = newStats(session)
			sessions[session] = st
			order = append(order, session)
		}
		st.Files++
		r := bufio.NewReaderSize(f, 1<<16)
		n := 0
		for {
			line, err := readLine(r, maxTranscriptLine)
			if err == io.EOF && line == nil {
				break
			}
			n++
			st.Lines++
			if err == errLineTooLong {
				st.Malformed++
				continue
			}
			if len(strings.TrimSpace(string(line))) == 0 {
				continue
			}
			var tl transcriptLine
			if json.Unmarshal(line, &tl) != nil {
				st.Malformed++
				continue
			}
			if tl.Type != "assistant" || tl.Message.Role != "assistant" || len(tl.Message.Content) == 0 || tl.Message.Content[0] != '[' {
				continue
			}
			var blocks []toolUse
			if json.Unmarshal(tl.Message.Content, &blocks) != nil {
				st.Malformed++
				continue
			}
			for _, b := range blocks {
				if b.Type != "tool_use" {
					continue
				}
				tf, ok := quiet.judgeToolUse(settingsFor(tl.Cwd), b, tl.Cwd)
				if !ok {
					continue
				}
				st.Calls++
				if tf == nil {
					st.Decisions["allow"]++
					continue
				}
				st.Decisions[tf.Decision]++
				tf.Session, tf.File, tf.Line, tf.Time = session, file, n, tl.Timestamp
				if tl.SessionID != "" {
					tf.Session = tl.SessionID
				}
				if asJSON {
					if err := enc.Encode(tf); err != nil {
						f.Close()
						return err
					}
				} else {
					fmt.Fprintf(env.stdout, "%-25s  %-8s  %-9s  %-22s  %s\n", orDash(tf.Time), tf.Tool, tf.Decision, tf.Rule, oneLine(tf.Operation))
				}
			}
			if err == io.EOF {
				break
			}
		}
		f.Close()
	}
	for _, name := range order {
		total.add(sessions[name])
	}
	if asJSON {
		for _, name := range order {
			if err := enc.Encode(map[string]any{"summary": sessions[name]}); err != nil {
				return err
			}
		}
		return enc.Encode(map[string]any{"total": total})
	}
	fmt.Fprintf(env.stdout, "\n%-40s  %6s  %6s  %7s  %6s  %5s  %4s  %9s\n", "SESSION", "CALLS", "ALLOW", "REWRITE", "WARN", "ASK", "DENY", "MALFORMED")
	row := func(name string, st *transcriptStats) {
		fmt.Fprintf(env.stdout, "%-40s  %6d  %6d  %7d  %6d  %5d  %4d  %9d\n", name, st.Calls, st.Decisions["allow"],
			st.Decisions["rewrite"], st.Decisions["warn"], st.Decisions["ask"], st.Decisions["deny"], st.Malformed)
	}
	for _, name := range order {
		row(name, sessions[name])
	}
	row(fmt.Sprintf("all (%d files, %d lines)", total.Files, total.Lines), total)
	if total.Malformed > 0 {
		fmt.Fprintf(env.stderr, "corral: skipped %d malformed line(s)\n", total.Malformed)
	}
	return nil
}

// errLineTooLong reports a line over the limit (its rest is discarded).
var errLineTooLong = errors.New("line too long")

// readLine reads one line without its newline, holding at most max bytes;
// a longer line is read to its end and reported as errLineTooLong.
func readLine(r *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > max {
			line = nil
			for err == bufio.ErrBufferFull {
				_, err = r.ReadSlice('\n')
			}
			if err == io.EOF {
				return []byte{}, errLineTooLong
			}
			return []byte{}, errLineTooLong
		}
		line = append(line, chunk...)
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
			return line[:len(line)-1], nil
		case io.EOF:
			if len(line) == 0 {
				return nil, io.EOF
			}
			return line, io.EOF
		default:
			return line, err
		}
	}
}

// judgeToolUse decides about one tool_use block as the hook would. ok is
// false for tools the scan does not look at; a nil finding is an allow.
func (env *runtimeEnv) judgeToolUse(s *settings, b toolUse, cwd string) (tf *transcriptFinding, ok bool) {
	str := func(k string) string { v, _ := b.Input[k].(string); return v }
	switch b.Name {
	case "Bash":
		cmd := str("command")
		if cmd == "" {
			return nil, false
		}
		res := rewrite.Check(s.cfg, cmd)
		if res.Decision == rewrite.Allow {
			return nil, true
		}
		return &transcriptFinding{Tool: b.Name, Decision: res.Decision.String(), Rule: rulesOf(res), Operation: cmd, Rewritten: res.Rewritten}, true
	case "Write", "Edit", "MultiEdit":
		p := str("file_path")
		if p == "" {
			return nil, false
		}
		ge := s.guardsEnv()
		if cwd != "" {
			ge.Cwd = cwd
		}
		d := s.decidePath(ge, p, guards.Write)
		if d.Verdict == guards.Allow {
			return nil, true
		}
		return &transcriptFinding{Tool: b.Name, Decision: strings.ToLower(d.Verdict.String()), Rule: d.Rule, Operation: p}, true
	case "Read":
		p := str("file_path")
		if p == "" {
			return nil, false
		}
		a := env.readGuard(s, &agent.Request{Agent: "claude", Tool: "Read", Kind: agent.Read, Paths: []string{p}, Cwd: cwd, Input: b.Input})
		if a == nil || a.Decision == agent.None || a.Decision == agent.Allow {
			return nil, true
		}
		return &transcriptFinding{Tool: b.Name, Decision: string(a.Decision), Rule: "read-secret", Operation: p}, true
	}
	return nil, false
}
