#!/usr/bin/env bash
# A virsh for the KVM-fallback test (IKIRERE_VIRSH): this machine's libvirt, seen as a host whose KVM is
# advertised but fails. This machine has no working KVM, so the failure is reproduced at the one point the
# driver can see it: `domcapabilities --virttype kvm` answers (KVM offered); a domain defined as type kvm
# is defined as plain QEMU instead (the only kind that runs here) and remembered; when such a guest is let
# run (`resume`), it is stopped at once through QEMU's own monitor, which libvirt reports exactly as it
# reports QEMU stopping a guest on a "KVM internal error": `paused (unknown)`, event "Suspended Paused".
# Every other call goes to the real virsh unchanged. What happened is appended to $FAILING_KVM_LOG, one
# line each with the time in seconds: "kvm <domain> <time>" and "qemu <domain> <time>" for each define
# (as KVM, as plain QEMU), "paused <domain> <time>" for each guest stopped.
set -u
REAL="${FAILING_KVM_REAL_VIRSH:-/usr/bin/virsh}"
LOG="${FAILING_KVM_LOG:?FAILING_KVM_LOG must name the file that records what happened}"
MARKS="$LOG.kvm"
mkdir -p "$MARKS"

options=()
uri=''
while [ $# -gt 0 ]; do
  case "$1" in
    -q) options+=(-q); shift ;;
    # libvirt's keepalive, which the driver gives every call (server/drivers/compute/libvirt/virsh.ts).
    -k | -K) options+=("$1" "$2"); shift 2 ;;
    -c) options+=(-c "$2"); uri="$2"; shift 2 ;;
    *) break ;;
  esac
done
command="${1:-}"

case "$command" in
  domcapabilities)
    if [[ " $* " == *" --virttype kvm "* ]]; then
      exec "$REAL" "${options[@]}" domcapabilities --virttype qemu --arch x86_64
    fi
    ;;
  define)
    file="${*: -1}"
    name="$(sed -n 's:.*<name>\(.*\)</name>.*:\1:p' "$file" | head -n 1)"
    if grep -q "<domain type='kvm'" "$file"; then
      echo "kvm $name $(date +%s.%N)" >>"$LOG"
      touch "$MARKS/$name"
      sed -e "s/<domain type='kvm'/<domain type='qemu'/" -e "s:<cpu mode='host-model'/>::" "$file" >"$file.as-qemu"
      "$REAL" "${options[@]}" define "$file.as-qemu"
      status=$?
      rm -f "$file.as-qemu"
      exit $status
    fi
    echo "qemu $name $(date +%s.%N)" >>"$LOG"
    rm -f "$MARKS/$name"
    ;;
  resume)
    name="$2"
    "$REAL" "${options[@]}" resume "$name" || exit $?
    if [ -e "$MARKS/$name" ]; then
      "$REAL" -q -c "$uri" qemu-monitor-command "$name" --hmp stop >/dev/null
      echo "paused $name $(date +%s.%N)" >>"$LOG"
    fi
    exit 0
    ;;
esac
exec "$REAL" "${options[@]}" "$@"
