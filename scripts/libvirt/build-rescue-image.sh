#!/usr/bin/env bash
# Builds the rescue system the libvirt driver boots a compute into (rescue mode), from Debian packages only:
# Debian's kernel and an initramfs with busybox (init, shell, DHCP, mount, fdisk), dropbear (SSH) and
# e2fsprogs (e2fsck, resize2fs, tune2fs), with the kernel modules to reach a disk (virtio, ext4, vfat). It
# reads a NoCloud seed like the compute's own (hostname, root's SSH keys, the one-time password's hash,
# network-config) from its first disk and brings the network up the same way, so it answers at the compute's
# address and SSH port; the compute's own disk is its second disk (/dev/vdb), never mounted by itself.
# The libvirt driver boots it directly (<kernel>/<initrd>); a host names the two files in its `rescue`
# setting. Output: the directory holding vmlinuz and initrd.gz, printed on the last line.
#
# Cached under IKIRERE_IMAGE_CACHE (default /var/tmp/ikirere-images, readable by the libvirt-qemu user) in a
# directory named after a hash of this script (its recipe), so a change here rebuilds it and every other run
# reuses it. Needs apt-get (with package lists), dpkg-deb, cpio and gzip.
#
# The serial console logs root in by itself, as Linode's rescue console does (the console is already
# signed in to the control panel); SSH needs the compute's keys or the one-time password.
set -euo pipefail

script_path=$(readlink -f "$0")
# The recipe is this script and the system it sources: a change to either rebuilds it.
hash=$(cat "$script_path" "$(dirname "$script_path")/busybox-system.sh" | sha256sum | cut -c1-16)
cache_root=${IKIRERE_IMAGE_CACHE:-/var/tmp/ikirere-images}
out_dir="$cache_root/rescue-$hash"

if [ -s "$out_dir/vmlinuz" ] && [ -s "$out_dir/initrd.gz" ]; then
  echo "$out_dir"
  exit 0
fi

for tool in apt-get apt-cache dpkg-deb cpio gzip; do
  command -v "$tool" >/dev/null || { echo "build-rescue-image: $tool is missing" >&2; exit 1; }
done

work=$(mktemp -d /tmp/ikirere-rescue-image.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"

source "$(dirname "$script_path")/busybox-system.sh"
log_name=build-rescue-image
system_name='Ikirere rescue system'
default_name=rescue
prompt_user=rescue
# e2fsprogs to check and repair the compute's disk.
extra_packages=(e2fsprogs libext2fs2 libcom-err2 libblkid1 libuuid1 libss2)
extra_binaries=(sbin/e2fsck sbin/resize2fs sbin/tune2fs sbin/dumpe2fs)
extra_libs=(libext2fs.so.2 libcom_err.so.2 libblkid.so.1 libuuid.so.1 libe2p.so.2 libss.so.2)
# Virtio (disk, network, balloon, RNG), the seed's ISO 9660, the file systems a compute's disk may hold (ext4,
# vfat with its code pages), the ACPI power button and the input events acpid reads.
modules="virtio_pci virtio_blk virtio_net virtio_balloon virtio-rng isofs ext4 vfat nls_cp437 nls_ascii nls_utf8 nls_iso8859-1 button evdev"
motd="Ikirere rescue system. The compute's own disk is /dev/vdb (not mounted): check it with
\`e2fsck -f /dev/vdb1\`, or mount it with \`mount /dev/vdb1 /mnt\` (\`/dev/vdb\` when it has no partitions).
Leave rescue mode from the console (or the API) to boot the compute from its disk again.
"
build_busybox_system

mkdir -p "$out_dir"
cp "debs/boot/vmlinuz-$kernel_version" "$out_dir/.vmlinuz.partial"
cp initrd.gz "$out_dir/.initrd.partial"
chmod 644 "$out_dir/.vmlinuz.partial" "$out_dir/.initrd.partial"
chmod 755 "$cache_root" "$out_dir"
mv "$out_dir/.vmlinuz.partial" "$out_dir/vmlinuz"
mv "$out_dir/.initrd.partial" "$out_dir/initrd.gz"
echo "$out_dir"
