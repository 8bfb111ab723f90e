#!/usr/bin/env bash
# The README's two commands, as a new user types them, on a fresh Debian with no C compiler: a minimal
# trixie (Debian 13, Python 3.13, the default) or bookworm (12, 3.11) root for this PC's own
# architecture (no emulation), with only python3, python3-venv and CA certificates. As an ordinary
# user, in a copy of this working tree:
#
#   python3 -m venv .venv && . .venv/bin/activate && pip install ".[test]"
#   python -m pytest
#
# Ends with one verdict line. Needs root (mmdebstrap, chroot, mounts), mmdebstrap, Debian's mirror and
# PyPI. Not part of .ci/run: the whole suite runs in it. Run it before a release and quote its verdict
# in docs/hardware-notes.md, as for check-on-arm.
#
#   sudo scripts/check-readme.sh            trixie
#   sudo scripts/check-readme.sh bookworm
#
# Work folder: $ELGRANDE_README_WORK (default /var/tmp/elgrande-check-readme), one per SUITE: base.tar
# (kept between runs; delete it for newer packages), root/ (made anew on every run) and log.
set -euo pipefail

say() { printf 'check-readme: %s\n' "$*"; }
die() { printf 'check-readme: %s\n' "$1" >&2; exit "${2:-1}"; }

usage() {
    cat <<'EOF'
usage: sudo scripts/check-readme.sh [SUITE]
  SUITE  trixie (Debian 13, Python 3.13; the default) or bookworm (12, 3.11)
EOF
}

(($# <= 1)) || { usage >&2; exit 2; }
SUITE=${1:-trixie}
case $SUITE in
    trixie | bookworm) ;;
    -h | --help) usage; exit 0 ;;
    *) die "SUITE must be trixie or bookworm, not \"$SUITE\"" 2 ;;
esac

CHECKOUT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=${ELGRANDE_README_WORK:-/var/tmp/elgrande-check-readme}/$SUITE
ROOTFS=$WORK/root
BASE=$WORK/base.tar
LOG=$WORK/log
MIRROR=${ELGRANDE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
PLAYER=player
AT=/home/$PLAYER/elgrande-companion
INSTALL='python3 -m venv .venv && . .venv/bin/activate && pip install ".[test]"'
TESTS='. .venv/bin/activate && python -m pytest'

((EUID == 0)) || die "it builds a Debian root and chroots into it: run it with sudo"
command -v mmdebstrap >/dev/null || die "no mmdebstrap: sudo apt-get install mmdebstrap"
[[ -f $CHECKOUT/pyproject.toml ]] || die "no checkout at $CHECKOUT"

mkdir -p "$WORK"
exec > >(tee "$LOG") 2>&1
# shellcheck source=check-root.sh source-path=SCRIPTDIR
. "$(dirname "${BASH_SOURCE[0]}")/check-root.sh"
trap unmount_all EXIT
trap 'exit 130' INT TERM # through the EXIT trap

ROOT_ENV=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8)
# as_player SCRIPT: a login shell's line, as the user, in the checkout.
as_player() {
    in_root runuser -u "$PLAYER" -- env HOME="/home/$PLAYER" sh -c "cd $AT && $1"
}

say "$SUITE: $(date -u '+%Y-%m-%d %H:%M UTC'), $(git -C "$CHECKOUT" describe --always --dirty 2>/dev/null || echo 'no git')"
unmount_all || die "something is still mounted under $ROOTFS: unmount it first"
if [[ ! -s $BASE ]]; then
    say "making a Debian $SUITE root with mmdebstrap (once; kept in $BASE)"
    rm -rf --one-file-system "$BASE.partial"
    nice -n 10 mmdebstrap --mode=root --format=tar --variant=minbase \
        --include=python3,python3-venv,passwd,ca-certificates "$SUITE" "$BASE.partial" "$MIRROR"
    mv "$BASE.partial" "$BASE"
fi
unpack_root
mount -t proc proc "$ROOTFS/proc"
mount -t devpts -o newinstance,ptmxmode=0666 devpts "$ROOTFS/dev/pts"
mount -t tmpfs -o mode=1777 tmpfs "$ROOTFS/dev/shm"
local_cas=(/usr/local/share/ca-certificates/*.crt)
if [[ -e ${local_cas[0]} ]]; then
    cp "${local_cas[@]}" "$ROOTFS/usr/local/share/ca-certificates/"
    in_root update-ca-certificates >/dev/null
    ROOT_ENV+=(PIP_CERT=/etc/ssl/certs/ca-certificates.crt)
fi
python=$(in_root python3 -V)
# shellcheck disable=SC2016 # expanded by that sh
compilers=$(in_root sh -c 'for c in cc gcc c++ clang; do command -v "$c"; done' || true)
[[ -z $compilers ]] || die "the root has a C compiler ($compilers): this check is for a machine without one"
say "root ready: $python, no C compiler ($(elapsed))"

in_root useradd --create-home --shell /bin/sh "$PLAYER"
mkdir -p "$ROOTFS$AT"
tar -C "$CHECKOUT" --exclude=.git --exclude=.venv --exclude='*.egg-info' --exclude=build \
    --exclude=__pycache__ --exclude=.pytest_cache --exclude=.hypothesis --exclude=.mypy_cache -cf - . |
    tar -C "$ROOTFS$AT" -xf -
in_root chown -R "$PLAYER:" "/home/$PLAYER"

FAILED=()
summary="not run"
say "1: $INSTALL ($(elapsed))"
if as_player "nice -n 10 sh -c '$INSTALL'"; then
    say "2: python -m pytest ($(elapsed))"
    status=0
    out=$(as_player "nice -n 10 sh -c '$TESTS -p no:cacheprovider -rfE'" 2>&1) || status=$?
    summary=$(grep -E '^=* *[0-9]+ (passed|failed|error|skipped)' <<<"$out" | tail -n 1 | sed 's/^=* *//; s/ *=*$//') || true
    summary=${summary:-no count (pytest exit status $status)}
    if ((status)); then
        printf '%s\n' "$out" | tail -n 60
        FAILED+=("python -m pytest: $summary")
    fi
else
    FAILED+=("pip install \".[test]\" failed")
fi

unmount_all || FAILED+=("could not undo the mounts under $ROOTFS")
if ((${#FAILED[@]})); then
    printf 'check-readme %s (%s, no C compiler): FAIL in %s: %s\n' "$SUITE" "$python" "$(elapsed)" "$(IFS=';'; echo "${FAILED[*]}")"
    exit 1
fi
printf 'check-readme %s (%s, no C compiler): PASS in %s: pip install ".[test]" ok, python -m pytest %s\n' \
    "$SUITE" "$python" "$(elapsed)" "$summary"
