# What scripts/install-pi.sh installs, and how: the apt packages, the venv, the companion and the
# panel driver with pip, then the proof of the keys' pins. install-pi.sh sources it for an install
# (never run it alone): it reads the script's settings (APP, CHECKOUT, DESTDIR, PREFIX, VENV,
# WAVESHARE_FROM, WAVESHARE_GIT, DRY_RUN, IN_A_TEMP_FOLDER) and uses its helpers (say, warn, die,
# show, run). Sets SYSTEM_LGPIO.
# shellcheck shell=bash
#
# Packages: pip prefers a wheel to a newer source (--prefer-binary). 32-bit
# Raspberry Pi OS has no Pillow wheel on PyPI; its pip also asks piwheels, and
# where no wheel fits, libjpeg-dev and zlib1g-dev let pip build Pillow.
# lgpio, the keys' pin library: the system's python3-lgpio where apt has it (Raspberry Pi OS), the
# venv then seeing the system's packages; else pip's lgpio>=0.2: a wheel where PyPI has one (up to
# Python 3.12), else built from its source, which holds the lgpio C library too: PYPI=1 tells its
# setup.py to build it in (as PyPI's wheels are) where the system has no liblgpio-dev to link to
# (plain Debian: neither package). The install ends by proving gpiozero's pin factory (prove_pins).
# The Waveshare driver is installed --no-deps: its package declares RPi.GPIO
# (PyPI) or guesses the board at install time (Waveshare's setup.py, which on
# Bookworm may take a Pi for a Jetson and pull Jetson.GPIO), while the 2.7inch
# driver files import only epdconfig, which imports spidev and gpiozero: both
# come with the companion (gpiozero, and the pi extra's spidev and lgpio).

# Set by apt_packages: the system's python3-lgpio is installed, so the venv sees the system's packages;
# LGPIO_BUILD: how pip builds lgpio where no wheel fits (env PYPI=1: with its own C library).
SYSTEM_LGPIO=0
LGPIO_BUILD=()

apt_packages() {
    # python3-dev, build-essential: spidev (and lgpio where no wheel fits) are compiled.
    # libjpeg-dev, zlib1g-dev: what Pillow needs to build where no wheel fits (32-bit).
    local packages=(python3 python3-venv python3-dev build-essential swig libjpeg-dev zlib1g-dev)
    if [[ $WAVESHARE_FROM == repo ]]; then
        packages+=(git)
    fi
    run apt-get update
    # lgpio, gpiozero's pin library: the system's where it has one (see the top); else pip's, which
    # builds against the lgpio C library (liblgpio-dev) where PyPI has no wheel for this Python.
    if apt-cache show python3-lgpio >/dev/null 2>&1; then
        packages+=(python3-lgpio)
        SYSTEM_LGPIO=1
    fi
    if apt-cache show liblgpio-dev >/dev/null 2>&1; then
        packages+=(liblgpio-dev)
    elif ((!SYSTEM_LGPIO)); then
        LGPIO_BUILD=(env PYPI=1)
        say "no python3-lgpio or liblgpio-dev here (Raspberry Pi OS has both): where PyPI has no lgpio wheel for this Python, pip builds it with its own C library"
    fi
    # Only these: their Recommends would add some 60 packages (34 MiB) the companion never uses.
    run apt-get install -y --no-install-recommends "${packages[@]}"
}

install_program() {
    # The system's python3-lgpio is seen through the system's packages (see the top).
    local options=() sees=false wanted=false
    if ((SYSTEM_LGPIO)); then
        options=(--system-site-packages)
        wanted=true
    fi
    if [[ -x $VENV/bin/python ]]; then
        say "venv $VENV exists: updating it"
        grep -qsx 'include-system-site-packages = true' -- "$VENV/pyvenv.cfg" && sees=true
        if [[ $sees != "$wanted" ]]; then
            # An older installer's venv (or a system that gained or lost python3-lgpio): its settings only.
            run python3 -m venv --upgrade "${options[@]}" "$VENV"
        fi
    else
        run install -d -m 0755 "$PREFIX"
        run python3 -m venv "${options[@]}" "$VENV"
    fi
    # pip builds in the source folder; a copy keeps root-owned build files out of the checkout.
    local src
    if ((DRY_RUN)); then
        src=/tmp/$APP-src.XXXXXX
        printf '+ %s\n' "$(show mktemp -d)"
    else
        src=$(mktemp -d "/tmp/$APP-src.XXXXXX")
        # shellcheck disable=SC2064 # expand now: the folder is known now
        trap "rm -rf '$src'" EXIT
    fi
    local copy
    copy="tar -C $(show "$CHECKOUT") --exclude=.git --exclude=.venv --exclude='*.egg-info' --exclude=build"
    copy+=" --exclude=__pycache__ --exclude=.pytest_cache --exclude=.hypothesis -cf - . | tar -C $(show "$src") -xf -"
    run bash -c "$copy"
    run "${LGPIO_BUILD[@]}" "$VENV/bin/pip" install --upgrade --prefer-binary "${src}[pi]"
    # --no-deps: not RPi.GPIO, Jetson.GPIO or Pillow from the driver's own list (see the top);
    # what its 2.7inch files import (spidev, gpiozero) came with the line above.
    if [[ $WAVESHARE_FROM == repo ]]; then
        run "$VENV/bin/pip" install --upgrade --no-deps "waveshare-epd @ $WAVESHARE_GIT"
    else
        run "$VENV/bin/pip" install --upgrade --no-deps waveshare-epaper
    fi
    # The program loads, its libraries import, the driver is there (found, not imported: that claims pins).
    # From an empty temporary folder: importing lgpio makes a pipe (.lgd-nfy*) in the current folder,
    # and python -c would import a companion/ found there instead of the installed one.
    local driver_module=epaper
    [[ $WAVESHARE_FROM == pypi ]] || driver_module=waveshare_epd
    run "$VENV/bin/python" -c "$IN_A_TEMP_FOLDER
import importlib.util, companion.cli, hardware.pi, gpiozero, spidev, lgpio; \
assert importlib.util.find_spec(\"$driver_module\"), \"the driver $driver_module is not installed\""
    prove_pins
}

# The keys' pins: gpiozero's lgpio pin factory constructed (hardware/pin_factory.py), not lgpio imported.
# Without a GPIO chip (not a Pi, or an image built in a chroot) it proves only that lgpio is the real
# library; on the Pi --check opens the factory.
prove_pins() {
    local code="$IN_A_TEMP_FOLDER
import sys
from hardware.pin_factory import main
sys.exit(main())"
    printf '+ %s\n' "$(show "$VENV/bin/python" -c "$code" "$DESTDIR/dev")"
    ((!DRY_RUN)) || return 0
    local out status=0 chips=("$DESTDIR"/dev/gpiochip*)
    out=$("$VENV/bin/python" -c "$code" "$DESTDIR/dev" 2>&1) || status=$?
    out=${out##*$'\n'}
    if ((status == 0)); then
        say "pins: $out"
    elif ((status == 2)) && [[ ! -e ${chips[0]} ]]; then
        say "pins: $out; on the Pi, scripts/install-pi.sh --check opens the factory"
    elif ((status == 2)); then
        die "the keys' pins: $out"
    else
        die "the keys would have no pins: ${out:-the pin factory check failed (status $status)}"
    fi
}

