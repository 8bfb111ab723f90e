"""The settings file: the table's choices for this companion (pins, panel, folders, the Big Box readings)."""
