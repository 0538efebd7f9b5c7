package syntax

import (
	"strconv"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// mapfile -C CALLBACK [-c QUANTUM] NAME.
//
// bash evaluates CALLBACK INDEX 'LINE' after every QUANTUM lines read
// (5000 by default): INDEX is the index of the element the line goes to
// (the line's number from 0, plus -O's origin), LINE the line as stored
// (without its delimiter under -t), single-quoted. So mapfile -t -C
// 'rm -rf' -c 1 a <<< ~ runs rm -rf 0 /home/u. The calls are walked as
// scripts: with each line when the input is in the command (a
// here-string or here-document, a static printer into the pipe), with
// a line only known at run time otherwise.

// mapfileCall is what reads gathered of a mapfile call's callback.
type mapfileCall struct {
	text string
	set  bool
	trim bool
	// opts are -c, -O and -d with their values, in order.
	opts [][2]string
}

// maxMapfileCalls bounds the callback calls walked for one mapfile.
const maxMapfileCalls = 64

// mapfileUnknownLine is a variable no command sets: a line only run time
// knows.
const mapfileUnknownLine = `"${__corral_mapfile_line}"`

func (w *walker) mapfileCallback(c scope, call *Call, st *state, cb mapfileCall) {
	quantum, origin, lineDelim := 5000, 0, true
	for _, o := range cb.opts {
		n, err := strconv.Atoi(o[1])
		switch o[0] {
		case "c":
			if err != nil || n < 1 {
				// bash refuses a quantum below 1: no line is read.
				return
			}
			quantum = n
		case "O":
			if err != nil || n < 0 {
				return
			}
			origin = n
		case "d":
			lineDelim = o[1] == "\n"
		}
	}
	walk := func(script string) {
		w.childIn(c, call, script, nil, "mapfile -C", false, st, st.dir)
	}
	input, shared, ok := w.readInput(c, call)
	if !ok {
		input, ok = w.mapfileFile(call)
		shared = false
	}
	if !ok || shared || !lineDelim {
		walk(cb.text + " " + strconv.Itoa(origin+quantum-1) + " " + mapfileUnknownLine)
		return
	}
	lines := strings.SplitAfter(input, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	calls := 0
	for i, l := range lines {
		if (i+1)%quantum != 0 {
			continue
		}
		if calls++; calls > maxMapfileCalls {
			walk(cb.text + " " + strconv.Itoa(origin+i) + " " + mapfileUnknownLine)
			return
		}
		if cb.trim {
			l = strings.TrimSuffix(l, "\n")
		}
		walk(cb.text + " " + strconv.Itoa(origin+i) + " " + shellQuote(l))
	}
	if calls == 0 {
		// Too few lines for a call: the callback is still walked on its
		// own, the cautious reading of a text corral may have misread.
		walk(cb.text)
	}
}

// mapfileFile returns the text of the file a mapfile call reads with its
// one input redirection (mapfile -C cb a < list.txt), read as the other
// readers of files are (a regular file, bounded; one this command wrote
// is its written text); ok is false otherwise.
func (w *walker) mapfileFile(call *Call) (string, bool) {
	n := 0
	for _, r := range call.Redirs {
		switch r.Node.Op {
		case sh.RdrIn:
			n++
		case sh.DplIn, sh.RdrInOut, sh.Hdoc, sh.DashHdoc, sh.WordHdoc:
			return "", false
		}
	}
	if n != 1 {
		return "", false
	}
	text, ok := w.readFileInput(call, call.Fd(0))
	if !ok || strings.Count(text, "\n") > MaxReadLines*maxMapfileCalls {
		return "", false
	}
	return text, true
}
