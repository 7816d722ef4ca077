"""Players' ratings (issue 30): openskill's Plackett-Luce over a club's finished games.

Pure: no Flask, no database. The service hands the games in the one fixed order (the time the
deciding hand was recorded, then the game's id) and gets every rating back; the same games give
the same ratings, bit for bit, because every step is a fixed sequence of float operations on
values read in that order (no dict-order or summing surprises: seats in seat order, sides in
side order).

- One rating per player per variant family ("contract": Australian and Quebec 500 and
  Five-Hundred++; "card_points": Cinquecento; "rummy").
- A side is a team: partnerships are teams of two; three-handed games, five-handed 500 and
  Rummy are teams of one. At five the called partner is not a team mate: each player's own score
  (which already carries the points the partner shared) ranks them, as the sheet does.
- Ranks come from the end: the winner first, then the other sides by final score; level scores
  share a rank.
- Substitutes: each seat's update (mu and sigma) is scaled by its share of the game's hands.
  Not openskill's `weights`: openskill 6 rescales a team's weights to 1-2 (and its compiled
  build refuses to turn that off), so "3 hands of 10" would read as a full game beside a
  partner's 10. The ledger keeps one player per seat for the whole game, so a substitution
  mid-game cannot be seen there: the seat's player is credited with all its hands.
- A seat with no club player (a guest, or a name not linked yet) plays at the DEFAULT rating,
  which is never stored, and its own result is dropped.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist

from openskill.models import PlackettLuce, PlackettLuceRating

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
DEFAULT = (MODEL.mu, MODEL.sigma)
NORMAL = NormalDist()
PROVISIONAL = 10  # games in a family before a rating stops being provisional (docs/features.md)


@dataclass(frozen=True)
class SeatPlay:
    """One seat of a finished game: its player (None: a guest or an unlinked name), its side, and
    the hands it played."""

    player: int | None
    side: int
    hands: int


@dataclass(frozen=True)
class FinishedGame:
    """A finished club game as the ratings read it."""

    game: int
    at: str  # ISO 8601: when its deciding hand was recorded
    family: str
    scores: tuple[int, ...]  # by side
    winner: int | None
    hands: int
    seats: tuple[SeatPlay, ...]  # in seat order

    @property
    def key(self) -> tuple[str, int]:
        return self.at, self.game


@dataclass
class Rating:
    """A player's rating in one family: openskill's mu and sigma, the games behind it and the
    shown value after each (game, at, value)."""

    mu: float
    sigma: float
    games: int = 0
    history: list[tuple[int, str, float]] = field(default_factory=list)
    # openskill's own object for (mu, sigma), kept to rate the next game without making another
    skill: PlackettLuceRating | None = field(default=None, compare=False, repr=False)

    @property
    def value(self) -> float:
        return shown_value(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL


Ratings = dict[tuple[int, str], Rating]  # (player, family) -> rating


def shown_value(mu: float, sigma: float) -> float:
    """The rating as a player reads it: out of 100 head-to-head games against a newcomer of
    average skill, how many this player is expected to finish ahead in (50: even; uncertainty
    pulls it towards 50). One decimal."""
    # openskill's predict_win for two teams of one, written out: it runs after every game rated.
    spread = math.sqrt(2 * MODEL.beta ** 2 + sigma ** 2 + DEFAULT[1] ** 2)
    return round(100 * NORMAL.cdf((mu - DEFAULT[0]) / spread), 1)


def ranks(scores: Sequence[int], winner: int | None) -> list[int]:
    """Each side's place (1 first): the winner, then the others by final score, level ones
    sharing a place."""
    others = sorted({score for side, score in enumerate(scores) if side != winner}, reverse=True)
    start = 1 if winner is None else 2
    return [1 if side == winner else start + others.index(score)
            for side, score in enumerate(scores)]


def _teams(game: FinishedGame) -> list[list[tuple[SeatPlay, bool]]]:
    """The game's sides as teams of seats, each seat with whether its player is rated here (a
    player seated twice is rated at their first seat only; the other plays as a guest)."""
    teams: list[list[tuple[SeatPlay, bool]]] = [[] for _ in game.scores]
    seen: set[int] = set()
    for seat in game.seats:
        rated = seat.player is not None and seat.player not in seen
        if seat.player is not None:
            seen.add(seat.player)
        teams[seat.side].append((seat, rated))
    return teams


def rate(ratings: Ratings, game: FinishedGame) -> list[int]:
    """One finished game played into `ratings`: its rated players' new ratings, each with one
    more game and a history point. Returns the players rated, in seat order."""
    teams = _teams(game)
    if sum(rated for team in teams for _seat, rated in team) == 0 or len(teams) < 2 or not all(
            teams):
        return []

    def before(seat: SeatPlay, rated: bool) -> PlackettLuceRating:
        # A new object for each seat: openskill deep-copies the teams at once, so one object in
        # two seats would become one copy updated twice.
        now = ratings.get((seat.player, game.family)) if rated and seat.player else None
        if now is None:
            return MODEL.rating(mu=DEFAULT[0], sigma=DEFAULT[1])
        if now.skill is None:
            now.skill = MODEL.rating(mu=now.mu, sigma=now.sigma)
        return now.skill

    was = [[before(seat, rated) for seat, rated in team] for team in teams]
    after = MODEL.rate(was, ranks=[float(place) for place in ranks(game.scores, game.winner)])
    done: list[int] = []
    for team, old, new in zip(teams, was, after, strict=True):
        for (seat, rated), skill, then in zip(team, new, old, strict=True):
            if not rated or seat.player is None:
                continue
            rating = ratings.setdefault((seat.player, game.family), Rating(*DEFAULT))
            if seat.hands >= game.hands:
                rating.mu, rating.sigma, rating.skill = skill.mu, skill.sigma, skill
            else:
                share = seat.hands / max(game.hands, 1)
                rating.mu = then.mu + share * (skill.mu - then.mu)
                rating.sigma = then.sigma + share * (skill.sigma - then.sigma)
                rating.skill = None
            rating.games += 1
            rating.history.append((game.game, game.at, rating.value))
            done.append(seat.player)
    return done


def rebuild(games: Iterable[FinishedGame]) -> Ratings:
    """Every rating from the club's finished games, played in their fixed order."""
    ratings: Ratings = {}
    for game in sorted(games, key=lambda g: g.key):
        rate(ratings, game)
    return ratings


def chances(sides: Sequence[Sequence[tuple[float, float] | None]]) -> list[float]:
    """Each side's chance (0-1) of winning a game about to start, from its seats' (mu, sigma)
    (None: a guest, at the default)."""
    teams = [[MODEL.rating(mu=DEFAULT[0], sigma=DEFAULT[1]) if s is None else
              MODEL.rating(mu=s[0], sigma=s[1]) for s in side] for side in sides]
    return [round(chance, 4) for chance in MODEL.predict_win(teams)]
