#!/usr/bin/env bash
# virsh as the fleet test runs it to cut a disk copy half-way: while the file named by FLEET_CUT_UPLOAD
# exists, a `vol-upload` sends only the first half of the file and then fails as a dropped connection would;
# every other call (and every call once the file is gone) is the real virsh.
set -euo pipefail
is_upload=0
for argument in "$@"; do [ "$argument" = vol-upload ] && is_upload=1; done
if [ "$is_upload" = 1 ] && [ -n "${FLEET_CUT_UPLOAD:-}" ] && [ -e "$FLEET_CUT_UPLOAD" ]; then
  file="${*: -1}"
  half=$(mktemp)
  head -c $(($(stat -c %s "$file") / 2)) "$file" >"$half"
  set -- "${@:1:$#-1}" "$half"
  virsh "$@" || true
  rm -f "$half"
  echo "error: Cannot write data: Broken pipe (the test cut the connection half-way)" >&2
  exit 1
fi
exec virsh "$@"
