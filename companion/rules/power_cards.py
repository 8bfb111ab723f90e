"""Power cards 1–13: each player holds one of each; the value sets turn order
(highest first) and how many Caballeros go from the Province to the Court."""

from types import MappingProxyType

VALUES = tuple(range(1, 14))

#: Caballeros a Power card lets its player take to the Court (sure).
COURT_INTAKE = MappingProxyType(
    {1: 6, 2: 5, 3: 5, 4: 4, 5: 4, 6: 3, 7: 3, 8: 2, 9: 2, 10: 1, 11: 1, 12: 0, 13: 0}
)
