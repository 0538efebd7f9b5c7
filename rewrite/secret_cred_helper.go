package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// gitCredentialHelper asks when git is given a credential helper that is
// not a known credential store: git config [--global] credential.helper
// VALUE (or credential.URL.helper), and git -c credential.helper=VALUE
// for the command it runs. git hands a helper the user's username and
// password or token on its standard input when it stores or erases one
// (gitcredentials(7)), at the user's next fetch or push: shell text
// ("!curl -d @- URL", "!f() { cat > /tmp/c; }; f"), an unknown helper
// name, or git-credential-store told to keep them in a file the agent chose
// (store --file=/tmp/c, which it can then read) puts the credential
// where the agent reaches it. The known stores pass: cache, store into
// its default file, osxkeychain, manager, manager-core, libsecret,
// gnome-keyring, wincred, oauth and netrc, and an empty value (which
// clears the list). A helper named by its path is judged by the syntax
// model as every setting that runs a program later.
func (p *Pass) gitCredentialHelper(c *syntax.Call, sub int) {
	var sets [][2]string
	opts, _ := scan(c.Args[:sub], specFor("git"))
	for _, o := range opts {
		if o.name == "c" && o.hasVal && o.val.Static {
			if k, v, ok := strings.Cut(o.val.Value, "="); ok {
				sets = append(sets, [2]string{k, v})
			}
		}
	}
	if c.Args[sub].Value == "config" {
		if k, v, ok := syntax.GitConfigSet(c.Args[sub+1:]); ok && k.Static && v.Static {
			sets = append(sets, [2]string{k.Value, v.Value})
		}
	}
	for _, kv := range sets {
		key := strings.ToLower(kv[0])
		if !strings.HasPrefix(key, "credential.") || !strings.HasSuffix(key, ".helper") {
			continue
		}
		if why := credentialHelperWhy(p.Config.Home, kv[1]); why != "" {
			p.Report(c, Finding{Rule: "secret-read", Decision: Ask,
				Message: "sets " + kv[0] + " to " + syntax.Quote(kv[1]) + ": git hands a credential helper the user's username and password or token on its standard input at the next fetch or push, and " + why})
		}
	}
}

// credentialHelperWhy says why a credential.helper value puts the
// credential where the agent can reach it, or "" for a known store.
func credentialHelperWhy(home, v string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		return "" // clears the helpers configured before
	}
	if strings.HasPrefix(v, "!") {
		return "this one is shell text of the agent's"
	}
	f := strings.Fields(v)
	name := f[0]
	if strings.Contains(name, "/") {
		// A program by its path: the syntax model judges it as every
		// setting that runs a program later (asked when the file is
		// missing or the agent's user may write it; a system one, such
		// as /usr/lib/git-core/git-credential-libsecret, passes).
		return ""
	}
	switch name {
	case "cache", "osxkeychain", "manager", "manager-core", "libsecret", "gnome-keyring", "wincred", "oauth", "netrc":
		return ""
	case "store":
		for i, w := range f[1:] {
			file, ok := strings.CutPrefix(w, "--file=")
			if w == "--file" && i+2 < len(f) {
				file, ok = f[i+2], true
			}
			if !ok {
				continue
			}
			if strings.HasPrefix(file, "~/") && home != "" {
				file = path.Join(home, file[2:])
			}
			if file != path.Join(home, ".git-credentials") && file != path.Join(home, ".config", "git", "credentials") {
				return "store --file keeps them in " + file + ", a file the agent chose and can read"
			}
		}
		return ""
	}
	return "git-credential-" + name + " is no known credential store"
}
