package audit

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// jsonLine is the line encoding/json's Encoder writes for r with HTML
// escaping off: what encode wrote before appendRecord.
func jsonLine(t *testing.T, r Record) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestAppendRecordMatchesEncodingJSON: the hand-written record encoder
// writes the bytes encoding/json writes, for every field set and empty
// (the optional ones left out), time stamps in several zones and
// precisions, and strings with every escape: quotes, backslashes, each
// control character, HTML's <>&, U+2028/U+2029, invalid UTF-8 (a lone
// continuation byte, a truncated sequence, a surrogate's encoding), and
// random bytes.
func TestAppendRecordMatchesEncodingJSON(t *testing.T) {
	var ctl strings.Builder
	for c := 0; c < 0x20; c++ {
		ctl.WriteByte(byte(c))
	}
	ctl.WriteByte(0x7f)
	strs := []string{
		"", "ls -la", `say "hi" \ bye`, ctl.String(), "a && b > c < d", "line\u2028sep\u2029para",
		"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "bad \x80 byte", "cut \xe2\x82", "surrogate \xed\xa0\x80 end",
		"\xff\xfe", "tab\there\r\n", "x\u0085y\u00a0z", "\ufeffbom", "end\\",
	}
	zone := time.FixedZone("X", -(3*3600 + 30*60))
	stamps := []time.Time{
		time.Date(2026, 11, 29, 14, 0, 3, 147040000, time.UTC),
		time.Date(2026, 1, 2, 3, 4, 5, 0, zone),
		time.Date(1999, 12, 31, 23, 59, 59, 999999999, time.FixedZone("Y", 5*3600+45*60)),
		time.Date(2026, 6, 1, 0, 0, 0, 1, time.Local),
	}
	check := func(r Record) {
		t.Helper()
		got, err := encode(r)
		if err != nil {
			t.Fatalf("encode(%+v): %v", r, err)
		}
		// encode redacts; the reference gets the same redacted record.
		ref := r
		ref.Operation, ref.Rewritten, ref.Reason = Redact(r.Operation), Redact(r.Rewritten), Redact(r.Reason)
		if want := jsonLine(t, ref); !bytes.Equal(got, want) {
			t.Errorf("record %+v:\n got  %q\n want %q", r, got, want)
		}
	}
	for i, s := range strs {
		for _, ts := range stamps {
			check(Record{TS: ts, Tool: s, Operation: s, Action: s, Rule: s, PathContext: s, SessionID: s,
				Cwd: s, Rewritten: s, Reason: s, AgentType: s})
		}
		// Optional fields one at a time.
		r := Record{TS: stamps[i%len(stamps)], Tool: "Bash", Operation: s, Action: ActionWarn, Rule: "r"}
		check(r)
		r.Cwd = s + "/cwd"
		check(r)
		r.AgentType = s
		check(r)
	}
	rng := rand.New(rand.NewPCG(8, 9))
	alphabet := []byte("\x00\x01\x1f\"\\/<>&'\x7f\x80\xbf\xc3\xa9\xe2\x80\xa8\xa9\xed\xf0\x9f\xffaZ ")
	for n := 0; n < 3000; n++ {
		var b []byte
		for k := rng.IntN(24); k > 0; k-- {
			b = append(b, alphabet[rng.IntN(len(alphabet))])
		}
		s := string(b)
		check(Record{TS: stamps[n%len(stamps)], Tool: s, Operation: s, Action: s, Rule: s, SessionID: s, AgentType: s})
	}
	// A time MarshalJSON refuses fails as encoding/json failed.
	if _, err := encode(Record{TS: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), Tool: "Bash"}); err == nil {
		t.Error("encode of a year-10000 time stamp succeeded; encoding/json refuses it")
	}
}
