"""Card-play practice: play sessions, robots, the double-dummy coach, technique deal sets."""
