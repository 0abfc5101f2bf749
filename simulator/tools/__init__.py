"""Built on a session: the legal decisions, export to a recorded game, checking expectations, re-deciding a stored game."""
