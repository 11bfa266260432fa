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
hash=$(sha256sum "$script_path" | cut -c1-16)
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

# The kernel package the metapackage points at today (linux-image-amd64 → linux-image-6.1.0-NN-amd64).
kernel_package=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
[ -n "$kernel_package" ] || { echo "build-test-image: no kernel package found (apt-get update?)" >&2; exit 1; }
packages=("$kernel_package" busybox-static dropbear-bin libc6 libcrypt1 libtomcrypt1 libtommath1 libgmp10 zlib1g
  syslinux syslinux-common mtools)
# apt-get download writes to the current directory as _apt when it can; a private temp directory is not its.
chmod 755 "$work"
apt-get download -q "${packages[@]}" >&2
mkdir debs
for deb in ./*.deb; do dpkg-deb -x "$deb" debs; done

kernel_version=$(ls debs/lib/modules)
root="$work/root"
mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,run,tmp,root,seed,var/log,lib64,usr/lib/x86_64-linux-gnu,etc/dropbear,etc/acpi/PWRF}
chmod 700 "$root/root"
chmod 1777 "$root/tmp"

# busybox provides every command; its applet links are made at boot by `busybox --install`.
cp debs/bin/busybox "$root/bin/busybox"

# dropbear and the libraries it links against, at the paths its ELF headers name.
cp debs/usr/sbin/dropbear "$root/sbin/dropbear"
cp debs/lib64/ld-linux-x86-64.so.2 "$root/lib64/" 2>/dev/null ||
  cp -L debs/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 "$root/lib64/"
for lib in libc.so.6 libcrypt.so.1 libtomcrypt.so.1 libtommath.so.1 libgmp.so.10 libz.so.1; do
  found=$(find debs -name "$lib" | head -n 1)
  [ -n "$found" ] || { echo "build-test-image: $lib not found in the packages" >&2; exit 1; }
  cp -L "$found" "$root/usr/lib/x86_64-linux-gnu/$lib"
done
ln -s usr/lib "$root/lib"
ln -s /run "$root/var/run"
# Every library dropbear needs must be in the image: the loader lists any it cannot find as "not found".
if "$root/lib64/ld-linux-x86-64.so.2" --library-path "$root/usr/lib/x86_64-linux-gnu" --list "$root/sbin/dropbear" |
  grep 'not found' >&2; then
  echo "build-test-image: dropbear would not start in the guest" >&2
  exit 1
fi

# The kernel modules the guest needs (virtio disk, network, balloon and RNG; the seed's ISO 9660; its own FAT
# disk, which a test mounts to read what was written to it in rescue mode; the ACPI
# power button and the input events acpid reads) with their dependencies, resolved by the downloaded busybox's
# depmod (the host need not have busybox).
modules_src="debs/lib/modules/$kernel_version"
debs/bin/busybox depmod -b debs "$kernel_version"
wanted="virtio_pci virtio_blk virtio_net virtio_balloon virtio-rng isofs vfat nls_cp437 nls_ascii nls_utf8 button evdev"
needed=""
for module in $wanted; do
  line=$(grep -E "/$module\.ko:" "$modules_src/modules.dep") ||
    { echo "build-test-image: module $module not in the kernel package" >&2; exit 1; }
  needed="$needed ${line%%:*} ${line#*:}"
done
for path in $needed; do
  mkdir -p "$root/lib/modules/$kernel_version/$(dirname "$path")"
  cp "$modules_src/$path" "$root/lib/modules/$kernel_version/$path"
done
cp "$modules_src/modules.builtin" "$modules_src/modules.order" "$root/lib/modules/$kernel_version/"
debs/bin/busybox depmod -b "$root" "$kernel_version"

cat >"$root/etc/passwd" <<'EOF'
root:x:0:0:root:/root:/bin/sh
EOF
cat >"$root/etc/group" <<'EOF'
root:x:0:
EOF
echo 'root:*:19000:0:99999:7:::' >"$root/etc/shadow"
chmod 600 "$root/etc/shadow"
printf '/bin/sh\n' >"$root/etc/shells"
printf 'passwd: files\ngroup: files\nshadow: files\n' >"$root/etc/nsswitch.conf"
cat >"$root/etc/profile" <<'EOF'
export PATH=/sbin:/bin:/usr/sbin:/usr/bin HOME=/root
export PS1='root@\h:\w\$ '
cd /root
EOF

cat >"$root/etc/inittab" <<'EOF'
::sysinit:/etc/rc
ttyS0::respawn:/sbin/console-login
::ctrlaltdel:/bin/reboot
::shutdown:/etc/rc.shutdown
EOF

# Boot: modules, the NoCloud seed, the network, SSH and acpid.
cat >"$root/etc/rc" <<'EOF'
#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sys /sys
mkdir -p /dev/pts
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /run
for module in virtio_pci virtio_blk virtio_net virtio_balloon virtio-rng isofs vfat nls_cp437 nls_ascii nls_utf8 button evdev; do
  modprobe "$module" 2>/dev/null
done
ip link set lo up

# The seed: the first block device labelled cidata (ISO 9660, as cloud-localds and the driver write it).
seed=""
for attempt in 1 2 3 4 5 6 7 8 9 10; do
  seed=$(findfs LABEL=cidata 2>/dev/null) && break
  sleep 0.5
done
if [ -n "$seed" ] && mount -t iso9660 -o ro "$seed" /seed; then
  echo "seed: NoCloud data on $seed"
else
  echo "seed: no NoCloud seed found"
fi

# Scalars are written as JSON strings (a subset of YAML): strip the quotes and undo the two escapes used.
unquote() { sed -e 's/^[[:space:]]*"//' -e 's/"[[:space:]]*$//' -e 's/\\"/"/g' -e 's/\\\\/\\/g'; }

name=$(sed -n 's/^local-hostname:[[:space:]]*//p' /seed/meta-data 2>/dev/null | head -n 1 | unquote)
hostname "${name:-ikirere-test}"
echo "${name:-ikirere-test}" >/etc/hostname

mkdir -p /root/.ssh
chmod 700 /root/.ssh
if [ -f /seed/user-data ]; then
  awk '/^ssh_authorized_keys:/ { keys = 1; next } keys && /^  - / { sub(/^  - /, ""); print; next } { keys = 0 }' \
    /seed/user-data | unquote >/root/.ssh/authorized_keys
  hash=$(sed -n 's/^      password:[[:space:]]*//p' /seed/user-data | head -n 1 | unquote)
  if [ -n "$hash" ]; then
    echo "root:$hash:19000:0:99999:7:::" >/etc/shadow
  fi
fi
chmod 600 /root/.ssh/authorized_keys 2>/dev/null

# network-config v2: dhcp4, or static addresses with a default route and name servers.
iface=$(ls /sys/class/net | grep -v '^lo$' | head -n 1)
if [ -n "$iface" ]; then
  ip link set "$iface" up
  config=/seed/network-config
  if [ -f "$config" ] && ! grep -q 'dhcp4:[[:space:]]*true' "$config"; then
    for address in $(sed -n 's/^[[:space:]]*- *"\{0,1\}\([0-9a-fA-F.:]*\/[0-9]*\)"\{0,1\}[[:space:]]*$/\1/p' "$config"); do
      ip addr add "$address" dev "$iface"
    done
    for gateway in $(sed -n 's/^[[:space:]]*via:[[:space:]]*"\{0,1\}\([0-9a-fA-F.:]*\)"\{0,1\}.*/\1/p' "$config"); do
      case "$gateway" in *:*) ip -6 route add default via "$gateway" dev "$iface" ;; *) ip route add default via "$gateway" dev "$iface" ;; esac
    done
    sed -n '/nameservers:/,/^[^ ]/ s/^[[:space:]]*- *"\{0,1\}\([0-9a-fA-F.:]*\)"\{0,1\}[[:space:]]*$/nameserver \1/p' "$config" >/etc/resolv.conf
  else
    udhcpc -q -n -t 10 -i "$iface" -s /etc/udhcpc.script >/dev/null 2>&1 || echo "network: no DHCP answer on $iface"
  fi
  echo "network: $iface $(ip -4 -o addr show dev "$iface" | awk '{ print $4 }' | head -n 1)"
fi

dropbear -R -E -p 22 2>/dev/null
acpid -c /etc/acpi
EOF

cat >"$root/etc/rc.shutdown" <<'EOF'
#!/bin/sh
echo "System is going down."
killall dropbear acpid 2>/dev/null
EOF

cat >"$root/etc/udhcpc.script" <<'EOF'
#!/bin/sh
case "$1" in
  bound|renew)
    ip addr flush dev "$interface"
    ip addr add "$ip/${mask:-24}" dev "$interface"
    [ -n "$router" ] && ip route add default via "${router%% *}" dev "$interface"
    : >/etc/resolv.conf
    for server in $dns; do echo "nameserver $server" >>/etc/resolv.conf; done
    ;;
esac
EOF

# busybox acpid runs PWRF/00000080 for the power button.
cat >"$root/etc/acpi/PWRF/00000080" <<'EOF'
#!/bin/sh
poweroff
EOF

cat >"$root/sbin/console-login" <<'EOF'
#!/bin/sh
host=$(hostname)
printf '\nIkirere test image (Debian kernel %s) %s ttyS0\n\n%s login: root (automatic login)\n\n' \
  "$(uname -r)" "$host" "$host"
exec /bin/sh -l
EOF

cat >"$root/init" <<'EOF'
#!/bin/busybox sh
/bin/busybox mount -t devtmpfs devtmpfs /dev
/bin/busybox --install -s /bin
ln -s /bin/busybox /sbin/init 2>/dev/null
exec /bin/busybox init
EOF
chmod 755 "$root/init" "$root/etc/rc" "$root/etc/rc.shutdown" "$root/etc/udhcpc.script" \
  "$root/etc/acpi/PWRF/00000080" "$root/sbin/console-login"

(cd "$root" && find . | cpio -o -H newc --quiet | gzip -9) >initrd.gz

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
