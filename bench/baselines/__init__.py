"""Outside players for bench/bots.py, one module per game, each written from a published source."""
