package rewrite

import "testing"

func TestDockerDestroy(t *testing.T) {
	t.Parallel()
	testRule(t, "docker-destroy", []ruleCase{
		{"docker rm x", Ask},
		{"docker rm -f $(docker ps -aq)", Ask},
		{"docker container rm x", Ask},
		{"docker container prune -f", Ask},
		{"docker system prune -af --volumes", Ask},
		{"docker volume rm data", Ask},
		{"docker volume prune", Ask},
		{"docker image prune -a", Ask},
		{"docker -H tcp://h:2375 rm x", Ask},
		{"podman rm x", Ask},
		{"docker compose down -v", Ask},
		{"docker compose -f prod.yml down --volumes", Ask},
		{"docker-compose down -v", Ask},
		{"docker compose rm -f", Ask},
		{"podman system reset", Ask},
		{"podman system reset --force", Ask},
		{"docker stack rm web", Ask},
		{"docker service rm web", Ask},
		{"docker service rm $(docker service ls -q)", Ask},
		{"docker service ls", Allow},
		{"docker service logs web", Allow},
		{"docker stack remove web", Ask},
		{"docker swarm leave --force", Ask},
		{"docker --context prod compose down -v", Ask},
		{"docker compose --project-name x down --rmi all -v", Ask},
		{"docker compose down -t 5 --volumes", Ask},
		{"podman-compose down -v", Ask},
		// Look-alikes.
		{"docker rmi x", Allow},
		{"docker image rm x", Allow},
		{"docker ps -a", Allow},
		{"docker run --rm alpine true", Allow},
		{"docker exec web rm -rf /tmp/cache", Allow},
		{"docker network prune", Allow},
		{"docker builder prune", Allow},
		{"docker compose down", Allow},
		{"docker volume ls", Allow},
		{"docker rm --help", Allow},
		{"docker-compose ps", Allow},
		{"echo 'docker system prune'", Allow},
	})
}
