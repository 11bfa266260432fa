# The small Linux both test-side systems are made of, sourced by build-test-image.sh (the guest the libvirt
# driver's tests boot) and build-rescue-image.sh (the rescue system computes boot into): Debian's kernel and an
# initramfs with busybox (init, shell, DHCP, acpid) and dropbear (SSH) that reads a cloud-init NoCloud seed
# like a cloud image does (hostname, root's SSH keys or password hash, network-config v2) and powers off on
# the ACPI power button. Everything comes from Debian packages fetched with apt-get download.
#
# The caller sets, before calling build_busybox_system:
#   log_name        the script's name, for error messages
#   system_name     shown on the serial console ("Ikirere test image")
#   default_name    the hostname when the seed has none
#   prompt_user     the shell prompt's user part (root@host, rescue@host)
#   extra_packages  more Debian packages (array)
#   extra_binaries  programs to copy into /sbin, as paths inside the unpacked packages (array)
#   extra_libs      the libraries those programs link against (array)
#   modules         the kernel modules loaded at boot (with their dependencies)
#   motd            printed at the console's login (may be empty)
# and gets, in the current directory (a fresh temporary one): debs/ (the unpacked packages), initrd.gz, and
# $kernel_version (vmlinuz is debs/boot/vmlinuz-$kernel_version).

fail() {
  echo "$log_name: $*" >&2
  exit 1
}

build_busybox_system() {
  # The kernel package the metapackage points at today (linux-image-amd64 → linux-image-6.1.0-NN-amd64).
  local kernel_package
  kernel_package=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
  [ -n "$kernel_package" ] || fail "no kernel package found (apt-get update?)"
  # apt-get download writes to the current directory as _apt when it can; a private temp directory is not its.
  chmod 755 .
  apt-get download -q "$kernel_package" busybox-static dropbear-bin libc6 libcrypt1 libtomcrypt1 libtommath1 \
    libgmp10 zlib1g "${extra_packages[@]}" >&2
  mkdir debs
  for deb in ./*.deb; do dpkg-deb -x "$deb" debs; done
  kernel_version=$(ls debs/lib/modules)

  local root="$PWD/root"
  mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,run,tmp,root,seed,mnt,var/log,lib64,usr/lib/x86_64-linux-gnu,etc/dropbear,etc/acpi/PWRF}
  chmod 700 "$root/root"
  chmod 1777 "$root/tmp"

  # busybox provides every command; its applet links are made at boot by `busybox --install`.
  cp debs/bin/busybox "$root/bin/busybox"
  # dropbear, the caller's programs and the libraries they link against, at the paths their ELF headers name.
  cp debs/usr/sbin/dropbear "$root/sbin/dropbear"
  local binary lib found
  for binary in "${extra_binaries[@]}"; do cp "debs/$binary" "$root/sbin/$(basename "$binary")"; done
  cp debs/lib64/ld-linux-x86-64.so.2 "$root/lib64/" 2>/dev/null ||
    cp -L debs/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 "$root/lib64/"
  for lib in libc.so.6 libcrypt.so.1 libtomcrypt.so.1 libtommath.so.1 libgmp.so.10 libz.so.1 "${extra_libs[@]}"; do
    found=$(find debs -name "$lib" | head -n 1)
    [ -n "$found" ] || fail "$lib not found in the packages"
    cp -L "$found" "$root/usr/lib/x86_64-linux-gnu/$lib"
  done
  ln -s usr/lib "$root/lib"
  ln -s /run "$root/var/run"
  # Every library a program needs must be in the image: the loader lists any it cannot find as "not found".
  for binary in dropbear "${extra_binaries[@]}"; do
    if "$root/lib64/ld-linux-x86-64.so.2" --library-path "$root/usr/lib/x86_64-linux-gnu" \
      --list "$root/sbin/$(basename "$binary")" | grep 'not found' >&2; then
      fail "$(basename "$binary") would not start in the guest"
    fi
  done

  # The kernel modules with their dependencies, resolved by the downloaded busybox's depmod (the host need
  # not have busybox).
  local modules_src="debs/lib/modules/$kernel_version" needed="" module line path
  debs/bin/busybox depmod -b debs "$kernel_version"
  for module in $modules; do
    line=$(grep -E "/$module\.ko:" "$modules_src/modules.dep") || fail "module $module not in the kernel package"
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
  printf "export PATH=/sbin:/bin:/usr/sbin:/usr/bin HOME=/root\nexport PS1='%s@\\\\h:\\\\w\\\\\$ '\ncd /root\n" \
    "$prompt_user" >"$root/etc/profile"
  printf '%s' "$motd" >"$root/etc/motd"
  # What the boot scripts below read: the system's name, its default hostname and its modules.
  printf "system_name='%s'\ndefault_name='%s'\nmodules='%s'\n" "$system_name" "$default_name" "$modules" \
    >"$root/etc/system.conf"

  cat >"$root/etc/inittab" <<'EOF'
::sysinit:/etc/rc
ttyS0::respawn:/sbin/console-login
::ctrlaltdel:/bin/reboot
::shutdown:/etc/rc.shutdown
EOF

  # Boot: modules, the NoCloud seed, the network, SSH and acpid.
  cat >"$root/etc/rc" <<'EOF'
#!/bin/sh
. /etc/system.conf
mount -t proc proc /proc
mount -t sysfs sys /sys
mkdir -p /dev/pts
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /run
for module in $modules; do
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
hostname "${name:-$default_name}"
echo "${name:-$default_name}" >/etc/hostname

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
. /etc/system.conf
echo "$system_name is going down."
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

  # busybox acpid runs PWRF/00000080 for the power button.
  cat >"$root/etc/acpi/PWRF/00000080" <<'EOF'
#!/bin/sh
poweroff
EOF

  # The serial console logs root in by itself and prints a getty-style "login:" line once the system is up
  # (the driver waits for it).
  cat >"$root/sbin/console-login" <<'EOF'
#!/bin/sh
. /etc/system.conf
host=$(hostname)
printf '\n%s (Debian kernel %s) %s ttyS0\n\n%s login: root (automatic login)\n\n' \
  "$system_name" "$(uname -r)" "$host" "$host"
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
}
