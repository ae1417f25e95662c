"""The guided tutorial: a scripted game from a fixed scenario (see runner.py and sample_turn.yaml)."""
