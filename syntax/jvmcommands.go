package syntax

import "strings"

// The HotSpot JVM's -XX:OnOutOfMemoryError=CMD and -XX:OnError=CMD (red
// team 16 JV1) are shell text: on an out-of-memory error (or a fatal
// error) the JVM runs each ";"-separated command through /bin/sh -c,
// with %p replaced by its process id ("Executing /bin/sh -c ..."), and
// an out-of-memory error is easy to cause (-Xmx64m and a program that
// allocates). So the value, on java's command line or in the option
// variables every JVM reads (JAVA_TOOL_OPTIONS, _JAVA_OPTIONS,
// JDK_JAVA_OPTIONS: mvn test, ./gradlew test), is judged as a command
// the call runs; a value only known at run time asks.

// jvmShellPid stands for the process id the JVM puts for %p.
const jvmShellPid = "4242"

// jvmShellOption reports whether the JVM option word v is one whose value
// is shell text, and judges that text as a command call runs.
func (w *walker) jvmShellOption(c scope, call *Call, from, v string) bool {
	name, cmd, ok := jvmShellValue(v)
	if !ok {
		return false
	}
	if strings.TrimSpace(cmd) == "" {
		return true
	}
	cmd = strings.ReplaceAll(cmd, "%p", jvmShellPid)
	// The command is judged in the JVM's environment without the
	// option variables: each command of it would otherwise be taken as
	// starting a JVM given the same command again, without end.
	inner := *call
	env := call.env
	if env == nil {
		env = w.cur.exportedOnly(call.Dir, w.home)
	}
	env = env.clone()
	for _, n := range jvmOptionVars {
		delete(env.vars, n)
	}
	inner.env = env
	w.child(c, &inner, cmd, nil, from+" "+name, false)
	return true
}

// jvmOptionWords splits an option variable's value as the JVM does
// (Arguments::parse_options_buffer): words end at white space, and a
// part in single or double quotes is taken whole, without the quotes,
// anywhere in a word (-XX:OnError='kill -9 %p'); no backslash escapes.
func jvmOptionWords(v string) []string {
	var out []string
	var cur strings.Builder
	have := false
	for i := 0; i < len(v); i++ {
		ch := v[i]
		switch {
		case ch == '\'' || ch == '"':
			end := strings.IndexByte(v[i+1:], ch)
			if end < 0 {
				end = len(v) - i - 1 // unmatched: the JVM refuses it; the rest is the word
			}
			cur.WriteString(v[i+1 : i+1+end])
			i += end + 1
			have = true
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
			if have {
				out = append(out, cur.String())
			}
			cur.Reset()
			have = false
		default:
			cur.WriteByte(ch)
			have = true
		}
	}
	if have {
		out = append(out, cur.String())
	}
	return out
}

// jvmShellValue splits a -XX:OnOutOfMemoryError= or -XX:OnError= word
// into the option's name and its value.
func jvmShellValue(v string) (name, cmd string, ok bool) {
	for _, n := range []string{"-XX:OnOutOfMemoryError=", "-XX:OnError="} {
		if rest, found := strings.CutPrefix(v, n); found {
			return strings.TrimSuffix(n, "="), rest, true
		}
	}
	return "", "", false
}

// jvmShellDynamic reports a java command-line word only known at run
// time that sets one of the options above (it asks).
func jvmShellDynamic(raw string) bool {
	raw = strings.Trim(raw, `"'`)
	return strings.HasPrefix(raw, "-XX:OnOutOfMemoryError") || strings.HasPrefix(raw, "-XX:OnError")
}
