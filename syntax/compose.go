package syntax

import (
	"path/filepath"
	"strings"
)

// Docker Compose starts containers from a compose file: each service is a
// docker run of its image with its volumes and command, which the rules
// judge as they judge docker run (a writable mount of the home directory
// with a command that deletes under it is the same deletion). The file is
// read with a small reader of the shapes compose files use: services with
// image, volumes (short "SRC:DST[:ro]" strings, in a block or a flow list,
// and the long form with type, source, target and read_only), command and
// entrypoint (a string or a flow list).

// composeFileNames are the files docker compose looks for (compose spec).
var composeFileNames = []string{"compose.yaml", "compose.yml", "docker-compose.yaml", "docker-compose.yml"}

// composeStarts are the compose commands that start a service's container.
var composeStarts = []string{"up", "run", "start", "create", "restart"}

type composeService struct {
	name, image string
	volumes     []string
	// hostOpts are the docker run options of the keys that give the
	// container the host (privileged: true, pid: host, cap_add,
	// devices, security_opt), for containerHostEscape.
	hostOpts           []string
	command, entry     []string
	commandRaw, entRaw string
	// envFiles are the service's env_file entries (a scalar, a list, the
	// long form's path), relative to the compose file's directory: their
	// variables are the container's environment, and compose config
	// prints them in the service's environment.
	envFiles []string
	// takes are the variables the service's environment entries take
	// from compose's own environment (the .env or --env-file files, the
	// shell's): a name with no value, and the $ references of a value.
	takes []string
}

// compose models docker compose / docker-compose / podman compose.
func (w *walker) compose(c scope, call *Call) bool {
	args := call.Args
	switch call.Name {
	case "docker", "podman", "nerdctl":
		// The client's own options come first (docker --context x
		// compose up, -H HOST).
		_, ops := ScanOptions(args, dockerGlobalSpec)
		if len(ops) == 0 || args[ops[0]].Value != "compose" {
			return false
		}
		args = args[ops[0]+1:]
	case "docker-compose", "podman-compose":
	default:
		return false
	}
	opts, operands := ScanOptions(args, composeGlobalSpec)
	var files []Arg
	dir := call.Dir
	for _, o := range opts {
		switch {
		case (o.Name == "f" || o.Name == "file") && o.HasVal:
			files = append(files, o.Val)
		case o.Name == "project-directory" && o.HasVal && o.Val.Static:
			dir = dir.Join(o.Val.Value)
		}
	}
	if len(files) == 0 && w.callState != nil {
		// COMPOSE_FILE names the files when -f does not (":"-separated).
		if v, ok := w.callState.vars["COMPOSE_FILE"]; ok && v.exported {
			if !v.known {
				files = append(files, Arg{Value: "$COMPOSE_FILE", Raw: "COMPOSE_FILE"})
			}
			for _, f := range strings.Split(v.str, ":") {
				if v.known && f != "" {
					files = append(files, Arg{Value: f, Raw: "COMPOSE_FILE", Static: true})
				}
			}
		}
	}
	if len(operands) == 0 {
		return true
	}
	i := operands[0]
	verb := args[i].Value
	starts := false
	for _, s := range composeStarts {
		starts = starts || verb == s
	}
	if !starts && verb != "exec" {
		return true // exec: what it runs in a service's container (containerexec.go)
	}
	read := func(p string) (string, bool) { return w.readScript(Dir{Path: p, Known: true}) }
	if len(files) == 0 && dir.Known {
		// COMPOSE_FILE from the --env-file files, else the project
		// directory's .env, which compose reads for its own variables.
		var envs []Dir
		for _, o := range opts {
			if o.Name == "env-file" && o.HasVal && o.Val.Static {
				envs = append(envs, call.Dir.Join(o.Val.Value))
			}
		}
		if len(envs) == 0 {
			envs = append(envs, dir.Join(".env"))
		}
		for _, e := range envs {
			// Values, not code: a FIFO .env (a secrets manager's mount)
			// is taken as setting no COMPOSE_FILE (unreadable.go).
			restore := w.asData()
			t, ok := w.readScript(e)
			restore()
			if ok {
				if list, ok := ComposeFileFromEnv(t); ok {
					files = nil
					for _, f := range list {
						if !filepath.IsAbs(f) {
							f = filepath.Join(dir.Path, f)
						}
						files = append(files, Arg{Value: f, Raw: "COMPOSE_FILE", Static: true})
					}
				}
			}
		}
	}
	var project []ComposeText
	if len(files) == 0 {
		if p, text, ok := w.findUp(dir, composeFileNames...); ok {
			project = append(project, ComposeText{Path: p, Text: text, Dir: filepath.Dir(p)})
			if op, ot, ok := ComposeOverride(p, read); ok {
				project = append(project, ComposeText{Path: op, Text: ot, Dir: filepath.Dir(p)})
			}
		}
	}
	for _, f := range files {
		if !f.Static && verb == "exec" {
			continue // exec starts nothing: a container whose mounts are not known
		}
		if !f.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: f.Value,
				What: "compose starts the services of " + clip(f.Raw, 40) + ", a file only known at run time"})
			continue
		}
		d := call.Dir.Join(f.Value)
		if text, ok := w.readScript(d); ok && d.Known {
			project = append(project, ComposeText{Path: d.Path, Text: text, Dir: filepath.Dir(d.Path)})
		}
	}
	if len(project) > 0 && dir.Path != call.Dir.Path && dir.Known {
		for i := range project {
			project[i].Dir = dir.Path // --project-directory
		}
	} else if len(project) > 0 {
		for i := range project {
			project[i].Dir = project[0].Dir // relative to the first file
		}
	}
	type group struct {
		name, dir string
		texts     []string
	}
	var groups []group
	for _, f := range ComposeWithIncludes(project, read) {
		if len(groups) <= f.Group {
			groups = append(groups, group{dir: f.Dir})
		}
		g := &groups[len(groups)-1]
		if g.name != "" {
			g.name += " + "
		}
		g.name += filepath.Base(f.Path)
		g.texts = append(g.texts, f.Text)
	}
	// compose run SERVICE [COMMAND…] replaces the service's command.
	var runService string
	var runCmd []Arg
	var runLocal []Option
	if verb == "run" || verb == "exec" {
		spec := composeRunSpec
		if verb == "exec" {
			spec = composeExecSpec
		}
		local, ops := ScanOptions(args[i+1:], spec)
		runLocal = local
		if len(ops) > 0 {
			runService = args[i+1+ops[0]].Value
			runCmd = args[i+1+ops[0]+1:]
		}
		if verb == "exec" && (len(runCmd) == 0 || !args[i+1+ops[0]].Static) {
			return true
		}
	}
	for _, t := range groups {
		for _, s := range mergeComposeServices(t.texts) {
			if runService != "" && s.name != runService {
				continue
			}
			words := []string{"docker", "run"}
			for _, o := range s.hostOpts {
				words = append(words, composeWord(o))
			}
			for _, v := range s.volumes {
				if src, _, _ := strings.Cut(v, ":"); strings.HasPrefix(src, ".") && !strings.HasPrefix(src, "..") {
					// A directory beside the compose file (./src:/app):
					// everyday development, the project's own files.
					continue
				}
				words = append(words, "-v", composeWord(v))
			}
			image := s.image
			if image == "" {
				image = "compose-build-" + s.name
			}
			words = append(words, composeWord(image))
			// What runs is the entrypoint with the command as its
			// arguments; exec runs its command alone, and run
			// --entrypoint replaces it (compose splits it into words).
			entry := s.entry
			if verb == "exec" {
				entry = nil
			}
			for _, o := range runLocal {
				if verb == "run" && o.Long && o.Name == "entrypoint" && o.HasVal {
					entry = strings.Fields(o.Val.Value)
				}
			}
			for _, e := range entry {
				words = append(words, composeWord(e))
			}
			cmd := s.command
			if runService != "" && len(runCmd) > 0 {
				cmd = nil
				for _, a := range runCmd {
					cmd = append(cmd, a.Value)
				}
			}
			for _, e := range cmd {
				words = append(words, composeWord(e))
			}
			inner := *call
			inner.Dir = Dir{Path: t.dir, Known: true}
			w.origin = t.name + " (service " + s.name + ")"
			w.child(c, &inner, strings.Join(words, " "), nil, "compose service", false)
			w.origin = ""
			if runService != "" {
				w.composeStdin(c, call, runLocal, words, inner.Dir) // containerexec.go
			}
		}
	}
	return true
}

// dockerGlobalSpec is the docker client's options before its command
// (docker --help; podman's and nerdctl's take the same forms).
var dockerGlobalSpec = OptSpec{ShortVal: "cHl", LongEq: true, Stop: true,
	LongVal: []string{"config", "context", "host", "log-level", "tlscacert", "tlscert", "tlskey", "namespace", "address",
		"connection", "url", "identity", "root", "runroot", "storage-driver", "cgroup-manager", "remote", "snapshotter"},
	LongFlag: []string{"debug", "tls", "tlsverify", "help", "version"}}

// composeGlobalSpec is docker compose's options before its command
// (docker compose --help).
var composeGlobalSpec = OptSpec{ShortVal: "fp", LongEq: true, Stop: true,
	LongVal:  []string{"file", "project-directory", "project-name", "env-file", "profile", "ansi", "progress", "parallel"},
	LongFlag: []string{"all-resources", "compatibility", "dry-run", "help", "version"}}

// composeRunSpec are docker compose run's options that take a value.
// compose's own options that take a value are accepted after run too
// (docker compose run --env-file .env web: the interpolation file, not
// the container's; --env-from-file is that).
var composeRunSpec = OptSpec{ShortVal: "eluvwp", LongEq: true, Stop: true,
	LongVal: []string{"entrypoint", "env", "label", "name", "user", "volume", "workdir", "publish", "cap-add", "cap-drop",
		"env-from-file", "pull", "env-file", "file", "project-directory", "project-name", "profile", "ansi", "progress", "parallel"}}

// composeExecSpec are docker compose exec's options that take a value.
var composeExecSpec = OptSpec{ShortVal: "euw", LongEq: true, Stop: true,
	LongVal: []string{"env", "user", "workdir", "index", "env-file", "file", "project-directory", "project-name", "profile",
		"ansi", "progress", "parallel"}}

// ComposeCall is what a compose call (docker compose, podman compose,
// docker-compose, podman-compose) is made of: its words after compose,
// its subcommand's index in them (-1 when none), and for run and exec
// the service and the command it runs in the container.
type ComposeCall struct {
	Args    []Arg
	Sub     int
	Service string
	Cmd     []Arg
	// Local are run's or exec's options (--env-from-file, -e).
	Local []Option
}

// ReadComposeCall reads call as a compose call; ok is false for any
// other. The docker client's own options before compose are skipped
// (docker --context x compose config).
func ReadComposeCall(call *Call) (cc ComposeCall, ok bool) {
	args := call.Args
	switch call.Name {
	case "docker", "podman", "nerdctl":
		args = DockerClientArgs(args)
		if len(args) == 0 || args[0].Value != "compose" {
			return cc, false
		}
		args = args[1:]
	case "docker-compose", "podman-compose":
	default:
		return cc, false
	}
	cc.Args, cc.Sub = args, -1
	_, operands := ScanOptions(args, composeGlobalSpec)
	if len(operands) == 0 {
		return cc, true
	}
	cc.Sub = operands[0]
	spec := composeRunSpec
	switch args[cc.Sub].Value {
	case "exec":
		spec = composeExecSpec
	case "run":
	default:
		return cc, true
	}
	rest := args[cc.Sub+1:]
	local, ops := ScanOptions(rest, spec)
	cc.Local = local
	if len(ops) > 0 {
		cc.Service = rest[ops[0]].Value
		cc.Cmd = rest[ops[0]+1:]
	}
	return cc, true
}

// DockerClientArgs returns a docker (podman, nerdctl) call's words from
// its command on, after the client's own options (docker --context x
// run …); none when it has no command.
func DockerClientArgs(args []Arg) []Arg {
	_, ops := ScanOptions(args, dockerGlobalSpec)
	if len(ops) == 0 {
		return nil
	}
	return args[ops[0]:]
}

// ComposeEnv is what one service of a compose file takes from files of
// variables (see composeService's envFiles and takesEnv).
type ComposeEnv struct {
	Service  string
	EnvFiles []string
	Takes    []string
}

// ComposeEnvs reads a compose file's services for the env files they
// name and whether their environment takes values from compose's.
func ComposeEnvs(text string) []ComposeEnv {
	var out []ComposeEnv
	for _, s := range parseCompose(text) {
		out = append(out, ComposeEnv{Service: s.name, EnvFiles: s.envFiles, Takes: s.takes})
	}
	return out
}

// FindComposeFile returns the compose file docker compose reads when no
// -f names one: the first of its names in dir or a directory above it.
func FindComposeFile(dir string) (path, text string, ok bool) {
	for k := 0; k < 32 && filepath.IsAbs(dir); k++ {
		for _, n := range composeFileNames {
			p := filepath.Join(dir, n)
			if t, err := ReadScript(p); err == nil {
				return p, t, true
			}
		}
		if dir == "/" {
			break
		}
		dir = filepath.Dir(dir)
	}
	return "", "", false
}

// composeWord quotes a compose value for the shell, keeping $VAR and
// ${VAR} (compose interpolates them from the environment) and a leading ~.
func composeWord(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "`", "\\`")
	if rest, ok := strings.CutPrefix(s, "~"); ok && (rest == "" || rest[0] == '/' || rest[0] == ':') {
		return `~"` + r.Replace(rest) + `"`
	}
	return `"` + r.Replace(s) + `"`
}

// parseCompose reads the services of a compose file (see above); what it
// cannot read is left out.
func parseCompose(text string) []composeService {
	var out []composeService
	lines := strings.Split(text, "\n")
	inServices := false
	svcIndent := -1
	var cur *composeService
	key, keyIndent := "", -1
	var long map[string]string // a long-form volume being read
	flushLong := func() {
		if cur != nil && long != nil {
			if long["type"] == "bind" || long["type"] == "" && long["source"] != "" {
				v := long["source"] + ":" + long["target"]
				if long["read_only"] == "true" {
					v += ":ro"
				}
				cur.volumes = append(cur.volumes, v)
			}
		}
		long = nil
	}
	flush := func() {
		flushLong()
		if cur != nil {
			out = append(out, *cur)
		}
		cur = nil
	}
	for _, raw := range lines {
		line := strings.TrimRight(raw, "\r")
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		if indent == 0 {
			flush()
			inServices = strings.HasPrefix(t, "services:")
			svcIndent = -1
			continue
		}
		if !inServices {
			continue
		}
		if svcIndent < 0 {
			svcIndent = indent
		}
		if indent == svcIndent {
			flush()
			name := strings.TrimSuffix(strings.TrimSpace(t), ":")
			cur = &composeService{name: strings.Trim(name, `"'`)}
			key, keyIndent = "", -1
			continue
		}
		if cur == nil {
			continue
		}
		if keyIndent < 0 || indent <= keyIndent {
			flushLong()
			k, v, ok := strings.Cut(t, ":")
			if !ok {
				continue
			}
			key, keyIndent = strings.TrimSpace(k), indent
			v = strings.TrimSpace(v)
			switch key {
			case "image":
				cur.image = yamlScalar(v)
			case "volumes":
				cur.volumes = append(cur.volumes, yamlFlowList(v)...)
			case "command":
				cur.command = yamlCommand(v)
			case "entrypoint":
				cur.entry = yamlCommand(v)
			case "privileged":
				if yamlScalar(v) == "true" {
					cur.hostOpts = append(cur.hostOpts, "--privileged")
				}
			case "pid":
				cur.hostOpts = append(cur.hostOpts, "--pid="+yamlScalar(v))
			case "cap_add", "devices", "security_opt":
				for _, item := range yamlFlowList(v) {
					cur.hostOpts = append(cur.hostOpts, composeHostOpt(key, item))
				}
			case "env_file":
				if list := yamlFlowList(v); list != nil {
					cur.envFiles = append(cur.envFiles, list...)
				} else if v != "" {
					cur.envFiles = append(cur.envFiles, yamlScalar(v))
				}
			case "environment":
				for _, item := range yamlFlowList(v) {
					cur.takes = append(cur.takes, composeTakes(item, true)...)
				}
			}
			continue
		}
		// Inside the current key's block.
		item, isItem := strings.CutPrefix(t, "- ")
		switch key {
		case "volumes":
			if isItem {
				flushLong()
				if k, v, ok := strings.Cut(item, ":"); ok && (k == "type" || k == "source" || k == "target" || k == "read_only") && !strings.ContainsAny(k, "/~.") {
					long = map[string]string{k: yamlScalar(strings.TrimSpace(v))}
				} else {
					cur.volumes = append(cur.volumes, yamlScalar(item))
				}
			} else if long != nil {
				if k, v, ok := strings.Cut(t, ":"); ok {
					long[strings.TrimSpace(k)] = yamlScalar(strings.TrimSpace(v))
				}
			}
		case "cap_add", "devices", "security_opt":
			if isItem {
				cur.hostOpts = append(cur.hostOpts, composeHostOpt(key, yamlScalar(item)))
			}
		case "env_file":
			if p, ok := strings.CutPrefix(item, "path:"); isItem && ok {
				cur.envFiles = append(cur.envFiles, yamlScalar(strings.TrimSpace(p)))
			} else if isItem {
				cur.envFiles = append(cur.envFiles, yamlScalar(item))
			} else if p, ok := strings.CutPrefix(t, "path:"); ok {
				cur.envFiles = append(cur.envFiles, yamlScalar(strings.TrimSpace(p)))
			}
		case "environment":
			if isItem {
				cur.takes = append(cur.takes, composeTakes(yamlScalar(item), true)...)
			} else {
				cur.takes = append(cur.takes, composeTakes(t, false)...)
			}
		case "command", "entrypoint":
			if isItem {
				if key == "command" {
					cur.command = append(cur.command, yamlScalar(item))
				} else {
					cur.entry = append(cur.entry, yamlScalar(item))
				}
			}
		}
	}
	flush()
	return out
}

// composeTakes returns the variables an environment entry takes from
// compose's environment: a list item NAME with no "=", a mapping NAME:
// with no value (or null), or the $ references of its value.
func composeTakes(entry string, item bool) []string {
	sep := ":"
	if item {
		sep = "="
	}
	name, v, ok := strings.Cut(entry, sep)
	name, v = strings.Trim(strings.TrimSpace(name), `"'`), strings.TrimSpace(v)
	if !ok || !item && (v == "" || v == "~" || v == "null") {
		return []string{name}
	}
	return ComposeRefs(v)
}

// ComposeRefs returns the variables compose interpolates in text:
// $NAME and ${NAME…}; $$ is a literal $.
func ComposeRefs(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		if text[i] != '$' {
			continue
		}
		if i+1 < len(text) && text[i+1] == '$' {
			i++
			continue
		}
		j := i + 1
		if j < len(text) && text[j] == '{' {
			j++
		}
		k := j
		for k < len(text) && (text[k] == '_' || text[k] >= 'a' && text[k] <= 'z' || text[k] >= 'A' && text[k] <= 'Z' || k > j && text[k] >= '0' && text[k] <= '9') {
			k++
		}
		if k > j && len(out) < 1024 {
			out = append(out, text[j:k])
		}
		i = k - 1
	}
	return out
}

// composeHostOpt is the docker run option of a compose key's item.
func composeHostOpt(key, item string) string {
	switch key {
	case "cap_add":
		return "--cap-add=" + item
	case "devices":
		return "--device=" + item
	}
	return "--security-opt=" + item
}

// yamlScalar unquotes a plain or quoted YAML scalar (yamlUnquote).
func yamlScalar(v string) string { return yamlUnquote(v) }

// yamlFlowList reads a flow list ["a", b]; anything else is empty.
func yamlFlowList(v string) []string {
	v = strings.TrimSpace(v)
	if !strings.HasPrefix(v, "[") || !strings.HasSuffix(v, "]") {
		return nil
	}
	var out []string
	for _, p := range strings.Split(v[1:len(v)-1], ",") {
		if p = yamlScalar(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// yamlCommand reads a command: a flow list of words, or a string compose
// splits as a shell would (here: into shell words by the walker).
func yamlCommand(v string) []string {
	if l := yamlFlowList(v); l != nil {
		return l
	}
	if v == "" {
		return nil
	}
	if s := yamlScalar(v); s != "" {
		return strings.Fields(s)
	}
	return nil
}
