#!/usr/bin/env bash
# Builds the small guest image the libvirt driver's tests boot, from Debian packages only: Debian's kernel,
# an initramfs with busybox (init, shell, DHCP, acpid) and dropbear (SSH) that honours a cloud-init NoCloud
# seed like a cloud image does (hostname, root's SSH key or password, network-config), on a FAT disk that
# syslinux boots. Output: a qcow2 base image, printed on the last line.
#
# The image is cached under IKIRERE_IMAGE_CACHE (default /var/tmp/ikirere-images, readable by the
# libvirt-qemu user) in a directory named after a hash of this script, so a change here rebuilds it and
# every other run reuses it. Needs apt-get (with package lists), dpkg-deb, cpio, gzip and qemu-img.
#
# The console logs root in by itself (the image is for tests: there is nothing to protect), prints a
# getty-style "login:" line once the system is up, and powers off on the ACPI power button (busybox acpid).
set -euo pipefail

script_path=$(readlink -f "$0")
# The recipe is this script and the system it sources: a change to either rebuilds the image.
hash=$(cat "$script_path" "$(dirname "$script_path")/busybox-system.sh" | sha256sum | cut -c1-16)
cache_root=${IKIRERE_IMAGE_CACHE:-/var/tmp/ikirere-images}
out_dir="$cache_root/test-image-$hash"
image="$out_dir/ikirere-test.qcow2"

if [ -s "$image" ]; then
  echo "$image"
  exit 0
fi

for tool in apt-get apt-cache dpkg-deb cpio gzip qemu-img; do
  command -v "$tool" >/dev/null || { echo "build-test-image: $tool is missing" >&2; exit 1; }
done

work=$(mktemp -d /tmp/ikirere-test-image.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"

source "$(dirname "$script_path")/busybox-system.sh"
log_name=build-test-image
system_name='Ikirere test image'
default_name=ikirere-test
prompt_user=root
# syslinux and mtools make the boot disk below.
extra_packages=(syslinux syslinux-common mtools)
extra_binaries=()
extra_libs=()
# Virtio (disk, network, balloon, RNG), the seed's ISO 9660, its own FAT disk (which a test mounts to read
# what was written to it in rescue mode), the ACPI power button and the input events acpid reads.
modules="virtio_pci virtio_blk virtio_net virtio_balloon virtio-rng isofs vfat nls_cp437 nls_ascii nls_utf8 button evdev"
motd=''
build_busybox_system

# A FAT disk without a partition table that syslinux boots (SeaBIOS runs its boot sector).
cat >syslinux.cfg <<'EOF'
DEFAULT linux
PROMPT 0
TIMEOUT 0
LABEL linux
  KERNEL vmlinuz
  INITRD initrd.gz
  APPEND console=ttyS0,115200 panic=10 loglevel=4
EOF
cp "debs/boot/vmlinuz-$kernel_version" vmlinuz
export PATH="$work/debs/usr/bin:$PATH"
size_kib=$(( ( $(stat -c %s vmlinuz) + $(stat -c %s initrd.gz) ) / 1024 + 4096 ))
dd if=/dev/zero of=disk.raw bs=1024 count="$size_kib" status=none
mformat -i disk.raw -v IKIRERE ::
mcopy -i disk.raw vmlinuz initrd.gz syslinux.cfg ::
mcopy -i disk.raw debs/usr/lib/syslinux/modules/bios/ldlinux.c32 ::
debs/usr/bin/syslinux --install disk.raw

mkdir -p "$out_dir"
qemu-img convert -q -f raw -O qcow2 disk.raw "$out_dir/.image.partial"
chmod 644 "$out_dir/.image.partial"
chmod 755 "$cache_root" "$out_dir"
mv "$out_dir/.image.partial" "$image"
echo "$image"
