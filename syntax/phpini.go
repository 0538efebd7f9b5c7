package syntax

import (
	"os"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// PHP runs the files its configuration names before and after every
// script (red team 6): auto_prepend_file and auto_append_file, set by
// -d KEY=VALUE (--define), in the ini file -c names (a file, or a
// directory holding php-cli.ini or php.ini), in the one PHPRC names, and
// in each *.ini of the directories PHP_INI_SCAN_DIR lists (-n leaves
// PHPRC's and the scanned files out; -d and -c still count, as php 8
// reads them). Each such file is read as a PHP
// script; one corral cannot read, or named only at run time, asks.

// phpCodeKeys are the ini settings whose value is a PHP file that runs.
var phpCodeKeys = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"auto_prepend_file": true, "auto_append_file": true}
}}

// phpIni judges the code files php's configuration makes it run.
func (w *walker) phpIni(c scope, call *Call) {
	if lang.ForProgram(call.Name) != lang.PHP {
		return
	}
	spec, ok := interpSpecFor(lang.PHP, "php")
	if !ok {
		return
	}
	spec.opts.LongFlag = append(spec.opts.LongFlag, "no-php-ini")
	opts, _ := ScanOptions(call.Args, spec.opts)
	noIni := false
	var iniPaths []Arg
	for _, o := range opts {
		switch {
		case (o.Name == "d" || o.Name == "define") && o.HasVal:
			key, val, _ := strings.Cut(o.Val.Value, "=")
			if phpCodeKeys.Get()[strings.TrimSpace(key)] {
				w.phpCodeFile(c, call, strings.TrimSpace(key), Arg{Value: strings.Trim(strings.TrimSpace(val), `"'`), Raw: o.Val.Raw, Static: o.Val.Static}, call.Dir)
			}
		case (o.Name == "c" || o.Name == "php-ini") && o.HasVal:
			iniPaths = append(iniPaths, o.Val)
		case o.Name == "n" || o.Name == "no-php-ini":
			noIni = true
		}
	}
	if len(iniPaths) == 0 && !noIni {
		if v, known, set := w.envOf(c, call, "PHPRC"); set && v != "" {
			iniPaths = append(iniPaths, Arg{Value: v, Raw: "$PHPRC", Static: known})
		}
	}
	for _, a := range iniPaths {
		if !a.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
				What: call.Name + " reads its configuration from " + clip(a.Raw, 40) + ", only known at run time, which can name code it runs"})
			continue
		}
		d := call.Dir.Join(a.Value)
		if fi, err := os.Stat(d.Path); d.Known && err == nil && fi.IsDir() {
			for _, name := range []string{"php-cli.ini", "php.ini"} {
				if f := d.Join(name); w.phpIniFile(c, call, f) {
					break
				}
			}
			continue
		}
		w.phpIniFile(c, call, d)
	}
	if v, known, set := w.envOf(c, call, "PHP_INI_SCAN_DIR"); set && v != "" && !noIni {
		if !known {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "$PHP_INI_SCAN_DIR",
				What: call.Name + " reads the ini files of PHP_INI_SCAN_DIR, only known at run time, which can name code it runs"})
			return
		}
		for _, dir := range strings.Split(v, ":") {
			if dir == "" {
				continue // the directory PHP was built with
			}
			d := call.Dir.Join(dir)
			if !d.Known {
				continue
			}
			entries, err := os.ReadDir(d.Path)
			if err != nil {
				continue
			}
			var names []string
			for _, e := range entries {
				if strings.HasSuffix(e.Name(), ".ini") && len(names) < 64 {
					names = append(names, e.Name())
				}
			}
			sort.Strings(names)
			for _, n := range names {
				w.phpIniFile(c, call, d.Join(n))
			}
		}
	}
}

// phpIniFile reads the ini file d for phpCodeKeys; it reports whether d
// could be read.
func (w *walker) phpIniFile(c scope, call *Call, d Dir) bool {
	text, ok := w.readScript(d)
	if !ok {
		return false
	}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == ';' || line[0] == '[' || line[0] == '#' {
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok || !phpCodeKeys.Get()[strings.TrimSpace(key)] {
			continue
		}
		val = strings.TrimSpace(val)
		if q := val[:min(1, len(val))]; q == `"` || q == "'" {
			if end := strings.Index(val[1:], q); end >= 0 {
				val = val[1 : end+1] // "x.php" ; a comment
			}
		} else if i := strings.Index(val, ";"); i >= 0 {
			val = strings.TrimSpace(val[:i])
		}
		w.phpCodeFile(c, call, strings.TrimSpace(key)+" in "+d.Path, Arg{Value: val, Raw: val, Static: true}, call.Dir)
	}
	return true
}

// phpCodeFile reads the file an ini setting names as a PHP script run
// with the program; none ("", "none") runs nothing.
func (w *walker) phpCodeFile(c scope, call *Call, what string, a Arg, dir Dir) {
	if a.Static && (a.Value == "" || strings.EqualFold(a.Value, "none")) {
		return
	}
	if !a.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
			What: call.Name + " runs " + clip(a.Raw, 40) + " (" + what + "), a file only known at run time"})
		return
	}
	if _, ok := w.readScript(dir.Join(a.Value)); !ok {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Value,
			What: call.Name + " runs " + clip(a.Value, 40) + " (" + what + "), a file corral cannot read"})
		return
	}
	w.interpreterFile(c, call, Arg{Value: a.Value, Raw: a.Value, Static: true}, lang.PHP)
}
