package rewrite

// acquisitionRules find content brought onto disk from elsewhere.
var acquisitionRules = []Rule{
	gitClone,
	ghRepoClone,
	ghReleaseDownload,
	ghPrCheckout,
	gitSubmoduleAdd,
	curlRule,
	wgetRule,
	svnCheckout,
	hgClone,
	remoteCopy,
	aria2cRule,
	axelRule,
	jjGitClone,
	ghRepoFork,
	ghGistClone,
	ghRunDownload,
	pipeShell,
	runDownload,
}
