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


#: Words a player types for a whole move, and the moves they mean (the first that is legal).
SYNONYMS = {
    "take": ("take upcard", "draw discard"),
    "stock": ("draw stock",),
    "pile": ("draw discard",),
    "discard": ("draw discard",),
}
#: When a short form fits several moves, the plain one of these kinds is meant (``jd`` is
#: ``discard JD``, not ``knock JD``; ``draw`` is ``draw stock``).
PLAIN = ("discard", "play", "draw stock")
#: Rank words a player types without a suit (``play 3``, ``play 10 10``).
RANKS = {"a": 1, "j": 11, "q": 12, "k": 13, "t": 10,
         **{str(number): number for number in range(2, 11)}}


def _words(action: Action) -> list[str]:
    """A move's words that are not cards: ``['draw', 'stock']``, ``['hit', '1']``."""
    return [word for word in str(action).lower().split()
            if not _is_card(word)]


def _is_card(word: str) -> bool:
    try:
        Card.parse(word)
    except ValueError:
        return False
    return True


def _plainest(moves: Sequence[Action]) -> list[Action]:
    """The plain move among several a short form fits, if one is (see :data:`PLAIN`)."""
    for plain in PLAIN:
        kind, _, option = plain.partition(" ")
        found = [move for move in moves
                 if move.kind == kind and (not option or move.option == option)]
        if len(found) == 1:
            return found
    return list(moves)


def short_forms(state: State, text: str, legal: Sequence[Action]) -> list[Action]:
    """The legal moves a short form means: a synonym (``take``, ``stock``), the initials of a
    move's words (``ds`` for ``draw stock``), each word a prefix of the move's (``d jd``,
    ``disc jd``, ``dr``), a bare card (``jd`` for ``discard JD``) or ranks without suits
    (``play 3``). Several fitting moves narrow to the plain one (see :data:`PLAIN`)."""
    words = text.lower().split()
    cards = typed_cards(text)
    others = [word for word in words if not _is_card(word)]
    if not words:
        return []
    if not cards and len(others) == 1 and others[0] in SYNONYMS:
        for meant in SYNONYMS[others[0]]:
            found = [move for move in legal if str(move).lower() == meant]
            if found:
                return found
    if not cards and len(others) == 1 and len(others[0]) >= 2:
        initials = [move for move in legal if not move.cards
                    and "".join(word[0] for word in _words(move)) == others[0]]
        if initials:
            return initials
    if not others:  # a bare card or cards: the moves that play exactly those
        return _plainest([move for move in legal if frozenset(move.cards) == cards])
    ranks = [RANKS[word] for word in others[1:] if word in RANKS]
    if ranks and len(ranks) == len(others) - 1:
        # 'play 3', 'play 3 3': the moves of that word whose cards have those ranks
        wanted = sorted(ranks + [int(card.rank) for card in cards if card.rank is not None])
        found = [move for move in legal
                 if move.kind.startswith(others[0]) and cards <= set(move.cards)
                 and sorted(int(c.rank) for c in move.cards if c.rank is not None) == wanted]
        if found:
            return found
    prefixed = [move for move in legal if frozenset(move.cards) == cards
                and len(others) <= len(_words(move))
                and all(mine.startswith(word) for word, mine in zip(others, _words(move),
                                                                    strict=False))]
    return _plainest(prefixed) if len(others) == 1 else prefixed


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
        unique = _plainest(completions(state, text)) or short_forms(state, text, legal)
        if len(unique) == 1:
            return unique[0]
        if len(unique) > 1:
            _ambiguous(text, unique)
        raise IllegalAction(f"{error}{_offer(state, closest(state, text, legal))}") from None
    if state.is_legal(action):
        return action
    unique = _plainest(completions(state, text)) or short_forms(state, text, legal)
    if len(unique) == 1:
        return unique[0]
    if len(unique) > 1:
        _ambiguous(text, unique)
    _refuse(state, text, action, legal)


def _ambiguous(text: str, moves: Sequence[Action]) -> NoReturn:
    raise IllegalAction(f"{text.strip()!r} could be "
                        + " or ".join(str(move) for move in moves[:CANDIDATES])
                        + ("…" if len(moves) > CANDIDATES else "") + "; say which")


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
