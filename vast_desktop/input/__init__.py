"""pygame events → intents → Session calls (ARCHITECTURE §2).

* ``targets``: which options a target key or a drop means (the engine's option targets, indexed).
* ``intents``: the gestures — a click, a drag, a hover, a pan, the wheel, a key's action — read
  from pygame events, with what the screen says lies under the pointer.
* ``controller``: intents turned into choices of the pending decision, why-not toasts, camera
  moves, undo and menus, through the table screen's port (testable without a window).
"""
