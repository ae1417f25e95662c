"""pygame events → intents: choosing options by click or drag, paths, orientation."""
