package rewrite

import (
	"path"
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

// configFileReader is a program given a file as its own configuration,
// by an option or an environment variable, that prints what it parsed or
// quotes in its errors the lines it cannot parse (red team 17 SK1): npm
// config list prints each KEY = value of a userconfig (a .env's lines
// are npm settings), npm config get KEY one of them; curl -K quotes each
// line that is no option ("warning: 'LINE' is unknown"), a private key's
// base64 lines whole; ssh -F quotes the keyword of each line it cannot
// read and ssh -G prints the settings; pip config list prints every
// value of PIP_CONFIG_FILE; Python's interactive start-up runs
// PYTHONSTARTUP, whose traceback quotes the line that is no Python.
type configFileReader struct {
	spec optSpec
	// opts are the options whose value is the config file.
	opts []string
	// env are the variables whose value is the config file.
	env []string
	// verb says what the program does with the file.
	verb string
	// own are the secret patterns of the files the program reads as this
	// configuration by default (aws's ~/.aws/credentials): naming one is
	// its ordinary use, judged as the call without it is.
	own []string
	// code reports that the files the shell model read from disk as
	// the call's commands (syntax.Model.DiskReads) are such files too:
	// tmux's source-file, at the top or nested in another command.
	code bool
	// prefix is the option whose value a relative config file is
	// taken from (nginx -p PREFIX -c FILE), when the program does so.
	prefix string
}

// configFileReaderKeys are configFileReaders' keys, so that a call of any
// other program does not build the table.
var configFileReaderKeys = [...]string{"npm", "curl", "ssh", "scp", "sftp", "pip", "pip3", "python",
	"gpg", "gpg2", "openssl", "mysql", "mariadb", "mysqldump", "mysqladmin", "mariadb-dump",
	"psql", "pg_dump", "pg_dumpall", "pg_restore", "createdb", "dropdb", "tmux", "nginx", "aws"}

var configFileReaders = lazy.Value[map[string]configFileReader]{New: func() map[string]configFileReader {
	const npmVerb = "prints as its settings (npm config list, get) the lines of"
	npm := configFileReader{spec: optSpec{longVal: longOpts("userconfig", "globalconfig"), longEq: true},
		opts: []string{"userconfig", "globalconfig"},
		env:  []string{"NPM_CONFIG_USERCONFIG", "npm_config_userconfig", "NPM_CONFIG_GLOBALCONFIG", "npm_config_globalconfig"}, verb: npmVerb}
	ssh := configFileReader{spec: sshSpec, opts: []string{"F"}, verb: "quotes in its errors (and prints with -G) the lines of its config file"}
	pip := configFileReader{env: []string{"PIP_CONFIG_FILE"}, verb: "prints as its settings (pip config list) the values of"}
	// gpg --options F reads F as its gpg.conf ("F:1: invalid option" for
	// each line it cannot take; a line that is an option is used).
	gpg := configFileReader{spec: optSpec{longVal: longOpts("options", "homedir"), longEq: true},
		opts: []string{"options"}, verb: "reads as its options file (and reports each line it cannot take)"}
	// mysql --defaults-file=F / --defaults-extra-file=F: F's [client]
	// options are used (--print-defaults prints them), the others named
	// in errors. The MySQL clients' value options (-e, -u, -h, …).
	mysql := configFileReader{spec: optSpec{shortVal: "eDhPSuOAB", shortOpt: "p", longEq: true,
		longVal: longOpts("defaults-file", "defaults-extra-file", "defaults-group-suffix", "execute", "database", "host", "port", "socket", "user")},
		opts: []string{"defaults-file", "defaults-extra-file"}, verb: "reads as its option file (--print-defaults prints its options) the lines of"}
	// libpq reads PGSERVICEFILE as its connection service file.
	pg := configFileReader{env: []string{"PGSERVICEFILE"}, verb: "reads as its connection service file"}
	return map[string]configFileReader{
		// tmux -f F runs F as its configuration: a NAME=VALUE line is a
		// global environment variable (a .env is a valid tmux file:
		// show-environment -g prints it, every pane's shell has it), and
		// each other line's first word is quoted ("F:1: unknown command:
		// -----BEGIN", a key's base64 lines whole). Its options end at
		// the command.
		"tmux": {spec: optSpec{shortVal: "cfLST", stop: true}, opts: []string{"f"}, code: true,
			verb: "runs as its configuration (NAME=VALUE lines join its global environment, show-environment -g prints them; other lines are quoted in its errors)"},
		// nginx -c F (-t tests it): "unknown directive "WORD" in F:1",
		// WORD a line's first word. A relative F is nginx's prefix's
		// (-p, else the compiled-in one, taken as the working
		// directory here).
		"nginx": {spec: optSpec{shortVal: "cegps"}, opts: []string{"c"}, prefix: "p",
			verb: "reads as its configuration, quoting in its errors the first word of each line of,"},
		// aws reads AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE as
		// INI files: aws configure get KEY [--profile SECTION] prints a
		// value of any section (a .pypirc's password), configure list
		// parts of one. The user's own ~/.aws/credentials there is the
		// default's.
		"aws": {env: []string{"AWS_SHARED_CREDENTIALS_FILE", "AWS_CONFIG_FILE"}, own: []string{"~/.aws/credentials"},
			verb: "reads as its credentials or config file, and aws configure get prints any value of,"},
		"gpg": gpg, "gpg2": gpg,
		// openssl -config F (req, ca, …) and OPENSSL_CONF=F (every
		// command): "Error on line N of config file", with the text
		// after the place it failed ("HERE-->OPENSSH PRIVATE KEY-----").
		"openssl": {spec: optSpec{longVal: longOpts("config"), longOne: true},
			opts: []string{"config"}, env: []string{"OPENSSL_CONF"}, verb: "reads as its configuration, quoting in its errors the text of,"},
		"mysql": mysql, "mariadb": mysql, "mysqldump": mysql, "mysqladmin": mysql, "mariadb-dump": mysql,
		"psql": pg, "pg_dump": pg, "pg_dumpall": pg, "pg_restore": pg, "createdb": pg, "dropdb": pg,
		"npm":  npm,
		"curl": {spec: specFor("curl"), opts: []string{"K", "config"}, verb: "quotes in its warnings each line that is no option of its config file"},
		"ssh":  ssh, "scp": ssh, "sftp": ssh,
		"pip": pip, "pip3": pip,
		string(lang.Python): {env: []string{"PYTHONSTARTUP"}, verb: "runs at its interactive start-up, and quotes in the traceback the lines of,"},
	}
}}

// checkConfigFileReaders judges the calls of configFileReaders: a secret
// given as the program's config file is a read of that secret.
func checkConfigFileReaders(p *Pass) {
	for _, c := range p.Model.Calls {
		key := c.Name
		if lang.ForProgram(key) == lang.Python {
			key = string(lang.Python) // every Python interpreter's name
		}
		if key == "git" {
			p.checkGitConfigIncludes(c)
			continue
		}
		if !slices.Contains(configFileReaderKeys[:], key) {
			continue
		}
		r := configFileReaders.Get()[key]
		var files []syntax.Arg
		if len(r.opts) > 0 {
			opts, _ := scan(c.Args, r.spec)
			for _, o := range find(opts, r.opts...) {
				files = append(files, o.val)
			}
			if r.prefix != "" {
				files = prefixedFiles(files, find(opts, r.prefix))
			}
		}
		for _, name := range r.env {
			if v, ok := c.EnvKnown(name); ok && v != "" {
				files = append(files, syntax.Arg{Value: v, Raw: v, Static: true})
			}
		}
		if r.code {
			files = append(files, p.codeReads(c)...)
		}
		if key == string(lang.Python) {
			// PYTHONSTARTUP the shell exported earlier (export
			// PYTHONSTARTUP=F; python3): the file the shell model read as
			// the interactive start-up script of this call.
			files = append(files, p.pythonStartupReads(c)...)
		}
		for _, f := range files {
			if s, ok := p.secretOf(c.Dir, f); ok && !slices.Contains(r.own, s.Pattern) {
				p.reportSecret(c, s, c.Name+" "+r.verb)
				break
			}
		}
	}
}

// prefixedFiles returns files with each relative one also taken from the
// last prefix option's value (nginx -p ~/.ssh/ -c id_rsa reads
// ~/.ssh/id_rsa), when that value is static.
func prefixedFiles(files []syntax.Arg, prefix []option) []syntax.Arg {
	if len(prefix) == 0 {
		return files
	}
	pre := prefix[len(prefix)-1].val
	if !pre.Static {
		return files
	}
	out := slices.Clone(files)
	for _, f := range files {
		if f.Static && !path.IsAbs(f.Value) {
			v := path.Join(pre.Value, f.Value)
			out = append(out, syntax.Arg{Value: v, Raw: path.Join(pre.Raw, f.Value), Static: true})
		}
	}
	return out
}

// pythonStartupReads returns the files the shell model read from disk
// for the Python call c as the code it runs (syntax.Model.DiskReads),
// when c is interactive (-i, or no program and no -c/-m), which is when
// Python runs PYTHONSTARTUP: a file it was given through the environment
// by an earlier export, which c's own prefix and EnvKnown do not show.
func (p *Pass) pythonStartupReads(c *syntax.Call) []syntax.Arg {
	interactive, program := false, false
	for _, a := range c.Args {
		switch {
		case a.Value == "-c" || a.Value == "-m":
			program = true
		case a.Value == "-i":
			interactive = true
		case !strings.HasPrefix(a.Value, "-"):
			program = true
		}
		if program {
			break
		}
	}
	if !interactive && program {
		return nil
	}
	return p.codeReads(c)
}

// codeReads returns the files the shell model read from disk for the
// call c as the code it runs (syntax.Model.DiskReads).
func (p *Pass) codeReads(c *syntax.Call) []syntax.Arg {
	var out []syntax.Arg
	for _, r := range p.Model.DiskReads {
		if r.Call == c {
			out = append(out, syntax.Arg{Value: r.Path, Raw: r.Path, Static: true})
		}
	}
	return out
}

// checkGitConfigIncludes judges git config and git var -l given a secret
// as part of the configuration they print: -c include.path=F or
// includeIf.COND.path=F before the subcommand (git takes only an absolute
// or ~ path there): git config -l prints every value it parsed, as git
// config -f F does (GIT_CONFIG_GLOBAL=F is gitConfigFile's).
func (p *Pass) checkGitConfigIncludes(c *syntax.Call) {
	dir, sub := gitArgs(c)
	if sub < 0 || c.Args[sub].Value != "config" && c.Args[sub].Value != "var" {
		return
	}
	var files []syntax.Arg
	for j := 0; j+1 < sub; j++ {
		if a := c.Args[j]; !a.Static || a.Value != "-c" || !c.Args[j+1].Static {
			continue
		}
		k, v, ok := strings.Cut(c.Args[j+1].Value, "=")
		k = strings.ToLower(k)
		if ok && (k == "include.path" || strings.HasPrefix(k, "includeif.") && strings.HasSuffix(k, ".path")) {
			files = append(files, syntax.Arg{Value: v, Raw: v, Static: true})
		}
	}
	for _, f := range files {
		if s, ok := p.secretOf(dir, f); ok {
			p.reportSecret(c, s, "git "+c.Args[sub].Value+" prints as its configuration the values of")
			return
		}
	}
}
