package rewrite

// acquisitionRules find content brought onto disk from elsewhere.
var acquisitionRules = []*Rule{
	&gitClone,
	&ghRepoClone,
	&ghReleaseDownload,
	&ghPrCheckout,
	&gitSubmoduleAdd,
	&projectInitializer,
	&curlRule,
	&wgetRule,
	&svnCheckout,
	&hgClone,
	&remoteCopy,
	&aria2cRule,
	&axelRule,
	&httpClients,
	&jjGitClone,
	&ghRepoFork,
	&ghGistClone,
	&ghRunDownload,
	&pipeShell,
	&runDownload,
	&copyOut,
	&pullNewRepo,
	&fetchURLCheckout,
	&gitArchiveRemote,
	&gitSubtree,
	&sshOutput,
	&sftpRule,
	&fileTransfer,
	&containerCopy,
	&netStream,
	&vcsClone,
	&remoteMount,
}

// movers are the rules whose fixes move content into the sandbox, so that
// their findings carry Relocations. The rules that follow moved content
// (run-download, gh-pr-checkout) require them; TestMoversDeclared checks
// that no other rule relocates anything.
var movers = []string{"git-clone", "gh-repo-clone", "gh-release-download", "curl", "wget", "svn-checkout", "hg-clone", "remote-copy",
	"aria2c", "axel", "http-client", "jj-git-clone", "gh-repo-fork", "gh-gist-clone", "gh-run-download", "git-archive-remote", "ssh-output", "sftp", "container-copy",
	"net-stream", "vcs-clone", "package-fetch", "image-save", "fetch-url-checkout"}

// runnerRules are rules about everyday programs (pip, npx, deno, git
// config) used a risky way: listed after the other tables, so that their
// command words do not make a run-time command name or text corral cannot
// parse risky by themselves (riskTables).
var runnerRules = []*Rule{
	&remoteRun,
	&packageFetch,
	&imageSave,
}
