"""What a gin result tells the screen: the arrangement that was scored, each lay-off as a
sentence, the showdown explained in sentences with seats named ``seat N``, an option source text
that says which reading is the default, and the knock check that ``cardkit hand`` shows."""

from __future__ import annotations

from cardkit.engine.registry import game_definition
from cardkit.game import HandAnalysis
from cardkit.values.cards import parse_cards
from tests.games.gin_rummy.helpers import BOX_P1, P1, both_decline, deck, hand

# The example: the box's best grouping on screen is [AC 2C 3C] [4H 5H 6H] (deadwood
# 2H 2S 3D AS = 8), but [2C 2H 2S] [4H 5H 6H] (AC 3C 3D AS = 8) scores better for it: the
# captain can lay off only 2D (2 points) on the set of 2s instead of 4C (4) on the club run.
CAPTAIN = "2D 4C KC QD JS 9C 7D 6S 3S 10D"
BOX = "AC 2C 3C 2H 2S 4H 5H 6H 3D KH"


def knocked(captain: str = CAPTAIN, box: str = BOX, upcard: str = "AS", **options):
    """The captain declines, the box takes the up-card and knocks with KH."""
    state = hand(captain, box, upcard, **options)
    for move in ("decline upcard", "take upcard", "knock KH"):
        state.apply(move)
    return state


def test_the_result_carries_the_hands_as_scored() -> None:
    details = knocked().result.details
    assert details["knocker_melds"] == [["2C", "2H", "2S"], ["4H", "5H", "6H"]]
    box, captain, sitter = details["hands"]
    assert box == {"melds": [["2C", "2H", "2S"], ["4H", "5H", "6H"]],
                   "deadwood": ["AC", "3C", "3D", "AS"], "deadwood_value": 8, "laid_off": []}
    assert captain["laid_off"] == ["2D"] and captain["melds"] == []
    assert captain["deadwood_value"] == details["defender_deadwood"] == 69
    assert "2D" not in captain["deadwood"] and sitter is None


def test_each_layoff_is_a_sentence_and_the_score_is_explained() -> None:
    explanation = knocked().result.details["explanation"]
    assert explanation == [
        "seat 0 (box) discards KH and knocks with 8 deadwood (the limit is 10, §5.1).",
        "seat 1 (captain) lays 2D off on seat 0's set of 2s.",
        "8 is less than 69: seat 0 (box) wins the knock and scores the difference, "
        "69 - 8 = 61 points (§6.1).",
    ]


def test_a_chain_on_a_run_names_the_run_as_it_grows() -> None:
    """§4 chains: 8H then 9H on 5H 6H 7H."""
    state = knocked("8H 9H KC QD JS 9C 7D 6S 3S 10D", "5H 6H 7H 2C 2D 2S AD 3C 4C KH", "AC")
    laid = [line for line in state.result.details["explanation"] if " lays " in line]
    assert laid == ["seat 1 (captain) lays 8H off on seat 0's run of hearts from 5 to 7.",
                    "seat 1 (captain) lays 9H off on seat 0's run of hearts from 5 to 8."]


def test_a_blocking_arrangement_is_explained() -> None:
    """§9.9: the box shows 10 deadwood instead of its least, 2, to keep 9H 10H off."""
    box = "5H 6H 7H 8H 2C 2D 2S 2H AC KH"
    state = knocked("9H 10H KC QD JS 9C 7D 6S 4C 3S", box, "AD")
    assert ("seat 0 (box) shows melds leaving 10 deadwood rather than its least, 2, to keep "
            "cards off them (§9.9).") in state.result.details["explanation"]
    assert state.result.details["hands"][P1]["deadwood_value"] == 10


def test_undercut_gin_and_team_credit_sentences() -> None:
    undercut = knocked("KD KC KS 3D 4D 5D 5S 6S 7S AH", "AC 2C 3C 4H 5H 6H 8C 8D 9S KH", "8H")
    assert undercut.result.ending == "undercut"
    assert undercut.result.details["explanation"][-1] == (
        "1 is no more than the knocker's 9: an undercut, seat 1 (captain) scores the undercut "
        "bonus 10 plus the difference 9 - 1: 18 points (§6.1, §9.3).")
    team = knocked("KD KC KS 3D 4D 5D 5S 6S 7S AH", "AC 2C 3C 4H 5H 6H 8C 8D 9S KH", "8H",
                   team_points_to="captain_and_sitter")
    assert team.result.details["explanation"][-1] == (
        "seat 2 (sitter) is credited the same 18 points (team_points_to, §6.2).")
    gin = hand("5C 8S KC QD JD 9C 6D 4D 3S 8D", "AC 2C 3C 4C 7H 7D 7S 10S JS KH", "QS")
    for move in ("decline upcard", "take upcard", "gin KH"):
        gin.apply(move)
    assert gin.result.details["explanation"] == [
        "seat 0 (box) discards KH and goes gin: all ten cards melded, so seat 1 (captain) may "
        "not lay off (§5.2).",
        "seat 0 (box) scores the bonus 25 plus the defender's 73 deadwood: 98 points (§6.1)."]


def test_a_variants_scoring_is_not_given_the_default_formula() -> None:
    def doubled(base, state, ending, knocker_deadwood, defender_deadwood):
        side, points, ending = base(state, ending, knocker_deadwood, defender_deadwood)
        return side, 2 * points, ending

    definition = game_definition("gin-rummy")
    variant = definition.variant(name="gin-doubled",
                                 hooks=definition.hooks.replace(hand_score=doubled))
    state = variant.configure(players=3).new_hand(seed=1, deck=deck(CAPTAIN, BOX, "AS"),
                                                  context=BOX_P1)
    for move in ("decline upcard", "take upcard", "knock KH"):
        state.apply(move)
    assert state.result.payoffs == (122, 0, 0)
    assert state.result.details["explanation"][-1] == (
        "8 is less than 69: seat 0 (box) wins the knock and scores 122 points by this "
        "variant's scoring (§6.1).")


def test_dead_hand_sentence_names_the_seat() -> None:
    state = hand("AC 3C 5C 7C 9C JC KC 2D 4D 6D", "AH 3H 5H 7H 9H JH KH 2S 4S 6S",
                 draw_stock_remaining=30)
    both_decline(state)
    state.apply("draw stock")
    state.apply("discard 6D")
    assert state.result.ending == "draw"
    assert state.result.details["explanation"] == [
        "seat 1 (captain) discards without knocking with 30 cards left in the stock: the hand "
        "is dead and nobody scores (§5.3)."]


def test_knocker_arrangement_source_names_the_default() -> None:
    """The option's source text says which reading is the default (it used to call the
    minimum-deadwood reading the default while the default was best_result)."""
    option = game_definition("gin-rummy").options["knocker_arrangement"]
    assert option.default == "best_result"
    assert "minimum offered by default" not in option.source
    assert option.source.startswith("best_result (the default here)")


def test_hand_analysis_reports_the_knock_check():
    """`cardkit hand` adds gin's knock check to the generic arrangement (§5.1)."""
    from cardkit.engine.registry import game_definition

    definition = game_definition("gin-rummy")
    options = definition.configure().options
    analyse = definition.capability(HandAnalysis).analyse
    eleven = parse_cards("3S 4S 5S 8H 8D 8C JD QD KD 4C 9H")
    assert analyse(eleven, options) == {"knock_limit": 10, "can_knock": True, "gin": False,
                                        "knock_with": "knock 9H (leaves 4 deadwood)"}
    ten = parse_cards("3S 4S 5S 8H 8D 8C JD QD KH AS")
    assert analyse(ten, options)["can_knock"] is False
    gin = parse_cards("AC 2C 3C 4C 7H 7D 7S 10S JS QS 9D")
    assert analyse(gin, options)["gin"] is True
