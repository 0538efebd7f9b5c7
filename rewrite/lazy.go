package rewrite

// Tables that only some commands need (a program's options, a rule's word
// lists, regular expressions) are lazy.Value and lazy.Regexp literals in
// this package: static data, so that a hook process builds the ones its
// command reaches and nothing at start-up.
