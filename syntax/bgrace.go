package syntax

// Reads that race with a later write (echo 'echo hi' > s.sh && bash s.sh &
// echo 'rm -rf ~' > s.sh). A command run in the background (cmd &) goes
// on while the shell runs what follows the &: a file whose text it reads
// as code (a script it runs, a Makefile, a file it sources) may be read
// before or after a later command of the shell writes it, so the text
// that runs is either one; real bash gives each about as often. The walk
// reads the background command first, with the text the file had then,
// so a later write of the same file by another command, in the
// foreground or in another background command, makes that read one
// corral cannot know: it asks. A plain `wait` in the foreground ends the
// race (every background command has finished), and a write inside the
// same background command after its read is sequential, as judged.
// fifo.go is the other half: two writers of which one is in the
// background.

// bgRead is a file read as code in a background command: the reading
// call and the background command it belongs to.
type bgRead struct {
	call *Call
	job  int
}

// noteBgRead records that the call being read reads the file at p as
// code while a background command runs.
func (w *walker) noteBgRead(p string) {
	if w.bg == 0 || w.reading == nil {
		return
	}
	if w.bgReads == nil {
		w.bgReads = map[string][]bgRead{}
	}
	w.bgReads[p] = append(w.bgReads[p], bgRead{call: w.reading, job: w.bgJob})
}

// bgReadRaced asks about the reads of p in background commands other
// than the one now walked, since the write of p being recorded may come
// before them.
func (w *walker) bgReadRaced(p string) {
	reads := w.bgReads[p]
	if len(reads) == 0 {
		return
	}
	var keep []bgRead
	for _, r := range reads {
		if w.bg > 0 && r.job == w.bgJob {
			keep = append(keep, r)
			continue
		}
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: r.call, Always: true, Text: p,
			What: readerName(r.call) + " reads " + p + " in the background while a later command of this one writes it: the text it runs is only known at run time"})
	}
	if keep == nil {
		delete(w.bgReads, p)
	} else {
		w.bgReads[p] = keep
	}
}

// endBgRaces forgets the background reads once a plain wait has waited
// for every background command.
func (w *walker) endBgRaces(args []Arg) {
	if w.bg == 0 && len(args) == 1 && args[0].Static && args[0].Value == "wait" {
		w.bgReads = nil
	}
}
