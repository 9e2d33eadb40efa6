"""Players for bench/bots.py that the site never offers, one module per game: reference
players and outside players written from published sources."""
