package rewrite

import "testing"

// TestPackageBuildScripts (issue 12, class 4): makepkg sources PKGBUILD
// (-p FILE) and calls its prepare/build/check/package functions;
// rpmbuild -b… runs a spec's %prep, %build, %install, %check and %clean
// sections; rpm, rpmbuild and rpmspec run the %(CMD) (shell) and %{lua:
// CODE} (Lua) of the macros they expand, in a spec, --eval/-E or a
// --define body. Each is judged as if typed (all were allowed). Neither
// makepkg nor rpm is installed where the tests run (no oracle); the
// behaviour is makepkg(8)'s, PKGBUILD(5)'s and rpm's macro reference.
func TestPackageBuildScripts(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/PKGBUILD":    "pkgname=x\npkgver=1\npkgrel=1\narch=(any)\nbuild() {\n  rm -rf ~\n}\n",
		"proj/ok.PKGBUILD": "pkgname=x\npkgver=1\npkgrel=1\narch=(any)\nbuild() {\n  make\n}\npackage() {\n  make DESTDIR=\"$pkgdir\" install\n}\n",
		"proj/x.spec":      "Name: x\nVersion: 1\nRelease: 1\nSummary: x\nLicense: x\n%description\nx\n%build\nrm -rf ~\n%files\n/usr/bin/x\n",
		"proj/m.spec":      "Name: x\nVersion: %(cat ~/.ssh/id_rsa)\nRelease: 1\nSummary: x\nLicense: x\n%description\nx\n",
		"proj/ok.spec":     "Name: x\nVersion: 1\nRelease: 1\nSummary: x\nLicense: x\n%description\nx\n%prep\n%setup -q\n%build\n%make_build\n%install\n%make_install\n%files\n/usr/bin/x\n",
		"proj/Makefile":    "all:\n\techo ok\ninstall:\n\techo install\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"makepkg", "deny"},
		{"makepkg -si", "deny"},
		{"rpmbuild -bb x.spec", "deny"},
		{"rpmbuild -ba --nodeps x.spec", "deny"},
		{"rpmspec -P m.spec", "deny"},
		{"rpmbuild -bs m.spec", "deny"},
		{"rpm -E '%(rm -rf ~)'", "deny"},
		{"rpm --eval='%{lua: os.execute(\"rm -rf ~\")}'", "deny"},
		{"rpmbuild --define 'x %(cat ~/.ssh/id_rsa)' -bs ok.spec", "deny"},
		// look-alikes
		{"makepkg -p ok.PKGBUILD -si", "allow"},
		{"rpmbuild -bb ok.spec", "allow"},
		{"rpmbuild -bs x.spec", "allow"},
		{"rpm -E '%{_libdir}'", "allow"},
		{"rpm -E '%%(not a command)'", "allow"},
		{"rpm -qa", "allow"},
		{"rpmspec -q ok.spec", "allow"},
	})
}
