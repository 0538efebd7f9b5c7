package guards

// GitTop returns the top of the git work tree p is in (the nearest of p
// and its ancestors that git takes for a repository's work tree), as git
// apply and git am place a diff's names under it.
func GitTop(p string) (string, bool) {
	return gitTop(p)
}
