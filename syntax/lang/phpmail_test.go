package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPHPMailParams: PHP's mail() and mb_send_mail() add their fifth
// argument, additional_params, to the sendmail command line (PHP manual,
// mail: "additional_params ... to pass additional flags as command line
// options to the program configured to be used when sending mail").
// Sendmail's -X logs every message to a file, -C reads another
// configuration and -O sets any option, so anything other than a sender
// (-f/-r ADDR) is code corral cannot follow: a Hidden effect (ask).
// Look-alikes: no fifth argument, a sender only, headers, a method named
// mail.
func TestPHPMailParams(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		src  string
		want int // Hidden effects
	}{
		{`<?php mail("a@b", "s", "m", "", "-X /var/www/x.php -OQueueDirectory=/tmp");`, 1},
		{`<?php mail("a@b", "s", "m", "", $params);`, 1},
		{`<?php mb_send_mail("a@b", "s", "m", "", "-C/tmp/sendmail.cf");`, 1},
		{`<?php \mail($to, $s, $m, $h, "-f me@x.org -X log");`, 1},
		// Look-alikes.
		{`<?php mail("a@b", "s", "m");`, 0},
		{`<?php mail("a@b", "s", "m", "From: me@x.org");`, 0},
		{`<?php mail("a@b", "s", "m", "", "-fme@x.org");`, 0},
		{`<?php mail("a@b", "s", "m", "", "-r me@x.org");`, 0},
		{`<?php $mailer->mail("a", "b", "c", "d", "-X /tmp/x");`, 0},
		{`<?php echo "mail(1,2,3,4,'-X x')";`, 0},
	} {
		n := 0
		for _, e := range Analyze(PHP, tc.src) {
			if e.Kind == Hidden {
				n++
			}
		}
		if n != tc.want {
			t.Errorf("%s: %d Hidden effects, want %d (%s)", tc.src, n, tc.want, cmp.Diff(nil, describeAll(Analyze(PHP, tc.src))))
		}
	}
}
