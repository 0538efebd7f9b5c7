package rewrite

import "testing"

// TestVolumesAndAccounts checks the volume-destroy and account-change
// rules against zpool(8), zfs-destroy(8), lvremove(8), vgremove(8),
// pvremove(8), mdadm(8), userdel(8), deluser(8), usermod(8), passwd(1),
// chage(1) and pkill(1)/killall(1), with look-alikes that list, dry-run
// or change nothing lasting.
func TestVolumesAndAccounts(t *testing.T) {
	t.Parallel()
	testRule(t, "volume-destroy", []ruleCase{
		{"zpool destroy tank", Deny},
		{"sudo zpool labelclear -f /dev/sdb", Deny},
		{"zfs destroy -r tank/home", Deny},
		{"zfs destroy tank/home@snap", Deny},
		{"lvremove -f vg0/data", Deny},
		{"vgremove vg0", Deny},
		{"pvremove /dev/sdb1", Deny},
		{"mdadm --zero-superblock /dev/sda1", Deny},
		{"btrfs subvolume delete /mnt/data/@home", Deny},
		{"sudo btrfs sub del -c /mnt/a /mnt/b", Deny}, // btrfs takes prefixes
		{"btrfs -q subvolume delete /srv/vol", Deny},
		{"dmsetup wipe_table vg-root", Deny},
		{"dmsetup remove_all --force", Deny},
		{"dmsetup -f remove_all", Deny},
		{"dmsetup remove_all", Ask},
		// Look-alikes.
		{"btrfs subvolume list /mnt", Allow},
		{"btrfs subvolume snapshot /mnt/a /mnt/a-snap", Allow},
		{"btrfs scrub start /mnt", Allow},
		{"btrfs filesystem df /", Allow},
		{"dmsetup ls", Allow},
		{"dmsetup info vg-root", Allow},
		{"zfs destroy -nv tank/home@snap", Allow},
		{"zfs list", Allow},
		{"zpool status", Allow},
		{"lvremove --help", Allow},
		{"mdadm --detail /dev/md0", Allow},
	})
	testRule(t, "account-change", []ruleCase{
		{"setcap cap_setuid+ep /usr/bin/python3", Ask},
		{"sudo setcap cap_net_bind_service=+ep ./server", Ask},
		{"setcap -r ./server", Allow},
		{"setcap -v cap_net_raw+ep /usr/bin/ping", Allow},
		{"userdel bob", Ask},
		{"sudo userdel -r bob", Ask},
		{"deluser --remove-home bob", Ask},
		{"usermod -L root", Ask},
		{"usermod --shell /bin/false bob", Ask},
		{"passwd -d root", Ask},
		{"passwd --lock bob", Ask},
		{"echo 'bob:x' | chpasswd", Ask},
		{"chage -E 0 bob", Ask},
		{"pkill -9 -u bob", Ask},
		{"killall -u root", Ask},
		// Look-alikes.
		{"passwd", Allow},
		{"passwd -S bob", Allow},
		{"usermod -aG docker bob", Allow},
		{"deluser bob docker", Allow}, // out of a group
		{"chage -l bob", Allow},
		{"pkill -u bob node", Allow},
		{"killall node", Allow},
		{"echo userdel bob", Allow},
	})
}
