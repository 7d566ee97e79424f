"""The encoding of a game that declares none, derived from what it does declare (a survey of
its moves in a few seeded random hands), and :func:`encoding_for`: a game's encoding, declared
or derived."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING

from cardkit.engine.capabilities import Encoding, HandAnalysis
from cardkit.services.encoding.catalogue import ActionCatalogue
from cardkit.services.encoding.keys import (
    CombinationAbstraction,
    MeldAbstraction,
    card_action_keys,
    hit_keys,
    meld_keys,
)
from cardkit.services.encoding.observation import GameEncoding, ObservationEncoding
from cardkit.values.actions import Action
from cardkit.values.cache import BoundedCache

if TYPE_CHECKING:
    from cardkit.engine.game import Game

__all__ = ["FALLBACK_OVERFLOW", "FALLBACK_SURVEY_HANDS", "encoding_for", "fallback_encoding"]


#: Spare indices the fallback catalogue hands out, in order of first sight, to actions its
#: derived part does not cover (see :func:`fallback_encoding`).
FALLBACK_OVERFLOW = 256
#: Random hands the fallback plays to learn the shapes of a game's moves.
FALLBACK_SURVEY_HANDS = 24
#: ... with two or more decks: their hands are long and their moves costly to list, and a
#: few hands meet every shape (the melds' shapes are listed whole, not surveyed).
FALLBACK_SURVEY_HANDS_COPIES = 6


def _shape(action: Action) -> tuple[str, str | None, int, bool, bool]:
    return (action.kind, action.option, len(action.cards), action.target is not None,
            bool(action.declared))


def _survey(game: Game) -> set[tuple[str, str | None, int, bool, bool]]:
    """The shapes of the moves seen in a few seeded random hands."""
    shapes: set[tuple[str, str | None, int, bool, bool]] = set()
    limit = game.definition.max_actions
    hands = FALLBACK_SURVEY_HANDS if game.deck_spec.copies == 1 else FALLBACK_SURVEY_HANDS_COPIES
    for seed in range(hands):
        state = game.new_hand(seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over and steps < limit:
            actions = state.legal_actions()
            shapes.update(_shape(action) for action in actions)
            state.apply_unchecked(rng.choice(actions))
            steps += 1
    return shapes


def fallback_encoding(game: Game) -> GameEncoding:
    """The encoding a game gets when it declares none, derived from what it does declare.

    The catalogue lists, for each shape of move seen in a few seeded random hands (kind,
    option, number of cards, a target, declared wild cards): a move without cards as it is;
    a one-card move once per card of the deck; a several-card move once per meld the whole
    deck could make under the game's ``meld_rules`` (or, under its ``climbing_rules``, once
    per :class:`CombinationAbstraction` key: type, length and top card; with two or more
    decks, once per :class:`MeldAbstraction` shape: a set's rank or a run's suit and lowest
    card, length and wild cards, as the melds of several decks are too many to list); a card
    with a
    target (a lay-off) once per card and target, targets up to the number of melds the deck
    could make. Any move still not listed (a shape the survey
    never met, a combination outside those rules) takes one of ``FALLBACK_OVERFLOW`` spare
    indices in order of first sight. The observation is the base planes.
    """
    definition = game.definition
    deck = tuple(sorted(game.deck_spec.cards, key=lambda card: card.index))
    analysis = definition.capability(HandAnalysis) or HandAnalysis()
    meld_rules = analysis.meld_rules(game.options) if analysis.meld_rules else None
    climbing_rules = analysis.climbing_rules(game.options) if analysis.climbing_rules else None
    keys: list[Hashable] = []
    seen: set[Hashable] = set()

    def add(new: Iterable[str]) -> None:
        for key in new:
            if key not in seen:
                seen.add(key)
                keys.append(key)

    naturals = [card for card in deck if not card.is_joker]
    abstraction: CombinationAbstraction | None = None
    shapes: dict[str, MeldAbstraction] = {}
    copies = game.deck_spec.copies > 1
    for kind, option, count, targeted, _wild in sorted(_survey(game), key=str):
        if count == 0:
            add([str(Action(kind, option))])
        elif count == 1 and not targeted:
            add(card_action_keys(kind, deck, option))
        elif count == 1:
            smallest = min((*meld_rules.set_sizes, meld_rules.min_run)) if meld_rules else 3
            wilds = {card: naturals for card in deck
                     if meld_rules is not None and meld_rules.is_wild(card)}
            add(hit_keys(kind, deck, len(deck) // smallest, wilds))
        elif meld_rules is not None and copies:
            wild_cards = sum(1 for card in deck if meld_rules.is_wild(card))
            shapes[kind] = MeldAbstraction(kind, meld_rules, wild_cards)
            add(shapes[kind].keys)
        elif meld_rules is not None:
            add(meld_keys(kind, deck, meld_rules))
        elif climbing_rules is not None:
            abstraction = CombinationAbstraction(kind, climbing_rules)
            add(abstraction.keys)
    if abstraction is not None:
        catalogue = ActionCatalogue(keys, abstraction.key_of, abstraction.prefer,
                                    FALLBACK_OVERFLOW)
    elif shapes:
        def key_of(action: Action) -> Hashable:
            shape = shapes.get(action.kind)
            return str(action) if shape is None else shape.key_of(action)

        catalogue = ActionCatalogue(keys, key_of, MeldAbstraction.prefer, FALLBACK_OVERFLOW)
    else:
        catalogue = ActionCatalogue(keys, overflow=FALLBACK_OVERFLOW)
    observation = ObservationEncoding(deck, game.players, tuple(definition.state_class.PHASES))
    return GameEncoding(catalogue, observation,
                        "none declared: the generic catalogue (see fallback_encoding)")


_ENCODINGS = BoundedCache[Hashable, GameEncoding](maxsize=64)


def encoding_for(game: Game) -> GameEncoding:
    """The encoding of a configured game: the one it declares (its
    :class:`~cardkit.game.Encoding` capability), else :func:`fallback_encoding`. Built once per
    game, players and options."""
    capability = game.definition.capability(Encoding)
    declared = capability.build if capability is not None else None
    key = (game.definition.name, game.players, tuple(sorted(map(repr, game.options.items()))),
           id(declared))
    found = _ENCODINGS.get(key)
    if found is None:
        found = declared(game) if declared is not None else fallback_encoding(game)
        _ENCODINGS[key] = found
    return found
