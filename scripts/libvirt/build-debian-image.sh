#!/usr/bin/env bash
# Builds a Debian 12 cloud image from Debian packages only, the way Debian's own cloud images are made: the
# Debian kernel, systemd, cloud-init (22.4), netplan with systemd-networkd, openssh-server with its stock
# configuration, qemu-guest-agent and growpart, on one ext4 partition that GRUB boots. The guest tests
# (tests/guests) boot it as the `debian-12` image of a libvirt host, to prove against the real cloud-init
# what the console's seed promises. Output: a qcow2 base image, printed on the last line.
#
# Unlike Debian's published images it is shut off from the world at boot: cloud-init reads only its NoCloud
# seed (datasource_list: [NoCloud, None], no metadata service probed), and no apt timer or NTP client runs.
#
# Cached like build-test-image.sh: under IKIRERE_IMAGE_CACHE (default /var/tmp/ikirere-images) in a directory
# named after a hash of this script. Run as root (mmdebstrap installs into a chroot); needs mmdebstrap,
# sfdisk (fdisk), mke2fs (e2fsprogs), qemu-img and Debian's package mirror.
set -euo pipefail

script_path=$(readlink -f "$0")
hash=$(sha256sum "$script_path" | cut -c1-16)
cache_root=${IKIRERE_IMAGE_CACHE:-/var/tmp/ikirere-images}
out_dir="$cache_root/debian-12-$hash"
image="$out_dir/debian-12.qcow2"

if [ -s "$image" ]; then
  echo "$image"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "build-debian-image: run as root (mmdebstrap installs the packages into a chroot)" >&2
  exit 1
fi
for tool in mmdebstrap sfdisk mke2fs qemu-img; do
  command -v "$tool" >/dev/null || { echo "build-debian-image: $tool is missing" >&2; exit 1; }
done

work=$(mktemp -d /var/tmp/ikirere-debian-image.XXXXXX)
trap 'rm -rf "$work"' EXIT
root="$work/root"
started=$(date +%s)

# What a Debian cloud image holds, without recommends: the kernel, systemd as init with udev, cloud-init and
# growpart, netplan (cloud-init renders the seed's network-config for it; systemd-networkd applies it), the
# SSH server, the guest agent, sudo for the default user cloud-init creates, GRUB's BIOS modules, and zstd
# (the initramfs is compressed with it: quicker to unpack on an emulated CPU than gzip).
packages=linux-image-amd64,systemd-sysv,udev,cloud-init,cloud-guest-utils,netplan.io,openssh-server
packages="$packages,qemu-guest-agent,sudo,e2fsprogs,grub-pc-bin,zstd"

# Documentation, manual pages and translations are left out (they are most of a minimal system's size).
mmdebstrap --variant=minbase --include="$packages" \
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
  --dpkgopt='path-include=/usr/share/locale/locale.alias' --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-exclude=/usr/share/info/*' \
  --essential-hook='mkdir -p "$1/etc/initramfs-tools/conf.d"; echo MODULES=list >"$1/etc/initramfs-tools/conf.d/ikirere"' \
  bookworm "$root" >&2

# The initramfs holds the modules a virtio guest boots with, not every driver the kernel has (MODULES=most is
# several times the size, and every byte of it is decompressed by an emulated CPU). MODULES=dep would look
# at the build machine's hardware, so the list (chosen before the kernel was installed) is written out.
cat >>"$root/etc/initramfs-tools/modules" <<'EOF'
virtio_pci
virtio_blk
virtio_net
virtio_scsi
ext4
EOF
chroot "$root" update-initramfs -u -k all >&2

# cloud-init: the NoCloud seed and nothing else (no metadata service probed at boot).
cat >"$root/etc/cloud/cloud.cfg.d/90-ikirere.cfg" <<'EOF'
# Ikirere's test image: the NoCloud seed (the "cidata" volume) is the only source cloud-init reads.
datasource_list: [NoCloud, None]
EOF

# The system's locale is C.UTF-8, which needs no generating. cloud-init's locale module keeps the locale it
# finds here; with none it sets en_US.UTF-8, which is not generated, and fails (update-locale exits 255).
echo 'LANG=C.UTF-8' >"$root/etc/default/locale"

# No apt at boot (the timers would run soon after a first boot) and no stale identity: each guest makes its
# own machine id and SSH host keys on first boot, as on Debian's images.
for timer in apt-daily.timer apt-daily-upgrade.timer; do
  ln -sf /dev/null "$root/etc/systemd/system/$timer"
done
: >"$root/etc/machine-id"
rm -f "$root/var/lib/dbus/machine-id" "$root"/etc/ssh/ssh_host_*
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb
: >"$root/etc/resolv.conf"
echo debian >"$root/etc/hostname"
printf '127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' >"$root/etc/hosts"

# The root file system, labelled and found by its UUID; cloud-init's growpart and resizefs grow partition
# and file system to the disk the compute is given.
uuid=$(cat /proc/sys/kernel/random/uuid)
printf 'UUID=%s\t/\text4\terrors=remount-ro,discard\t0\t1\n' "$uuid" >"$root/etc/fstab"

# GRUB in the MBR and the gap after it, with its configuration built in: the kernel and initramfs behind
# Debian's /vmlinuz and /initrd.img links, so a kernel upgrade in the guest keeps booting.
cat >"$root/tmp/grub-early.cfg" <<EOF
set root=(hd0,msdos1)
linux /vmlinuz root=UUID=$uuid ro console=tty0 console=ttyS0,115200 consoleblank=0
initrd /initrd.img
boot
EOF
chroot "$root" grub-mkimage -O i386-pc -o /tmp/core.img -p '(hd0,msdos1)/boot/grub' -c /tmp/grub-early.cfg \
  biosdisk part_msdos ext2 linux normal
mv "$root/tmp/core.img" "$work/core.img"
rm "$root/tmp/grub-early.cfg"
cp "$root/usr/lib/grub/i386-pc/boot.img" "$work/boot.img"

# The file system, made from the directory (no loop device or mount), with room to spare.
used_mib=$(du -sm "$root" | cut -f1)
fs_mib=$(( used_mib * 13 / 10 + 256 ))
mke2fs -q -t ext4 -L debian-root -U "$uuid" -d "$root" "$work/root.ext4" "${fs_mib}M"

# The disk: an MBR, GRUB's core image in the first MiB, then the one partition.
truncate -s "$(( fs_mib + 1 ))M" "$work/disk.raw"
echo 'start=2048, type=83, bootable' | sfdisk -q --label dos "$work/disk.raw" >&2
dd if="$work/boot.img" of="$work/disk.raw" bs=440 count=1 conv=notrunc status=none
dd if="$work/core.img" of="$work/disk.raw" bs=512 seek=1 conv=notrunc status=none
dd if="$work/root.ext4" of="$work/disk.raw" bs=1M seek=1 conv=notrunc,sparse status=none

mkdir -p "$out_dir"
qemu-img convert -q -f raw -O qcow2 "$work/disk.raw" "$out_dir/.image.partial"
chmod 644 "$out_dir/.image.partial"
chmod 755 "$cache_root" "$out_dir"
mv "$out_dir/.image.partial" "$image"
echo "build-debian-image: $(du -m "$image" | cut -f1) MiB in $(( $(date +%s) - started )) s" >&2
echo "$image"
