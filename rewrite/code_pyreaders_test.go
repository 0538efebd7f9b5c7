package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPythonFileReaders: library calls that open a file by name and
// hand its contents to the program are reads of it, as open(F) is:
// netrc.netrc() (~/.netrc), the compressed-file and archive openers
// without a writing mode, dbm.open's default "r", the XML parsers,
// mimetypes.read_mime_types, filecmp.cmp, imghdr.what (before: allowed;
// red team of 2026-12-05). Look-alikes: the same calls on project files,
// and openers with a writing mode, which stay judged as writes.
func TestPythonFileReaders(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/notes/pom.xml": "<a/>", "home/.ssh/id_rsa": "k", "home/.netrc": "machine m login l password p\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`python3 -c 'import netrc; print(netrc.netrc().hosts)'`, "deny"},
		{`python3 -c 'import netrc, os; print(netrc.netrc(file=os.path.expanduser("~/.netrc")).hosts)'`, "deny"},
		{`python3 -c 'import gzip, os; print(gzip.open(os.path.expanduser("~/.ssh/id_rsa")).read())'`, "deny"},
		{`python3 -c 'import lzma, os; print(lzma.open(os.path.expanduser("~/.ssh/id_rsa"), "rb").read())'`, "deny"},
		{`python3 -c 'import zipfile, os; print(zipfile.ZipFile(os.path.expanduser("~/.ssh/id_rsa")).namelist())'`, "deny"},
		{`python3 -c 'import dbm, os; print(dbm.open(os.path.expanduser("~/.ssh/id_rsa")))'`, "deny"},
		{`python3 -c 'import xml.dom.minidom as m, os; print(m.parse(os.path.expanduser("~/.ssh/id_rsa")).toxml())'`, "deny"},
		{`python3 -c 'import xml.etree.ElementTree as ET, os; ET.parse(os.path.expanduser("~/.ssh/id_rsa"))'`, "deny"},
		{`python3 -c 'import mimetypes, os; print(mimetypes.read_mime_types(os.path.expanduser("~/.netrc")))'`, "deny"},
		{`python3 -c 'import filecmp, os; print(filecmp.cmp("notes/pom.xml", os.path.expanduser("~/.ssh/id_rsa")))'`, "deny"},
		{`python3 -c 'import imghdr, os; print(imghdr.what(os.path.expanduser("~/.ssh/id_rsa")))'`, "deny"},
		// Look-alikes.
		{`python3 -c 'import xml.etree.ElementTree as ET; print(ET.parse("notes/pom.xml").getroot())'`, "allow"},
		{`python3 -c 'import gzip; print(gzip.open("notes/data.gz").read())'`, "allow"},
		{`python3 -c 'import netrc; print(netrc.netrc("notes/netrc").hosts)'`, "allow"},
		{`python3 -c 'import gzip; gzip.open("notes/out.gz", "wt").write("x")'`, "allow"},
		{`python3 -c 'import dbm; dbm.open("notes/cache", "c")'`, "allow"},
		{`python3 -c 'import zipfile, io; print(zipfile.ZipFile(io.BytesIO(b"")))'`, "allow"},
	})
}

// TestPythonFileReadersOracle runs the real python3 with HOME set to a
// directory holding canaries: each call above prints what the file it
// names holds.
func TestPythonFileReadersOracle(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	const canary = "CANARY_6d2f"
	home := t.TempDir()
	files := map[string]string{
		".netrc":   "machine example.invalid login " + canary + " password p\n",
		"doc.xml":  "<a>" + canary + "</a>",
		"types":    "text/" + canary + " ext\n",
		"same":     canary,
		"same.txt": canary,
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(home, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	gz := exec.Command(py, "-c", `import gzip, os; gzip.open(os.path.expanduser("~/secret.gz"), "wt").write("`+canary+`")`)
	gz.Env = append(os.Environ(), "HOME="+home)
	if out, err := gz.CombinedOutput(); err != nil {
		t.Fatalf("making the gzip file: %v %s", err, out)
	}
	for _, code := range []string{
		`import netrc; print(netrc.netrc().hosts)`,
		`import gzip, os; print(gzip.open(os.path.expanduser("~/secret.gz"), "rt").read())`,
		`import xml.dom.minidom as m, os; print(m.parse(os.path.expanduser("~/doc.xml")).toxml())`,
		`import xml.etree.ElementTree as ET, os; print(ET.parse(os.path.expanduser("~/doc.xml")).getroot().text)`,
		`import mimetypes, os; print(mimetypes.read_mime_types(os.path.expanduser("~/types")))`,
	} {
		cmd := exec.Command(py, "-c", code)
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "HOME="+home)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), canary) {
			t.Errorf("%s: printed %q (%v), want the canary", code, out, err)
		}
	}
	// filecmp.cmp compares the contents: True for the same text.
	cmd := exec.Command(py, "-c", `import filecmp, os; h = os.path.expanduser("~"); print(filecmp.cmp(h + "/same", h + "/same.txt", shallow=False))`)
	cmd.Env = append(os.Environ(), "HOME="+home)
	if out, err := cmd.CombinedOutput(); err != nil || strings.TrimSpace(string(out)) != "True" {
		t.Errorf("filecmp.cmp: %q (%v), want True", out, err)
	}
}
