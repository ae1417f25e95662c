"""Headless tools that drive the engine without a window: simulate, tournament, bench, matches, and the
robot that plays the GUI by real events for tests and the tutorial check."""
