package syntax

// configFromEnv reports a program that reads its configuration file from
// a variable of its environment (OPENSSL_CONF for openssl, PGSERVICEFILE
// for the PostgreSQL clients): the walker keeps the call's environment,
// so that a file exported earlier in the command (export
// OPENSSL_CONF=~/.ssh/id_rsa; openssl version -a) is seen by the
// secret-read rule as the one prefixed to the call is (red team 17 SK1).
func configFromEnv(name string) bool {
	switch name {
	case "openssl", "psql", "pg_dump", "pg_dumpall", "pg_restore", "createdb", "dropdb":
		return true
	}
	return false
}
