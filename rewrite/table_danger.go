package rewrite

// dangerRules find commands that destroy data or the system.
var dangerRules = []Rule{
	rmRoot,
	chmodRecursive,
	chmodTop,
	crontabReplace,
	toolConfig,
	forkBomb,
	diskWrite,
	volumeDestroy,
	firmwareWrite,
	diskFill,
	power,
	accountChange,
	networkChange,
	remoteAccess,
	serviceStop,
	kubectlDelete,
	dockerDestroy,
	gitDestroy,
	runtimeScript,
	dynamicCommand,
	hiddenCode,
	corralSelf,
	agentUnguarded,
	agentSettings,
}
