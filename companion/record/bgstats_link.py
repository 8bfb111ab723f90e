"""The play as BG Stats' createPlay link, for the Game over page's QR code.

    url = play_link(bg_stats(game, started, finished, location))   # the export's own data

BG Stats opens ``https://app.bgstatsapp.com/createPlay.html?data=<json>`` (its app, or its web
page where the app is not installed) with a new play filled in from the JSON, which the phone's
camera reads off the panel. The JSON is made from the same structure the ``.bgsplay`` file holds
(companion/record/export.py ``bg_stats``), so the code and the file cannot disagree; field by
field, with the sources, in docs/bgstats.md.

Short: the code's size grows with every character, and its modules must stay large enough for a
phone (companion/ui/draw/code.py). So no whitespace, only the fields the play needs, the players'
and the play's ids cut to a few hex digits of their uuids, ``winner`` and ``startPlayer`` only
where true, and the JSON percent-encoded only where a URL must be (quotes, braces, brackets,
spaces, ``%&+#`` and what is not ASCII); ``:`` ``,`` and ``'`` stay as they are.
"""

from __future__ import annotations

import json
from datetime import datetime
from urllib.parse import quote

#: BG Stats' push link for other apps.
CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
#: Who sends the play: BG Stats remembers its matches of games and players per source, so this
#: never changes.
SOURCE_NAME = "ElGrandeCompanion"
#: Hex digits of a uuid kept as the play's and the players' ids (48 bits: no household meets twice).
ID_DIGITS = 12
PLAYER_ID_DIGITS = 8
#: Kept as they are in the query (RFC 3986 allows them there; decodeURIComponent leaves them).
_SAFE = ":,'!()*;@/?$"
#: BG Stats' date format; the link's dates are UTC, as the public senders of this link write them.
_DATE = "%Y-%m-%d %H:%M:%S"


def play_data(data: dict, started: datetime) -> dict:
    """The createPlay JSON of the one play in ``data`` (the export's BG Stats structure)."""
    play, game, location = data["plays"][0], data["games"][0], data["locations"][0]
    players = {player["id"]: player for player in data["players"]}
    out = []
    for score in sorted(play["playerScores"], key=lambda entry: entry["seatOrder"]):
        player = players[score["playerRefId"]]
        entry: dict = {"name": player["name"], "sourcePlayerId": _short(player["uuid"], PLAYER_ID_DIGITS),
                       "score": int(score["score"]), "rank": score["rank"]}
        if score["winner"]:
            entry["winner"] = True
        if score["startPlayer"]:
            entry["startPlayer"] = True
        out.append(entry)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": _short(play["uuid"], ID_DIGITS),
        "playDate": started.strftime(_DATE),
        "durationMin": play["durationMin"],
        "location": location["name"],
        "game": {"name": game["name"], "bggId": game["bggId"], "sourceGameId": str(game["bggId"]),
                 "highestWins": True},
        "players": out,
    }


def play_link(data: dict, started: datetime) -> str:
    """The createPlay link of the play in ``data`` (started: the game's start, UTC)."""
    return link_of(play_data(data, started))


def link_of(payload: dict) -> str:
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return CREATE_PLAY + quote(text, safe=_SAFE)


def _short(uuid_text: str, digits: int) -> str:
    return uuid_text.replace("-", "")[:digits]
