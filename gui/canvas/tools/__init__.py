"""Canvas tools: each interaction (select/move, place, draw a link, pan) is one class."""
