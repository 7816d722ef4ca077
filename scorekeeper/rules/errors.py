"""Errors the rules raise when a game or a hand breaks a rule."""

from __future__ import annotations


class RuleViolation(ValueError):
    """A well-formed input that the rules of the game forbid.

    `field` names the part of the input at fault (dotted, e.g. ``tricks`` or ``options.target``)
    and `message` says which rule it breaks, in words a player understands.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class UnknownVariant(RuleViolation):
    """No variant has this key."""
