"""What a player means by a typed line: a move's number, its text, or a unique completion.

A line is never completed into a move that names other cards than the ones typed: ``play 3D``
is not ``play 3S 3D``. A line that is no legal move is refused with the game's reason and,
where it helps, the legal moves closest to it.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

from cardkit.values.cards import Card
from cardkit.values.errors import IllegalAction

if TYPE_CHECKING:
    from cardkit.engine.seated import SeatedState as State
    from cardkit.values.actions import Action

__all__ = ["MAX_MOVE_TEXT", "resolve_move"]

#: The longest line the play prompt reads as a move (the longest real move is under 60
#: characters); longer lines are refused before any parsing.
MAX_MOVE_TEXT = 200
#: How many legal moves a refusal offers at most.
CANDIDATES = 4


def typed_cards(text: str) -> frozenset[Card]:
    """The cards a line names (its words that read as cards)."""
    found = set()
    for word in text.split():
        try:
            found.add(Card.parse(word))
        except ValueError:
            continue
    return frozenset(found)


def _texts(state: State, action: Action) -> tuple[str, str]:
    """A move's text as the screen lists it (the game's card order) and its canonical text."""
    from cardkit_cli.grouping import display_key

    return action.text(display_key(state.game)).lower(), str(action).lower()


def completions(state: State, text: str) -> list[Action]:
    """The legal moves whose text starts with ``text`` and that name exactly the cards typed:
    ``draw`` for ``draw stock``, ``disc KH`` for ``discard KH``, never ``play 3D`` for
    ``play 3S 3D``."""
    lowered = " ".join(text.lower().split())
    cards = typed_cards(text)
    return [action for action in state.legal_actions()
            if any(shown.startswith(lowered) for shown in _texts(state, action))
            and frozenset(action.cards) == cards]


def closest(state: State, text: str, legal: Sequence[Action]) -> list[Action]:
    """The legal moves nearest to ``text``: those sharing most of its cards, else the nearest
    in spelling."""
    cards = typed_cards(text)
    sharing = sorted((action for action in legal if cards & set(action.cards)),
                     key=lambda action: (-len(cards & set(action.cards)),
                                         len(set(action.cards) ^ cards)))
    if sharing:
        return sharing[:CANDIDATES]
    by_text = {str(action).lower(): action for action in legal}
    near = difflib.get_close_matches(" ".join(text.lower().split()), list(by_text),
                                     n=CANDIDATES, cutoff=0.6)
    return [by_text[name] for name in near]


def _offer(state: State, moves: Sequence[Action]) -> str:
    """``; did you mean 'X'?`` or ``; closest legal moves: X, Y``, as the screen lists them."""
    from cardkit_cli.grouping import display_key

    order = display_key(state.game)
    texts = [move.text(order) for move in moves]
    if not texts:
        return ""
    if len(texts) == 1:
        return f"; did you mean {texts[0]!r}?"
    return "; closest legal moves: " + ", ".join(texts)


def resolve_move(state: State, text: str) -> Action:
    """The action a player means by ``text``: a move's number, its text (any card order, case
    and spelling of ten), or the unique completion of a legal move's text that names the same
    cards. Otherwise ``IllegalAction`` with the reason and the closest legal moves."""
    if len(text) > MAX_MOVE_TEXT:
        raise IllegalAction(f"that line is {len(text):,} characters long; a move is at most "
                            f"{MAX_MOVE_TEXT} (type its number or its text)")
    legal = state.legal_actions()
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise IllegalAction(f"there is no move {number}: type 1 to {len(legal)}, or a move's text")
    try:
        action = state.parse(text)
    except IllegalAction as error:
        unique = completions(state, text)
        if len(unique) == 1:
            return unique[0]
        raise IllegalAction(f"{error}{_offer(state, closest(state, text, legal))}") from None
    if state.is_legal(action):
        return action
    unique = completions(state, text)
    if len(unique) == 1:
        return unique[0]
    if len(unique) > 1:
        raise IllegalAction(f"{text.strip()!r} could be "
                            + " or ".join(str(move) for move in unique[:CANDIDATES])
                            + ("…" if len(unique) > CANDIDATES else "") + "; say which")
    _refuse(state, text, action, legal)


def _refuse(state: State, text: str, action: Action, legal: Sequence[Action]) -> NoReturn:
    """Raise the refusal of a readable line that is no legal move."""
    known = set().union(*(phase.accepts for phase in state.PHASES.values()))
    kinds = known | {move.kind for move in legal}
    if action.kind not in kinds:
        words = difflib.get_close_matches(action.kind, sorted(kinds), n=3, cutoff=0.6)
        for word in words:
            rest = text.strip().partition(" ")[2]
            meant = completions(state, f"{word} {rest}".strip())
            if len(meant) == 1:
                raise IllegalAction(f"{action.kind!r} is not a move word; did you mean "
                                    f"{str(meant[0])!r}?")
        now = sorted({move.kind for move in legal})
        raise IllegalAction(f"{action.kind!r} is not a move in this game; moves now: "
                            f"{', '.join(now)} (or type a move's number)")
    same_kind = [move for move in legal if move.kind == action.kind]
    if same_kind and action.option not in {move.option for move in same_kind}:
        # the move word is right, the word after it is not: 'draw stok', 'drop now'
        offer = _offer(state, closest(state, text, same_kind))
        raise IllegalAction(f"{text.strip()!r} is not a move{offer}")
    reason = state.explain_illegal(action)
    raise IllegalAction(reason + _offer(state, closest(state, text, same_kind)))
