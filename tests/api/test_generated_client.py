"""A client generated from the committed spec (openapi/openapi.json) plays a whole game of
Australian 500 and runs a small Quebec tournament against the app, in-process.

The generator (openapi-python-client) runs once for the module and must not warn: a spec change that
makes it skip an endpoint or a schema fails here. Every reply is read through the generated models
and must round-trip to exactly the JSON the server sent, so a field the spec forgets fails too.

Expected numbers are worked out by hand from RULES.md (the Avondale table: 6♠ 40, 6♦ 80, 6NT 120,
7♥ 200, 7NT 220, 8♠ 240, 8♥ 300, misère 250; defenders 10 a trick; slam 250 for a bid worth less).
Seats: 0 Ann and 2 Cy are North-South (side 0), 1 Bo and 3 Di are East-West (side 1)."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from flask import Flask

SPEC = Path(__file__).parents[2] / "openapi" / "openapi.json"
PACKAGE = "scorekeeper_client"
NORTH_SOUTH = 0
ANN, BO, CY, DI = 0, 1, 2, 3


# -- the generated client --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    """Generate the client from the spec, import it, and name the endpoints in the game's words."""
    where = tmp_path_factory.mktemp("generated")
    config = where / "config.yaml"
    config.write_text("post_hooks: []\n")  # no ruff run over the generated code
    package = where / PACKAGE
    generator = subprocess.run(
        [sys.executable, "-m", "openapi_python_client", "generate", "--path", str(SPEC),
         "--meta", "none", "--config", str(config), "--output-path", str(package),
         "--fail-on-warning"],
        capture_output=True, text=True, timeout=300, check=False)
    # Warnings (skipped endpoints, unparsable schemas) go to stderr with "Warning(s) encountered
    # while generating"; a clean run prints one line.
    assert generator.stderr == "", generator.stderr
    assert generator.stdout.splitlines() == [f"Generating {package}"], generator.stdout
    assert generator.returncode == 0

    sys.path.insert(0, str(where))
    importlib.invalidate_caches()
    try:
        def endpoint(tag: str, module: str) -> Callable[..., Any]:
            return importlib.import_module(f"{PACKAGE}.api.{tag}.{module}").sync_detailed

        client = importlib.import_module(f"{PACKAGE}.client")
        yield SimpleNamespace(
            Client=client.Client,
            AuthenticatedClient=client.AuthenticatedClient,
            models=importlib.import_module(f"{PACKAGE}.models"),
            read_variant=endpoint("variants", "read_variant"),
            create_game=endpoint("games", "create_game"),
            read_game=endpoint("games", "read_game"),
            list_hands=endpoint("games", "list_hands"),
            record_hand=endpoint("games", "record_hand"),
            correct_hand=endpoint("games", "correct_hand"),
            undo_hand=endpoint("games", "undo_hand"),
            create_tournament=endpoint("tournaments", "create_tournament"),
            read_tournament=endpoint("tournaments", "read_tournament"),
            draw=endpoint("tournaments", "draw_tournament"),
            advance=endpoint("tournaments", "advance_tournament"),
            report_game=endpoint("tournaments", "report_match_game"),
            issue_scorer=endpoint("tournaments", "issue_scorer_token"),
        )
    finally:
        sys.path.remove(str(where))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]


@pytest.fixture
def connect(sk: SimpleNamespace, app: Flask) -> Iterator[Callable[..., Any]]:
    """connect(token=None): a generated client talking to this test's app through WSGI."""
    opened: list[Any] = []

    def connect(token: str | None = None) -> Any:
        # httpx.WSGITransport is httpx's supported in-process transport (the `app=` shortcut was
        # deprecated in 0.27 and removed in 0.28); it warns about nothing, so nothing is filtered.
        options: dict[str, Any] = {"base_url": "http://testserver",
                                   "httpx_args": {"transport": httpx.WSGITransport(app=app)}}
        client = (sk.Client(**options) if token is None
                  else sk.AuthenticatedClient(token=token, **options))
        opened.append(client)
        return client

    yield connect
    for client in opened:
        client.get_httpx_client().close()


def sent(content: bytes) -> Any:
    """The JSON the server sent, its UTC times written as the generated models write them back
    ("...:56.123+00:00" for the server's "...:56.123Z": the same instant)."""
    return json.loads(re.sub(rb'(\d\d:\d\d:\d\d(?:\.\d+)?)Z"', rb'\1+00:00"', content))


def expect(reply: Any, status: int, model: type) -> Any:
    """The reply's status and its typed body, which must hold every field the server sent."""
    assert reply.status_code == status, reply.content
    assert isinstance(reply.parsed, model), (type(reply.parsed), reply.content)
    assert reply.parsed.to_dict() == sent(reply.content)
    return reply.parsed


def refused(sk: SimpleNamespace, reply: Any, status: int) -> str:
    """A refusal in the contract's error shape; its message."""
    error = expect(reply, status, sk.models.Error)
    assert error.code == status and error.message.endswith(".")
    return error.message


# -- a whole game of Australian 500 ----------------------------------------------------------------


class Table:
    """One game at the table: the scorer's generated client and the game's id."""

    def __init__(self, sk: SimpleNamespace, scorer: Any, game_id: int) -> None:
        self.sk, self.scorer, self.id = sk, scorer, game_id

    def contract(self, bidder: int, bid: str, tricks: list[int], **more: Any) -> Any:
        return self.sk.models.ContractHand(bidder=bidder, bid=bid, tricks=tricks, **more)

    def record(self, hand: Any, **headers: str) -> Any:
        return self.sk.record_hand(self.id, client=self.scorer, body=hand, **headers)

    def read(self) -> Any:
        return self.sk.read_game(self.id, client=self.scorer)

    def hands(self) -> list[Any]:
        reply = self.sk.list_hands(self.id, client=self.scorer)
        assert reply.status_code == 200
        assert [hand.to_dict() for hand in reply.parsed] == sent(reply.content)
        return reply.parsed

    def check(self, reply: Any, *, number: int, deltas: list[int], scores: list[int],
              dealer: int, winner: int | None = None) -> Any:
        """The recorded hand, and then the game itself, show these scores and this next dealer
        (and the game is over once there is a winner)."""
        hand = expect(reply, 201, self.sk.models.Hand)
        assert (hand.number, hand.deltas, hand.scores) == (number, deltas, scores)
        assert hand.explanation and all(isinstance(line, str) for line in hand.explanation)
        status = "in_progress" if winner is None else "finished"
        standing = hand.game
        assert (standing.scores, standing.dealer, standing.status, standing.winner) == (
            scores, dealer, status, winner)
        game = expect(self.read(), 200, self.sk.models.Game)
        assert (game.scores, game.dealer, game.status, game.winner) == (
            scores, dealer, status, winner)
        return hand


def test_a_whole_game_of_australian_500(sk: SimpleNamespace, connect: Any) -> None:
    public = connect()
    variant = expect(sk.read_variant("australian-500", client=public), 200, sk.models.Variant)
    defaults = {name: option.default
                for name, option in variant.options.additional_properties.items()}
    assert {k: defaults[k] for k in ("target", "lose_at", "win_on", "defender_trick_points",
                                     "slam_bonus", "misere", "misere_rank",
                                     "misere_defender_tricks", "pass_out", "blind_misere")} == {
        "target": 500, "lose_at": -500, "win_on": "any", "defender_trick_points": 10,
        "slam_bonus": True, "misere": True, "misere_rank": "after-7",
        "misere_defender_tricks": False, "pass_out": "redeal", "blind_misere": False}
    points = {bid.code: bid.points for bid in variant.bids}
    assert {code: points[code] for code in ("6D", "6NT", "7H", "7NT", "8S", "8H", "MIS")} == {
        "6D": 80, "6NT": 120, "7H": 200, "7NT": 220, "8S": 240, "8H": 300, "MIS": 250}

    sides = [sk.models.Side(name="North-South", players=["Ann", "Cy"]),
             sk.models.Side(name="East-West", players=["Bo", "Di"])]
    created = expect(sk.create_game(client=public, body=sk.models.GameCreate(
        variant="australian-500", sides=sides, first_dealer=ANN)), 201, sk.models.GameCreated)
    assert (created.scores, created.dealer, created.status, created.winner) == (
        [0, 0], ANN, "in_progress", None)
    assert created.options["target"] == 500
    table = Table(sk, connect(created.token), created.id)

    # 1. Ann deals. Bo bids 7♥ and East-West take 7 tricks: +200, North-South +30 for 3 tricks.
    table.check(table.record(table.contract(BO, "7H", [3, 7])),
                number=1, deltas=[30, 200], scores=[30, 200], dealer=BO)

    # 2. Bo deals. Ann bids 8♠ and takes only 6: failed, −240; East-West +40 for 4 tricks.
    table.check(table.record(table.contract(ANN, "8S", [6, 4])),
                number=2, deltas=[-240, 40], scores=[-210, 240], dealer=CY)

    # 3. Cy deals and everybody passes: nothing scores and Cy deals again (pass_out "redeal").
    table.check(table.record(sk.models.ContractHand(passed_out=True)),
                number=3, deltas=[0, 0], scores=[-210, 240], dealer=CY)

    # 4. Cy deals; calls start at Di. A misère needs a 7-bid before it: after only 6♥ it is illegal.
    too_soon = table.contract(CY, "MIS", [0, 10], calls=["6H", "pass", "pass", "MIS", "pass"])
    message = refused(sk, table.record(too_soon), 422)
    assert "misère" in message and "7" in message
    # Blind misère is off unless the game switches it on (blind_misere false).
    refused(sk, table.record(table.contract(CY, "BMIS", [0, 10])), 422)
    assert len(table.hands()) == 3
    # ... Di had in fact opened 7♥. Cy's misère makes (she takes no trick): +250, defenders 0.
    misere = table.contract(CY, "MIS", [0, 10], calls=["7H", "pass", "pass", "MIS", "pass"])
    table.check(table.record(misere),
                number=4, deltas=[250, 0], scores=[40, 240], dealer=DI)

    # 5. Di deals. Bo bids 6♦ and East-West take 6: +80, North-South +40. The phone retries the
    # request with the same Idempotency-Key: the same reply, one hand stored.
    stale = table.read().headers["ETag"]
    six_diamonds = table.contract(BO, "6D", [4, 6])
    first = table.check(table.record(six_diamonds, idempotency_key="hand-5"),
                        number=5, deltas=[40, 80], scores=[80, 320], dealer=ANN)
    retry = table.record(six_diamonds, idempotency_key="hand-5")
    assert expect(retry, 201, sk.models.Hand) == first
    assert [hand.number for hand in table.hands()] == [1, 2, 3, 4, 5]

    # 6. Ann deals. A write with the ETag read before hand 5 is refused and stores nothing.
    seven_no_trumps = table.contract(ANN, "7NT", [10, 0])
    refused(sk, table.record(seven_no_trumps, if_match=stale), 412)
    assert len(table.hands()) == 5
    # With the fresh ETag: Ann's 7NT takes all 10 tricks, a slam worth 250 (7NT is only 220).
    fresh = table.read().headers["ETag"]
    table.check(table.record(seven_no_trumps, if_match=fresh),
                number=6, deltas=[250, 0], scores=[330, 320], dealer=BO)

    # Correction: in hand 5 East-West took 7 tricks, not 6. Still +80 (no overtrick bonus), and
    # North-South get 30; hand 6 is replayed on top, so the game stands at 320 all.
    corrected = expect(sk.correct_hand(created.id, 5, client=table.scorer,
                                       body=table.contract(BO, "6D", [3, 7])), 200,
                       sk.models.HandCorrected)
    assert (corrected.number, corrected.deltas, corrected.scores) == (5, [30, 80], [70, 320])
    assert (corrected.game.scores, corrected.game.dealer) == ([320, 320], BO)
    assert [(hand.number, hand.deltas, hand.scores) for hand in table.hands()] == [
        (1, [30, 200], [30, 200]), (2, [-240, 40], [-210, 240]), (3, [0, 0], [-210, 240]),
        (4, [250, 0], [40, 240]), (5, [30, 80], [70, 320]), (6, [250, 0], [320, 320])]
    game = expect(table.read(), 200, sk.models.Game)
    assert (game.scores, game.dealer, game.hands_played) == ([320, 320], BO, 6)

    # 7. Bo deals. A hand from the next table is recorded here by mistake, then undone.
    table.check(table.record(table.contract(DI, "6S", [4, 6])),
                number=7, deltas=[40, 40], scores=[360, 360], dealer=CY)
    refused(sk, sk.undo_hand(created.id, 5, client=table.scorer), 409)  # only the last one
    game = expect(sk.undo_hand(created.id, 7, client=table.scorer), 200, sk.models.HandUndone)
    assert (game.scores, game.dealer, game.hands_played, game.status) == (
        [320, 320], BO, 6, "in_progress")

    # 7 again. Cy bids 8♥ and North-South take 8: +300 puts them on 620; East-West +20, 340.
    table.check(table.record(table.contract(CY, "8H", [8, 2])), number=7, deltas=[300, 20],
                scores=[620, 340], dealer=CY, winner=NORTH_SOUTH)
    game = expect(table.read(), 200, sk.models.Game)
    assert (game.status, game.winner, game.hands_played) == ("finished", NORTH_SOUTH, 7)

    refused(sk, table.record(table.contract(BO, "6S", [4, 6])), 409)  # the game is over
    assert len(table.hands()) == 7


# -- a small Quebec tournament ---------------------------------------------------------------------

SEED = 20240615
TEAMS = [("Les As", ["Ann", "Cy"]), ("Les Valets", ["Bo", "Di"]),
         ("Les Rois", ["Ed", "Flo"]), ("Les Dames", ["Gus", "Hal"])]

# Deals are scores by draw number. Qualifying round: 1 v 2 and 3 v 4, five deals each.
# 1 v 2: 2 wins 3-2; 1 scored 200+120+80+240+100 = 740, 2 scored 40+280+160+60+300 = 840.
# 3 v 4: 3 wins 3-2; 3 scored 300+60+250+40+180 = 830, 4 scored 20+160+90+140+120 = 530.
ONE_V_TWO = [{1: 200, 2: 40}, {1: 120, 2: 280}, {1: 80, 2: 160}, {1: 240, 2: 60},
             {1: 100, 2: 300}]
THREE_V_FOUR = [{3: 300, 4: 20}, {3: 60, 4: 160}, {3: 250, 4: 90}, {3: 40, 4: 140},
                {3: 180, 4: 120}]
# Standings: 2 points a game won, then points scored. 2 and 3 have 6 points (840 > 830), then
# 1 and 4 have 4 points (740 > 530). Rows: rank, number, played, won, lost, points, scored, against.
STANDINGS = [(1, 2, 1, 3, 2, 6, 840, 740), (2, 3, 1, 3, 2, 6, 830, 530),
             (3, 1, 1, 2, 3, 4, 740, 840), (4, 4, 1, 2, 3, 4, 530, 830)]
# Semi-finals, best of three: seed 1 (number 2) v seed 4 (number 4), seed 2 (3) v seed 3 (1).
# 4 beats 2 2-1; 1 beats 3 2-0. Final: 4 v 1, and 1 wins 2-1: the champion drew number 1.
TWO_V_FOUR = [{2: 200, 4: 100}, {2: 50, 4: 150}, {2: 120, 4: 300}]
THREE_V_ONE = [{3: 60, 1: 220}, {3: 90, 1: 180}]
FOUR_V_ONE = [{4: 100, 1: 260}, {4: 140, 1: 80}, {4: 20, 1: 400}]


class Tournament:
    """A Quebec tournament driven in draw numbers through the generated client."""

    def __init__(self, sk: SimpleNamespace, organizer: Any, tournament_id: int) -> None:
        self.sk, self.organizer, self.id = sk, organizer, tournament_id
        self.team_of: dict[int, int] = {}  # draw number -> team index

    def read(self) -> Any:
        return expect(self.sk.read_tournament(self.id, client=self.organizer), 200,
                      self.sk.models.Tournament)

    def match(self, key: str) -> Any:
        return next(m for r in self.read().rounds for m in r.matches if m.id == key)

    def report(self, key: str, by_number: Mapping[int, int], client: Any = None) -> Any:
        """Report one deal of match `key`; the scores go in the match's team order."""
        number_of = {team: number for number, team in self.team_of.items()}
        scores = [by_number[number_of[team]] for team in self.match(key).teams]
        return self.sk.report_game(self.id, key, client=client or self.organizer,
                                   body=self.sk.models.GameReport(scores=scores))

    def play(self, key: str, deals: list[Mapping[int, int]], client: Any = None) -> Any:
        """Report every deal of a match; the match as the last reply shows it."""
        for deal in deals:
            reply = expect(self.report(key, deal, client), 201, self.sk.models.ReportReply)
            assert isinstance(reply.match, self.sk.models.Match), type(reply.match)
        return reply.match

    def standings(self) -> list[tuple[int, ...]]:
        return [(s.rank, s.number, s.played, s.won, s.lost, s.points, s.scored, s.against)
                for s in self.read().standings]

    def advance(self) -> Any:
        return expect(self.sk.advance(self.id, client=self.organizer), 200,
                      self.sk.models.Tournament)


def test_a_quebec_tournament_of_four_teams(sk: SimpleNamespace, connect: Any) -> None:
    public = connect()
    teams = [sk.models.TeamInput(name=name, players=players) for name, players in TEAMS]
    created = expect(sk.create_tournament(client=public, body=sk.models.TournamentCreate(
        name="Tournoi du Club", variant="quebec-500", format_="quebec", teams=teams)),
        201, sk.models.TournamentCreated)
    assert (created.status, created.champion, created.rounds) == ("registered", None, [])
    assert created.options.to_dict() == {"points_per_game": 2, "game_unit": "deal",
                                         "games_per_match": {"qualifying": 5, "knockout": 3},
                                         "confirm_games": False}
    cup = Tournament(sk, connect(created.token), created.id)

    drawn = expect(sk.draw(cup.id, client=cup.organizer, body=sk.models.Draw(seed=SEED)), 200,
                   sk.models.Tournament)
    assert (drawn.seed, drawn.status) == (SEED, "playing")
    cup.team_of = {team.number: team.team for team in drawn.teams}
    assert sorted(cup.team_of) == [1, 2, 3, 4]
    [qualifying] = drawn.rounds
    assert [m.id for m in qualifying.matches] == ["r1m1", "r1m2"]
    assert [sorted(m.teams) for m in qualifying.matches] == [
        sorted([cup.team_of[1], cup.team_of[2]]), sorted([cup.team_of[3], cup.team_of[4]])]

    # A scorer token for 3 v 4 reports that match's first deal, and nothing of 1 v 2.
    scorer = expect(sk.issue_scorer(cup.id, "r1m2", client=cup.organizer), 201,
                    sk.models.Scorer)
    assert scorer.match == "r1m2"
    at_the_table = connect(scorer.token)
    refused(sk, cup.report("r1m1", {1: 200, 2: 40}, client=at_the_table), 403)
    assert cup.match("r1m1").results == []
    assert cup.play("r1m2", THREE_V_FOUR[:1], client=at_the_table).status == "playing"

    # The organizer reports the rest.
    assert cup.play("r1m2", THREE_V_FOUR[1:]).winner == cup.team_of[3]
    assert cup.play("r1m1", ONE_V_TWO).winner == cup.team_of[2]
    body = cup.read()
    assert body.can_advance and body.champion is None
    assert cup.standings() == STANDINGS
    assert [s.team for s in body.standings] == [cup.team_of[n] for n in (2, 3, 1, 4)]

    semis = cup.advance().rounds[-1]
    assert (semis.name, semis.kind) == ("Semi-finals", "knockout")
    assert [sorted(m.teams) for m in semis.matches] == [
        sorted([cup.team_of[2], cup.team_of[4]]), sorted([cup.team_of[3], cup.team_of[1]])]
    assert cup.play("r2m1", TWO_V_FOUR).winner == cup.team_of[4]
    assert cup.play("r2m2", THREE_V_ONE).winner == cup.team_of[1]
    refused(sk, cup.report("r2m2", {3: 100, 1: 50}), 409)  # 2-0 ends a best of three

    final = cup.advance().rounds[-1]
    assert (final.name, [m.id for m in final.matches]) == ("Final", ["r3m1"])
    match = cup.play("r3m1", FOUR_V_ONE)
    assert (match.status, match.winner, sorted(match.wins)) == ("complete", cup.team_of[1],
                                                                  [1, 2])

    body = cup.read()
    assert (body.status, body.champion) == ("finished", cup.team_of[1])
    assert cup.standings() == STANDINGS  # the knockout does not count in the table
