"""Sound: short effects for the moments that matter at the table (issue 27 item 7).

``cues`` names the effects (one enum) and maps the engine's event kinds to them in one table;
``synth`` makes each effect from numbers alone (standard library only), which
``tools/make_sounds.py`` writes once into the top-level ``assets/sounds/`` folder that ships
with the game; ``player`` plays them through ``pygame.mixer`` at the player's volume, and is
silent — never failing — where there is no audio device.
"""
