"""The app's screens: title, setup, table, hand-off curtain, game over, settings, load/save."""
