"""A game in play: the Game, the recorder that replays a recorded file into the store, batch replay, apply, status, audit and views."""
