"""Cross-role rules (where two roles meet), configured per game: ``table`` lists them, ``types`` holds the
hook types, and one module per pairing holds that pairing's rules."""
