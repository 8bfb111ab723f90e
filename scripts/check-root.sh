# The Debian root that scripts/check-readme.sh and scripts/check-on-arm.sh build and run in: what
# the two share. Each sources it (never run it alone) after setting ROOTFS (the root's folder),
# BASE (the kept mmdebstrap tarball) and, before in_root is called, ROOT_ENV (the root's
# environment); each keeps its own `trap unmount_all EXIT`.
# shellcheck shell=bash

START=$(date +%s)
elapsed() { # the time since the script began, 3m07s
    local s=$(($(date +%s) - START))
    printf '%dm%02ds' $((s / 60)) $((s % 60))
}

mounted_under() { # the mount points under ROOTFS, deepest first
    awk -v root="$ROOTFS" '$2 == root || index($2, root "/") == 1 { print $2 }' /proc/self/mounts | sort -r
}

unmount_all() {
    local point
    for point in $(mounted_under); do
        umount "$point" 2>/dev/null || umount -l "$point" || true
    done
    [[ -z $(mounted_under) ]]
}

# unpack_root: a fresh root from the kept tarball, resolving names as this machine does.
unpack_root() {
    rm -rf --one-file-system "$ROOTFS"
    mkdir -p "$ROOTFS"
    tar -C "$ROOTFS" --numeric-owner -xpf "$BASE"
    cp -L /etc/resolv.conf "$ROOTFS/etc/resolv.conf"
}

# in_root CMD...: run CMD inside the root as root, with a clean environment (ROOT_ENV).
in_root() {
    chroot "$ROOTFS" /usr/bin/env -i "${ROOT_ENV[@]}" "$@"
}
