package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Cloud and cluster client libraries read the user's credential files by
// themselves: code that calls their loader holds what the file holds
// (issue 9, secrets: a library that reads a credential file is a reader
// of it). Each entry names the loader by the last part of the call, in
// a program that imports the library (hint, found in its text), and the
// file the library's documentation says it reads by default. The read
// is judged only in code written in the command, as boto3's always was:
// a project's own program configuring its client is ordinary work.
type credLoader struct {
	lang, hint string
	last       []string
	path       string
}

// gcloudADC is the application default credentials file gcloud auth
// application-default login writes and the Google client libraries read.
const gcloudADC = "~/.config/gcloud/application_default_credentials.json"

var credLoaders = lazy.Value[[]credLoader]{New: func() []credLoader {
	return []credLoader{
		// boto3's and botocore's Session.get_credentials().
		{"python", "boto", []string{"get_credentials", "get_frozen_credentials"}, "~/.aws/credentials"},
		// google.auth.default() (google-auth).
		{"python", "google.auth", []string{"default"}, gcloudADC},
		// kubernetes.config.load_kube_config() and the calls that load
		// the same file.
		{"python", "kubernetes", []string{"load_kube_config", "list_kube_config_contexts", "new_client_from_config"}, "~/.kube/config"},
		// requests.utils.get_netrc_auth(url).
		{"python", "requests", []string{"get_netrc_auth"}, "~/.netrc"},
		// azure.identity's credentials hand out the Azure CLI's tokens.
		{"python", "azure.identity", []string{"get_token"}, "~/.azure/msal_token_cache.json"},
		// AWS SDK for JavaScript v3: the shared credentials file.
		{"javascript", "credential-provider", []string{"fromIni", "fromNodeProviderChain", "defaultProvider"}, "~/.aws/credentials"},
		// google-auth-library: application default credentials.
		{"javascript", "google-auth-library", []string{"getClient", "getAccessToken", "getCredentials", "getApplicationDefault"}, gcloudADC},
		// @kubernetes/client-node: KubeConfig.loadFromDefault().
		{"javascript", "@kubernetes/client-node", []string{"loadFromDefault"}, "~/.kube/config"},
		// aws-sdk for Ruby: Aws::SharedCredentials.new reads the shared
		// credentials file (a profile of it).
		{"ruby", "Aws::SharedCredentials", []string{"new"}, "~/.aws/credentials"},
		// googleauth for Ruby: Google::Auth.get_application_default.
		{"ruby", "Google::Auth", []string{"get_application_default"}, gcloudADC},
	}
}}

// credLoaderPath returns the credential file a call named full reads in
// a program of language lang whose text is src.
func credLoaderPath(lang, src, full string) (string, bool) {
	last := lastSegment(full)
	for _, l := range credLoaders.Get() {
		if l.lang != lang {
			continue
		}
		for _, n := range l.last {
			if n == last && strings.Contains(src, l.hint) {
				return l.path, true
			}
		}
	}
	return "", false
}

// credLoaderCall reports a call that is a credential loader's.
func credLoaderCall(lang, src, full string) bool {
	_, ok := credLoaderPath(lang, src, full)
	return ok
}

// credLoaderEffect is the read of that file, at the call.
func credLoaderEffect(c call, lang, src string) (Effect, bool) {
	p, ok := credLoaderPath(lang, src, c.name)
	if !ok {
		return Effect{}, false
	}
	return Effect{Kind: Read, Call: c.name, Path: p, Tilde: true, Offset: c.off, CommandOnly: true}, true
}
