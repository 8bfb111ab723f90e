"""companion.rules.plain_data's dataclass behaves as the standard one, without compiling code at import."""

import dataclasses
import pickle

import pytest

from companion.rules.plain_data import dataclass


@dataclass(frozen=True)
class Base:
    colour: str


@dataclass(frozen=True)
class Placed(Base):
    region: str
    count: int = 1
    notes: tuple = dataclasses.field(default=(), compare=False, repr=False)


@dataclass
class Pile:
    cards: list = dataclasses.field(default_factory=list)
    seen: int = dataclasses.field(default=0, init=False)

    def __post_init__(self):
        self.seen = len(self.cards)


@dataclasses.dataclass(frozen=True)
class Theirs(Base):  # a standard subclass, as another helper may add a step
    value: int


def test_the_same_as_the_standard_dataclass():
    p = Placed("red", "aragon", 2)
    assert (p.colour, p.region, p.count) == ("red", "aragon", 2)
    assert p == Placed("red", region="aragon", count=2) and hash(p) == hash(Placed("red", "aragon", 2))
    assert p == Placed("red", "aragon", 2, notes=("x",))  # compare=False
    assert p != Placed("red", "aragon", 3) and p != Base("red")
    assert repr(p) == "Placed(colour='red', region='aragon', count=2)"
    assert Placed("red", "aragon").count == 1
    assert dataclasses.asdict(p) == {"colour": "red", "region": "aragon", "count": 2, "notes": ()}
    assert dataclasses.replace(p, count=5) == Placed("red", "aragon", 5)
    assert Placed.__match_args__ == ("colour", "region", "count", "notes")
    assert pickle.loads(pickle.dumps(p)) == p
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.count = 3  # type: ignore[misc]
    pile = Pile([1, 2])
    assert pile.seen == 2 and Pile().cards == [] and Pile().cards is not Pile().cards
    assert pile == Pile([1, 2]) and Pile.__hash__ is None
    assert Theirs("red", 3) == Theirs("red", 3) and dataclasses.is_dataclass(Theirs)


def test_wrong_arguments_are_refused_as_the_standard_one_refuses_them():
    for args, kwargs in (((), {}), (("red", "aragon", 1, (), 9), {}), (("red",), {"colour": "blue"}),
                         (("red", "aragon"), {"colours": 1})):
        with pytest.raises(TypeError):
            Placed(*args, **kwargs)
    with pytest.raises(TypeError):
        @dataclass
        class Thawed(Base):  # not frozen on a frozen base
            more: int
