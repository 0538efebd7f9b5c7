package rewrite

import "testing"

// TestImageSave: a container image written out as a file (docker-save(1),
// docker-export(1), podman-save(1), skopeo-copy(1), crane pull/export,
// regctl image export, oras pull) moves into the sandbox, or stdout is
// followed; the image commands that keep the image in a store or only
// print about it pass.
func TestImageSave(t *testing.T) {
	t.Parallel()
	testRule(t, "image-save", []ruleCase{
		{"docker save alpine -o alpine.tar", Rewrite},
		{"docker save --output=alpine.tar alpine", Rewrite},
		{"docker save alpine > alpine.tar", Rewrite},
		{"docker save alpine | gzip > alpine.tgz", Rewrite},
		{"docker image save -o a.tar alpine busybox", Rewrite},
		{"docker export ctr -o fs.tar", Rewrite},
		{"docker container export ctr > fs.tar", Rewrite},
		{"docker -H tcp://h:2376 save -o a.tar alpine", Rewrite},
		{"podman save -o a.tar alpine", Rewrite},
		{"nerdctl save alpine > a.tar", Rewrite},
		{"skopeo copy docker://alpine dir:./alpine", Rewrite},
		{"skopeo copy docker://alpine oci:alpine-oci:latest", Rewrite},
		{"skopeo copy --override-arch arm64 docker://alpine docker-archive:a.tar:alpine:latest", Rewrite},
		{"skopeo sync --src docker --dest dir alpine ./mirror", Rewrite},
		{"crane pull alpine alpine.tar", Rewrite},
		{"crane pull --format oci alpine busybox ./layout", Rewrite},
		{"crane export alpine fs.tar", Rewrite},
		{"crane export alpine - > fs.tar", Rewrite},
		{"crane export alpine | tar x", Rewrite},
		{"regctl image export alpine a.tar", Rewrite},
		{"regctl image export alpine > a.tar", Rewrite},
		{"oras pull ghcr.io/x/y:1", Rewrite},
		{"oras pull ghcr.io/x/y:1 -o out", Rewrite},
		{"oras pull -o . ghcr.io/x/y:1", Rewrite},
		// Look-alikes.
		{"docker save alpine | docker load", Allow},
		{"docker save -o - alpine | docker load", Allow},
		{"docker save alpine -o agent_sandbox/a.tar", Allow},
		{"docker pull alpine", Allow},
		{"docker load -i alpine.tar", Allow},
		{"docker export --help", Allow},
		{"docker image ls", Allow},
		{"docker container ls -a", Allow},
		{"docker save alpine", Allow}, // stdout: docker refuses a terminal
		{"skopeo inspect docker://alpine", Allow},
		{"skopeo copy docker://alpine docker://registry.local/alpine", Allow},
		{"skopeo copy dir:./a oci:./b", Allow}, // a copy between files here
		{"skopeo copy docker://alpine dir:agent_sandbox/alpine", Allow},
		{"crane digest alpine", Allow},
		{"crane ls alpine", Allow},
		{"crane push a.tar registry.local/a", Allow},
		{"oras discover ghcr.io/x/y:1", Allow},
		{"oras push ghcr.io/x/y:1 ./f", Allow},
		{"oras pull ghcr.io/x/y:1 -o agent_sandbox/y", Allow},
		{"regctl image digest alpine", Allow},
	})
}
