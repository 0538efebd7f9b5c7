package rewrite

import (
	"testing"
)

// TestOpenSSLModuleDirs (red team 18 LP1): OpenSSL loads providers and
// engines by name from OPENSSL_MODULES / OPENSSL_ENGINES, a provider or
// engine given as a path, and the dynamic engine's SO_PATH and DIR_ADD
// control commands; its options take one dash or two and "=VALUE". A
// directory outside the system's holding a library asks, as
// -provider-path does. Look-alikes: the system's module directories, a
// directory with no library, providers by name with no directory,
// engine commands that load nothing.
func TestOpenSSLModuleDirs(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/mods/x.so":   "\x7fELF....",
		"proj/empty/a.txt": "text\n",
		"proj/x.c":         "int x;\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"OPENSSL_MODULES=mods openssl list -providers -provider x", "ask"},
		{"export OPENSSL_MODULES=$PWD/mods; openssl list -provider x", "ask"},
		{"OPENSSL_MODULES=mods python3 -c 'import ssl'", "ask"},
		{"env OPENSSL_ENGINES=mods openssl req -engine x -new", "ask"},
		{"OPENSSL_MODULES=$(cat f) openssl list -provider x", "ask"},
		{"openssl list -provider ./mods/x.so", "ask"},
		{"openssl list --provider=mods/x.so", "ask"},
		{"openssl list -provider-path=mods -provider x", "ask"},
		{"openssl list --provider-path mods -provider x", "ask"},
		{"openssl engine dynamic -pre SO_PATH:mods/x.so -pre LOAD", "ask"},
		{"openssl engine dynamic -pre SO_PATH:$PWD/mods/x.so -pre ID:x -pre LOAD", "ask"},
		{"openssl engine dynamic -pre DIR_ADD:mods -pre ID:x -pre LOAD", "ask"},
		{"openssl engine -t ./mods/x.so", "ask"},
		{"openssl req -new -engine=mods/x.so", "ask"},
		{"openssl engine dynamic -pre \"$(cat f)\"", "ask"},
		{"gcc -shared -o mods/y.so x.c && openssl list -provider-path mods -provider y", "ask"},
		// Look-alikes.
		{"openssl list -providers", "allow"},
		{"openssl engine -t", "allow"},
		{"openssl engine -t -c", "allow"},
		{"OPENSSL_MODULES=/usr/lib/x86_64-linux-gnu/ossl-modules openssl list -provider legacy", "allow"},
		{"OPENSSL_MODULES=empty openssl list -provider x", "allow"},
		{"openssl list -provider legacy -provider default", "allow"},
		{"openssl list -provider-path empty -provider x", "allow"},
		{"openssl engine dynamic -pre SO_PATH:/usr/lib/x86_64-linux-gnu/engines-3/padlock.so -pre LOAD", "allow"},
		{"openssl req -new -key k.pem -out r.csr -subj /CN=x", "allow"},
		{"openssl x509 -in c.pem -noout -text", "allow"},
	})
}

// opensslLoadCases: the real openssl loads the project's x.so, whose
// constructor creates {home}/made, through each form above; corral asks.
// The look-alikes load nothing of the project's and pass.
var opensslLoadCases = []libCase{
	{name: "modules-env", prog: "openssl", cmd: `OPENSSL_MODULES=. openssl list -providers -provider x`, want: Ask, lib: true, made: "made"},
	{name: "provider-path", prog: "openssl", cmd: `openssl list -providers -provider "$PWD/x.so"`, want: Ask, lib: true, made: "made"},
	{name: "provider-path-eq", prog: "openssl", cmd: `openssl list --provider-path=. -provider x -providers`, want: Ask, lib: true, made: "made"},
	{name: "engine-so-path", prog: "openssl", cmd: `openssl engine dynamic -pre SO_PATH:./x.so -pre LOAD`, want: Ask, lib: true, made: "made"},
	{name: "engine-id-path", prog: "openssl", cmd: `openssl engine "$PWD/x.so"`, want: Ask, lib: true, made: "made"},
	{name: "engines-env", prog: "openssl", cmd: `OPENSSL_ENGINES=. openssl engine x`, want: Ask, lib: true, made: "made"},
	// Look-alikes.
	{name: "list-providers", prog: "openssl", cmd: `openssl list -providers`, want: Allow, lib: true},
	{name: "engine-t", prog: "openssl", cmd: `openssl engine -t`, want: Allow, lib: true},
	{name: "system-legacy", prog: "openssl", cmd: `OPENSSL_MODULES=/usr/lib/x86_64-linux-gnu/ossl-modules openssl list -providers -provider legacy`, want: Allow, lib: true},
}

func TestOpenSSLModuleDirsOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs openssl")
	}
	for _, tc := range opensslLoadCases {
		t.Run(tc.name, func(t *testing.T) { runLibCase(t, tc) })
	}
}
