"""scorekeeper.ratings, pure: ranks, teams, guests, weights and a fixed order."""

from __future__ import annotations

from scorekeeper import ratings
from scorekeeper.ratings import FinishedGame, SeatPlay


def game(number: int, scores: tuple[int, ...], winner: int | None,
         seats: list[tuple[int | None, int]], family: str = "contract") -> FinishedGame:
    return FinishedGame(number, f"2026-01-01T00:00:{number:02d}.000000Z", family, scores,
                        winner, 10, tuple(SeatPlay(p, side, 10) for p, side in seats))


def test_the_winner_ranks_first_then_scores_with_ties_sharing() -> None:
    assert ratings.ranks((10, 30, 30, 5), None) == [2, 1, 1, 3]
    assert ratings.ranks((500, 520, 100), 0) == [1, 2, 3]  # the winner, even below a score
    assert ratings.ranks((200, 200), None) == [1, 1]


def test_partners_share_a_team_and_five_handed_players_stand_alone() -> None:
    four = ratings.rebuild([game(1, (500, 50), 0, [(1, 0), (2, 1), (3, 0), (4, 1)])])
    assert four[(1, "contract")].mu == four[(3, "contract")].mu > 25 > four[(2, "contract")].mu
    five = ratings.rebuild([game(1, (500, 300, 100, 300, -50), 0,
                                 [(p, p) for p in range(5)])])
    mus = [five[(p, "contract")].mu for p in range(5)]
    assert mus[0] > mus[1] == mus[3] > mus[4] and mus[1] >= mus[2] > mus[4]  # by own score
    # (openskill's Plackett-Luce gives the place after a tie the tie's own update.)


def test_a_guest_plays_at_the_default_and_is_never_stored() -> None:
    with_guest = ratings.rebuild([game(1, (500, 50), 0, [(1, 0), (None, 1), (3, 0), (4, 1)])])
    assert set(with_guest) == {(1, "contract"), (3, "contract"), (4, "contract")}
    alone = ratings.rebuild([game(1, (500, 50), 0, [(None, 0), (None, 1)])])
    assert alone == {}


def test_families_are_rated_apart_and_the_order_is_fixed() -> None:
    games = [game(n, (500, 50) if n % 3 else (40, 500), 0 if n % 3 else 1,
                  [(1 + n % 4, 0), (5, 1), (6 + n % 2, 0), (8, 1)],
                  "rummy" if n % 5 == 0 else "contract") for n in range(1, 40)]
    one = ratings.rebuild(games)
    other = ratings.rebuild(list(reversed(games)))
    assert {k: (r.mu, r.sigma, r.history) for k, r in one.items()} == {
        k: (r.mu, r.sigma, r.history) for k, r in other.items()}
    assert one[(5, "rummy")].games == 7 and one[(5, "contract")].games == 32
    assert not one[(5, "contract")].provisional and one[(5, "rummy")].provisional


def test_a_seat_weighed_by_its_share_of_hands_moves_less() -> None:
    def played(hands: int) -> float:
        found = ratings.rebuild([FinishedGame(1, "2026", "contract", (500, 50), 0, 10, (
            SeatPlay(1, 0, hands), SeatPlay(2, 1, 10), SeatPlay(3, 0, 10), SeatPlay(4, 1, 10)))])
        return found[(1, "contract")].mu
    assert 25 < played(3) < played(10)


def test_the_value_reads_50_for_a_newcomer() -> None:
    assert ratings.shown_value(*ratings.DEFAULT) == 50.0
    assert ratings.chances([[None, None], [None, None]]) == [0.5, 0.5]
