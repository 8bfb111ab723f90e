"""Every screen the companion shows, as pixels: the tour of companion/measure/catalogue.py.

One golden image per tour screen, in tests/ui/goldens/screens/NAME.png
(regenerate on purpose as tests/ui/conftest.py says, then look at them).

The tour must show every kind of screen there is. The kinds are gathered
from the source, not from a list kept by hand: every place that builds a
page or a Screen names its kind as a string, so a new page cannot escape by
someone forgetting to register it. The source is parsed (ast), not grepped,
so line breaks and argument order do not matter:

- the kind given to a page class (``ListPage``, ``LinesPage``,
  ``CountsPage``, any subclass of ``Page``) or to ``Screen``, as its first
  argument or as ``kind=``;
- the string default of a ``kind`` parameter of a function that passes it
  on (``region_page(..., kind="region")``), and every ``kind="..."`` a call
  gives such a function.

A kind given any other way (a variable, an f-string) fails the test with
its place in the source, so the rule stays checkable.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.measure import catalogue
from companion.ui.draw.render import PANEL_SIZE, render

ROOT = Path(__file__).resolve().parents[2]
SCANNED = [ROOT / "companion", ROOT / "hardware"]
SCREENS = Path(__file__).parent / "goldens" / "screens"


def _run_tour():
    try:
        return dict(catalogue.tour()), None
    except Exception as error:  # reported by test_the_tour_runs_to_the_end
        return {}, error


TOUR, TOUR_ERROR = _run_tour()
PIXEL_NAMES = sorted(set(TOUR) - catalogue.MACHINE_DEPENDENT)


# -- the kinds in the source ---------------------------------------------------------------


def _called_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _kind_argument(call: ast.Call) -> ast.expr | None:
    for keyword in call.keywords:
        if keyword.arg == "kind":
            return keyword.value
    return call.args[0] if call.args else None


def _string(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def source_kinds(folders=SCANNED, root=ROOT) -> tuple[set[str], list[str]]:
    """(every screen kind named in the source, places where a kind cannot be read)."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8"), str(path))
             for folder in folders for path in sorted(folder.rglob("*.py"))}

    # The page classes: Page and everything that derives from it (to any depth), and Screen.
    bases = {node.name: {_called_name(ast.Call(func=b, args=[], keywords=[])) for b in node.bases}
             for tree in trees.values() for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    builders = {"Page", "Screen"}
    while True:
        more = {name for name, of in bases.items() if of & builders} - builders
        if not more:
            break
        builders |= more

    # Functions that take a kind with a string default and hand it on.
    passing_kind = set()
    #: Functions that take a kind without a default and hand it on: where it stands among their arguments.
    kind_at: dict[str, int] = {}
    kinds: set[str] = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                arguments = node.args.args + node.args.kwonlyargs
                defaults = [None] * (len(node.args.args) - len(node.args.defaults)) + node.args.defaults
                defaults += node.args.kw_defaults
                hands_on = any(isinstance(call, ast.Call) and _called_name(call) in builders
                               and isinstance(_kind_argument(call), ast.Name) and _kind_argument(call).id == "kind"
                               for call in ast.walk(node))
                for argument, default in zip(arguments, defaults):
                    if argument.arg == "kind" and _string(default) is not None and hands_on:
                        passing_kind.add(node.name)
                        kinds.add(_string(default))
                    elif argument.arg == "kind" and default is None and hands_on and argument in node.args.args:
                        kind_at[node.name] = node.args.args.index(argument)  # (offer_page(kind, ...))

    unreadable = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _called_name(node)
            if name in builders:
                value = _kind_argument(node)
                if _string(value) is not None:
                    kinds.add(_string(value))
                elif isinstance(value, ast.Name) and value.id == "kind":
                    pass  # a builder's own parameter: its values are gathered above and below
                elif isinstance(value, ast.Attribute) and value.attr == "kind":
                    pass  # a page drawing its own kind (pages.py: Screen(self.kind, ...))
                else:
                    unreadable.append(f"{path.relative_to(root)}:{node.lineno}: {name}(...) "
                                      f"with a kind that is not a string: {ast.unparse(value) if value else 'none'}")
            elif name in kind_at and len(node.args) > kind_at[name]:
                value = node.args[kind_at[name]]
                if _string(value) is not None:
                    kinds.add(_string(value))
                elif not (isinstance(value, ast.Name) and value.id == "kind"):
                    unreadable.append(f"{path.relative_to(root)}:{node.lineno}: {name}(...) "
                                      f"with a kind that is not a string: {ast.unparse(value)}")
            elif name in passing_kind:
                for keyword in node.keywords:
                    if keyword.arg == "kind":
                        if _string(keyword.value) is not None:
                            kinds.add(_string(keyword.value))
                        else:
                            unreadable.append(f"{path.relative_to(root)}:{node.lineno}: {name}(kind=...) "
                                              f"not a string: {ast.unparse(keyword.value)}")
    return kinds, unreadable


def test_the_kind_check_sees_new_pages_however_they_are_written(tmp_path):
    (tmp_path / "pages.py").write_text(
        "class Page: ...\n"
        "class ListPage(Page): ...\n"
        "class WidePage(ListPage): ...\n"
        "class Screen: ...\n")
    (tmp_path / "more.py").write_text(
        "from pages import ListPage, WidePage, Screen\n"
        "def a(ui):\n"
        "    return WidePage(\n        'wide_one', 'headline')\n"
        "def b(ui, kind: str = 'picked'):\n"
        "    return ListPage(prompt='x', kind=kind)\n"
        "def c(ui):\n"
        "    return b(ui, kind='picked_too'), Screen('plain', 'h')\n"
        "def d(ui, what):\n"
        "    return ListPage(f'made_{what}', 'h')\n"
        "def show(image, kind: str = ''):\n"
        "    return image\n")
    kinds, unreadable = source_kinds([tmp_path], tmp_path)
    assert kinds == {"wide_one", "picked", "picked_too", "plain"}
    assert unreadable == ["more.py:10: ListPage(...) with a kind that is not a string: f'made_{what}'"]


def test_the_tour_runs_to_the_end():
    if TOUR_ERROR is not None:
        raise TOUR_ERROR


@pytest.fixture(scope="module")
def in_source() -> tuple[set[str], list[str]]:
    """source_kinds() of the shipped source: parsed once for the tests below, not once each."""
    return source_kinds()


def test_the_source_names_every_kind_plainly(in_source):
    kinds, unreadable = in_source
    assert not unreadable, "give these a kind written as a string:\n" + "\n".join(unreadable)
    # The check can see: the kinds it knows are there (the wizard, a page in app.py, region_page's default).
    assert {"setup_edition", "power_cards", "resumed", "unreadable", "region", "disc"} <= kinds


def test_the_tour_shows_every_kind_of_screen(in_source):
    kinds, _ = in_source
    shown = {screen.kind for screen in TOUR.values()}
    missing = sorted(kinds - shown)
    assert not missing, (f"screen kinds the tour in companion/measure/catalogue.py never shows: {missing}; "
                         f"add a step to the tour that reaches them")
    assert not shown - kinds, f"kinds the source check cannot see: {sorted(shown - kinds)}"


def test_names_are_unique_stable_and_file_safe():
    names = [name for name, _ in catalogue.tour()]
    assert len(names) == len(set(names))
    assert names == list(TOUR)  # same names, same order, every run
    for name in names:
        assert name[:2].isdigit() and name[2] == "-" and name == name.lower(), name
        assert all(ch.isalnum() or ch == "-" for ch in name), name


# -- the pixels -------------------------------------------------------------------------------


@pytest.fixture
def screens_golden(golden):
    """The golden fixture of conftest.py, keeping these in goldens/screens/."""
    golden.folder = SCREENS
    return golden


@pytest.mark.parametrize("name", PIXEL_NAMES)
def test_screen_looks_as_it_did(name, screens_golden):
    screens_golden(render(TOUR[name]), name)


def test_the_export_screen_says_what_was_written():
    """Its file name and folder are this machine's: words, not pixels."""
    screen = TOUR["52-export"]
    assert screen.kind == "export" and screen.prompt == "Exported"
    assert screen.body.rows[0].text.endswith("-el-grande.jsonl")
    assert render(screen).size == PANEL_SIZE


def test_no_golden_is_left_without_its_screen():
    stale = sorted(p.stem for p in SCREENS.glob("*.png") if p.stem not in PIXEL_NAMES)
    assert not stale, f"goldens for screens the tour no longer shows (delete or rename them): {stale}"


# -- the `screens` command ---------------------------------------------------------------------


def test_the_screens_command_writes_every_screen(cli, tmp_path):
    from PIL import Image

    out = tmp_path / "made" / "here"
    status, stdout, stderr = cli("screens", str(out))
    assert status == 0, stderr
    assert stdout == f"{len(TOUR)} screens written to {out} (264x176, keys left)\n"
    assert sorted(p.stem for p in out.glob("*.png")) == sorted(TOUR)
    with Image.open(out / "12-power-cards.png") as image:
        assert image.size == PANEL_SIZE and image.mode == "1"
        assert image.convert("L").tobytes() == render(TOUR["12-power-cards"]).convert("L").tobytes()


def test_the_screens_command_takes_a_size_an_edge_and_a_scale(cli, tmp_path):
    from PIL import Image

    status, stdout, _ = cli("screens", str(tmp_path / "big"), "--size", "400x300", "--keys-edge", "bottom")
    assert status == 0 and "(400x300, keys bottom)" in stdout
    with Image.open(tmp_path / "big" / "46-chart.png") as image:
        assert image.size == (400, 300)
    status, stdout, _ = cli("screens", str(tmp_path / "x2"), "--scale", "2")
    assert status == 0 and "2x" in stdout
    with Image.open(tmp_path / "x2" / "46-chart.png") as image:
        assert image.size == (528, 352)


@pytest.mark.parametrize("args, message", [
    (["--size", "big"], "--size takes WIDTHxHEIGHT in pixels like 264x176, not 'big'"),
    (["--size", "100x50"], "--size 100x50 is smaller than the smallest panel, 160x96"),
    (["--scale", "0"], "--scale takes 1 to 8, not 0"),
])
def test_the_screens_command_refuses_bad_options_in_one_line(cli, tmp_path, args, message):
    status, stdout, stderr = cli("screens", str(tmp_path / "out"), *args)
    assert status == 2 and stdout == ""
    assert stderr == f"elgrande-companion screens: {message}\n"
    assert not (tmp_path / "out").exists()


def test_the_screens_command_says_when_it_cannot_write(cli, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    status, stdout, stderr = cli("screens", str(blocker / "screens"))
    assert status == 2 and stdout == ""
    assert stderr.startswith(f"elgrande-companion screens: cannot create {blocker / 'screens'}: ")
    assert stderr.count("\n") == 1
