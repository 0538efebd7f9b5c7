// Package agent owns the hook protocols of the coding agents corral guards:
// one Adapter per agent, each in its own small file and listed once in the
// table All. An adapter recognises its agent's hook input, decodes it into
// a neutral Request, encodes the engine's Answer in the agent's wire format,
// and writes or removes its hook registration in the agent's own
// configuration files.
//
// The package decides nothing: the decision code in package app turns a
// Request into an Answer. Nothing here may import the engine, so that an
// adapter cannot grow decisions of its own.
package agent
