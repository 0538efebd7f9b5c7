package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRustEffects: Rust's strings (raw, byte, nested comments, lifetimes)
// and the std::process and std::fs calls that run, delete, write or read,
// from the standard library's documentation. Look-alikes: the names in a
// string, a raw string, a (nested) comment; a lifetime that looks like a
// quote; a mutable binding.
func TestRustEffects(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"command-chain", "use std::process::Command;\nfn main() {\n    Command::new(\"sh\").arg(\"-c\").arg(\"rm -rf ~\").status().unwrap();\n}\n", []string{"exec Command::new: sh -c rm -rf ~"}},
		{"command-args", "std::process::Command::new(\"git\")\n    .args([\"clone\", \"https://x/y\"])\n    .current_dir(\"/tmp\")\n    .spawn();", []string{"exec Command::new: git clone https://x/y"}},
		{"command-args-ref", `Command::new("rm").args(&["-rf", "/srv"]).output();`, []string{"exec Command::new: rm -rf /srv"}},
		{"command-var", `Command::new(prog).spawn();`, []string{"hidden Command::new: prog"}},
		{"command-var-arg", `Command::new("rm").arg("-rf").arg(dir).status();`, []string{"hidden Command::new: rm -rf dir"}},
		{"remove-dir-all", `std::fs::remove_dir_all("/srv").unwrap();`, []string{"delete -r std.fs.remove_dir_all: /srv"}},
		{"remove-file", `fs::remove_file("a.txt")?;`, []string{"delete fs.remove_file: a.txt"}},
		{"raw-path", `fs::remove_dir_all(r"/srv/data")?;`, []string{"delete -r fs.remove_dir_all: /srv/data"}},
		{"let-const", "fn main() {\n    let target = \"/srv\";\n    std::fs::remove_dir_all(target).unwrap();\n}\n", []string{"delete -r std.fs.remove_dir_all: /srv"}},
		{"write", `fs::write("/etc/x", b"data").unwrap();`, []string{"write fs.write: /etc/x"}},
		{"create", `let f = File::create("/home/u/.bashrc")?;`, []string{"write File.create: /home/u/.bashrc"}},
		{"read", `let k = fs::read_to_string("/home/u/.ssh/id_rsa")?;`, []string{"read fs.read_to_string: /home/u/.ssh/id_rsa"}},
		{"lifetime", "fn f<'a>(x: &'a str) -> &'a str { x }\nfn main() { fs::remove_file(\"a\").ok(); }", []string{"delete fs.remove_file: a"}},
		// Look-alikes.
		{"string", `println!("fs::remove_dir_all(\"/\")");`, nil},
		{"raw-string", `let s = r#"Command::new("rm").arg("-rf")"#;`, nil},
		{"nested-comment", "/* outer /* inner */ fs::remove_dir_all(\"/\") */\nlet x = 1;", nil},
		{"line-comment", "// Command::new(\"rm\")\nlet y = 'x';", nil},
		{"mut", "fn main() {\n    let mut d = \"/a\";\n    d = \"/b\";\n    fs::remove_dir_all(d).unwrap();\n}\n", []string{"hidden fs.remove_dir_all: d"}},
		{"definition", "fn remove_file(p: &str) {}\n", nil},
	} {
		var got []string
		for _, e := range Analyze(Rust, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestRustHome: the home directory as Rust programs name it.
func TestRustHome(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		`std::fs::remove_dir_all(std::env::var("HOME").unwrap()).unwrap();`,
		`fs::remove_dir_all(env::var("HOME").expect("no home"))?;`,
		`fs::remove_dir_all(dirs::home_dir().unwrap())?;`,
		"fn main() {\n    let h = std::env::var(\"HOME\").unwrap();\n    std::fs::remove_dir_all(h).unwrap();\n}\n",
	} {
		es := Analyze(Rust, src)
		if len(es) != 1 || es[0].Kind != Delete || es[0].Path != "~" || !es[0].Tilde {
			t.Errorf("%s: effects %+v, want a deletion of the home directory", src, es)
		}
	}
}
