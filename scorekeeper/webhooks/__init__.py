"""Webhooks as rules: no Flask, no database, no network (mypy --strict).

policy.py    which events there are, what an answer means, when to try again
addresses.py which addresses a delivery may go to
"""
