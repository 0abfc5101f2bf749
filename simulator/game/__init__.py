"""The game model: events, the state and its fold, the layers (613), selectors, could-produce (106.7) and the trigger dispatcher (603.2)."""
