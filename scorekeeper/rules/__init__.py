"""The rules of the 500 family: pure functions and values, no Flask, no database."""
