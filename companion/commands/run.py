"""`elgrande-companion run`: the companion itself (the default command)."""

import argparse


def add_parser(sub) -> None:
    parser = sub.add_parser("run", help="run the companion (the default; a simulator without Pi hardware)")
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    print(
        "El Grande companion 0.1: the rules core and the calculator are ready;\n"
        "the game walk-through with screens is being built.\n"
        "Try: elgrande-companion score --region Aragon --count red=3 --count blue=2"
    )
    return 0
