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

# network-config v2 (/sbin/seed-network): each card it names by MAC, with DHCP or its static addresses; then
# cards hot-plugged later (a private network joined while running) are set up as they appear.
echo "$seed" >/run/seed-device
/sbin/seed-network
setsid /sbin/seed-network-watch </dev/null >/dev/null 2>&1 &

dropbear -R -E -p 22 2>/dev/null
acpid -c /etc/acpi
EOF

  # The cards network-config names (ethernets matched by MAC, as cloud-init reads them): renamed to their
  # set-name, then DHCP or their static addresses, default route and name servers; each card once (its mark
  # in /run/network). Without a network-config, DHCP on the first card.
  cat >"$root/sbin/seed-network" <<'EOF'
#!/bin/sh
config=/seed/network-config
mkdir -p /run/network
iface_of() {
  for dev in /sys/class/net/*; do
    [ "$(cat "$dev/address" 2>/dev/null)" = "$1" ] && { echo "${dev##*/}"; return; }
  done
}
if [ ! -f "$config" ]; then
  iface=$(ls /sys/class/net | grep -v '^lo$' | head -n 1)
  [ -n "$iface" ] || exit 0
  ip link set "$iface" up
  udhcpc -q -n -t 10 -i "$iface" -s /etc/udhcpc.script >/dev/null 2>&1 || echo "network: no DHCP answer on $iface"
  exit 0
fi
# The ethernets as lines: "card <mac> <name> <dhcp4>", "addr <mac> <cidr>", "gw <mac> <address>", "dns <address>".
awk '
  function value(line) { sub(/^[^:]*:[[:space:]]*/, "", line); gsub(/"/, "", line); return line }
  function item(line) { sub(/^[[:space:]]*-[[:space:]]*/, "", line); gsub(/"/, "", line); return line }
  function flush(  i) {
    if (mac != "") {
      print "card", mac, (setname != "" ? setname : name), dhcp
      for (i = 1; i <= na; i++) print "addr", mac, addr[i]
      for (i = 1; i <= ng; i++) print "gw", mac, gw[i]
      for (i = 1; i <= nd; i++) print "dns", dns[i]
    }
    mac = ""; setname = ""; dhcp = "false"; na = 0; ng = 0; nd = 0
  }
  /^ethernets:/ { inside = 1; next }
  !inside { next }
  /^  [^ ]/ { flush(); name = $1; sub(/:$/, "", name); section = ""; next }
  /^    [^ ]/ {
    key = $1; sub(/:$/, "", key); section = key
    if (key == "set-name") setname = value($0)
    if (key == "dhcp4") dhcp = value($0)
    next
  }
  /^      macaddress:/ { mac = tolower(value($0)); next }
  section == "addresses" && /^      - / { addr[++na] = item($0); next }
  section == "routes" && /via:/ { gw[++ng] = value($0); next }
  section == "nameservers" && /^        - / { dns[++nd] = item($0); next }
  END { flush() }
' "$config" >/run/network/plan
while read -r kind mac name dhcp; do
  [ "$kind" = card ] || continue
  [ -e "/run/network/$mac" ] && continue
  dev=$(iface_of "$mac")
  [ -n "$dev" ] || continue
  if [ "$dev" != "$name" ] && [ ! -e "/sys/class/net/$name" ]; then
    ip link set dev "$dev" name "$name" && dev=$name
  fi
  ip link set "$dev" up
  if [ "$dhcp" = true ]; then
    udhcpc -q -n -t 10 -i "$dev" -s /etc/udhcpc.script >/dev/null 2>&1 || echo "network: no DHCP answer on $dev"
  else
    for address in $(awk -v m="$mac" '$1 == "addr" && $2 == m { print $3 }' /run/network/plan); do
      ip addr add "$address" dev "$dev"
    done
    for gateway in $(awk -v m="$mac" '$1 == "gw" && $2 == m { print $3 }' /run/network/plan); do
      case "$gateway" in *:*) ip -6 route add default via "$gateway" dev "$dev" ;; *) ip route add default via "$gateway" dev "$dev" ;; esac
    done
  fi
  echo "$dev" >"/run/network/$mac"
  echo "network: $dev $(ip -4 -o addr show dev "$dev" | awk '{ print $4 }' | head -n 1)"
done </run/network/plan
if grep -q '^dns ' /run/network/plan; then
  awk '$1 == "dns" { print "nameserver " $2 }' /run/network/plan >/etc/resolv.conf
fi
EOF

  # Cards that come and go while the system runs (PCI hot-plug of a private network's card): a card no one
  # set up makes it read its seed again (the hypervisor rewrote it first) and set up what it names; a card
  # gone is forgotten, so joining again sets it up again.
  cat >"$root/sbin/seed-network-watch" <<'EOF'
#!/bin/sh
seen=""
while sleep 1; do
  for mark in /run/network/*:*; do
    [ -e "$mark" ] || continue
    mac=${mark##*/}
    found=""
    for dev in /sys/class/net/*; do [ "$(cat "$dev/address" 2>/dev/null)" = "$mac" ] && found=1; done
    [ -n "$found" ] || rm -f "$mark"
  done
  waiting=""
  for dev in /sys/class/net/*; do
    [ "${dev##*/}" = lo ] && continue
    mac=$(cat "$dev/address" 2>/dev/null)
    [ -e "/run/network/$mac" ] || waiting="$waiting $mac"
  done
  [ "$waiting" = "$seen" ] && continue
  seen=$waiting
  [ -n "$waiting" ] || continue
  seed=$(cat /run/seed-device 2>/dev/null)
  [ -n "$seed" ] || continue
  umount /seed 2>/dev/null
  blockdev --flushbufs "$seed" 2>/dev/null
  echo 3 >/proc/sys/vm/drop_caches
  mount -t iso9660 -o ro "$seed" /seed && /sbin/seed-network >/dev/console 2>&1
done
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
    "$root/etc/acpi/PWRF/00000080" "$root/sbin/console-login" \
    "$root/sbin/seed-network" "$root/sbin/seed-network-watch"

  (cd "$root" && find . | cpio -o -H newc --quiet | gzip -9) >initrd.gz
}
