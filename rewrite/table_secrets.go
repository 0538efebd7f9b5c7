package rewrite

// secretRules keep secrets from the agent and local files from leaving
// the machine unasked.
var secretRules = []*Rule{
	&secretRead,
	&secretOperandRule,
	&exfiltrate,
	&packRule,
}

// keyUse is an option of a program corral has no reading of whose value
// is a file the program uses for what it is — a key it signs, decrypts or
// authenticates with, a certificate it verifies or encrypts to, a login
// it connects with — without printing it or sending it anywhere: a
// secret given there is handed to the program that needs it, so
// secret-operand does not ask about that word (its other words are still
// judged). Each row says what the program does with the file, from its
// manual; a program with no row keeps asking for every word that names a
// secret.
type keyUse struct {
	program string
	// subs are the subcommands (the first word that is no option) the
	// row holds for; any when empty.
	subs []string
	// opts are the option words. "--keyfile" takes its value from the
	// next word or after "="; a word ending in ":" or "=" takes it
	// attached only (keepass2 -keyfile:FILE).
	opts []string
	// flags are the program's options that take no value and may stand
	// before the option: any other bare option before it might take the
	// option word itself as its value, so the word is not read as one.
	flags []string
	// when, if set, holds the words of which one must be in the call (the
	// modes that use the file); unless the words that make the file go
	// elsewhere or be printed.
	when, unless []string
	// unlessEnv are the variables that, set by the command, send the
	// file's login elsewhere (HELM_KUBEAPISERVER as --kube-apiserver).
	unlessEnv []string
	// sshArgs reports that the value is options for ssh, whose -i file is
	// the identity ssh authenticates with.
	sshArgs bool
	// writes reports that the program writes a new file there: a secret
	// that is not on disk is the one it makes, one that is there would be
	// replaced, which secret-operand still asks about.
	writes bool
	does   string
}

// keyUses are the rows of keyUse, one program and set of options each.
var keyUses = []keyUse{
	{program: "gunicorn", opts: []string{"--keyfile", "--certfile", "--ca-certs"},
		does: "loads it as its TLS server's key or certificate (Python's ssl load_cert_chain; an error names the file, not its lines)"},
	{program: "uvicorn", opts: []string{"--ssl-keyfile", "--ssl-certfile", "--ssl-ca-certs"},
		does: "loads it as its TLS server's key or certificate (Python's ssl load_cert_chain)"},
	{program: "guacd", opts: []string{"-K", "-C"}, flags: []string{"-f"},
		does: "loads it as its TLS listener's key or certificate"},
	{program: "ansible-playbook", opts: []string{"--private-key", "--key-file"},
		does: "hands it to ssh as the identity (ssh -i) it logs in with; public-key login sends a signature, never the key"},
	{program: "ansible", opts: []string{"--private-key", "--key-file"},
		does: "hands it to ssh as the identity (ssh -i) it logs in with"},
	{program: "putty", opts: []string{"-i"}, flags: []string{"-ssh", "-telnet", "-raw", "-rlogin", "-serial", "-v", "-A", "-a", "-X", "-x", "-C", "-4", "-6", "-agent", "-noagent"},
		does: "authenticates with it as its SSH identity (a signature, never the key)"},
	{program: "nxc", opts: []string{"--key-file"},
		does: "authenticates over SSH with it as the identity"},
	{program: "csshX", opts: []string{"--ssh_args"}, sshArgs: true,
		does: "passes the words to ssh, whose -i file is the identity it logs in with"},
	{program: "helm", opts: []string{"--kubeconfig"}, unless: []string{"--kube-apiserver"}, unlessEnv: []string{"HELM_KUBEAPISERVER"},
		does: "connects with the cluster login it holds to the server it names (not when --kube-apiserver sends that login elsewhere)"},
	{program: "cosign", subs: []string{"sign", "sign-blob", "attest", "attest-blob", "verify", "verify-blob", "verify-attestation", "verify-blob-attestation"}, opts: []string{"--key"},
		does: "signs with the private key or verifies with the public one; it uploads the signature, not the key"},
	{program: "apptainer", subs: []string{"sign", "verify"}, opts: []string{"--key", "--certificate", "--certificate-roots", "--certificate-intermediates"},
		does: "signs or verifies the image with it"},
	{program: "singularity", subs: []string{"sign", "verify"}, opts: []string{"--key", "--certificate", "--certificate-roots", "--certificate-intermediates"},
		does: "signs or verifies the image with it"},
	{program: "keepass2", opts: []string{"-keyfile:"},
		does: "opens the database with it as its key file (with the master password, if any)"},
	{program: "keepassxc-cli", opts: []string{"--key-file", "-k"}, flags: []string{"-q", "--quiet", "--no-password"},
		does: "opens the database with it as its key file; what it prints are the database's entries, not the key file"},
	{program: "bundletool", subs: []string{"build-apks"}, opts: []string{"--ks"},
		does: "signs the APKs it builds with the keystore"},
	{program: "kubeseal", opts: []string{"--cert"},
		does: "encrypts the secret it reads to that certificate's public key"},
	{program: "wait4x", opts: []string{"--cert-file", "--key-file", "--ca-file"},
		does: "presents it as its TLS client key or certificate (a signature, never the key)"},
	{program: "openconnect", opts: []string{"--certificate", "-c", "--sslkey", "-k", "--cafile"}, flags: []string{"-b", "--background", "-q", "--quiet", "-v", "--verbose"},
		does: "presents it as its TLS client key or certificate to the VPN server"},
	{program: "acme.sh", opts: []string{"--key-file", "--cert-file", "--ca-file", "--fullchain-file"}, flags: []string{"--install-cert", "--installcert"},
		when: []string{"--install-cert", "--installcert"}, writes: true,
		does: "with --install-cert copies the issued key or certificate to that path (a write, not a read)"},
	{program: "rauc", subs: []string{"bundle", "resign", "convert", "extract-signature"}, opts: []string{"--key", "--cert", "--keyring"},
		does: "signs the bundle with the key, or checks it against the keyring"},
	{program: "ukify", subs: []string{"build", "sign"}, opts: []string{"--secureboot-private-key", "--secureboot-certificate", "--pcr-private-key", "--pcr-public-key"},
		does: "signs the unified kernel image or its PCR policy with it"},
	{program: "grub-mount", opts: []string{"--zfs-key"},
		does: "unlocks the encrypted ZFS dataset with it"},
	{program: "tomb", subs: []string{"open", "lock", "resize"}, opts: []string{"-k"}, flags: []string{"-f", "--force"},
		does: "decrypts the key with the passphrase asked for and opens or locks the tomb with it"},
	{program: "tarsnap", opts: []string{"--keyfile"}, flags: []string{"-c", "-x", "-t", "-d", "--list-archives", "--fsck", "--print-stats"},
		does: "encrypts and signs the archives with it"},
	{program: "tarsnap-keygen", opts: []string{"--keyfile"}, writes: true,
		does: "writes the new machine key there (a write, not a read)"},
	{program: "certtool", opts: []string{"--load-privkey", "--load-ca-privkey", "--load-certificate", "--load-ca-certificate"},
		flags:  certtoolModes,
		when:   certtoolModes,
		unless: certtoolPrints,
		does:   "in a generate mode signs the certificate or request with the key; its conversions (--to-p12, --to-p8) print the key and are not uses"},
	{program: "certtool", opts: []string{"--outfile"}, flags: certtoolModes, when: certtoolModes, unless: certtoolPrints, writes: true,
		does: "in a generate mode writes the new key, certificate or request there"},
}

// certtoolModes are certtool's generate modes (flags); certtoolPrints
// its modes that print a key they load.
var (
	certtoolModes  = []string{"--generate-self-signed", "-s", "--generate-certificate", "-c", "--generate-request", "-q", "--generate-proxy", "--generate-crl", "--update-certificate", "-u", "--generate-privkey", "-p"}
	certtoolPrints = []string{"--to-p12", "--to-p8", "--to-rsa", "-k", "--key-info", "--pubkey-info", "--p12-info", "--p8-info", "--privkey-info"}
)
