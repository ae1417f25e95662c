"""Computer players: clients of the engine.  A bot is a callable ``(PlayerView, Decision) -> option id``;
it is handed only its role's view and the pending decision, never the game (ARCHITECTURE §5).

``random_bot`` picks uniformly; ``easy/`` holds one heuristic scorer per role; ``hard/`` searches sampled
worlds with the Easy players as its rollout policy; ``registry.make_bot`` seats any of them.
"""
