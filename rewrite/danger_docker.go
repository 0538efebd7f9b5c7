package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var dockerDestroy = Rule{
	Name:      "docker-destroy",
	Decisions: []Decision{Ask},
	Doc: `docker rm, docker container rm/prune, docker system prune, docker
volume rm/prune, docker image prune, docker stack rm, docker service rm,
docker swarm leave,
podman system reset, podman pod rm (and podman's of each) remove
containers, services, their data or images in bulk: ask, as seed 002's starter table confirms
docker rm and docker system prune. docker compose down -v (and
docker-compose) deletes the project's named volumes, its databases: ask;
compose rm too. docker rmi of a named image (it can be pulled or built
again), network and builder prune (networks and build cache are made again
on demand), compose down without -v, ps, run, exec and build pass, and so does
compose --dry-run (before or after the subcommand; not a compose file
named --dry-run, -f --dry-run).`,
	Commands: []string{"docker", "podman", "docker-compose", "podman-compose"},
	Call:     checkDocker,
}

// dockerOptions are docker's global options that take a value.
var dockerOptions = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "Hcl", longVal: longOpts("host", "context", "config", "log-level", "tlscacert", "tlscert", "tlskey"), longEq: true}
}}

// composeOptions are docker compose's global options that take a value.
var composeOptions = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "fp", longVal: longOpts("file", "project-name", "project-directory", "profile", "env-file", "parallel", "ansi", "progress"), longEq: true}
}}

func checkDocker(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	args := c.Args
	if c.Name == "docker" || c.Name == "podman" {
		_, operands := scan(args, dockerOptions.Get())
		if len(operands) == 0 {
			return
		}
		w := func(i int) string {
			if i < len(operands) {
				return args[operands[i]].Value
			}
			return ""
		}
		hit := ""
		switch w(0) {
		case "rm":
			hit = "rm"
		case "compose":
			checkCompose(p, c, args[operands[0]+1:])
			return
		case "container", "volume", "system", "image", "pod", "machine":
			switch sub := w(1); {
			case sub == "prune" || (sub == "rm" || sub == "remove") && w(0) != "image":
				hit = w(0) + " " + sub
			case w(0) == "system" && sub == "reset":
				// podman system reset deletes every container, image,
				// volume and pod of the user.
				hit = "system reset"
			}
		case "stack":
			if sub := w(1); sub == "rm" || sub == "remove" || sub == "down" {
				hit = "stack " + sub
			}
		case "service":
			// docker service rm removes a swarm service and stops every
			// task (container) of it, as stack rm does for a stack.
			if sub := w(1); sub == "rm" || sub == "remove" {
				hit = "service " + sub
			}
		case "swarm":
			if w(1) == "leave" {
				hit = "swarm leave"
			}
		}
		if hit != "" {
			p.Report(c, Finding{Rule: "docker-destroy", Decision: Ask, Message: c.Name + " " + hit + " removes containers, their data or images"})
		}
		return
	}
	checkCompose(p, c, args)
}

// composeDryRun reports docker compose --dry-run (Compose 2.17 and later:
// a flag of every subcommand, read before or after it), which shows what
// down or rm would remove and removes nothing. It counts where the
// word stands as an option of its own (optionStands: -f --dry-run names
// a compose file "--dry-run"), not undone by a later --dry-run=false.
// Compose versions without the flag refuse the command.
func composeDryRun(args []syntax.Arg) bool {
	flags := func(w string) bool {
		switch w {
		case "-v", "--volumes", "--remove-orphans", "-s", "--stop", "--compatibility", "--all-resources", "--dry-run":
			return true
		}
		return false
	}
	dry := false
	for i, a := range args {
		if !a.Static || !optionStands(args, i, flags) {
			continue
		}
		switch v := a.Value; {
		case v == "--dry-run" || v == "--dry-run=true":
			dry = true
		case strings.HasPrefix(v, "--dry-run="):
			dry = false
		}
	}
	return dry
}

// checkCompose judges the words after "docker compose" (or docker-compose).
func checkCompose(p *Pass, c *syntax.Call, args []syntax.Arg) {
	_, operands := scan(args, composeOptions.Get())
	if len(operands) == 0 {
		return
	}
	if composeDryRun(args) {
		return
	}
	sub := args[operands[0]].Value
	subOpts, _ := scan(args[operands[0]+1:], optSpec{shortVal: "t", longVal: longOpts("rmi", "timeout"), longEq: true})
	switch {
	case sub == "down" && has(subOpts, "v", "volumes"):
		p.Report(c, Finding{Rule: "docker-destroy", Decision: Ask, Message: "compose down -v deletes the project's named volumes and the data in them"})
	case sub == "rm":
		p.Report(c, Finding{Rule: "docker-destroy", Decision: Ask, Message: "compose rm removes the project's containers"})
	}
}
