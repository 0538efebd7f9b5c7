package syntax

import (
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// dotnet build (run, test, publish, pack, restore, clean, watch,
// msbuild) and msbuild evaluate the project's MSBuild files and run their
// targets: the project file an operand names (a file, or the *.csproj,
// *.fsproj, *.vbproj, *.proj of a directory; the working directory by
// default), the Directory.Build.props and Directory.Build.targets found
// from its directory upwards, and the files they <Import Project="…"/>
// (a literal path, from the importing file's directory, 4 deep). An
// <Exec Command="…"/> task runs its command with /bin/sh on Unix, from
// the project's directory: each is judged as that shell text, one whose
// text holds MSBuild's $(…), @(…) or %(…) as a command known only when
// MSBuild runs (asking when it names a risky command). An inline task
// (UsingTask with a TaskFactory: C# or VB code compiled and run) asks.
// A solution (*.sln) names its projects, which are read in its
// directory's tree the same way (every project file one level down),
// with the solution's before.SLN.targets and after.SLN.targets. MSBuild
// also imports the project extensions in obj/ (obj/PROJECT.*.props and
// .targets, which NuGet's restore writes and anyone can) and, through
// them, the build files of each package a <PackageReference> names
// (nugetBuildFiles): each is read as an imported file is.

var (
	msbuildExec     = lazy.Regexp{Expr: `(?s)<Exec\b([^>]*?)/?>`}
	msbuildImport   = lazy.Regexp{Expr: `(?s)<Import\b([^>]*?)/?>`}
	msbuildAttr     = lazy.Regexp{Expr: `(\w+)\s*=\s*("([^"]*)"|'([^']*)')`}
	msbuildFactory  = lazy.Regexp{Expr: `(?s)<UsingTask\b[^>]*\bTaskFactory\s*=`}
	msbuildComments = lazy.Regexp{Expr: `(?s)<!--.*?-->`}
	// msbuildPackageRef is a <PackageReference Include="ID" Version="V"/>
	// (its Version also as a child element).
	msbuildPackageRef = lazy.Regexp{Expr: `(?s)<PackageReference\b([^>]*?)(/>|>(.*?)</PackageReference>)`}
	msbuildVersionEl  = lazy.Regexp{Expr: `(?s)<Version>\s*([^<]*?)\s*</Version>`}
	// msbuildSwitch is one of MSBuild's switches written with a slash
	// (/t:Build, /p:X=Y, /restore, /m), not an absolute path.
	msbuildSwitch = lazy.Regexp{Expr: `^/[A-Za-z][A-Za-z-]*(:.*)?$`}
)

// dotnetBuildVerbs are dotnet's commands that run MSBuild targets.
var dotnetBuildVerbs = lazy.Set{List: []string{"build", "run", "test", "publish", "pack", "restore", "clean", "watch",
	"msbuild", "build-server"}}

// dotnetSpec is dotnet build's options that take a value (dotnet build
// --help; MSBuild's own -p:X=Y, /t:T switches are one word).
var dotnetSpec = OptSpec{ShortVal: "cfrovsa", LongEq: true,
	LongVal: []string{"configuration", "framework", "runtime", "output", "verbosity", "source", "arch", "os",
		"version-suffix", "project", "launch-profile", "property", "logger", "results-directory", "settings", "filter",
		"collect", "diag", "blame-hang-timeout", "blame-crash-dump-type", "environment", "packages", "configfile"}}

// maxMSBuildFiles bounds the files one build is read for.
const maxMSBuildFiles = 64

// msbuildRun models dotnet's build commands and msbuild; it reports
// whether call was one.
func (w *walker) msbuildRun(c scope, call *Call) bool {
	args := call.Args
	switch call.Name {
	case "dotnet":
		if len(args) == 0 || !args[0].Static || !dotnetBuildVerbs.Has(args[0].Value) || args[0].Value == "build-server" {
			return false
		}
		args = args[1:]
	case "msbuild", "xbuild":
	default:
		return false
	}
	for i, a := range args {
		if a.Value == "--" {
			args = args[:i] // dotnet run's program arguments
			break
		}
	}
	opts, ops := ScanOptions(args, dotnetSpec)
	var target *Arg
	for _, o := range opts {
		switch o.Name {
		case "h", "help", "version":
			return true
		case "project":
			if o.HasVal {
				v := o.Val
				target = &v
			}
		}
	}
	for _, i := range ops {
		if target == nil && !msbuildSwitch.Get().MatchString(args[i].Value) {
			v := args[i]
			target = &v
		}
	}
	if target != nil && !target.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: target.Raw,
			What: call.Name + " builds " + target.Raw + ", a project only known at run time, whose <Exec> tasks run commands"})
		return true
	}
	if !call.Dir.Known {
		return true
	}
	dir := call.Dir
	var projects []string
	if target != nil {
		d := call.Dir.Join(target.Value)
		if w.isDir(d) {
			dir = d
		} else if d.Known {
			dir = Dir{Path: filepath.Dir(d.Path), Known: true}
			if strings.HasSuffix(d.Path, ".sln") || strings.HasSuffix(d.Path, ".slnx") {
				projects = w.msbuildProjects(dir, true)
			} else {
				projects = []string{d.Path}
			}
		}
	}
	if projects == nil {
		projects = w.msbuildProjects(dir, false)
		if len(projects) == 0 {
			projects = w.msbuildProjects(dir, true) // a solution's directory
		}
	}
	sln := target != nil && (strings.HasSuffix(target.Value, ".sln") || strings.HasSuffix(target.Value, ".slnx"))
	if len(projects) == 0 && !sln {
		return true
	}
	seen := map[string]bool{}
	var files []string
	add := func(p string) {
		if !seen[p] && len(files) < maxMSBuildFiles {
			seen[p] = true
			files = append(files, p)
		}
	}
	for _, p := range projects {
		for d, k := filepath.Dir(p), 0; k < 64; k++ {
			for _, n := range []string{"Directory.Build.props", "Directory.Build.targets"} {
				if q := filepath.Join(d, n); w.exists(q) {
					add(q)
				}
			}
			if d == "/" || w.home != "" && d == w.home {
				break
			}
			d = filepath.Dir(d)
		}
		add(p)
		// The project extensions NuGet's restore writes, which
		// Microsoft.Common.props and .targets import for every project:
		// obj/PROJECT.*.props and obj/PROJECT.*.targets (nuget.g.targets
		// imports the packages' build files; any file of that name is
		// imported, whoever wrote it).
		obj := Dir{Path: filepath.Join(filepath.Dir(p), "obj"), Known: true}
		for _, ext := range []string{".props", ".targets"} {
			for _, m := range w.globNames(obj, filepath.Base(p)+".*"+ext) {
				add(obj.Join(m).Path)
			}
		}
	}
	if sln {
		// A solution build imports before.SLN.targets and
		// after.SLN.targets from the solution's directory.
		for _, n := range []string{"before.", "after."} {
			if q := filepath.Join(dir.Path, n+filepath.Base(target.Value)+".targets"); w.exists(q) {
				add(q)
			}
		}
	}
	for i := 0; i < len(files); i++ {
		w.msbuildFile(c, call, files[i], add, projects)
	}
	// The packages' own build files, and what they import.
	n := len(files)
	for _, f := range w.nugetBuildFiles(c, call, files) {
		add(f)
	}
	for i := n; i < len(files); i++ {
		w.msbuildFile(c, call, files[i], add, projects)
	}
	return true
}

// nugetBuildFiles returns the MSBuild files of the packages the files
// reference (<PackageReference Include="ID" Version="V"/>) as NuGet
// imports them into every build: the .props and .targets under build/,
// buildTransitive/ and buildMultiTargeting/ (and a framework's folder
// below them) of ID/V in the global packages folder ($NUGET_PACKAGES,
// else ~/.nuget/packages; ID and V lower case). A version that is not
// one literal (a range, a float, one central Directory.Packages.props
// gives) is every version there.
func (w *walker) nugetBuildFiles(c scope, call *Call, files []string) []string {
	root := ""
	if v, known, ok := w.envOf(c, call, "NUGET_PACKAGES"); ok {
		if !known {
			return nil
		}
		root = call.Dir.Join(expandTilde(v, w.home)).Path
	} else if w.home != "" {
		root = filepath.Join(w.home, ".nuget", "packages")
	}
	if root == "" {
		return nil
	}
	var out []string
	for _, f := range files {
		text, ok := w.readScript(Dir{Path: f, Known: true})
		if !ok {
			continue
		}
		text = msbuildComments.Get().ReplaceAllString(text, "")
		for _, m := range msbuildPackageRef.Get().FindAllStringSubmatch(text, -1) {
			id, version := "", ""
			for _, a := range msbuildAttr.Get().FindAllStringSubmatch(m[1], -1) {
				v := a[3]
				if strings.HasPrefix(a[2], "'") {
					v = a[4]
				}
				switch strings.ToLower(a[1]) {
				case "include", "update":
					id = v
				case "version", "versionoverride":
					version = v
				}
			}
			if version == "" {
				if vm := msbuildVersionEl.Get().FindStringSubmatch(m[3]); vm != nil {
					version = vm[1]
				}
			}
			id = strings.ToLower(strings.TrimSpace(id))
			if id == "" || strings.ContainsAny(id, "$@%*?/\\") || id == "." || id == ".." {
				continue
			}
			version = strings.ToLower(strings.TrimSpace(version))
			if version == "" || strings.ContainsAny(version, "$@%*?[]() ,/\\") {
				version = "*"
			}
			pkg := Dir{Path: filepath.Join(root, id), Known: true}
			for _, sub := range []string{"build", "buildTransitive", "buildMultiTargeting"} {
				for _, pat := range []string{"*.props", "*.targets", "*/*.props", "*/*.targets"} {
					for _, m := range w.globNames(pkg, filepath.Join(version, sub, pat)) {
						out = append(out, pkg.Join(m).Path)
					}
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// msbuildProjects returns the project files of dir (and, with deep, of
// each directory one level below it), sorted.
func (w *walker) msbuildProjects(dir Dir, deep bool) []string {
	var out []string
	pats := []string{"*.csproj", "*.fsproj", "*.vbproj", "*.proj"}
	for _, p := range pats {
		for _, m := range w.globNames(dir, p) {
			out = append(out, dir.Join(m).Path)
		}
		if deep {
			for _, m := range w.globNames(dir, "*/"+p) {
				out = append(out, dir.Join(m).Path)
			}
		}
	}
	sort.Strings(out)
	if len(out) > maxMSBuildFiles {
		out = out[:maxMSBuildFiles]
	}
	return out
}

// msbuildFile judges one MSBuild file's Exec tasks and inline tasks, and
// adds the files it imports.
func (w *walker) msbuildFile(c scope, call *Call, path string, add func(string), projects []string) {
	text, ok := w.readScript(Dir{Path: path, Known: true})
	if !ok {
		return
	}
	text = msbuildComments.Get().ReplaceAllString(text, "")
	rel := w.projectRel(path)
	unescape := strings.NewReplacer("&lt;", "<", "&gt;", ">", "&quot;", `"`, "&apos;", "'", "&amp;", "&",
		"&#10;", "\n", "&#xA;", "\n", "&#xa;", "\n", "&#13;", "", "&#xD;", "", "&#9;", "\t", "%3B", ";", "%24", "$",
		"%40", "@", "%25", "%")
	attrs := func(s string) map[string]string {
		m := map[string]string{}
		for _, a := range msbuildAttr.Get().FindAllStringSubmatch(s, -1) {
			v := a[3]
			if strings.HasPrefix(a[2], "'") {
				v = a[4]
			}
			m[a[1]] = unescape.Replace(v)
		}
		return m
	}
	// The project's directory: where Exec runs (an imported file's tasks
	// run in the importing project's).
	runDir := Dir{Path: filepath.Dir(path), Known: true}
	if len(projects) > 0 && !strings.HasSuffix(path, "proj") {
		runDir = Dir{Path: filepath.Dir(projects[0]), Known: true}
	}
	for _, m := range msbuildExec.Get().FindAllStringSubmatch(text, -1) {
		a := attrs(m[1])
		cmd := a["Command"]
		if strings.TrimSpace(cmd) == "" {
			continue
		}
		d := runDir
		if wd := a["WorkingDirectory"]; wd != "" {
			if strings.ContainsAny(wd, "$@%") {
				d = Dir{}
			} else {
				d = runDir.Join(wd)
			}
		}
		dynamic := strings.Contains(cmd, "$(") || strings.Contains(cmd, "@(") || strings.Contains(cmd, "%(") || !d.Known
		if !d.Known {
			d = runDir
		}
		w.runTaskText(c, call, d, cmd, rel+" <Exec Command> ("+call.Name+")", dynamic)
	}
	if msbuildFactory.Get().MatchString(text) {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: rel,
			What: rel + " declares an inline task (UsingTask TaskFactory): code " + call.Name + " compiles and runs, which corral does not read"})
	}
	for _, m := range msbuildImport.Get().FindAllStringSubmatch(text, -1) {
		p := attrs(m[1])["Project"]
		if p == "" || strings.ContainsAny(p, "$@%*?") {
			continue // an SDK's or a property's: not the project's own
		}
		add(Dir{Path: filepath.Dir(path), Known: true}.Join(strings.ReplaceAll(p, `\`, "/")).Path)
	}
}
