package syntax

import (
	"bufio"
	"io"
	"os"
	"strconv"
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
	// names are the user names by user id, the first entry of each.
	names map[string]string
}

// currentUserName is the name of the user the hook runs as (its real
// user id), the one whose shell runs the command: bash's prompt \u
// (getpwuid of its uid). ok is false when the user database has no entry.
func currentUserName() (string, bool) {
	userHome("")
	n, ok := passwd.names[strconv.Itoa(os.Getuid())]
	return n, ok
}

// userHome returns the home directory of the user name, and whether the
// user exists.
func userHome(name string) (string, bool) {
	passwd.once.Do(func() {
		passwd.homes, passwd.names = map[string]string{}, map[string]string{}
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
				if _, dup := passwd.names[fields[2]]; !dup {
					passwd.names[fields[2]] = fields[0]
				}
			}
		}
	})
	h, ok := passwd.homes[name]
	return h, ok
}
