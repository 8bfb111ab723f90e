"""How many examples a property test tries: the hypothesis profile governs, tests only say how dear they are.

tests/conftest.py registers two profiles and loads one (HYPOTHESIS_PROFILE, or pytest's
--hypothesis-profile): `quick`, the default, tries 20 examples where hypothesis would try
100; `ci` (.ci/run) tries the full 100. A test that names its own count, because one
example costs more or less than usual, names it as `examples(n)`: n under `ci`, scaled
down with the profile under `quick`, so no explicit count escapes the profile.
"""

from hypothesis import settings

#: The example count `examples(n)` is written against: hypothesis's own default, the `ci` profile's.
FULL = 100


def examples(n: int) -> int:
    """n examples under the `ci` profile; as many fewer as the loaded profile tries fewer (at least 2)."""
    return max(2, n * settings.default.max_examples // FULL)
