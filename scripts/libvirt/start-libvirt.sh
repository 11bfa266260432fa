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

# /dev/kvm as udev leaves it on a normal Debian host (group kvm, read-write for it, QEMU's user in it). Left
# root-only (as in some containers), libvirtd finds KVM present but unusable and probes QEMU's capabilities
# again on every call: each `virsh define` then takes 30–50 s. Whether KVM then really works is the driver's
# business (it falls back to emulation when a guest cannot start with it).
if [ -c /dev/kvm ]; then
  getent group kvm >/dev/null || groupadd -r kvm
  id -nG libvirt-qemu | grep -qw kvm || usermod -a -G kvm libvirt-qemu
  if [ "$(stat -c %G /dev/kvm)" != kvm ] || [ $((0$(stat -c %a /dev/kvm) & 060)) -ne 060 ]; then
    chgrp kvm /dev/kvm && chmod g+rw /dev/kvm || echo "start-libvirt: could not open /dev/kvm to group kvm" >&2
  fi
fi
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
