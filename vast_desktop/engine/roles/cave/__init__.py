"""The Cave's rules: its turn and its state."""
