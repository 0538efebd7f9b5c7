package guards

import (
	"sync"
	"time"
)

// diskIndex keeps what a walk of the disk found (the hard-linked files
// under the protected and secret places, the protected names that are
// symbolic links), by the places walked, for linkIndexTTL; at most 64
// entries, all dropped when full.
type diskIndex[T any] struct {
	sync.Mutex
	m map[string]diskEntry[T]
}

type diskEntry[T any] struct {
	built time.Time
	v     T
}

// get returns the index of key, building it with build when there is
// none or it is older than linkIndexTTL.
func (c *diskIndex[T]) get(key string, build func() T) T {
	now := time.Now()
	c.Lock()
	e, ok := c.m[key]
	c.Unlock()
	if ok && now.Sub(e.built) < linkIndexTTL {
		return e.v
	}
	v := build()
	c.Lock()
	if c.m == nil || len(c.m) >= 64 {
		c.m = map[string]diskEntry[T]{}
	}
	c.m[key] = diskEntry[T]{built: now, v: v}
	c.Unlock()
	return v
}

// walkPlaces walks each place with its own budget (at most per, and what
// is left of total), stopping when total is spent, and returns what is
// left of total.
func walkPlaces[P any](places []P, total, per int, walk func(P, *int)) int {
	for _, pl := range places {
		if total <= 0 {
			return 0
		}
		budget := min(per, total)
		used := budget
		walk(pl, &budget)
		total -= used - budget
	}
	return total
}
