package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// Converters that read a URL they are given as an input fetch it
// themselves (issue 12, more ways to fetch): pandoc reads an http(s)
// input operand (pandoc(1): "If an input file is a URL, pandoc will
// fetch it"), xmllint and xsltproc load an http or ftp document or
// stylesheet through libxml2 unless --nonet, and ffmpeg opens an
// http(s)/ftp/… input (-i URL). What they write from it is a download:
// the output file (pandoc -o/--output, xmllint --output, xsltproc
// -o/--output, ffmpeg's last argument) moves into the sandbox as curl -o
// FILE's does, and their standard output is followed as curl's is.

// converterFetches reports whether a word is a URL such a converter
// fetches.
func converterFetches(v string, ftp bool) bool {
	l := strings.ToLower(v)
	if strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") {
		return true
	}
	return ftp && strings.HasPrefix(l, "ftp://")
}

// xmllintSpec is xmllint's options that take a value (xmllint --help,
// libxml2 2.9).
var xmllintSpec = optSpec{longEq: false, longVal: longOpts("path", "output", "encode", "maxmem", "pattern", "xpath",
	"dtdvalid", "dtdvalidfpi", "relaxng", "schema", "schematron", "pretty", "c14n11")}

// xsltprocSpec is xsltproc's options that take a value (xsltproc --help).
var xsltprocSpec = optSpec{shortVal: "o", longEq: false, longVal: longOpts("output", "path", "param", "stringparam",
	"maxdepth", "maxvars", "maxparserdepth", "encoding", "writesubtree", "profile")}

// checkURLConverter judges pandoc, xmllint, xsltproc and ffmpeg fetching
// a URL input.
func checkURLConverter(p *Pass, c *syntax.Call) bool {
	switch c.Name {
	case "pandoc":
		spec, _ := outputSpecOf("pandoc")
		opts, operands := scan(c.Args, spec)
		if !anyOperandFetches(c, operands, false) {
			return false
		}
		p.converterOutput(c, find(opts, "o", "output"))
	case "xmllint":
		opts, operands := scan(c.Args, xmllintSpec)
		if has(opts, "nonet") || !anyOperandFetches(c, operands, true) {
			return false
		}
		if has(opts, "noout") && len(find(opts, "output")) == 0 {
			return true
		}
		p.converterOutput(c, find(opts, "output"))
	case "xsltproc":
		opts, operands := scan(c.Args, xsltprocSpec)
		if has(opts, "nonet") || !anyOperandFetches(c, operands, true) {
			return false
		}
		p.converterOutput(c, find(opts, "o", "output"))
	case "ffmpeg":
		return p.ffmpegFetch(c)
	default:
		return false
	}
	return true
}

// anyOperandFetches reports whether one of the operands is a URL.
func anyOperandFetches(c *syntax.Call, operands []int, ftp bool) bool {
	for _, i := range operands {
		if a := c.Args[i]; a.Static && converterFetches(a.Value, ftp) {
			return true
		}
	}
	return false
}

// converterOutput moves the last output option's file into the sandbox,
// or follows standard output when there is none.
func (p *Pass) converterOutput(c *syntax.Call, outs []option) {
	if len(outs) > 0 {
		p.moveOutputOption(c, outs[len(outs)-1], "http-client")
		return
	}
	p.followStdout(c, "http-client", "download")
}

// ffmpegFetch judges ffmpeg reading an -i URL: its output is the last
// argument when that is no option and no option's value (ffmpeg's
// options each take at most one value, and an output file ends the
// command line in nearly every use); - or pipe: is standard output.
func (p *Pass) ffmpegFetch(c *syntax.Call) bool {
	fetch := false
	for i := 0; i+1 < len(c.Args); i++ {
		if c.Args[i].Value == "-i" {
			if v := c.Args[i+1]; v.Static && (converterFetches(v.Value, true) || strings.HasPrefix(strings.ToLower(v.Value), "rtmp://")) {
				fetch = true
			}
		}
	}
	if !fetch || len(c.Args) < 3 {
		return false
	}
	last := c.Args[len(c.Args)-1]
	prev := c.Args[len(c.Args)-2]
	if !last.Static || strings.HasPrefix(last.Value, "-") && last.Value != "-" || prev.Value == "-i" {
		return true
	}
	if last.Value == "-" || strings.HasPrefix(last.Value, "pipe:") {
		p.followStdout(c, "http-client", "download")
		return true
	}
	if strings.HasPrefix(last.Value, "/dev/") || p.InSandbox(c.Dir, last) || strings.Contains(last.Value, "://") {
		return true
	}
	dest, text := p.sandboxed(last, "download")
	p.acquire(c, "http-client", "download", "ffmpeg saves what it fetched to "+last.Value+", outside the sandbox", dest,
		[]syntax.Edit{Replace(c, last, text)}, relocate(c, c.Dir, last.Value, dest))
	return true
}
