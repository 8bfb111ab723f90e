"""The simulator: a terminal for the keys and panel, a simulated panel, a simulated clock."""
