"""The Waveshare driver files the upstream tests read (tests/fixtures/vendor/waveshare_epd) are
upstream's, byte for byte: each file's SHA-256 as SHA256SUMS lists it (upstream commit 86aa993,
the same bytes as the PyPI package waveshare-epaper 1.4.0), and, where that package is installed
here, the package's copy of each."""

import hashlib
import importlib.util
from pathlib import Path

import pytest

VENDOR = Path(__file__).resolve().parents[1] / "fixtures" / "vendor"
FILES = ("__init__.py", "epdconfig.py", "epd2in7.py", "epd2in7_V2.py", "epd4in2_V2.py", "epd7in5_V2.py")


def sums() -> dict[str, str]:
    lines = (VENDOR / "SHA256SUMS").read_text().splitlines()
    return {name: digest for digest, name in (line.split() for line in lines if line.strip())}


def test_every_kept_driver_file_has_the_digest_upstreams_file_has():
    listed = sums()
    assert sorted(listed) == sorted(FILES)
    for name in FILES:
        data = (VENDOR / "waveshare_epd" / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == listed[name], f"{name} is not upstream's any more"
    assert "Permission is hereby granted" in (VENDOR / "waveshare_epd" / "epdconfig.py").read_text()


def test_the_kept_files_are_the_installed_pypi_packages_where_it_is_installed():
    spec = importlib.util.find_spec("epaper")  # finding it does not run it
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("the PyPI waveshare-epaper package is not installed here (nor needed)")
    lib = Path(next(iter(spec.submodule_search_locations))) / "e-Paper/RaspberryPi_JetsonNano/python/lib/waveshare_epd"
    for name in FILES:
        assert (lib / name).read_bytes() == (VENDOR / "waveshare_epd" / name).read_bytes(), name


def test_nothing_the_companion_ships_reads_the_kept_files():
    root = VENDOR.parents[2]
    for folder in ("companion", "hardware"):
        for path in (root / folder).rglob("*.py"):
            assert "fixtures.vendor" not in path.read_text(encoding="utf-8"), path
