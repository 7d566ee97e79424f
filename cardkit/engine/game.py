"""Configured games: what ``load_game`` returns.

A :class:`Game` is a :class:`~cardkit.engine.definition.GameDefinition` with its player count
and resolved options: it deals hands (``new_hand``), starts matches (``new_match``) and builds
agents by name (``agent``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardkit.engine import ports
from cardkit.engine.agents import Agent
from cardkit.engine.match import HandContext, Match
from cardkit.values.cards import Card, parse_cards
from cardkit.values.deck import DeckSpec
from cardkit.values.hooks import Hooks
from cardkit.values.validate import check_seed

if TYPE_CHECKING:
    from cardkit.engine.definition import GameDefinition
    from cardkit.engine.state import State

__all__ = ["Game"]


@attrs.frozen(eq=False)
class Game:
    """A game with its player count and resolved options. ``game.options`` is a plain dict of
    every option's value; do not mutate it."""

    definition: GameDefinition
    players: int
    options: dict[str, Any]
    preset: str | None = None
    #: The rule hooks the game's states call (the definition's; a plain attribute because
    #: states read it at every turn).
    hooks: Hooks = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "hooks", self.definition.hooks)

    @property
    def name(self) -> str:
        """The registered name, e.g. ``tonk``."""
        return self.definition.name

    @property
    def deck_spec(self) -> DeckSpec:
        """The deck these options play with."""
        return self.definition.deck(self.options)

    def first_context(self) -> HandContext:
        """The context of a stand-alone hand: the last seat deals, totals zero."""
        return HandContext(dealer=self.players - 1, totals=(0,) * self.players)

    def new_hand(
        self,
        seed: int | None = None,
        deck: Sequence[Card] | str | None = None,
        context: HandContext | None = None,
    ) -> State:
        """Deal a hand. ``deck`` stacks the deck (top card first; if partial, the rest follows
        in a shuffle drawn from ``seed``). Without a seed one is drawn and kept in the record.
        A seed is a whole number a record can hold (from ``-2**63`` to ``2**64 - 1``);
        ``ValueError`` otherwise."""
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 63)
        elif type(seed) is not int or not -(1 << 63) <= seed < 1 << 64:
            check_seed(seed, "seed", ValueError)
        rng = random.Random(seed)
        spec = self.deck_spec
        stacked: tuple[Card, ...] | None = None
        if deck is not None:
            stacked = tuple(parse_cards(deck) if isinstance(deck, str) else deck)
            cards = spec.stacked(stacked, rng)
        else:
            cards = spec.shuffled(rng)
        return self.definition.state_class(
            self, cards, context or self.first_context(), seed, stacked
        )

    def new_match(self, seed: int | None = None, hands: int | None = None) -> Match:
        """Start a match; ``hands`` stops it after that many hands whatever the game's own end
        (from 1 to :data:`~cardkit.engine.match.MAX_MATCH_HANDS`, which also bounds a match
        without it). ``ValueError`` for a seed (as for :meth:`new_hand`) or a number of hands
        out of range."""
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 63)
        return Match(self, seed, hands)

    def agent(self, name: str, seat: int = 0, seed: int = 0, **params: Any) -> Agent:
        """A new agent of the named kind for ``seat``, with its parameters (e.g.
        ``game.agent("hard", seat=1, iterations=200)``). ``ValueError`` naming the valid
        agents or parameters for an unknown name, an unknown parameter or a bad value."""
        return ports.AGENT_ROSTER().make(self, name, seat, seed, **params)

    def __repr__(self) -> str:
        return f"<Game {self.name} players={self.players}>"
