"""The Hard computer player: per turn, worlds consistent with its view (``worlds``), followed through the
turn (``turn_worlds``), rolled out with the Easy players and judged by a fitted win chance (``value``)."""
