package guards

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"regexp"
	"strings"
	"syscall"

	"github.com/corral-dev/corral/internal/credname"
	"github.com/corral-dev/corral/internal/lazy"
)

// The agents' user configuration files register MCP servers, and a
// server's tokens are often written there: `claude mcp add -e
// GITHUB_PERSONAL_ACCESS_TOKEN=ghp_…` stores it in ~/.claude.json's
// mcpServers.NAME.env, Cursor's ~/.cursor/mcp.json, Windsurf's
// mcp_config.json and Gemini CLI's settings.json keep "env" and "headers"
// objects, Codex's ~/.codex/config.toml [mcp_servers.NAME.env] and
// http_headers tables, OpenCode's opencode.json(c) "environment" and
// "headers". The same files hold everything else the agent is set up with,
// and a file whose servers take their tokens from the environment
// ("${GITHUB_TOKEN}", "{env:GITHUB_TOKEN}") or hold none is no secret: the
// file is one when it holds a literal token (mcpTokens). Writes to all of
// them are the self-protection class's.
var mcpTokenFiles = lazy.Set{List: []string{"~/.claude.json", "~/.cursor/mcp.json", "~/.codeium/windsurf/mcp_config.json",
	"~/.gemini/settings.json", "~/.codex/config.toml", "~/.config/opencode/opencode.json", "~/.config/opencode/opencode.jsonc"}}

// maxMCPConfig bounds the bytes of such a file read (~/.claude.json also
// keeps each project's history and grows large); a larger one is taken to
// hold a token.
const maxMCPConfig = 8 << 20

// mcpTokens reports whether the agent configuration file at abs holds a
// literal token: a credential-named entry (credname: GITHUB_TOKEN,
// API_KEY, Authorization) of an env, environment, headers or
// http_headers table with a literal value of 8 or more bytes that is no
// reference to a variable, or Claude Code's primaryApiKey. A file that
// is not there or not regular holds none.
func mcpTokens(abs string) bool {
	fi, err := os.Stat(abs)
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	f, err := os.OpenFile(abs, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return false
	}
	data, err := io.ReadAll(io.LimitReader(f, maxMCPConfig+1))
	if err != nil {
		return false
	}
	if len(data) > maxMCPConfig {
		return true
	}
	if strings.HasSuffix(abs, ".toml") {
		return tomlTokens(data)
	}
	var v any
	if json.Unmarshal(data, &v) != nil && json.Unmarshal(stripJSONC(data), &v) != nil {
		// Not JSON corral can read: any credential-named string pair.
		return looseTokens(data)
	}
	return jsonTokens(v, false)
}

// tokenTables are the keys whose objects map names to values a server
// is given.
var tokenTables = lazy.Set{List: []string{"env", "environment", "headers", "http_headers", "requestInit"}}

// jsonTokens walks a JSON value for a token (see mcpTokens); inTable
// reports that v is a table of tokenTables.
func jsonTokens(v any, inTable bool) bool {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok && (inTable && credname.Secret(k) || k == "primaryApiKey") && literalToken(s) {
				return true
			}
			if jsonTokens(e, tokenTables.Has(k)) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if jsonTokens(e, false) {
				return true
			}
		}
	}
	return false
}

// literalToken reports a value that is a token written out: 8 or more
// bytes, no reference to a variable (${X}, $X, {env:X}, env:X) and not a
// variable's name itself (bearer_token_env_var = "GITHUB_TOKEN").
func literalToken(s string) bool {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(strings.TrimPrefix(s, "Bearer "), "token ")
	if len(s) < 8 || strings.ContainsAny(s, "$`") || strings.Contains(s, "{env:") || strings.HasPrefix(s, "env:") {
		return false
	}
	return !envName.Get().MatchString(s)
}

var envName = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^[A-Z_][A-Z0-9_]*$`) }}

// tomlKeyValue is a TOML key = "value" (basic or literal string).
var tomlKeyValue = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`([A-Za-z0-9_\-]+|"[^"]+")\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')`)
}}

// tomlTokens finds a token in Codex's config.toml: a credential-named
// key = "literal" inside a [….env], [….http_headers] or [….headers]
// table, or inside an inline env = { … } / http_headers = { … } table.
func tomlTokens(data []byte) bool {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	inTable := false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			name := strings.Trim(line, "[] ")
			last := name[strings.LastIndex(name, ".")+1:]
			inTable = tokenTables.Has(strings.Trim(last, `"`))
			continue
		}
		key, rest, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		key = strings.Trim(strings.TrimSpace(key), `"`)
		if !inTable && !tokenTables.Has(key) {
			continue
		}
		if !inTable {
			line = rest // an inline table: its pairs
		}
		for _, m := range tomlKeyValue.Get().FindAllStringSubmatch(line, -1) {
			k := strings.Trim(m[1], `"`)
			v := m[2] + m[3]
			if credname.Secret(k) && literalToken(v) {
				return true
			}
		}
	}
	return false
}

// looseTokens finds "NAME": "literal" pairs with a credential's name in
// text that is not JSON corral reads.
func looseTokens(data []byte) bool {
	for _, m := range jsonPair.Get().FindAllSubmatch(data, 4096) {
		if credname.Secret(string(m[1])) && literalToken(string(m[2])) {
			return true
		}
	}
	return false
}

var jsonPair = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`"([A-Za-z0-9_\-]+)"\s*:\s*"((?:[^"\\]|\\.)*)"`)
}}

// stripJSONC removes // and /* */ comments and trailing commas outside
// strings (OpenCode's opencode.jsonc).
func stripJSONC(data []byte) []byte {
	var out bytes.Buffer
	inStr := false
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case inStr:
			out.WriteByte(c)
			if c == '\\' && i+1 < len(data) {
				i++
				out.WriteByte(data[i])
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
			out.WriteByte(c)
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			for i < len(data) && data[i] != '\n' {
				i++
			}
			out.WriteByte('\n')
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			i += 2
			for i+1 < len(data) && !(data[i] == '*' && data[i+1] == '/') {
				i++
			}
			i++
		case c == ',':
			j := i + 1
			for j < len(data) && (data[j] == ' ' || data[j] == '\t' || data[j] == '\n' || data[j] == '\r') {
				j++
			}
			if j < len(data) && (data[j] == '}' || data[j] == ']') {
				continue
			}
			out.WriteByte(c)
		default:
			out.WriteByte(c)
		}
	}
	return out.Bytes()
}
