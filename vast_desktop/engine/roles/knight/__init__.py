"""The Knight's rules: its turn and its state."""
