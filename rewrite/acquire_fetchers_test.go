package rewrite

import "testing"

// TestPackageFetch: package managers and media tools that save what they
// fetch without installing it get the sandbox as their directory (added,
// or in place of one outside it); those with no such option ask outside
// the sandbox. Look-alikes: installs, npm pack of the project or a local
// directory, a directory already in the sandbox.
func TestPackageFetch(t *testing.T) {
	t.Parallel()
	testRule(t, "package-fetch", []ruleCase{
		{"pip download evilpkg", Rewrite},
		{"pip download -d . evilpkg", Rewrite},
		{"pip3 download -r requirements.txt", Rewrite},
		{"pip download --dest=vendor x", Rewrite},
		{"npm pack left-pad", Rewrite},
		{"helm pull bitnami/nginx --untar", Rewrite},
		{"helm fetch bitnami/nginx -d charts", Rewrite},
		{"yt-dlp https://video.example/v", Rewrite},
		{"yt-dlp -P home:~/v https://video.example/v", Ask},
		{"gallery-dl https://gallery.example/a", Rewrite},
		{"kaggle datasets download owner/set", Rewrite},
		{"dnf download hello", Rewrite},
		{"yumdownloader hello", Rewrite},
		{"gem fetch rails", Ask},
		{"apt-get download hello", Ask},
		{"apt-get source hello", Ask},
		{"youtube-dl https://video.example/v", Ask},
		{"pip download -d agent_sandbox x", Allow},
		{"npm pack", Allow},
		{"npm pack ./packages/a", Allow},
		{"pip install requests", Allow},
		{"helm install x bitnami/nginx", Allow},
		{"apt-get install hello", Allow},
		{"gem install rails", Allow},
		{"pip download --help", Allow},
		// python -m pip download is the same program as a module.
		{"python3 -m pip download x", Rewrite},
		{"python -m pip download --no-deps -d vendor x", Rewrite},
		{"python3 -m pip download -d . x", Rewrite},
		// A versioned interpreter or pip is the same program.
		{"python3.12 -m pip download x", Rewrite},
		{"python3.11 -m pip download -d vendor x", Rewrite},
		{"pip3.12 download x", Rewrite},
		{"pip3.12 download -d agent_sandbox x", Allow},
		{"pip3.12 install x", Allow},
		{"python3 -m pip install x", Allow},
		{"python3 -m pip download -d agent_sandbox x", Allow},
		{"python3 -m http.server", Allow},
		{"python3 pip download x", Allow}, // a script named pip
		{"pip -q download x", Rewrite},
		{"pip --cache-dir /tmp/c download x", Rewrite},
		{"pip -q download -d agent_sandbox x", Allow},
		// Cloud storage copied down to a local path.
		{"aws s3 cp s3://bucket/x .", Rewrite},
		{"aws s3 sync s3://bucket/prefix ./data", Rewrite},
		{"aws s3 cp s3://bucket/x data/", Rewrite},
		{"gsutil -m cp -r gs://bucket/d .", Rewrite},
		{"gcloud storage cp gs://bucket/x .", Rewrite},
		{"rclone sync remote:backup ./restore", Rewrite},
		{"aws s3 cp s3://bucket/x agent_sandbox/x", Allow},
		{"aws s3 cp s3://bucket/x -", Allow},
		{"aws s3 cp s3://a/x s3://b/x", Allow},
		{"aws s3 ls s3://bucket", Allow},
		{"aws s3 cp README s3://bucket/x", Allow}, // an upload: exfiltrate's
		{"yt-dlp --list-formats https://video.example/v", Allow},
		{"youtube-dl -F https://video.example/v", Allow},
		{"gallery-dl --get-urls https://gallery.example/a", Allow},
		{"dnf download --url hello", Allow},
		{"npm pack path/to/package_directory", Allow},
		{"npm pack ./pkg.tgz", Allow},
		// Hugging Face: --local-dir and --cache-dir name where the
		// files land; with neither they fill the user's cache.
		{"hf download gpt2 --local-dir ./gpt2", Rewrite},
		{"hf download gpt2 --local-dir=.", Rewrite},
		{"huggingface-cli download gpt2 config.json --local-dir models/gpt2", Rewrite},
		{"huggingface-cli download gpt2 --cache-dir ./hf-cache", Rewrite},
		{"hf download gpt2", Allow},
		{"hf download gpt2 --local-dir agent_sandbox/gpt2", Allow},
		{"hf upload me/model ./out", Allow},
		{"huggingface-cli login", Allow},
		// Azure storage downloads (az storage blob download -f, stdout
		// without it; the batches' -d; az storage file download --dest).
		{"az storage blob download -c c -n run.sh -f run.sh", Rewrite},
		{"az storage blob download --container-name c --name n --file=x", Rewrite},
		{"az storage blob download -c c -n n > x", Rewrite},
		{"az storage blob download-batch -d . -s c", Rewrite},
		{"az storage file download -s share -p a/b.sh --dest b.sh", Rewrite},
		{"az storage file download-batch -d out -s share", Rewrite},
		{"az storage file download -s share -p a/b.sh", Ask},
		{"az storage blob download -c c -n n", Allow},
		{"az storage blob list -c c -o table", Allow},
		{"az storage blob download -c c -n n -f agent_sandbox/n", Allow},
	})
}
