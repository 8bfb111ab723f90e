"""`elgrande-companion screens DIR`: one PNG of every screen the companion shows.

The screens come from a scripted tour through the keys (fixed seeds, games
in a temporary folder; see companion/measure/catalogue.py), so the same version
writes the same pixels every time: for reviewing a layout change, the
README, or a look at a panel size before buying it.
"""

import argparse
import re
from pathlib import Path

from companion.commands import UsageError
from companion.language import _, ngettext

SIZE = re.compile(r"^\s*(\d{1,5})\s*[xX×]\s*(\d{1,5})\s*$")
#: The largest panel drawn for (the largest e-paper panels are about 1900 pixels wide),
#: and the largest image written: bounded so that a Pi with 512 MB never runs out.
MAX_SIDE = 2048
MAX_IMAGE = 4096


def add_parser(sub) -> None:
    p = sub.add_parser("screens", help=_("write a PNG of every screen the companion shows into DIR"),
                       description=_("Plays a scripted tour through every screen the companion can show "
                                   "and writes each one as DIR/NAME.png (DIR is created)."))
    p.add_argument("dir", metavar="DIR", type=Path, help=_("folder for the PNG files (created if needed)"))
    p.add_argument("--size", metavar="WxH", default=None,
                   help=_("panel size in pixels (default 264x176, the Waveshare 2.7\" HAT)"))
    p.add_argument("--panel", metavar="NAME", default=None,
                   help=_("draw for a supported panel's size: 2in7_V2, 2in7, 4in2_V2 or 7in5_V2 (instead of --size)"))
    p.add_argument("--distance", choices=("arm", "table"), default="arm",
                   help=_("the reading distance (display.reading_distance): \"table\" draws larger where "
                        "the panel allows (default arm)"))
    p.add_argument("--keys-edge", choices=("left", "right", "top", "bottom"), default="left",
                   help=_("the panel edge the four keys sit at (default left)"))
    p.add_argument("--scale", type=int, default=1, metavar="N",
                   help=_("enlarge each pixel to NxN (nearest neighbour) for documents; default 1, the panel's pixels"))
    p.set_defaults(handler=handle)


def parse_size(text: str | None) -> tuple[int, int]:
    from companion.ui.draw.render import MIN_SIZE, PANEL_SIZE

    if text is None:
        return PANEL_SIZE
    match = SIZE.match(text)
    if not match:
        raise UsageError(_('--size takes WIDTHxHEIGHT in pixels like 264x176, not {text!r}').format(text=text))
    width, height = int(match[1]), int(match[2])
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        raise UsageError(_("--size {width}x{height} is smaller than the smallest panel, {min_width}x{min_height}").format(
            width=width, height=height, min_width=MIN_SIZE[0], min_height=MIN_SIZE[1]))
    if width > MAX_SIDE or height > MAX_SIDE:
        raise UsageError(_("--size {width}x{height} is larger than any e-paper panel ({MAX_SIDE}x{MAX_SIDE} at most)").format(
            width=width, height=height, MAX_SIDE=MAX_SIDE))
    return width, height


def handle(args: argparse.Namespace) -> int:
    from PIL import Image

    from companion.measure.catalogue import tour
    from companion.ui.draw.render import laid_out, render
    from companion.ui.draw.table import render_table

    size, layout_scale = _panel_size(args)
    if not 1 <= args.scale <= 8:
        raise UsageError(_('--scale takes 1 to 8, not {scale}').format(scale=args.scale))
    if max(size) * args.scale > MAX_IMAGE:
        raise UsageError(_("--size {width}x{height} at --scale {scale} makes images over {MAX_IMAGE} pixels wide: choose a "
                           "smaller scale").format(
            width=size[0], height=size[1], scale=args.scale, MAX_IMAGE=MAX_IMAGE))
    folder: Path = args.dir
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(_('cannot create {folder}: {reason}').format(folder=folder, reason=error.strerror or error)) from None
    if not folder.is_dir():
        raise UsageError(_('{folder} is not a folder').format(folder=folder))

    written = 0
    for name, screen in tour(laid_out(size, layout_scale), args.keys_edge):
        if screen.kind == "table_view":  # not a page: drawn as large as it fits, no key band
            image = render_table(screen, size)
        else:
            image = render(screen, size, args.keys_edge, scale=layout_scale)
        if args.scale > 1:
            image = image.resize((image.width * args.scale, image.height * args.scale), Image.Resampling.NEAREST)
        path = folder / f"{name}.png"
        try:
            image.save(path, format="PNG")
        except OSError as error:
            raise UsageError(_('cannot write {path}: {reason}').format(path=path, reason=error.strerror or error)) from None
        written += 1
    scale = f", {args.scale}x" if args.scale > 1 else ""
    panel = f"{args.panel} " if args.panel else ""
    drawn = _(", drawn {scale}x for the table").format(scale=layout_scale) if layout_scale > 1 else ""
    print(ngettext("{written} screen written to {folder} ({panel}{width}x{height}, keys {keys_edge}{drawn}{scale})",
                   "{written} screens written to {folder} ({panel}{width}x{height}, keys {keys_edge}{drawn}{scale})",
                   written).format(written=written, folder=folder, panel=panel, width=size[0], height=size[1],
                                   keys_edge=args.keys_edge, drawn=drawn, scale=scale))
    return 0


def _panel_size(args: argparse.Namespace) -> tuple[tuple[int, int], int]:
    """The panel's size (``--panel`` or ``--size``) and the layout's scale for ``--distance``."""
    from companion.settings.panel import MODEL_NAMES, PANELS, panel, scale_for

    if args.panel is None:
        size = parse_size(args.size)
        return size, 1 if args.distance == "arm" else scale_for(size, "none", args.distance)
    if args.size is not None:
        raise UsageError(_("give --panel or --size, not both"))
    if args.panel not in MODEL_NAMES or args.panel == "none":
        raise UsageError(_('--panel must be one of {panels}, not {panel!r}').format(panels=', '.join(PANELS), panel=args.panel))
    spec = panel(args.panel)
    assert spec is not None
    return spec.size, scale_for(spec.size, spec.name, args.distance)
