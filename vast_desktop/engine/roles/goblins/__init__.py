"""The Goblins's rules: its turn and its state."""
