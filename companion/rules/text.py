"""Forgiving name matching: what a player types at the table ("aragon",
"Pais Vasco", "castilla la nueva") finds what the rulebook prints."""

import unicodedata


def fold(text: str) -> str:
    """Lower-case, accent-free, single-spaced: the key names are matched on."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    for sep in "-_'.":
        plain = plain.replace(sep, " ")
    return " ".join(plain.casefold().split())
