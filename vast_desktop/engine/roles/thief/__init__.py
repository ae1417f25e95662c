"""The Thief's rules: its turn and its state."""
