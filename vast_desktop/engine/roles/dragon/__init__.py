"""The Dragon's rules: its turn and its state."""
