"""The Big Box in the game: its referee, Intrigue & the King's rounds, the table's readings."""
