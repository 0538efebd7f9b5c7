package guards

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestPublicPEM: a .pem file whose every block is public (a certificate
// bundle, a public key) is not a secret; one holding a private key —
// alone, after certificates, or encrypted — is, and so is a .pem that is
// not there yet or is not PEM text (red team 10's false alarm: cat of
// /etc/ssl/certs/*.pem and certifi's cacert.pem were denied).
func TestPublicPEM(t *testing.T) {
	t.Parallel()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "corral test"},
		NotBefore: time.Unix(0, 0), NotAfter: time.Unix(1<<31, 0)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert := string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
	pkix, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	pub := string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pkix}))
	priv, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	privPEM := string(pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: priv}))
	dir := t.TempDir()
	files := map[string]string{
		"bundle.pem":    "# Issuer: corral test\n" + cert + "\n# Issuer: again\n" + cert,
		"pub.pem":       pub,
		"key.pem":       privPEM,
		"cert-key.pem":  cert + privPEM,
		"renamed.pem":   strings.ReplaceAll(privPEM, "EC PRIVATE KEY", "SECRET THING"),
		"text.pem":      "not pem at all\n",
		"broken.pem":    cert + "-----BEGIN OPENSSH PRIVATE",
		"encrypted.pem": cert + "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	env := Env{Project: dir, Cwd: dir, Home: "/nonexistent-home"}
	s := DefaultSecrets()
	for name, secret := range map[string]bool{
		"bundle.pem": false, "pub.pem": false,
		"key.pem": true, "cert-key.pem": true, "renamed.pem": true, "text.pem": true, "broken.pem": true,
		"encrypted.pem": true, "absent.pem": true,
	} {
		if _, got := s.Match(env, name); got != secret {
			t.Errorf("%s: secret = %v, want %v", name, got, secret)
		}
	}
	// A pattern the user adds is kept whatever the file holds.
	if err := s.Add("bundle.pem"); err != nil {
		t.Fatal(err)
	}
	if _, got := s.Match(env, "bundle.pem"); !got {
		t.Errorf("bundle.pem named by the user's own pattern: not a secret")
	}
}
