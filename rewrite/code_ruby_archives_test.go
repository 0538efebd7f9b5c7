package rewrite

import "testing"

// TestCodeRubyArchiveExtraction: Ruby's rubyzip and Gem::Package unpack
// archives as the PHP and Perl readers do (red team 13 AX;
// syntax/lang/archives.go). rubyzip's entry.extract(DEST) and
// zip.extract(entry, DEST) write DEST as given: a path under the home
// directory built at run time asks, ~/.bashrc is denied; extract with no
// argument unpacks under the working directory. Gem::Package's
// extract_files(DIR) unpacks the gem's data tar, which is not listed
// here: it asks. Before, each passed.
func TestCodeRubyArchiveExtraction(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := map[string]string{"HOME": "/home/u", EnvProject: dir}
	cfg, err := NewConfig(func(k string) string { return env[k] }, dir)
	if err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`ruby -e 'require "zip"; Zip::File.open("x.zip") { |z| z.each { |e| e.extract(File.join(Dir.home, e.name)) } }'`, "ask"},
		{`ruby -e 'require "zip"; Zip::File.open("x.zip") { |z| z.extract(z.entries.first, File.expand_path("~/.bashrc")) }'`, "deny"},
		{`ruby -e 'require "zip"; Zip::File.open("x.zip") { |z| z.each { |e| e.extract(destination_directory: d) } }'`, "ask"},
		{`ruby -e 'require "rubygems/package"; Gem::Package.new("x.gem").extract_files(Dir.home)'`, "ask"},
		// Look-alikes: into the project, a listing, no archive library.
		{`ruby -e 'require "zip"; Zip::File.open("x.zip") { |z| z.each { |e| e.extract(File.join("out", e.name)) } }'`, "allow"},
		{`ruby -e 'require "zip"; Zip::File.open("x.zip") { |z| z.each { |e| puts e.name } }'`, "allow"},
		{`ruby -e 'puts [1, 2].map { |x| x.extract }'`, "allow"},
	})
}
