package syntax

import "strings"

// OpenSSH's clients dlopen provider libraries their options name (red
// team 19 LP1; ssh(1), ssh_config(5), ssh-keygen(1)), running the
// library's constructors:
//   - a PKCS#11 provider: ssh -I LIB, -o PKCS11Provider=LIB (also for scp
//     and sftp, which hand -o to ssh), ssh-keygen -D LIB;
//   - a FIDO security key provider: ssh -o SecurityKeyProvider=LIB,
//     ssh-keygen -w LIB, and SSH_SK_PROVIDER=LIB in the environment of
//     ssh and ssh-keygen.
//
// OpenSSH 9.2 checks that the file exports C_GetFunctionList (or
// sk_api_version) before loading it, which any library can. A path with
// a slash is judged as LD_PRELOAD's library (loadedLibrary); a name
// without one is looked up in the system's directories, "internal" is
// built in; a value only known at run time asks. ssh-add -s/-S hand the
// library to ssh-agent, which loads only those its -P allow-list
// permits (the system's by default), and are not judged here.

// sshClientSpec returns the options of ssh, scp or sftp that take a
// value (their manual pages, OpenSSH 9.2), read until the first operand
// as OpenSSH's getopt does.
func sshClientSpec(name string) OptSpec {
	switch name {
	case "scp":
		return OptSpec{ShortVal: "cDFiJloPSX", Stop: true}
	case "sftp":
		return OptSpec{ShortVal: "BbcDFiJloPRSsX", Stop: true}
	}
	return OptSpec{ShortVal: "bceilmopBDEFIJLOPQRSWw", Stop: true}
}

// sshKeygenSpec are ssh-keygen's options that take a value.
var sshKeygenSpec = OptSpec{ShortVal: "CDEFIMNOPRVYZabfgjmnrstuwz", Stop: true}

// sshProviders judges the provider libraries call, an OpenSSH client,
// loads.
func (w *walker) sshProviders(c scope, call *Call) {
	lib := func(how string, v Arg) {
		if !v.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: v.Raw,
				What: how + " makes " + call.Name + " load a provider library only known at run time"})
			return
		}
		if !strings.Contains(v.Value, "/") {
			return // the system's library path, or "internal"
		}
		d := call.Dir.Join(expandTilde(v.Value, w.home))
		w.loadedLibrary(c, call, how, d, how+" makes "+call.Name+" load "+d.Path+", a library whose code corral cannot read")
	}
	env := false
	switch call.Name {
	case "ssh", "scp", "sftp":
		opts, _ := ScanOptions(call.Args, sshClientSpec(call.Name))
		for _, o := range opts {
			if !o.HasVal {
				continue
			}
			switch {
			case o.Name == "I" && call.Name == "ssh":
				lib("ssh -I", o.Val)
			case o.Name == "o":
				key, val, ok := sshOption(o.Val)
				if ok && (key == "pkcs11provider" || key == "securitykeyprovider") {
					lib(call.Name+" -o "+key, val)
				}
			}
		}
		env = call.Name == "ssh"
	case "ssh-keygen":
		opts, _ := ScanOptions(call.Args, sshKeygenSpec)
		for _, o := range opts {
			if o.HasVal && (o.Name == "D" || o.Name == "w") {
				lib("ssh-keygen -"+o.Name, o.Val)
			}
		}
		env = true
	}
	if !env {
		return
	}
	vals, open, set := w.envChoices(c, call, "SSH_SK_PROVIDER", true)
	if set && open {
		lib("SSH_SK_PROVIDER", Arg{Raw: "SSH_SK_PROVIDER"})
	}
	for _, v := range vals {
		if v != "" {
			lib("SSH_SK_PROVIDER", Arg{Value: v, Raw: v, Static: true})
		}
	}
}

// sshOption splits the value of ssh -o: KEYWORD=VALUE or KEYWORD VALUE
// (ssh_config's two forms), the keyword in lower case. A value only
// known at run time keeps its word, so that it asks.
func sshOption(a Arg) (key string, val Arg, ok bool) {
	s := a.Value
	if !a.Static {
		s = a.Raw
	}
	s = strings.TrimSpace(s)
	i := strings.IndexAny(s, "= \t")
	if i < 0 {
		return "", Arg{}, false
	}
	key = strings.ToLower(strings.Trim(s[:i], `"'`))
	rest := strings.TrimLeft(s[i:], " \t")
	rest = strings.TrimLeft(strings.TrimPrefix(rest, "="), " \t")
	if !a.Static {
		return key, Arg{Raw: rest}, true
	}
	return key, Arg{Value: strings.Trim(rest, `"`), Raw: rest, Static: true}, true
}
