package syntax

import (
	"bufio"
	"io"
	"os"
	"strings"
	"sync"
)

// ~user is that user's home directory as the system's user database
// gives it; bash leaves the word as written when there is no such user.
// The hook runs on the machine and as the user the command runs as, so
// /etc/passwd read when the hook runs is the one bash reads (the lookup
// mvdan's expand makes through os/user, which without cgo reads the same
// file). corral reads it itself, bounded, once per process.

// maxPasswd bounds the bytes of /etc/passwd read.
const maxPasswd = 1 << 20

var passwd struct {
	once  sync.Once
	homes map[string]string
}

// userHome returns the home directory of the user name, and whether the
// user exists.
func userHome(name string) (string, bool) {
	passwd.once.Do(func() {
		passwd.homes = map[string]string{}
		f, err := os.Open("/etc/passwd")
		if err != nil {
			return
		}
		defer f.Close()
		if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
			return
		}
		sc := bufio.NewScanner(io.LimitReader(f, maxPasswd))
		for sc.Scan() {
			fields := strings.Split(sc.Text(), ":")
			if len(fields) >= 6 && fields[0] != "" && !strings.HasPrefix(fields[0], "#") {
				if _, dup := passwd.homes[fields[0]]; !dup {
					passwd.homes[fields[0]] = fields[5]
				}
			}
		}
	})
	h, ok := passwd.homes[name]
	return h, ok
}
