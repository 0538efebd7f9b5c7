// Package bigstack grows the main goroutine's stack, once, before the
// other packages initialise. It imports nothing, so it is among the first
// packages initialised (the Go specification initialises, in each step,
// the first package by import path whose imports are all initialised).
//
// A goroutine starts with a small stack and doubles it when it runs out,
// copying it and adjusting every frame through the binary's function
// tables; each size up to 32 kB comes from a pool whose first use writes a
// free list through a new 32 kB block. Package initialisation (regular
// expressions compiled by dependencies) and a hook call (parsing and
// walking a command) reach 16-64 kB, so the main goroutine would pass
// through every size, each step touching fresh memory. Grown here, in one
// step, it goes straight to a 64 kB stack taken from the heap; nothing
// shrinks it in a short process (only a garbage collection does).
package bigstack

func init() { grow(false) }

// Grow gives the calling goroutine the same 64 kB stack in one step. A
// goroutine that does the hook's work (a shell command judged within a
// time budget runs on its own goroutine) calls it first; without it the
// goroutine would start at 8 kB and pass through every size again.
func Grow() { grow(false) }

// grow has a frame larger than 32 kB, so that calling it gives the
// goroutine a 64 kB stack at once. The frame is only reserved: its array
// is declared (and so zeroed) only when use is true, so grow(false)
// writes none of it and touches no page of the new stack that the process
// does not use later.
//
//go:noinline
func grow(use bool) {
	if use {
		var frame [frameSize]byte
		keep(frame[:])
	}
}

// frameSize is the size of grow's frame.
const frameSize = 33 << 10

// keep uses b so that the compiler keeps grow's frame.
//
//go:noinline
func keep(b []byte) {}
