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
hash=$(sha256sum "$script_path" | cut -c1-16)
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

kernel_package=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
[ -n "$kernel_package" ] || { echo "build-rescue-image: no kernel package found (apt-get update?)" >&2; exit 1; }
packages=("$kernel_package" busybox-static dropbear-bin libc6 libcrypt1 libtomcrypt1 libtommath1 libgmp10 zlib1g
  e2fsprogs libext2fs2 libcom-err2 libblkid1 libuuid1 libss2)
chmod 755 "$work"
apt-get download -q "${packages[@]}" >&2
mkdir debs
for deb in ./*.deb; do dpkg-deb -x "$deb" debs; done

kernel_version=$(ls debs/lib/modules)
root="$work/root"
mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,run,tmp,root,seed,mnt,var/log,lib64,usr/lib/x86_64-linux-gnu,etc/dropbear,etc/acpi/PWRF}
chmod 700 "$root/root"
chmod 1777 "$root/tmp"

cp debs/bin/busybox "$root/bin/busybox"
cp debs/usr/sbin/dropbear "$root/sbin/dropbear"
for tool in e2fsck resize2fs tune2fs dumpe2fs; do cp "debs/sbin/$tool" "$root/sbin/$tool"; done
cp debs/lib64/ld-linux-x86-64.so.2 "$root/lib64/" 2>/dev/null ||
  cp -L debs/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 "$root/lib64/"
for lib in libc.so.6 libcrypt.so.1 libtomcrypt.so.1 libtommath.so.1 libgmp.so.10 libz.so.1 \
  libext2fs.so.2 libcom_err.so.2 libblkid.so.1 libuuid.so.1 libe2p.so.2 libss.so.2; do
  found=$(find debs -name "$lib" | head -n 1)
  [ -n "$found" ] || { echo "build-rescue-image: $lib not found in the packages" >&2; exit 1; }
  cp -L "$found" "$root/usr/lib/x86_64-linux-gnu/$lib"
done
ln -s usr/lib "$root/lib"
ln -s /run "$root/var/run"
for binary in sbin/dropbear sbin/e2fsck sbin/resize2fs sbin/tune2fs sbin/dumpe2fs; do
  if "$root/lib64/ld-linux-x86-64.so.2" --library-path "$root/usr/lib/x86_64-linux-gnu" --list "$root/$binary" |
    grep 'not found' >&2; then
    echo "build-rescue-image: $binary would not start in the guest" >&2
    exit 1
  fi
done

# Modules: virtio (disk, network, balloon, RNG), the seed's ISO 9660, the file systems a compute's disk may
# hold (ext4, vfat with its code pages), the ACPI power button and the input events acpid reads.
modules_src="debs/lib/modules/$kernel_version"
debs/bin/busybox depmod -b debs "$kernel_version"
wanted="virtio_pci virtio_blk virtio_net virtio_balloon virtio-rng isofs ext4 vfat nls_cp437 nls_ascii nls_utf8 nls_iso8859-1 button evdev"
needed=""
for module in $wanted; do
  line=$(grep -E "/$module\.ko:" "$modules_src/modules.dep") ||
    { echo "build-rescue-image: module $module not in the kernel package" >&2; exit 1; }
  needed="$needed ${line%%:*} ${line#*:}"
done
for path in $needed; do
  mkdir -p "$root/lib/modules/$kernel_version/$(dirname "$path")"
  cp "$modules_src/$path" "$root/lib/modules/$kernel_version/$path"
done
cp "$modules_src/modules.builtin" "$modules_src/modules.order" "$root/lib/modules/$kernel_version/"
debs/bin/busybox depmod -b "$root" "$kernel_version"

echo 'root:x:0:0:root:/root:/bin/sh' >"$root/etc/passwd"
echo 'root:x:0:' >"$root/etc/group"
echo 'root:*:19000:0:99999:7:::' >"$root/etc/shadow"
chmod 600 "$root/etc/shadow"
printf '/bin/sh\n' >"$root/etc/shells"
printf 'passwd: files\ngroup: files\nshadow: files\n' >"$root/etc/nsswitch.conf"
cat >"$root/etc/profile" <<'EOF'
export PATH=/sbin:/bin:/usr/sbin:/usr/bin HOME=/root
export PS1='rescue@\h:\w\$ '
cd /root
EOF
cat >"$root/etc/motd" <<'EOF'
Ikirere rescue system. The compute's own disk is /dev/vdb (not mounted): check it with
`e2fsck -f /dev/vdb1`, or mount it with `mount /dev/vdb1 /mnt` (`/dev/vdb` when it has no partitions).
Leave rescue mode from the console (or the API) to boot the compute from its disk again.
EOF

cat >"$root/etc/inittab" <<'EOF'
::sysinit:/etc/rc
ttyS0::respawn:/sbin/console-login
::ctrlaltdel:/bin/reboot
::shutdown:/etc/rc.shutdown
EOF

cat >"$root/etc/rc" <<'EOF'
#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sys /sys
mkdir -p /dev/pts
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /run
for module in virtio_pci virtio_blk virtio_net virtio_balloon virtio-rng isofs ext4 vfat nls_cp437 nls_ascii nls_utf8 nls_iso8859-1 button evdev; do
  modprobe "$module" 2>/dev/null
done
ip link set lo up

# The rescue seed: the disk labelled cidata (the first disk; the compute's own is the second).
seed=""
for attempt in 1 2 3 4 5 6 7 8 9 10; do
  seed=$(findfs LABEL=cidata 2>/dev/null) && break
  sleep 0.5
done
if [ -n "$seed" ] && mount -t iso9660 -o ro "$seed" /seed; then
  echo "rescue: seed on $seed"
else
  echo "rescue: no seed found"
fi

unquote() { sed -e 's/^[[:space:]]*"//' -e 's/"[[:space:]]*$//' -e 's/\\"/"/g' -e 's/\\\\/\\/g'; }

name=$(sed -n 's/^local-hostname:[[:space:]]*//p' /seed/meta-data 2>/dev/null | head -n 1 | unquote)
hostname "${name:-rescue}"
echo "${name:-rescue}" >/etc/hostname

mkdir -p /root/.ssh
chmod 700 /root/.ssh
if [ -f /seed/user-data ]; then
  awk '/^ssh_authorized_keys:/ { keys = 1; next } keys && /^  - / { sub(/^  - /, ""); print; next } { keys = 0 }' \
    /seed/user-data | unquote >/root/.ssh/authorized_keys
  hash=$(sed -n 's/^      password:[[:space:]]*//p' /seed/user-data | head -n 1 | unquote)
  [ -n "$hash" ] && echo "root:$hash:19000:0:99999:7:::" >/etc/shadow
fi
chmod 600 /root/.ssh/authorized_keys 2>/dev/null

# network-config v2, as the compute's normal boot reads it: dhcp4, or static addresses and routes.
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
    udhcpc -q -n -t 10 -i "$iface" -s /etc/udhcpc.script >/dev/null 2>&1 || echo "rescue: no DHCP answer on $iface"
  fi
  echo "rescue: network $iface $(ip -4 -o addr show dev "$iface" | awk '{ print $4 }' | head -n 1)"
fi

dropbear -R -E -p 22 2>/dev/null
acpid -c /etc/acpi
EOF

cat >"$root/etc/rc.shutdown" <<'EOF'
#!/bin/sh
echo "The rescue system is going down."
killall dropbear acpid 2>/dev/null
sync
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

cat >"$root/etc/acpi/PWRF/00000080" <<'EOF'
#!/bin/sh
poweroff
EOF

cat >"$root/sbin/console-login" <<'EOF'
#!/bin/sh
host=$(hostname)
printf '\nIkirere rescue system (Debian kernel %s) %s ttyS0\n\n%s login: root (automatic login)\n\n' \
  "$(uname -r)" "$host" "$host"
cat /etc/motd
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

mkdir -p "$out_dir"
cp "debs/boot/vmlinuz-$kernel_version" "$out_dir/.vmlinuz.partial"
cp initrd.gz "$out_dir/.initrd.partial"
chmod 644 "$out_dir/.vmlinuz.partial" "$out_dir/.initrd.partial"
chmod 755 "$cache_root" "$out_dir"
mv "$out_dir/.vmlinuz.partial" "$out_dir/vmlinuz"
mv "$out_dir/.initrd.partial" "$out_dir/initrd.gz"
echo "$out_dir"
