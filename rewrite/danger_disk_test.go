package rewrite

import "testing"

func TestDiskWrite(t *testing.T) {
	t.Parallel()
	testRule(t, "disk-write", []ruleCase{
		{"mkfs.ext4 /dev/sda1", Deny},
		{"mkfs -t xfs /dev/nvme0n1p2", Deny},
		{"mke2fs /dev/sdb1", Deny},
		{"sudo wipefs -a /dev/sda", Deny},
		{"mkswap /dev/sda2", Deny},
		{"mkfs.ext4 \"$DEV\"", Ask},
		{"dd if=/dev/zero of=/dev/sda bs=1M", Deny},
		{"dd of=/dev/mmcblk0 if=img", Deny},
		{"pv img | sudo dd of=/dev/disk/by-id/usb-x", Deny},
		{"echo x > /dev/sda", Deny},
		{"cat img >/dev/nvme0n1", Deny},
		{"bash -c 'cat img > /dev/mapper/vg-root'", Deny},
		{"echo x | tee /dev/sdb", Deny},
		{"cp disk.img /dev/sdc", Deny},
		{"shred -n1 /dev/sda", Deny},
		{"fdisk /dev/sda", Ask},
		{"parted -s /dev/sda mklabel gpt", Ask},
		{"sgdisk -b table.bak --zap-all /dev/sda", Ask},
		{"sfdisk /dev/sda < layout.txt", Ask},
		// Look-alikes: reads, images, harmless devices.
		{"dd if=/dev/sda of=disk.img", Allow},
		{"dd if=/dev/zero of=/dev/null count=1", Allow},
		{"mkfs.ext4 disk.img", Allow},
		{"fdisk -l", Allow},
		{"fdisk -l /dev/sda", Allow},
		{"sfdisk -d /dev/sda > table.txt", Allow},
		{"sgdisk -p /dev/sda", Allow},
		{"parted /dev/sda unit s print", Allow},
		{"parted -l", Allow},
		{"echo x > /dev/null", Allow},
		{"echo x > /dev/stderr", Allow},
		{"ls -l /dev/sda", Allow},
		{"cat /dev/sda | head -c 512 > mbr.bin", Allow},
		{"shred -u secret.txt", Allow},
		{"printf 'mkfs.ext4 /dev/sda'", Allow},
	})
}
