"""Clubs: their players, the seats of their games, their ledger (issue 29)."""
