"""Tournaments as the API serves them: views.py (reading), lifecycle.py (create, draw, report,
correct, advance), desk.py (the organizer's desk), all writing through guard.py."""
