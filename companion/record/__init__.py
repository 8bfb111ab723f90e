"""The game on disk: the journal, files that survive a pulled plug, the state folder and its lock, exports."""
