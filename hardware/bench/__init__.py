"""The bench's models of the panel: press-to-glass latency, bursts of presses."""
