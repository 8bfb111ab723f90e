# The --check screen of scripts/install-pi.sh: what this machine has and lacks for the companion,
# one line each, changing nothing. install-pi.sh sources it for --check (never run it alone): it
# reads the script's settings (APP, UNIT, SERVICE_USER, DESTDIR, VENV, CONFIG, UNIT_PATH,
# OS_RELEASE, RELEASES, BOARD_MODEL, IN_A_TEMP_FOLDER) and uses its helper readable.
# shellcheck shell=bash

# Under DESTDIR too, so the check can be tried on any machine.
DEV=$DESTDIR/dev
BOOT_CONFIGS=("$DESTDIR/boot/firmware/config.txt" "$DESTDIR/boot/config.txt")
CHECK_PROBLEMS=0
# Seconds a probe (the program, its python, systemctl) may take before it counts as not answering.
PROBE_TIMEOUT=${ELGRANDE_PROBE_TIMEOUT:-20}

# item STATUS WHAT DETAIL: one line of the --check screen (STATUS: ok, note or MISSING). Control
# characters (a terminal escape sequence in the board model, a file's contents) are left out.
item() {
    printf '  %-8s %-10s %s\n' "$1" "$2" "$(printf '%s' "$3" | LC_ALL=C tr -d '\000-\037\177')"
    [[ $1 != MISSING ]] || CHECK_PROBLEMS=$((CHECK_PROBLEMS + 1))
}

# probe COMMAND...: the command, stopped if it does not answer within PROBE_TIMEOUT (status 124).
probe() {
    timeout --kill-after=2 "$PROBE_TIMEOUT" "$@"
}

check_system() {
    local name="" codename="" arch
    if readable "$OS_RELEASE"; then
        name=$(sed -n -e 's/^PRETTY_NAME=//p' -- "$OS_RELEASE" | tr -d '"')
        codename=$(sed -n -e 's/^VERSION_CODENAME=//p' -- "$OS_RELEASE" | tr -d '"')
    fi
    arch=$(dpkg --print-architecture 2>/dev/null || uname -m)
    if [[ " ${RELEASES[*]} " == *" ${codename:-?} "* ]]; then
        item ok system "${name:-$codename}, $arch"
    else
        item note system "${name:-unknown system}, $arch: made for Raspberry Pi OS trixie or bookworm"
    fi
    local model=""
    readable "$BOARD_MODEL" && model=$(head -c 200 <"$BOARD_MODEL" | LC_ALL=C tr -d '\000-\037\177')
    if [[ $model == *"Raspberry Pi"* ]]; then
        item ok board "$model"
    else
        item MISSING board "not a Raspberry Pi (${model:-no $BOARD_MODEL})"
    fi
}

check_devices() {
    local file on="" spi_group
    for file in "${BOOT_CONFIGS[@]}"; do
        if readable "$file" && grep -Eq -e '^[[:space:]]*dtparam=([^#]*,)?spi=on' -- "$file"; then
            on=$file
            break
        fi
    done
    if [[ -e $DEV/spidev0.0 ]]; then
        spi_group=$(stat -c %G -- "$DEV/spidev0.0" 2>/dev/null || echo '?')
        item ok SPI "on: $DEV/spidev0.0 (group $spi_group)"
    elif [[ -n $on ]]; then
        item MISSING SPI "on in $on but no $DEV/spidev0.0 yet: sudo reboot"
    else
        item MISSING SPI "off (no $DEV/spidev0.0): sudo raspi-config nonint do_spi 0, then sudo reboot"
    fi
    local chips=("$DEV"/gpiochip*)
    if [[ ! -e ${chips[0]} ]]; then
        item MISSING GPIO "no $DEV/gpiochip*: no GPIO character device"
    elif [[ ! -x $VENV/bin/python ]]; then
        item ok GPIO "${chips[*]} (the pin factory not tried: no program)"
    else
        check_pin_factory "${chips[*]}"
    fi
}

# check_pin_factory CHIPS: gpiozero's lgpio pin factory constructed as this user (hardware/pin_factory.py),
# what the keys get; an lgpio that imports proves nothing (the empty placeholder does).
check_pin_factory() {
    local says status=0
    says=$(probe "$VENV/bin/python" -c "$IN_A_TEMP_FOLDER"'
import sys
try:
    from hardware.pin_factory import main
except ImportError:
    print("the installed program cannot try the pin factory (older than this script): sudo scripts/install-pi.sh")
    sys.exit(1)
sys.exit(main())' "$DEV" 2>/dev/null) || status=$?
    says=${says##*$'\n'}
    if ((status == 0)); then
        item ok GPIO "$1: $says"
    elif ((status == 124 || status == 137)); then
        item MISSING GPIO "$1: the pin factory did not answer within ${PROBE_TIMEOUT} s"
    else
        item MISSING GPIO "${says:-$1: the pin factory check failed (status $status)}"
    fi
}

check_user() {
    local groups lacks=()
    if ! groups=$(id -nG "$SERVICE_USER" 2>/dev/null); then
        item MISSING user "no user $SERVICE_USER: sudo scripts/install-pi.sh makes it"
        return
    fi
    local group
    for group in gpio spi; do
        [[ " $groups " == *" $group "* ]] || lacks+=("$group")
    done
    if ((${#lacks[@]})); then
        item MISSING user "$SERVICE_USER is not in ${lacks[*]}: sudo usermod -aG gpio,spi $SERVICE_USER"
    else
        item ok user "$SERVICE_USER, in gpio and spi"
    fi
}

check_program() {
    if [[ ! -x $VENV/bin/$APP ]]; then
        item MISSING program "no $VENV/bin/$APP: sudo scripts/install-pi.sh"
        return
    fi
    local version status=0
    version=$(probe "$VENV/bin/$APP" --version 2>/dev/null | tail -n 1) || status=$?
    if ((status == 124 || status == 137)); then
        item MISSING program "$VENV/bin/$APP does not answer within ${PROBE_TIMEOUT} s: sudo scripts/install-pi.sh"
    elif ((status)); then
        item MISSING program "$VENV/bin/$APP does not start (status $status): sudo scripts/install-pi.sh"
    else
        item ok program "$VENV/bin/$APP ($version)"
    fi
    # The libraries are imported (harmless); the panel driver is only found: importing it claims the pins.
    local missing found
    missing=$(probe "$VENV/bin/python" -c "$IN_A_TEMP_FOLDER"'
import importlib, sys
for name in sys.argv[1:]:
    try:
        module = importlib.import_module(name)
    except Exception as error:
        print(f"{name} ({type(error).__name__})", end=" ")
    else:
        if name == "lgpio" and not hasattr(module, "gpiochip_open"):
            print("lgpio (an empty placeholder, not the library)", end=" ")
' gpiozero spidev lgpio 2>/dev/null) || missing="(the venv python fails)"
    if [[ -n $missing ]]; then
        item MISSING libraries "cannot import ${missing% }: sudo scripts/install-pi.sh"
    else
        item ok libraries "gpiozero, spidev, lgpio"
    fi
    found=$(probe "$VENV/bin/python" -c "$IN_A_TEMP_FOLDER"'
import importlib.util
print(next((n for n in ("waveshare_epd", "epaper") if importlib.util.find_spec(n)), ""))' 2>/dev/null) || found=""
    # display.driver: "builtin" (the default) needs only the libraries above; "waveshare" needs a package.
    local chosen
    chosen=$(setting driver)
    local package
    case $found in
        waveshare_epd) package="waveshare_epd (Waveshare's own)" ;;
        epaper) package="epaper (PyPI waveshare-epaper)" ;;
    esac
    if [[ ${chosen:-builtin} != waveshare ]]; then
        item ok driver "built-in (display.driver = \"${chosen:-builtin}\"); fallback: ${package:-none installed}"
    elif [[ -n $found ]]; then
        item ok driver "Waveshare's (display.driver = \"waveshare\"): $package"
    else
        item MISSING driver "display.driver = \"waveshare\" but no Waveshare driver in $VENV: sudo scripts/install-pi.sh"
    fi
}

# The panels this version drives (display.model), as the program lists them: one line.
check_panels() {
    local names
    names=$(probe "$VENV/bin/$APP" config --panels 2>/dev/null | cut -d ' ' -f 1 | paste -s -d ' ' | sed 's/ /, /g') || names=""
    [[ -z $names ]] || item ok panels "supported: $names (display.model; elgrande-companion config --panels)"
}

# The settings file as the program reads it: `elgrande-companion config` checks it with the very
# code `run` (the service) uses, so --check refuses what the service refuses and takes what it takes
# (the bounds of every number: companion/settings/bounds.py). Read once; SETTINGS_STATUS is its exit
# status (-1: not asked: no file, no program or a file you cannot read), SETTINGS_SHOWN the settings
# it prints, SETTINGS_SAID its one line when it refuses them.
SETTINGS_STATUS=-1
SETTINGS_SHOWN=""
SETTINGS_SAID=""
read_settings() {
    ((SETTINGS_STATUS == -1)) || return 0
    # No file (a link to nothing is no file to the program too), a FIFO or a device (never probed: an
    # older program would block on it), or no program: nothing to ask.
    [[ -e $CONFIG || -L $CONFIG ]] || return 0
    [[ ! -e $CONFIG || -f $CONFIG ]] || return 0
    [[ -x $VENV/bin/$APP ]] || return 0
    [[ ! -e $CONFIG || -r $CONFIG ]] || return 0
    local out status=0
    # Its settings on stdout when it takes them, its one line on stderr when not (never both).
    out=$(probe "$VENV/bin/$APP" config --config="$CONFIG" 2>&1) || status=$?
    SETTINGS_STATUS=$status
    if ((status == 0)); then
        SETTINGS_SHOWN=$out
    else
        SETTINGS_SAID=$(printf '%s\n' "$out" | tail -n 1 | head -c 2000)
    fi
}

# setting KEY: a [display] setting's value as the program shows it (quotes taken off; "" when the
# program was not asked or refused the file).
setting() {
    read_settings
    ((SETTINGS_STATUS == 0)) || return 0
    printf '%s\n' "$SETTINGS_SHOWN" | sed -n -e '/^\[display\]$/,/^\[/s/^'"$1"' = "\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' | head -n 1
}

check_settings() {
    if [[ ! -e $CONFIG && ! -L $CONFIG ]]; then
        item note settings "no $CONFIG: the defaults (a V2 panel)"
        [[ ! -x $VENV/bin/$APP ]] || check_panels
        return
    fi
    if [[ -e $CONFIG && ! -f $CONFIG ]]; then
        item MISSING settings "$CONFIG is not a regular file (a FIFO, a device or a folder): move it away"
        return
    fi
    if [[ ! -x $VENV/bin/$APP ]]; then
        item note settings "$CONFIG (not checked: no program to read it)"
        return
    fi
    if [[ -e $CONFIG && ! -r $CONFIG ]]; then
        # The service may still read it (an older installer's 0640 root:elgrande); it holds no secrets.
        item note settings "$CONFIG not checked: you cannot read it ($(stat -c '%A %U:%G' -- "$CONFIG" 2>/dev/null)): sudo chmod 0644 $CONFIG"
        return
    fi
    read_settings
    if ((SETTINGS_STATUS == 0)); then
        item ok settings "$CONFIG (display.model = \"$(setting model)\")"
        check_panels
    elif ((SETTINGS_STATUS == 124 || SETTINGS_STATUS == 137)); then
        item MISSING settings "$CONFIG not checked: $VENV/bin/$APP did not answer within ${PROBE_TIMEOUT} s"
    else
        item MISSING settings "${SETTINGS_SAID:-$CONFIG cannot be read}"
    fi
}

check_service() {
    if [[ ! -e $UNIT_PATH ]]; then
        item MISSING service "not installed (no $UNIT_PATH): sudo scripts/install-pi.sh"
        return
    fi
    if ! command -v systemctl >/dev/null 2>&1; then
        item MISSING service "no systemctl here"
        return
    fi
    local enabled active
    enabled=$(probe systemctl is-enabled "$UNIT" 2>/dev/null) || true
    active=$(probe systemctl is-active "$UNIT" 2>/dev/null) || true
    if [[ $active == active && $enabled == enabled ]]; then
        item ok service "enabled and running (log: journalctl -u $APP -e)"
    else
        item MISSING service "${enabled:-not enabled}, ${active:-not running}: journalctl -u $APP -e says why"
    fi
}

check() {
    printf 'install-pi --check: what this machine has and lacks for %s\n' "$APP"
    check_system
    check_devices
    check_user
    check_program
    check_settings
    check_service
    if ((CHECK_PROBLEMS)); then
        printf 'install-pi --check: %d missing (the lines marked MISSING say what to do)\n' "$CHECK_PROBLEMS"
        return 1
    fi
    printf 'install-pi --check: all is well\n'
}
