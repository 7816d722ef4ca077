"""Australian (American) 500: the Avondale table, special bids and the common house rules."""

from __future__ import annotations

from scorekeeper.rules.base import OptionSpec
from scorekeeper.rules.contract import AVONDALE_BIDS, Bid, ContractVariant, j5_bid

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("target", "integer", 500, "Points a side needs to win the game.", minimum=1),
    OptionSpec("lose_at", "integer", -500,
               "A side at or below this score loses at once (out the back door); null to never "
               "lose that way.", nullable=True, maximum=-1),
    OptionSpec("win_on", "string", "any",
               "How the target is reached: 'any' points (if two sides pass it in one hand the "
               "bidding side wins) or only by making a 'contract'.",
               choices=("any", "contract")),
    OptionSpec("slam_bonus", "boolean", True,
               "A side that bids and takes all ten tricks scores at least 250."),
    OptionSpec("defender_trick_points", "integer", 10,
               "Points the defenders score for each trick they take.", minimum=0),
    OptionSpec("defender_cap", "integer", None,
               "When set, points for tricks taken in defence never lift a side above this score.",
               nullable=True),
    OptionSpec("misere", "boolean", True,
               "Misère (MIS, 250): the bidder plays alone and must take no trick."),
    OptionSpec("misere_rank", "string", "after-7",
               "Where misère ranks in the auction: only once someone has bid 7 ('after-7', it then "
               "beats every 7-bid) or by its value between 8♠ and 8♣ ('by-value').",
               choices=("after-7", "by-value")),
    OptionSpec("open_misere", "boolean", True,
               "Open misère (OMIS, 500): misère with the bidder's hand shown after the first "
               "trick; may open the auction."),
    OptionSpec("blind_misere", "boolean", False,
               "Blind misère (BMIS, 1000): misère bid before looking at the cards."),
    OptionSpec("double_nullo", "boolean", False,
               "Double nullo (DNUL, 500): both partners play and must take no trick."),
    OptionSpec("patastrophe", "boolean", False,
               "Patastrophe (PAT, 1000): open misère played by both partners."),
    OptionSpec("hi_lo", "boolean", False,
               "Hi/lo (HILO, 350): the bidder plays alone and must take exactly five tricks."),
    OptionSpec("j5", "boolean", False,
               "J5 bids (6J5 to 10J5): no-trumps with each jack above its ace and no left bower, "
               "worth the no-trump bid of the same level."),
    OptionSpec("misere_defender_tricks", "boolean", False,
               "Defenders score for their tricks against a misère-family bid, as against a suit."),
    OptionSpec("pass_out", "string", "redeal",
               "When everybody passes: 'redeal' (same dealer, twice at most, then the deal passes "
               "on), 'no-trump' (played at no-trumps, 10 a trick to everyone), 'next-dealer', or "
               "'dealer-must-bid' (a hand cannot be passed out).",
               choices=("redeal", "no-trump", "next-dealer", "dealer-must-bid")),
    OptionSpec("ralphing", "boolean", False,
               "A bidder who fails by more than 3 tricks, or takes 3 or more in a misère, may not "
               "win the next auction."),
    OptionSpec("auction", "string", "australian",
               "Auction style: 'australian' (round and round until all but one pass) or "
               "'american' (one call each).", choices=("australian", "american")),
)

MISERE = Bid("MIS", "Misère", 250, kind="misere", option="misere", plays="alone")
OPEN_MISERE = Bid("OMIS", "Open misère", 500, kind="misere", option="open_misere", plays="alone")
BLIND_MISERE = Bid("BMIS", "Blind misère", 1000, kind="misere", option="blind_misere",
                   plays="alone")  # (house) value from a public scoring app, RULES.md
DOUBLE_NULLO = Bid("DNUL", "Double nullo", 500, kind="misere", option="double_nullo")
PATASTROPHE = Bid("PAT", "Patastrophe", 1000, kind="misere", option="patastrophe")
HI_LO = Bid("HILO", "Hi/lo", 350, kind="hilo", option="hi_lo", plays="alone")


def _ranked_bids() -> tuple[Bid, ...]:
    """The bid table in auction order (default misère rank): each special bid sits right after
    the ordinary bid it beats, each J5 bid beside the no-trump bid of its level."""
    after = {"7NT": (MISERE,), "9C": (HI_LO,), "10D": (OPEN_MISERE, DOUBLE_NULLO),
             "10NT": (BLIND_MISERE, PATASTROPHE)}
    table: list[Bid] = []
    for bid in AVONDALE_BIDS:
        table.append(bid)
        if bid.code.endswith("NT"):
            table.append(j5_bid(bid.tricks))
        table.extend(after.get(bid.code, ()))
    return tuple(table)


VARIANT = ContractVariant(
    key="australian-500",
    name="Australian 500",
    description="The classic 500: 43 cards, bid tricks and trumps, first side to 500 wins "
                "(also called American 500).",
    option_specs=OPTIONS,
    bid_table=_ranked_bids(),
    forms=((2, 2), (3, 1), (2, 3), (3, 2)),
)
