#!/usr/bin/env bash
# Tries the companion as a Pi owner would, without a Pi: a minimal Debian trixie (13, Python 3.13,
# the default) or bookworm (12, Python 3.11) root for arm64 (64-bit Pi OS) or armhf (32-bit) run
# under qemu-user, the project installed into it with
# scripts/install-pi.sh as an image build would, then the sample game, --check as an ordinary user
# and the tests that matter on a Pi. Ends with one verdict line. See docs/hardware-notes.md.
#
#   sudo scripts/check-on-arm.sh arm64                 trixie, today's Raspberry Pi OS
#   sudo scripts/check-on-arm.sh armhf                 (builds Pillow under emulation: much slower)
#   sudo scripts/check-on-arm.sh arm64 bookworm        the release before
#
# Needs root (mmdebstrap's root mode, chroot and a few mounts), mmdebstrap and qemu-user-static with
# its binfmt handlers (sudo apt-get install mmdebstrap qemu-user-static), and Debian's mirror and
# PyPI on the network. Not part of .ci/run: it takes tens of minutes.
#
# Work folder: $ELGRANDE_ARM_WORK (default /var/tmp/elgrande-check-on-arm), one folder per SUITE-ARCH:
# base.tar (the Debian root as mmdebstrap made it, kept between runs; delete it for a fresh one),
# root/ (made anew from base.tar on every run, so a run never depends on the one before) and log
# (everything the run printed). The mounts under root/ are undone on every exit.
set -euo pipefail

say() { printf 'check-on-arm: %s\n' "$*"; }
die() { printf 'check-on-arm: %s\n' "$1" >&2; exit "${2:-1}"; }

usage() {
    cat <<'EOF'
usage: sudo scripts/check-on-arm.sh ARCH [SUITE]
  ARCH   arm64 (64-bit Raspberry Pi OS) or armhf (32-bit)
  SUITE  trixie (Debian 13, Python 3.13: today's Raspberry Pi OS; the default) or bookworm (12, 3.11)
EOF
}

(($# == 1 || $# == 2)) || { usage >&2; exit 2; }
ARCH=$1
SUITE=${2:-trixie}
case $ARCH in
    arm64) QEMU=aarch64 ;;
    armhf) QEMU=arm ;;
    -h | --help) usage; exit 0 ;;
    *) die "ARCH must be arm64 or armhf, not \"$ARCH\"" 2 ;;
esac
case $SUITE in
    trixie | bookworm) ;;
    *) die "SUITE must be trixie or bookworm, not \"$SUITE\"" 2 ;;
esac

CHECKOUT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=${ELGRANDE_ARM_WORK:-/var/tmp/elgrande-check-on-arm}/$SUITE-$ARCH
ROOTFS=$WORK/root
BASE=$WORK/base.tar
LOG=$WORK/log
MIRROR=${ELGRANDE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
# What a Pi owner does: their checkout in their home, the install from it with sudo.
OWNER=pi
HOME_CHECKOUT=/home/$OWNER/elgrande-companion
# The tests run from a copy and a venv of their own, where the ordinary-user tests can reach them.
TESTS_AT=/srv/elgrande-tests
TESTS=(tests/hardware tests/play/test_journal.py tests/install tests/config tests/rules
    tests/simulator)
EXPECTED_SCORES="Red 71, Green 54, Blue 49, Yellow 48"

((EUID == 0)) || die "it builds a Debian root and chroots into it: run it with sudo"
command -v mmdebstrap >/dev/null || die "no mmdebstrap: sudo apt-get install mmdebstrap qemu-user-static"
[[ -f $CHECKOUT/pyproject.toml && -x $CHECKOUT/scripts/install-pi.sh ]] || die "no checkout at $CHECKOUT"
if [[ $(dpkg --print-architecture 2>/dev/null) != "$ARCH" ]]; then
    binfmt=/proc/sys/fs/binfmt_misc/qemu-$QEMU
    [[ -e /proc/sys/fs/binfmt_misc/status ]] ||
        die "binfmt_misc is not mounted: sudo mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc, then sudo update-binfmts --enable"
    if [[ ! -r $binfmt ]] || ! grep -qx enabled "$binfmt"; then
        die "no qemu-$QEMU binfmt handler: sudo apt-get install qemu-user-static (then sudo update-binfmts --enable qemu-$QEMU)"
    fi
    # F (fix binary): the kernel keeps the interpreter open, so it need not exist inside the root.
    grep -q '^flags:.*F' "$binfmt" || die "the qemu-$QEMU binfmt handler lacks the F flag: install qemu-user-static"
fi

mkdir -p "$WORK"
exec > >(tee "$LOG") 2>&1
# shellcheck source=check-root.sh source-path=SCRIPTDIR
. "$(dirname "${BASH_SOURCE[0]}")/check-root.sh"

# ---------------------------------------------------------------- mounts

trap unmount_all EXIT
trap 'exit 130' INT TERM  # through the EXIT trap

mount_all() {
    mount -t proc proc "$ROOTFS/proc"
    mount -t sysfs -o ro sysfs "$ROOTFS/sys"
    mount -t devpts -o newinstance,ptmxmode=0666 devpts "$ROOTFS/dev/pts"
    mount -t tmpfs -o mode=1777 tmpfs "$ROOTFS/dev/shm"
}

# ROOT_ENV: the environment in_root (scripts/check-root.sh) runs a command with. SYSTEMD_OFFLINE=1:
# systemctl works on the unit files, as in an image build (the host may hide that this is a chroot).
ROOT_ENV=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 SYSTEMD_OFFLINE=1)

# as_owner DIR CMD...: run CMD inside the root as the ordinary user, from DIR.
as_owner() {
    local dir=$1
    shift
    # shellcheck disable=SC2016 # expanded by that sh
    in_root runuser -u "$OWNER" -- sh -c 'cd "$1" && shift && exec "$@"' sh "$dir" "$@"
}

# ---------------------------------------------------------------- the root

say "$SUITE $ARCH: $(date -u '+%Y-%m-%d %H:%M UTC'), $(git -C "$CHECKOUT" describe --always --dirty 2>/dev/null || echo 'no git')"
unmount_all || die "something is still mounted under $ROOTFS: unmount it first"
if [[ ! -f $BASE || ! -s $BASE ]]; then
    say "making a Debian $SUITE $ARCH root with mmdebstrap (once; kept in $BASE)"
    rm -rf --one-file-system "$BASE" "$BASE.partial"
    # What Raspberry Pi OS Lite has and the install script uses: systemd, passwd (useradd), CA certificates.
    nice -n 10 mmdebstrap --mode=root --format=tar --variant=minbase --architectures="$ARCH" \
        --include=systemd,passwd,ca-certificates "$SUITE" "$BASE.partial" "$MIRROR"
    mv "$BASE.partial" "$BASE"
fi
unpack_root
mount_all
# Certificate authorities this machine trusts locally (a company's or a sandbox's TLS proxy, say)
# are trusted in the root too, by apt and by pip (whose own bundle would not know them).
local_cas=(/usr/local/share/ca-certificates/*.crt)
if [[ -e ${local_cas[0]} ]]; then
    cp "${local_cas[@]}" "$ROOTFS/usr/local/share/ca-certificates/"
    in_root update-ca-certificates >/dev/null
    ROOT_ENV+=(PIP_CERT=/etc/ssl/certs/ca-certificates.crt)
    say "trusting this machine's local certificate authorities in the root too: ${local_cas[*]##*/}"
fi
machine=$(in_root uname -m)
# shellcheck disable=SC2016 # expanded inside the root
system=$(in_root sh -c '. /etc/os-release && echo "$PRETTY_NAME"')
say "root ready: $system, machine $machine ($(elapsed))"

in_root useradd --create-home --shell /bin/bash "$OWNER"
copy_checkout() { # copy_checkout DEST OWNER: the working tree as it is, without what is built or cached
    mkdir -p "$ROOTFS$1"
    tar -C "$CHECKOUT" --exclude=.git --exclude=.venv --exclude='*.egg-info' --exclude=build \
        --exclude=__pycache__ --exclude=.pytest_cache --exclude=.hypothesis --exclude=.mypy_cache -cf - . |
        tar -C "$ROOTFS$1" -xf -
    in_root chown -R "$2:" "$1"
}
copy_checkout "$HOME_CHECKOUT" "$OWNER"

FAILED=()
fail() { FAILED+=("$1"); say "FAILED: $1"; }

# ---------------------------------------------------------------- install

say "installing: sudo scripts/install-pi.sh, in the root ($(elapsed))"
install_ok=0
pins=""
if in_root sh -c "cd $HOME_CHECKOUT && exec nice -n 10 scripts/install-pi.sh" 2>&1 | tee "$WORK/install-log"; then
    install_ok=1
    say "install: exit 0 ($(elapsed))"
    # The install's proof of the keys' pins: with no GPIO chip in a chroot, only that lgpio is the real
    # library (its C part answered gpiochip_open); never a placeholder that merely imports.
    pins=$(sed -n 's/^install-pi: pins: \(lgpio is the real library\),.*/\1, no chip to open/p' "$WORK/install-log" | tail -n 1)
    [[ -n $pins ]] || fail "the install did not prove lgpio is the real library (no \"install-pi: pins: lgpio is the real library\")"
else
    fail "install-pi.sh failed (see $LOG)"
fi
python=$(in_root python3 -V 2>/dev/null || echo 'no python3')

APP=/opt/elgrande-companion/venv/bin/elgrande-companion
VPY=/opt/elgrande-companion/venv/bin/python
scores=""
if ((install_ok)); then
    # ---------------------------------------------------------------- the sample game
    # Found in the installed package wherever it lives (companion/ui/, companion/tour/ or companion/samples/).
    keys=$(in_root "$VPY" -c 'import companion, pathlib
print(min(pathlib.Path(companion.__file__).parent.rglob("sample_game.keys")))') || keys=""
    if [[ -z $keys ]]; then
        fail "no sample_game.keys in the installed package"
    else
        say "playing $keys as $OWNER ($(elapsed))"
        if out=$(as_owner "/home/$OWNER" "$APP" run --keys "$keys" --state-dir /tmp/x 2>&1); then
            scores=$(sed -n 's/^ *[0-9]\. \([A-Za-z]*\) *\([0-9]*\)$/\1 \2/p' <<<"$out" | paste -sd, | sed 's/,/, /g')
            say "sample game: $scores"
            [[ $scores == "$EXPECTED_SCORES" ]] || fail "the sample game ends on \"$scores\", not \"$EXPECTED_SCORES\""
        else
            printf '%s\n' "$out" | tail -n 20
            fail "the sample game did not run"
        fi
    fi
fi

# ---------------------------------------------------------------- --check as the ordinary user

check_summary=""
# From the checkout (as the README says) and from / (a folder the user cannot write). What a
# chroot cannot have (a board, SPI, GPIO, a running service) is MISSING here, and only that.
for dir in "$HOME_CHECKOUT" /; do
    say "--check as $OWNER from $dir ($(elapsed))"
    out=$(as_owner "$dir" "$HOME_CHECKOUT/scripts/install-pi.sh" --check 2>&1) || true
    printf '%s\n' "$out"
    bad=$(awk 'NR > 1 && $1 != "ok" && $1 != "note" && $1 !~ /^install-pi/ { print $2 }' <<<"$out" | sort | paste -sd' ')
    if [[ $bad != "GPIO SPI board service" ]]; then
        fail "--check from $dir: MISSING ${bad:-nothing} (a chroot lacks exactly: GPIO SPI board service)"
    fi
    ok=$(awk 'NR > 1 && $1 == "ok"' <<<"$out" | wc -l)
    check_summary="$ok ok, MISSING only what needs a Pi"
done

# ---------------------------------------------------------------- tests

tests_summary="not run"
run_tests() {
    say "the tests: a venv with the test extra in $TESTS_AT ($(elapsed))"
    copy_checkout "$TESTS_AT/checkout" root
    chmod 0755 "$ROOTFS$TESTS_AT"
    # As the installer does: the system's python3-lgpio, where it put one, seen through the system's
    # packages; else lgpio built with its own C library where no wheel fits (PYPI=1).
    local options=() build=(env PYPI=1)
    if in_root dpkg -s python3-lgpio >/dev/null 2>&1; then
        options=(--system-site-packages)
        build=()
    fi
    if in_root nice -n 10 python3 -m venv "${options[@]}" "$TESTS_AT/venv" &&
        in_root "${build[@]}" nice -n 10 "$TESTS_AT/venv/bin/pip" install --quiet --prefer-binary --disable-pip-version-check \
            "$TESTS_AT/checkout[test,pi]"; then
        # A test file moved by a later layout is found by its name.
        paths=()
        for path in "${TESTS[@]}"; do
            if [[ -e $ROOTFS$TESTS_AT/checkout/$path ]]; then
                paths+=("$path")
            elif found=$(cd "$ROOTFS$TESTS_AT/checkout" && find tests -name "$(basename "$path")" | head -n 1) &&
                [[ -n $found ]]; then
                paths+=("$found")
            else
                fail "no $path in the checkout"
            fi
        done
        say "pytest ${paths[*]} ($(elapsed))"
        # -rfEs: the failures, errors and skips named at the end; no -q beyond pyproject's own (-qq drops
        # the count line).
        local status=0
        out=$(in_root sh -c "cd $TESTS_AT/checkout && exec nice -n 10 $TESTS_AT/venv/bin/python -m pytest \
                -p no:cacheprovider -rfEs ${paths[*]}" 2>&1) || status=$?
        tests_summary=$(grep -E '^=* *[0-9]+ (passed|failed|error|skipped)' <<<"$out" | tail -n 1 |
            sed 's/^=* *//; s/ *=*$//') || true
        tests_summary=${tests_summary:-no count (pytest exit status $status)}
        if ((status)); then
            printf '%s\n' "$out" | tail -n 80
            fail "tests: $tests_summary"
        fi
        printf '%s\n' "$out" | grep -E '^(FAILED|ERROR|SKIPPED)' || true
        say "tests: $tests_summary"
    else
        fail "could not install the test extra"
    fi
}
if ((install_ok)); then
    run_tests
else
    say "the tests: not run (no install)"
fi

unmount_all || fail "could not undo the mounts under $ROOTFS"
if ((${#FAILED[@]})); then
    printf 'check-on-arm %s %s (%s, %s): FAIL in %s: %s\n' "$SUITE" "$ARCH" "$machine" "$python" "$(elapsed)" "$(IFS=';'; echo "${FAILED[*]}")"
    exit 1
fi
printf 'check-on-arm %s %s (%s, %s): PASS in %s: installed (%s), sample game %s, --check %s, tests %s\n' \
    "$SUITE" "$ARCH" "$machine" "$python" "$(elapsed)" "$pins" "$scores" "$check_summary" "$tests_summary"
