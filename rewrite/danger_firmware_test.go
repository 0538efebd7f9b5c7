package rewrite

import "testing"

// TestFirmwareWrite checks the firmware-write rule against flashrom(8),
// efibootmgr(8), fwupdmgr(1) and mokutil(1), with their reading modes
// as look-alikes. Nothing here is run.
func TestFirmwareWrite(t *testing.T) {
	t.Parallel()
	testRule(t, "firmware-write", []ruleCase{
		{"flashrom -p internal -w bios.bin", Deny},
		{"sudo flashrom --programmer internal --write coreboot.rom", Deny},
		{"flashrom -p internal -E", Deny},
		{"flashrom -p ch341a_spi --erase", Deny},
		{"flashrom -p internal:laptop=force_I_want_a_brick -w x.rom", Deny},
		{"efibootmgr -B -b 0001", Ask},
		{"efibootmgr -b 0001 -B", Ask},
		{"efibootmgr --delete-bootnum --bootnum 0003", Ask},
		{"efibootmgr -O", Ask},
		{"efibootmgr -o 0002,0001", Ask},
		{"efibootmgr --create --disk /dev/sda --part 1 --label Linux --loader '\\EFI\\linux.efi'", Ask},
		{"efibootmgr -n 0004", Ask},
		{"efibootmgr -b 0001 -A", Ask},
		{"fwupdmgr update", Ask},
		{"fwupdmgr install firmware.cab", Ask},
		{"fwupdtool install-blob fw.bin", Ask},
		{"fwupdmgr --force downgrade", Ask},
		{"mokutil --import MOK.der", Ask},
		{"mokutil -i MOK.der", Ask},
		{"mokutil --disable-validation", Ask},
		{"mokutil --reset", Ask},
		{"mokutil --delete key.der", Ask},
		// Look-alikes: reads, listings and the emulated chip.
		{"flashrom -p internal -r backup.bin", Allow},
		{"flashrom -p internal -v backup.bin", Allow},
		{"flashrom -L", Allow},
		{"flashrom -p dummy:emulate=W25Q128FV -w test.rom", Allow},
		{"efibootmgr", Allow},
		{"efibootmgr -v", Allow},
		{"efibootmgr -u -v", Allow},
		{"fwupdmgr get-devices", Allow},
		{"fwupdmgr get-updates", Allow},
		{"fwupdmgr refresh", Allow},
		{"mokutil --sb-state", Allow},
		{"mokutil --list-enrolled", Allow},
		{"mokutil --help", Allow},
		{"mokutil --set-verbosity true", Allow},
		{"mokutil --generate-hash=pw", Allow},
		{"echo 'flashrom -p internal -w bios.bin'", Allow},
	})
}
