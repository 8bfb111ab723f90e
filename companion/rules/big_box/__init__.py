"""The Big Box's rules as data and pure functions: its modes' regions, Intrigue & the King's cards and rounds."""
