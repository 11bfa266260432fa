#!/usr/bin/env bash
# Starts libvirt on a machine without systemd (containers, CI), as root: the user QEMU runs as, virtlogd
# and libvirtd in the background. Does nothing that is already done, so it is safe to run again.
# Logs go to /var/log/libvirt/ikirere-{virtlogd,libvirtd}.log.
set -euo pipefail

if [ "$(id -u)" -ne 0 ]; then
  echo "start-libvirt: run as root (libvirtd manages system-wide virtual machines)" >&2
  exit 1
fi

# libvirtd does not start its QEMU driver until the user QEMU runs as exists.
id libvirt-qemu >/dev/null 2>&1 || useradd -r -s /usr/sbin/nologin libvirt-qemu
mkdir -p /var/log/libvirt /var/lib/libvirt/images

if ! virsh -c qemu:///system version >/dev/null 2>&1; then
  pgrep -x virtlogd >/dev/null || setsid /usr/sbin/virtlogd >/var/log/libvirt/ikirere-virtlogd.log 2>&1 < /dev/null &
  pgrep -x libvirtd >/dev/null || setsid /usr/sbin/libvirtd >/var/log/libvirt/ikirere-libvirtd.log 2>&1 < /dev/null &
  for _ in $(seq 1 60); do
    virsh -c qemu:///system version >/dev/null 2>&1 && break
    sleep 0.5
  done
fi

if ! virsh -c qemu:///system version >/dev/null 2>&1; then
  echo "start-libvirt: libvirtd did not answer; see /var/log/libvirt/ikirere-libvirtd.log" >&2
  exit 1
fi
echo "libvirt is running: $(virsh -c qemu:///system version | grep -i 'running hypervisor' || true)"
