"""The Big Box's rules as data and pure functions: its modes' regions, Intrigue & the King's cards and rounds."""

#: Highest score a scoreboard or a seat's bonus may give (far above any printed one): the settings
#: file refuses more, and a game's readings are checked against it.
MOST_POINTS = 20
