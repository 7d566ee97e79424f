"""The phases of a gin turn, ``upcard`` (§3.1), ``draw`` (§3.2) and ``discard`` (§3.2, §5:
discard, knock, gin, big gin), each declared once with its moves: what it allows (``*_legal``),
why it refuses a move (``*_why_illegal``) and what a move does (``*_apply``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit_games.gin_rummy.rules import RULES

from cardkit.actions import Action
from cardkit.cards import STANDARD_CARDS, Card, CardSet
from cardkit.melds import deadwood_value, deadwood_within, deadwood_without_each
from cardkit.rummy import DRAW_DISCARD, DRAW_STOCK
from cardkit.state import Phase, phases

if TYPE_CHECKING:
    from cardkit_games.gin_rummy.state import GinState

__all__ = ["PHASES", "knock_check"]

TAKE_UPCARD = Action("take", "upcard")
DECLINE_UPCARD = Action("decline", "upcard")
BIG_GIN = Action("big", "gin")
# One prebuilt action per card: the legal-move list is built on the hot path.
DISCARD = [Action("discard", cards=(card,)) for card in STANDARD_CARDS]
KNOCK = [Action("knock", cards=(card,)) for card in STANDARD_CARDS]
GIN = [Action("gin", cards=(card,)) for card in STANDARD_CARDS]

# CardSet.from_mask bound once: the hand changes at every move, and a class method looked up at
# each call is bound anew each time
_cardset = CardSet.from_mask

_SUIT_BITS = 0x1FFF  # one suit's 13 cards in a card mask (clubs at bit 0, then 13 per suit)


# One suit's discard actions for each set of its cards (13 bits), by suit: a hand's discards
# are four lookups rather than a walk over it. Lists indexed by the bits, not dicts: a list
# lookup by a small int is the cheapest there is, and the four of them run at every discard.
# All 8192 sets of a suit are made at the first discard (some 5 ms, once a process): made one
# set at a time as hands met them, a simulation kept making them for thousands of hands.
# None marks the tables not made yet.
_SUIT_DISCARDS: tuple[list[tuple[Action, ...] | None], ...] = tuple(
    [None] * (1 << 13) for _ in range(4))
_CLUBS, _DIAMONDS, _HEARTS, _SPADES = _SUIT_DISCARDS


def _fill_suit_discards() -> None:
    """Make every suit's discard actions for every set of its cards, lowest card first: a set's
    are those of the set without its highest card, then that card's."""
    for suit, table in enumerate(_SUIT_DISCARDS):
        table[0] = ()
        for bits in range(1, 1 << 13):
            high = bits.bit_length() - 1
            table[bits] = (*table[bits ^ 1 << high], DISCARD[13 * suit + high])  # type: ignore[misc]


def _take(state: GinState, seat: int, card: Card) -> None:
    """A card taken from the discard pile joins the hand, seen by everyone (the move shows it
    in the public history)."""
    state.reveal(card)
    state.hands[seat] = _cardset(state.hands[seat].mask | card.mask)
    state.taken = card
    state.public |= card.mask


def barred_card(state: GinState) -> Card | None:
    """§3.2: the card that may not be discarded this turn, the one just taken from the pile
    (None when option ``discard_taken_card_same_turn`` allows it, or none was taken)."""
    return None if state.options["discard_taken_card_same_turn"] else state.taken


# ----- the up-card phase (§3.1) -----------------------------------------------------------------


def upcard_legal(state: GinState) -> list[Action]:
    """§3.1: the captain, then the dealer, may take the first up-card."""
    return [TAKE_UPCARD, DECLINE_UPCARD]


def upcard_apply(state: GinState, action: Action) -> None:
    """Taking the up-card leads to the discard (or a knock); after two refusals the captain
    must draw from the stock (§3.1.4)."""
    seat = state.seat_to_play
    if action.kind == "take":
        _take(state, seat, state.discards.pop())
        state.count_event("upcard_taken")
        state.enter("discard")
    else:
        state.current_player = state.opponent(seat)
        if seat == state.dealer:  # both declined
            state.enter("draw")
            state.must_draw_stock = True


# ----- the draw phase (§3.2) --------------------------------------------------------------------


# The draw phase's two possible lists, shared (the engine's legal-move lists are read-only)
_DRAW_STOCK_ONLY = [DRAW_STOCK]
_DRAW_EITHER = [DRAW_STOCK, DRAW_DISCARD]


def draw_legal(state: GinState) -> list[Action]:
    """Draw from the stock, or take the top discard (not right after both declined it)."""
    return _DRAW_STOCK_ONLY if state.must_draw_stock else _DRAW_EITHER


def draw_why_illegal(state: GinState, action: Action) -> str | None:
    """The discard pile is closed for the first draw after both declined the up-card."""
    if action.option == "discard" and state.must_draw_stock:
        return "both players declined the up-card: draw from the stock this turn (§3.1)"
    return None


def draw_apply(state: GinState, action: Action) -> None:
    """The drawn card joins the hand; then the discard phase."""
    seat = state.current_player
    assert seat is not None  # not seat_to_play: a property call per move shows in simulations
    if action.option == "stock":
        card = state.stock.pop()
        state.hands[seat] = _cardset(state.hands[seat].mask | card.mask)
        state.taken = None
        state.must_draw_stock = False
    else:
        _take(state, seat, state.discards.pop())
        state.count_event("discard_drawn")
    state.enter("discard")


# ----- the discard phase (§3.2, §5) -------------------------------------------------------------


def knock_check(state: GinState, hand: CardSet, barred: Card | None) -> list[Action]:
    """The knock check (§5.1, §5.2), asked by the discard phase's legal moves: ``knock`` (or
    ``gin``, with no deadwood left) with each discard, bar the barred card, that leaves at
    most the knock limit, in card order, then ``big gin`` if all eleven cards meld (when
    played). ``deadwood(H - c) >= deadwood(H) - value(c)``, so most hands are ruled out
    without a search."""
    limit = state.game.hooks.knock_limit(state)
    # a discard lowers the deadwood by at most 10: over limit + 10 nothing can knock (the
    # usual case, found mostly without weighing the hand's sets); 0 is always asked (big gin)
    total = deadwood_within(hand, limit + 10 if limit > -10 else 0, RULES)
    if total is None:
        return []
    enders = []
    # every discard weighed at once (the player's discard decision weighs the same hand next,
    # and the library remembers it)
    for card, left in zip(hand, deadwood_without_each(hand, RULES), strict=True):
        if left <= limit and card is not barred:
            enders.append(GIN[card.index] if left == 0 else KNOCK[card.index])
    if total == 0 and state.options["big_gin_bonus"] is not None:
        enders.append(BIG_GIN)
    return enders


def discard_legal(state: GinState) -> list[Action]:
    """Any card but the one just taken (§3.2); knock or gin with a discard the knock check
    allows, and big gin when all eleven cards meld (§5: :func:`knock_check`). The engine keeps
    the list until the next move, so the check runs once a turn."""
    seat = state.current_player
    assert seat is not None
    hand = state.hands[seat]
    mask = hand.mask
    barred = None
    if state.taken is not None:  # (no card to bar after a draw from the stock)
        barred = barred_card(state)
        if barred is not None:
            mask &= ~barred.mask
    try:
        actions = [*_CLUBS[mask & 0x1FFF], *_DIAMONDS[mask >> 13 & 0x1FFF],  # type: ignore[misc]
                   *_HEARTS[mask >> 26 & 0x1FFF], *_SPADES[mask >> 39 & 0x1FFF]]
    except TypeError:  # the tables are not made yet (None is not iterable): once a process
        _fill_suit_discards()
        return discard_legal(state)
    enders = knock_check(state, hand, barred)
    if enders:
        actions += enders
    return actions


def discard_why_illegal(state: GinState, action: Action) -> str | None:
    """A card not held or just taken, too much deadwood to knock, not gin, no big gin."""
    if action.kind == "big":
        if state.options["big_gin_bonus"] is None:
            return "big gin is not played (option big_gin_bonus)"
        return "big gin needs all eleven cards melded"
    if len(action.cards) != 1:
        return None
    hand = state.hands[state.seat_to_play]
    card = action.cards[0]
    if card not in hand:
        return f"you do not hold {card}"
    if card is barred_card(state):
        return "you may not discard the card you took from the discard pile this turn"
    if action.kind == "discard":
        return None
    left = deadwood_value(hand.remove(card), RULES)
    if action.kind == "knock":
        if left == 0:
            return f"discarding {card} leaves no deadwood: that is gin (gin {card})"
        return (f"you may knock with {state.game.hooks.knock_limit(state)} or less deadwood; "
                f"discarding {card} leaves {left}")
    return f"gin needs all ten cards melded; discarding {card} leaves {left} deadwood"


def discard_apply(state: GinState, action: Action) -> None:
    """A discard passes the turn, or ends a dead hand (§5.3); knock and gin discard and go to
    the showdown (§5.1, §5.2); big gin shows all eleven cards."""
    seat = state.current_player
    assert seat is not None
    if action.kind == "big":
        state.count_event("big_gin")
        state.finish(state.game.hooks.showdown(state, seat, "big_gin", None))
        return
    card = action.cards[0]
    mask = card.mask
    state.hands[seat] = _cardset(state.hands[seat].mask ^ mask)  # a card held
    state.discards.append(card)
    if state.public & mask:  # a card seen taken goes back to the pile
        state.public ^= mask
    state.taken = None
    if action.kind != "discard":
        state.count_event(action.kind)  # knock or gin
        state.finish(state.game.hooks.showdown(state, seat, action.kind, card))
    elif len(state.stock) <= state.options["draw_stock_remaining"]:
        state.finish(state.game.hooks.settle_draw(state, seat))
    else:
        # state.opponent(seat), written out: a call per discard shows in simulations
        state.current_player = state.dealer if seat == state.non_dealer else state.non_dealer
        state.enter("draw")


PHASES = phases(
    Phase("upcard", {"take", "decline"}, "take or decline the up-card",
          "first decide on the up-card: take upcard or decline upcard",
          legal=upcard_legal, apply=upcard_apply, next={"draw", "discard"}),
    Phase("draw", {"draw"}, "draw from the stock or the discard pile",
          "you must draw first: draw stock or draw discard",
          legal=draw_legal, why_illegal=draw_why_illegal, apply=draw_apply,
          next={"discard"}),
    Phase("discard", {"discard", "knock", "gin", "big"},
          "discard a card (or knock / gin with the discard)",
          "you have drawn already: discard, knock or gin",
          legal=discard_legal, why_illegal=discard_why_illegal, apply=discard_apply,
          next={"draw"}),
)
