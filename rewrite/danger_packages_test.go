package rewrite

import "testing"

// TestPackageRemove checks the package-remove rule against apt-get(8)
// (remove, purge, autoremove, install PKG-, --allow-remove-essential,
// -o APT::Get::allow-remove-essential), dpkg(1) (-r, -P, --force-…),
// rpm(8) (-e, --nodeps), dnf(8)/yum(8) (remove, erase, --setopt),
// zypper(8), pacman(8) (-R, -dd), apk(8) (del) and snap(8) (remove),
// with look-alikes that install, list or remove an ordinary package.
func TestPackageRemove(t *testing.T) {
	t.Parallel()
	testRule(t, "package-remove", []ruleCase{
		{"apt-get purge -y bash", Deny},
		{"sudo apt-get -y remove coreutils", Deny},
		{"apt remove --allow-remove-essential coreutils", Deny},
		{"apt-get remove -o APT::Get::allow-remove-essential=true -y vim", Ask},
		{"apt-get --allow-remove-essential remove -y vim", Ask},
		{"apt-get install -y bash-", Deny}, // the trailing dash removes
		{"apt-get remove libc6:amd64", Deny},
		{"aptitude purge systemd", Deny},
		{"apt-get autoremove --purge sudo", Deny},
		{"apt-get remove 'lib*'", Ask},
		{"apt-get remove -y $PKG", Ask},
		{"apt-get remove linux-image-6.1.0-13-amd64", Deny},
		{"dpkg --purge --force-all libc6", Deny},
		{"dpkg -r --force-remove-essential foo", Ask},
		{"dpkg --force-depends -r libfoo1", Ask},
		{"dpkg -P dpkg", Deny},
		{"rpm -e --nodeps glibc", Deny},
		{"rpm -e glibc", Deny},
		{"rpm --erase --nodeps foo", Ask},
		{"yum remove -y systemd", Deny},
		{"dnf remove sudo", Deny},
		{"dnf -y erase filesystem", Deny},
		{"dnf remove --setopt=protected_packages= foo", Ask},
		{"zypper rm glibc", Deny},
		{"pacman -Rdd glibc", Deny},
		{"pacman -R bash", Deny},
		{"pacman -Rdd foo", Ask},
		{"pacman -R --nodeps --nodeps foo", Ask},
		{"apk del musl", Deny},
		{"snap remove core", Ask},
		{"snap remove core22", Ask},
		// Look-alikes.
		{"apt-get install -y curl", Allow},
		{"apt-get install -y $PKG", Allow},
		{"apt-get install --reinstall bash", Allow},
		{"apt-get install g++", Allow},
		{"apt-get remove -y vim", Allow},
		{"apt-get autoremove", Allow},
		{"apt-get autoremove --purge", Allow},
		{"apt-get purge -y libreoffice*", Ask}, // a pattern: unquoted, nothing here matches it
		{"apt show bash", Allow},
		{"apt-cache policy libc6", Allow},
		{"dpkg -l bash", Allow},
		{"dpkg -i ./x.deb", Allow},
		{"dpkg --force-all -i ./x.deb", Allow},
		{"dpkg -L coreutils", Allow},
		{"rpm -qa glibc", Allow},
		{"rpm -Uvh --nodeps foo.rpm", Allow},
		{"dnf install sudo", Allow},
		{"dnf remove nginx", Allow},
		{"yum list installed systemd", Allow},
		{"pacman -Rns foo", Allow},
		{"pacman -S bash", Allow},
		{"pacman -Qi glibc", Allow},
		{"apk add bash", Allow},
		{"snap remove firefox", Allow},
		{"pip uninstall -y requests", Allow},
		{"apt-get remove --help", Allow},
	})
}

// TestKernelChange checks the kernel-change rule against fsfreeze(8),
// kexec(8), rmmod(8), modprobe(8), insmod(8), sysctl(8) and swapoff(8),
// with look-alikes that read or only load.
func TestKernelChange(t *testing.T) {
	t.Parallel()
	testRule(t, "kernel-change", []ruleCase{
		{"fsfreeze -f /", Ask},
		{"sudo fsfreeze --freeze /home", Ask},
		{"fsfreeze --fre /", Ask}, // util-linux takes prefixes
		{"kexec -e", Ask},
		{"kexec --exec", Ask},
		{"kexec /boot/vmlinuz", Ask}, // no action: load and boot
		{"rmmod e1000e", Ask},
		{"rmmod -f nvme", Ask},
		{"modprobe -r ahci", Ask},
		{"modprobe --remove iwlwifi", Ask},
		{"insmod ./x.ko", Ask},
		{"sysctl -w kernel.panic=1", Ask},
		{"sysctl kernel.sysrq=1", Ask},
		{"sysctl -p", Ask},
		{"sysctl -p/etc/sysctl.d/99-x.conf", Ask},
		{"sysctl --system", Ask},
		{"swapoff -a", Ask},
		{"swapoff /swapfile", Ask},
		// Look-alikes.
		{"fsfreeze -u /", Allow},
		{"kexec -l /boot/vmlinuz --initrd=/boot/initrd.img --reuse-cmdline", Allow},
		{"kexec -u", Allow},
		{"lsmod", Allow},
		{"modinfo ext4", Allow},
		{"modprobe v4l2loopback", Allow},
		{"modprobe -n -r ahci", Allow},
		{"sysctl -a", Allow},
		{"sysctl -n kernel.hostname", Allow},
		{"sysctl vm.swappiness", Allow},
		{"swapon -a", Allow},
		{"swapon --show", Allow},
		{"swapoff --help", Allow},
		{"mount | grep sda", Allow},
		{"findmnt", Allow},
	})
}
