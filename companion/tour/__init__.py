"""Shown, not played: the `screens` tour, the shipped sample game and key scripts, the press-budget scenarios."""
