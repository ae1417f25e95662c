"""The Easy computer players: one heuristic scorer per role, each a table of scorers by decision kind."""
