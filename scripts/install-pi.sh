#!/usr/bin/env bash
# Installs the El Grande table companion on Raspberry Pi OS trixie (Debian 13, Python 3.13) or
# bookworm (Debian 12, Python 3.11), from this checkout, as a systemd service that starts at boot.
# See hardware/README.md.
#
#   sudo scripts/install-pi.sh                 install (or update: running it again is fine)
#   sudo scripts/install-pi.sh --panel 2in7    the older 2.7inch panel, V1 (full refresh only)
#   scripts/install-pi.sh --dry-run            print every command instead of running it
#   sudo scripts/install-pi.sh --uninstall     remove the service and the program, keep the saved games
#   scripts/install-pi.sh --check              what this Pi has and lacks, in one screen (changes nothing)
#                                              (its checks: scripts/install-pi-check.sh)
#
# What it does: enables SPI, installs the build tools, makes the system user
# "elgrande" (groups gpio and spi), a venv in /opt/elgrande-companion/venv with
# this checkout and the Waveshare driver, /etc/elgrande-companion/config.toml
# (only if there is none; mode 0644: it holds no secrets, and the login user
# reads it for --check and `elgrande-companion config`), the polkit rule that lets
# "elgrande" power the Pi off and nothing else (Menu > Switch off; with polkitd), and
# the unit elgrande-companion.service.
#
# What it installs and how (apt packages, the venv, pip, the proof of the keys' pins):
# scripts/install-pi-program.sh.
set -euo pipefail

APP=elgrande-companion
UNIT=$APP.service
SERVICE_USER=elgrande
# DESTDIR: install the files under another root (for trying the script out, and for the
# tests: the dry run and --check read only that root's files and user database, never this
# machine's; the unit still names the real paths).
DESTDIR=${DESTDIR:-}
# A relative DESTDIR becomes absolute: one starting with "-" (and every path under it) would
# otherwise be read as options by the programs given those paths (grep, sed, an interpreter).
[[ -z $DESTDIR || $DESTDIR == /* ]] || DESTDIR=$PWD/$DESTDIR
PREFIX=$DESTDIR/opt/$APP
VENV=$PREFIX/venv
STATE=/var/lib/$APP
CONFIG_DIR=$DESTDIR/etc/$APP
CONFIG=$CONFIG_DIR/config.toml
UNIT_PATH=$DESTDIR/etc/systemd/system/$UNIT
# The polkit rule that lets the service's user power the Pi off (Menu > Switch off), nothing else.
POWER_RULE=$DESTDIR/etc/polkit-1/rules.d/50-$APP.rules
# The official driver: Waveshare's e-Paper repository, its Python folder (imports as waveshare_epd).
WAVESHARE_GIT="git+https://github.com/waveshareteam/e-Paper.git#subdirectory=RaspberryPi_JetsonNano/python"
OS_RELEASE=${ELGRANDE_OS_RELEASE:-/etc/os-release}
# The Raspberry Pi OS releases it is made for (VERSION_CODENAME): trixie first (the Imager's first
# choice since October 2025), bookworm kept. Elsewhere it warns and carries on.
RELEASES=(trixie bookworm)

export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore DEBIAN_FRONTEND=noninteractive

DRY_RUN=0
UNINSTALL=0
CHECK=0
PANEL=""
WAVESHARE_FROM=pypi

say() { printf 'install-pi: %s\n' "$*"; }
warn() { printf 'install-pi: warning: %s\n' "$*" >&2; }
# die MESSAGE [STATUS]: one line on stderr, then exit (status 1, or 2 for a usage mistake).
die() { printf 'install-pi: %s\n' "$1" >&2; exit "${2:-1}"; }

usage() {
    cat <<EOF
usage: sudo scripts/install-pi.sh [--dry-run] [--uninstall] [--panel NAME] [--waveshare-from pypi|repo]
       scripts/install-pi.sh --check

  --check       say what this Pi has and lacks for the companion (SPI, GPIO, the user's groups,
                the program, the panel driver, the settings, the service); changes nothing, no
                root needed; exit status 0 when all is well, 1 when something is missing
  --dry-run     print every command instead of running it (no root needed, changes nothing)
  --uninstall   stop and remove the service and $PREFIX; keep the game logs ($STATE)
                and the settings ($CONFIG)
  --panel       2in7_V2 (default): the 2.7inch e-Paper HAT V2; 2in7: the older V1 (full refresh only);
                4in2_V2: the 4.2inch V2; 7in5_V2: the 7.5inch V2 (both need four buttons on GPIO pins);
                v2 and v1, the older names of the 2.7inch ones, are still understood.
                Written into a new $CONFIG only; an existing one is kept.
  --waveshare-from
                where Waveshare's driver comes from (the fallback; the settings' display.driver
                chooses which driver runs): pypi (default), the PyPI package waveshare-epaper
                (imports as epaper); repo, Waveshare's own waveshare_epd from their e-Paper
                repository (needs git). The older spelling --driver pypi|waveshare still works.
EOF
}

# A command as it would be typed: words with shell characters in single quotes.
show() {
    local out="" word
    for word in "$@"; do
        if [[ $word =~ ^[A-Za-z0-9_./:=@%+,-]+$ ]]; then
            out+="$word "
        else
            out+="'${word//\'/\'\\\'\'}' "
        fi
    done
    printf '%s\n' "${out% }"
}

# Run a command, or with --dry-run print it.
run() {
    printf '+ %s\n' "$(show "$@")"
    ((DRY_RUN)) || "$@"
}

# Write stdin to a file (mode, owner:group), or with --dry-run say so.
write_file() {
    local path=$1 mode=$2 owner=$3
    if ((DRY_RUN)); then
        printf '+ write %s (mode %s, owner %s):\n' "$path" "$mode" "$owner"
        sed 's/^/    | /'
    else
        printf '+ write %s\n' "$path"
        local tmp
        tmp=$(mktemp "$path.XXXXXX")
        cat >"$tmp"
        chmod "$mode" "$tmp"
        chown "$owner" "$tmp"
        mv "$tmp" "$path"
    fi
}

# ---------------------------------------------------------------- arguments

while (($#)); do
    case $1 in
        --dry-run) DRY_RUN=1 ;;
        --check) CHECK=1 ;;
        --uninstall) UNINSTALL=1 ;;
        --panel)
            (($# >= 2)) || die "--panel needs a panel: 2in7_V2, 2in7, 4in2_V2 or 7in5_V2" 2
            PANEL=$2
            shift
            ;;
        --panel=*) PANEL=${1#--panel=} ;;
        --waveshare-from)
            (($# >= 2)) || die "--waveshare-from needs pypi or repo" 2
            WAVESHARE_FROM=$2
            shift
            ;;
        --waveshare-from=*) WAVESHARE_FROM=${1#--waveshare-from=} ;;
        --driver | --driver=*)  # the older spelling: pypi or waveshare (= repo)
            if [[ $1 == --driver ]]; then
                (($# >= 2)) || die "--driver needs pypi or waveshare" 2
                old=$2
                shift
            else
                old=${1#--driver=}
            fi
            case $old in
                pypi) WAVESHARE_FROM=pypi ;;
                waveshare) WAVESHARE_FROM=repo ;;
                *) die "--driver must be pypi or waveshare, not \"$old\"" 2 ;;
            esac
            ;;
        -h | --help)
            usage
            exit 0
            ;;
        *) die "unknown option $1 (try --help)" 2 ;;
    esac
    shift
done
# panel_name NAME: the panel's one name (companion/settings/panel.py), the older v2 / v1 understood.
panel_name() {
    case $1 in
        v2) echo 2in7_V2 ;;
        v1) echo 2in7 ;;
        *) echo "$1" ;;
    esac
}
case ${PANEL:-2in7_V2} in
    v1 | v2 | 2in7_V2 | 2in7 | 4in2_V2 | 7in5_V2) [[ -z $PANEL ]] || PANEL=$(panel_name "$PANEL") ;;
    *) die "--panel must be 2in7_V2, 2in7, 4in2_V2 or 7in5_V2, not \"$PANEL\"" 2 ;;
esac
case $WAVESHARE_FROM in
    pypi | repo) ;;
    *) die "--waveshare-from must be pypi or repo, not \"$WAVESHARE_FROM\"" 2 ;;
esac

# The first lines of every Python probe: it works in a new temporary folder, removed at its exit.
# Importing lgpio makes a notification pipe (.lgd-nfy*) in the current folder (or in $LG_WD): from a
# folder the user cannot write, such as another user's checkout, the import fails; and python -c
# imports from the current folder first.
IN_A_TEMP_FOLDER='import atexit, os, shutil, tempfile
os.chdir(tempfile.mkdtemp(prefix="elgrande-probe."))
os.environ["LG_WD"] = os.getcwd()
atexit.register(shutil.rmtree, os.getcwd(), True)'

# The board's model (under DESTDIR too, so the check can be tried on any machine).
BOARD_MODEL=$DESTDIR/proc/device-tree/model

# readable FILE: a regular file we may read (never a FIFO or a device: reading one could block).
readable() {
    [[ -f $1 && -r $1 ]]
}

# ---------------------------------------------------------------- --check

if ((CHECK)); then
    ((!DRY_RUN && !UNINSTALL)) || die "--check goes alone (it changes nothing anyway)" 2
    # Its screen's checks, beside this script.
    # shellcheck source=install-pi-check.sh source-path=SCRIPTDIR
    . "$(dirname "${BASH_SOURCE[0]}")/install-pi-check.sh"
    # In an if: a probe that fails inside check never ends the screen early (no errexit there).
    if check; then
        exit 0
    fi
    exit 1
fi

if ((!DRY_RUN)) && ((EUID != 0)); then
    die "this changes the system: run it with sudo (or add --dry-run to see what it would do)"
fi
((DRY_RUN)) && say "dry run: printing the commands, changing nothing"

CHECKOUT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SOURCE_UNIT=$CHECKOUT/systemd/$UNIT
SOURCE_POWER_RULE=$CHECKOUT/systemd/$APP.rules

# ---------------------------------------------------------------- uninstall

uninstall() {
    if [[ -e $UNIT_PATH ]] || ((DRY_RUN)); then
        run systemctl disable --now "$UNIT"
        run rm -f "$UNIT_PATH"
        run systemctl daemon-reload
        run systemctl reset-failed "$UNIT" || true
    else
        say "no $UNIT_PATH: the service is not installed"
    fi
    if [[ -e $PREFIX ]] || ((DRY_RUN)); then
        run rm -rf "$PREFIX"
    fi
    if [[ -e $POWER_RULE ]] || ((DRY_RUN)); then
        run rm -f "$POWER_RULE"
    fi
    say "removed the service and the program ($PREFIX)."
    say "kept the saved games in $DESTDIR$STATE and the settings in $CONFIG"
    say "(and the user $SERVICE_USER, who owns the saved games)."
    say "to remove those too: sudo rm -rf $DESTDIR$STATE $CONFIG_DIR && sudo userdel $SERVICE_USER"
}

if ((UNINSTALL)); then
    [[ -z $PANEL ]] || warn "--panel is ignored with --uninstall"
    uninstall
    exit 0
fi

# ---------------------------------------------------------------- install

[[ -f $CHECKOUT/pyproject.toml && -f $SOURCE_UNIT ]] ||
    die "run it from a checkout of $APP (no pyproject.toml or $SOURCE_UNIT in $CHECKOUT)"
grep -q -e "^name = \"$APP\"" -- "$CHECKOUT/pyproject.toml" ||
    die "$CHECKOUT is not a checkout of $APP (its pyproject.toml names another project)"

check_os() {
    local codename="" name="this system"
    if [[ -r $OS_RELEASE ]]; then
        codename=$(sed -n -e 's/^VERSION_CODENAME=//p' -- "$OS_RELEASE" | tr -d '"')
        name=$(sed -n -e 's/^PRETTY_NAME=//p' -- "$OS_RELEASE" | tr -d '"')
    fi
    if [[ " ${RELEASES[*]} " == *" ${codename:-?} "* ]]; then
        say "system: ${name}"
    else
        warn "made for Raspberry Pi OS trixie or bookworm; this is ${name:-unknown}: carrying on, but expect differences"
    fi
    if ! grep -qs "Raspberry Pi" "$BOARD_MODEL"; then
        warn "this does not look like a Raspberry Pi: the service will not find the keys and the panel"
    fi
}

enable_spi() {
    if command -v raspi-config >/dev/null 2>&1; then
        run raspi-config nonint do_spi 0 # 0 = on
    else
        warn "raspi-config not found: enable SPI yourself (add dtparam=spi=on to /boot/firmware/config.txt and reboot)"
    fi
}

# known passwd|group NAME: is NAME in the user database (under a DESTDIR, that root's own files)?
known() {
    if [[ -n $DESTDIR ]]; then
        grep -qs "^$2:" "$DESTDIR/etc/$1"
    else
        getent "$1" "$2" >/dev/null
    fi
}

make_user() {
    local group root=()
    # Under a DESTDIR the users and groups are that root's (its /etc/passwd and /etc/group).
    [[ -z $DESTDIR ]] || root=(--root "$DESTDIR")
    for group in gpio spi; do
        # The unit asks for these groups; Raspberry Pi OS has them (and gives them /dev/gpiochip*, /dev/spidev*).
        if ! known group "$group"; then
            warn "no group $group here (Raspberry Pi OS has it): making an empty one so the service can start"
            run groupadd "${root[@]}" --system "$group"
        fi
    done
    if known passwd "$SERVICE_USER"; then
        say "user $SERVICE_USER exists"
        run usermod "${root[@]}" --append --groups gpio,spi "$SERVICE_USER"
    else
        run useradd "${root[@]}" --system --user-group --groups gpio,spi --home-dir "$STATE" --no-create-home \
            --shell /usr/sbin/nologin --comment "El Grande table companion" "$SERVICE_USER"
    fi
}

example_config() {
    # `elgrande-companion config --example` where the program has it; else the function behind it.
    if "$VENV/bin/$APP" config --example 2>/dev/null; then
        return
    fi
    "$VENV/bin/python" -c "from companion.settings.example import example_config; print(example_config(), end='')"
}

write_config() {
    local panel=${PANEL:-2in7_V2}
    run install -d -m 0755 "$CONFIG_DIR"
    if [[ -e $CONFIG ]]; then
        say "keeping your settings in $CONFIG (not overwritten)"
        # Older installers wrote it 0640 root:elgrande, which the login user cannot read
        # (--check, `elgrande-companion config`); it holds no secrets.
        if [[ $(stat -c %a -- "$CONFIG" 2>/dev/null) == 640 ]]; then
            run chmod 0644 "$CONFIG"
        fi
        local current=""
        readable "$CONFIG" && current=$(sed -n -e 's/^[[:space:]]*model[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' -- "$CONFIG" | head -n 1)
        if [[ -n $PANEL && $(panel_name "${current:-2in7_V2}") != "$PANEL" ]]; then
            warn "it says display.model = \"${current:-2in7_V2}\", not \"$PANEL\": edit it, then sudo systemctl restart $APP"
        fi
        return
    fi
    if ((DRY_RUN)); then
        printf '+ %s\n' "$(show "$VENV/bin/$APP" config --example)"
        printf '+ write %s (mode 0644, owner root:root), the example settings with display.model = "%s"\n' \
            "$CONFIG" "$panel"
        return
    fi
    local text
    text=$(example_config) || die "could not make the example settings with $VENV/bin/python"
    grep -q '^model = "2in7_V2"$' <<<"$text" || die "the example settings have no line model = \"2in7_V2\" to set"
    # shellcheck disable=SC2001 # a whole line of a multi-line text: sed says it plainest
    # 0644: no secrets in it, and the login user reads it (--check, `elgrande-companion config`).
    sed "s/^model = \"2in7_V2\"\$/model = \"$panel\"/" <<<"$text" | write_file "$CONFIG" 0644 root:root
    say "wrote $CONFIG (display.model = \"$panel\"); every key is explained in it"
}

allow_power_off() {
    # Menu > Switch off runs `systemctl poweroff` as $SERVICE_USER: logind asks polkit, whose
    # rule allows that user to power off and nothing else (systemd/$APP.rules). polkitd reads
    # its rules folder as it changes: no restart.
    run apt-get install -y --no-install-recommends polkitd
    run install -D -m 0644 "$SOURCE_POWER_RULE" "$POWER_RULE"
}

install_unit() {
    run install -D -m 0644 "$SOURCE_UNIT" "$UNIT_PATH"
    run systemctl daemon-reload
    if [[ ! -e /dev/spidev0.0 ]] && ((!DRY_RUN)); then
        run systemctl enable "$UNIT"
        say "SPI is not on yet (no /dev/spidev0.0): reboot (sudo reboot); the companion starts at boot"
        return
    fi
    if ((!DRY_RUN)) && systemctl is-active --quiet "$UNIT"; then
        run systemctl enable "$UNIT"
        run systemctl restart "$UNIT" # the new version
    else
        run systemctl enable --now "$UNIT"
    fi
}

# apt_packages, install_program (and the proof of the keys' pins)
# shellcheck source=install-pi-program.sh source-path=SCRIPTDIR
. "$CHECKOUT/scripts/install-pi-program.sh"

check_os
enable_spi
apt_packages
if ((!DRY_RUN)); then
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
        die "python3 is $(python3 -V 2>&1 | cut -d' ' -f2); the companion needs 3.11 or newer (trixie and bookworm have it)"
fi
make_user
install_program
write_config
allow_power_off
install_unit

if ((DRY_RUN)); then
    say "dry run finished: nothing was changed."
else
    say "done."
fi
say "  settings:    $CONFIG"
say "  saved games: $DESTDIR$STATE"
say "  status:      systemctl status $APP"
say "  log:         journalctl -u $APP -f"
say "  uninstall:   sudo scripts/install-pi.sh --uninstall (keeps the saved games)"
