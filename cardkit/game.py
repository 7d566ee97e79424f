"""Game definitions (what a plugin declares) and configured games (what ``load_game`` returns).

A plugin's entry point names a :class:`GameDefinition`: its name, player counts, options, state
class, deck, hooks, match rules and agents — data, not a subclass. ``definition.configure(...)``
(or ``cardkit.load_game``) validates the options and returns a :class:`Game`, which deals hands
and matches.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardkit.agents import Agent, AgentFactory, random_agent
from cardkit.cards import Card, parse_cards
from cardkit.deck import STANDARD_52, DeckSpec, derive_seed
from cardkit.hooks import Hooks
from cardkit.options import OptionSet
from cardkit.results import Result

if TYPE_CHECKING:
    from cardkit.encoding import GameEncoding
    from cardkit.match import Match
    from cardkit.state import State
    from cardkit.views import View

__all__ = [
    "Game",
    "GameDefinition",
    "HandContext",
    "MatchOutcome",
    "MatchRules",
    "VariantExample",
    "agent_parameters",
    "rotating_dealer_match",
]


def _totals(values: Iterable[float]) -> tuple[float, ...]:
    return tuple(values)


def _roles(values: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if values is None else tuple(values)


@attrs.frozen
class HandContext:
    """What a hand inherits from its match: dealer, hand number, running totals, roles (e.g.
    three-hand gin's box/captain/sitter, one per seat), the seat that leads (games where the
    last winner leads) and any other game-specific data in ``extra`` (plain JSON values)."""

    dealer: int
    hand_number: int = 0
    totals: tuple[float, ...] = attrs.field(default=(), converter=_totals)
    roles: tuple[str, ...] | None = attrs.field(
        default=None, converter=_roles
    )
    leader: int | None = None
    extra: Mapping[str, Any] = attrs.field(factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "totals": list(self.totals),
            "roles": None if self.roles is None else list(self.roles),
            "leader": self.leader,
            "extra": dict(self.extra),
        }

    @classmethod
    def from_dict(cls, data: Any, players: int | None = None,
                  roles: Sequence[str] | None = None, where: str = "context") -> HandContext:
        """Inverse of :meth:`to_dict`, for untrusted data: every field's type and range is
        checked (seats within ``players`` when given, roles among ``roles`` when given, totals
        finite, bounded and one per seat), and each problem is a one-line
        :class:`~cardkit.errors.RecordError` naming the field (``where.dealer`` ...)."""
        from cardkit.validate import (
            check_depth,
            check_int,
            check_number,
            check_seat,
            check_text,
            kind_name,
            require,
        )

        require(isinstance(data, Mapping), f"{where} must be an object, not {kind_name(data)}")
        unknown = sorted(set(data) - set(_CONTEXT_FIELDS))
        require(not unknown, f"{where} has unknown field(s) {', '.join(map(repr, unknown))}; "
                             f"fields: {', '.join(_CONTEXT_FIELDS)}")
        require("dealer" in data, f"{where} is missing 'dealer'")
        seats = players if players is not None else 10**6
        dealer = check_seat(data["dealer"], f"{where}.dealer", seats)
        hand_number = check_int(data.get("hand_number", 0), f"{where}.hand_number", 0, 10**6)
        raw_totals = data.get("totals", [])
        require(isinstance(raw_totals, list | tuple),
                f"{where}.totals must be a list of numbers, not {kind_name(raw_totals)}")
        if players is not None:
            require(len(raw_totals) == players, f"{where}.totals must hold {players} numbers "
                                                f"(one per seat), not {len(raw_totals)}")
        totals = tuple(check_number(total, f"{where}.totals[{index}]")
                       for index, total in enumerate(raw_totals))
        raw_roles = data.get("roles")
        if raw_roles is not None:
            require(isinstance(raw_roles, list | tuple),
                    f"{where}.roles must be a list of role names or null, not "
                    f"{kind_name(raw_roles)}")
            if players is not None:
                require(len(raw_roles) == players, f"{where}.roles must name {players} roles "
                                                   f"(one per seat), not {len(raw_roles)}")
            for index, role in enumerate(raw_roles):
                check_text(role, f"{where}.roles[{index}]", 40)
                if roles is not None:
                    require(role in roles, f"{where}.roles[{index}] is {role!r}; roles: "
                                           + (", ".join(roles) or "none (this game has none)"))
        leader = data.get("leader")
        if leader is not None:
            leader = check_seat(leader, f"{where}.leader", seats)
        extra = data.get("extra", {})
        require(isinstance(extra, Mapping), f"{where}.extra must be an object, not "
                                            f"{kind_name(extra)}")
        check_depth(extra, f"{where}.extra")
        return cls(dealer=dealer, hand_number=hand_number, totals=totals, roles=raw_roles,
                   leader=leader, extra=dict(extra))


#: The fields of a saved :class:`HandContext`.
_CONTEXT_FIELDS = ("dealer", "hand_number", "totals", "roles", "leader", "extra")


@attrs.frozen
class MatchOutcome:
    """How a match ended: the winner (None for no single winner), the final totals (after any
    end-of-match bonuses) and a one-line summary."""

    winner: int | None
    final_totals: tuple[float, ...]
    summary: str = ""


@attrs.frozen
class MatchRules:
    """A game's match structure, as three functions:

    - ``start(game, rng) -> HandContext``: the first hand's context (first dealer by a cut, roles);
    - ``advance(game, context, result, rng) -> HandContext``: the next hand's context (totals,
      dealer, roles, leader) after a hand ended with ``result``;
    - ``outcome(game, context, hands_played) -> MatchOutcome | None``: None while the match goes on.
    """

    start: Callable[[Game, random.Random], HandContext]
    advance: Callable[[Game, HandContext, Result, random.Random], HandContext]
    outcome: Callable[[Game, HandContext, int], MatchOutcome | None]


def count_hands(number: int) -> str:
    """``1 hand``, ``2 hands``: for match summaries."""
    return f"{number} hand" if number == 1 else f"{number} hands"


def rotating_dealer_match(target_hands_option: str | None = None) -> MatchRules:
    """Match rules for games of independent hands: the last seat deals first, the deal passes
    left after every hand, each seat's total adds its payoffs; the match ends after the number of
    hands in option ``target_hands_option`` (0 or absent = no end)."""

    def start(game: Game, rng: random.Random) -> HandContext:
        return HandContext(dealer=game.players - 1, totals=(0,) * game.players)

    def advance(
        game: Game, context: HandContext, result: Result, rng: random.Random
    ) -> HandContext:
        totals = tuple(t + p for t, p in zip(context.totals, result.payoffs, strict=True))
        return attrs.evolve(context, dealer=(context.dealer + 1) % game.players,
                            hand_number=context.hand_number + 1, totals=totals)

    def outcome(game: Game, context: HandContext, hands_played: int) -> MatchOutcome | None:
        limit = game.options.get(target_hands_option, 0) if target_hands_option else 0
        if not limit or hands_played < limit:
            return None
        best = max(context.totals)
        leaders = [seat for seat, total in enumerate(context.totals) if total == best]
        winner = leaders[0] if len(leaders) == 1 else None
        return MatchOutcome(winner, context.totals, f"after {count_hands(hands_played)}")

    return MatchRules(start, advance, outcome)


@attrs.frozen
class VariantExample:
    """The example house rule ``cardkit new-game NAME --from GAME`` writes into a new variant
    of this game: a new whole-number option ``option`` (default 2, at least 1; its one-line
    ``meaning``) and a replacement for the hook ``hook`` that multiplies the payoffs of every
    hand that hook settles by the option's value (the generated tests check exactly that).

    ``source`` is the replacement's code: a function named ``house_rule`` taking
    ``(base, state, *args)`` and returning what the hook returns, in which ``{{option}}``
    stands for the option's name; ``imports`` are the import lines it needs. A game without
    an example still gets a variant scaffold, built from its declared options alone.
    """

    hook: str
    option: str
    meaning: str
    source: str
    imports: tuple[str, ...] = ()


def _check_nothing(players: int, options: Mapping[str, Any]) -> None:
    return None


@attrs.frozen
class GameDefinition:
    """Everything a plugin declares about its game.

    ``deck`` gives the deck for a set of options; ``check`` validates combinations of options
    (raise ``ValueError``); ``zero_sum`` says payoffs sum to zero in every hand; ``max_actions``
    bounds a hand's length for the conformance kit and the lab (a guard, not a rule).

    Optional hand-analysis hooks (all default to None; tools such as the CLI use them when a
    game provides them and fall back to generic behaviour otherwise):

    - ``meld_rules(options) -> MeldRules``: the meld rules in force (rummy games); used to show
      a hand grouped into its best arrangement and to analyse hands.
    - ``climbing_rules(options) -> ClimbingRules``: the rank and suit orders in force (climbing
      games); used to sort hands and list the combinations a hand holds.
    - ``analyse_hand(cards, options) -> dict``: what a game adds to the generic analysis of a
      hand (the best arrangement from ``meld_rules``, or the combinations from
      ``climbing_rules``), as plain JSON data: e.g. Tonk's count and whether it wins at the deal,
      gin's knock check, Tiến Lên's instant wins.
    - ``hand_value(cards, options) -> (name, number)``: the number a player watches in their
      hand and what the game calls it, shown beside the hand (Tonk: ``("count", 27)``, since a
      drop compares every card held). Without it a rummy game shows its deadwood.
    - ``evaluate(state) -> Sequence[float]``: how well each seat stands in a hand in progress,
      one number per seat, higher = better for that seat (e.g. minus the deadwood still in
      hand, or minus the cards left to shed). The rule lab calls it after each completed turn
      to count lead changes (the seat with the unique highest value leads); without it the
      lab falls back to "fewest cards in hand leads". Keep it cheap: it runs once per turn of
      every simulated hand, and it may look at hidden cards (it is a referee's judgement,
      never shown to agents).
    - ``belief(view) -> refine``: what a seat can infer of the cards hidden from it, for the
      search agent's sampler (:class:`cardkit.search.Sampler`). From the seat's view alone
      (its public history: who took, passed and threw what) it builds ``refine(world, rng)``,
      which moves the hidden cards of a uniformly re-dealt world, in place, toward the worlds
      that fit what the seat saw -- players who have been keeping what melds hold better hands
      than a random deal, and a player who let a card pass seldom holds cards that meld with
      it. :func:`cardkit.sampling.exchange_chain` is the usual tool (a Markov chain whose
      stationary distribution is the re-deal weighted by a plausibility). Without it every
      re-deal is equally likely. ``refine`` reads the world's other hands (they are the
      hypothesis being refined), never the real ones.
    - ``encoding(game) -> GameEncoding``: the game's action catalogue (its moves as the
      numbers 0..n-1) and observation encoding, for the research adapters
      (:mod:`cardkit.adapters`); without it :func:`cardkit.encoding.fallback_encoding`
      derives one.
    - ``variant_example``: the house rule ``cardkit new-game --from`` writes into a variant
      (:class:`VariantExample`).
    - ``hand_sizes(options) -> (fewest, most)``: how many cards one player's hand can hold
      under these options (``cardkit hand`` refuses other sizes). Without it any non-empty
      hand no larger than the deck is analysed.

    ``roles`` lists every role name the game's matches give seats (three-hand gin's ``box``,
    ``captain``, ``sitter``); empty for games without roles. Records are checked against it.
    """

    name: str
    title: str
    summary: str
    state_class: type[State]
    options: OptionSet
    player_counts: tuple[int, ...]
    default_players: int
    match: MatchRules = attrs.field(factory=rotating_dealer_match)
    deck: Callable[[Mapping[str, Any]], DeckSpec] = lambda options: STANDARD_52
    hooks: Hooks = attrs.field(factory=Hooks)
    agents: Mapping[str, AgentFactory] = attrs.field(factory=dict)
    zero_sum: bool = False
    check: Callable[[int, Mapping[str, Any]], None] = _check_nothing
    rules_summary: str = ""
    action_help: Mapping[str, str] = attrs.field(factory=dict)
    max_actions: int = 5000
    version: str = "0.1.0"
    meld_rules: Callable[[Mapping[str, Any]], Any] | None = None
    climbing_rules: Callable[[Mapping[str, Any]], Any] | None = None
    analyse_hand: Callable[[Sequence[Card], Mapping[str, Any]], dict[str, Any]] | None = None
    hand_value: Callable[[Sequence[Card], Mapping[str, Any]], tuple[str, float]] | None = None
    evaluate: Callable[[State], Sequence[float]] | None = None
    belief: Callable[[View], Callable[[State, random.Random], None]] | None = None
    encoding: Callable[[Game], GameEncoding] | None = None
    variant_example: VariantExample | None = None
    hand_sizes: Callable[[Mapping[str, Any]], tuple[int, int]] | None = None
    roles: tuple[str, ...] = ()

    def configure(
        self, players: int | None = None, preset: str | None = None, **options: Any
    ) -> Game:
        """A configured game. Raises ``ValueError`` naming the valid choices for a bad player
        count, an unknown option or preset, or a bad value."""
        if players is None:
            players = self.default_players
        if isinstance(players, bool) or not isinstance(players, int) or \
                players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise ValueError(f"{self.name} is for {counts} players, not {players}")
        resolved = self.options.resolve(players, options, preset, game=self.name)
        self.check(players, resolved)
        return Game(self, players, resolved, preset)

    def variant(self, **changes: Any) -> GameDefinition:
        """A new definition with some fields changed (name, options, hooks, agents …): how a
        plugin builds a variant of an existing game without copying it."""
        return attrs.evolve(self, **changes)

    @property
    def samples_hidden_cards(self) -> bool:
        """True when the state class implements ``determinize``: the generic search agent
        (:mod:`cardkit.search`, offered as ``hard``) can then play this game."""
        from cardkit.state import State

        return self.state_class.determinize is not State.determinize

    def _ladder(self) -> dict[str, AgentFactory]:
        """The generic agents this game gets: ``easy`` and ``normal`` from its ``greedy``
        agent, ``hard`` (and its older name ``search``) where it samples hidden cards."""
        from cardkit.search import easy_agent, hard_agent, normal_agent
        from cardkit.search.expert import expert_agent

        ladder: dict[str, AgentFactory] = {"random": random_agent}
        if "greedy" in self.agents:
            ladder["easy"] = easy_agent
            ladder["normal"] = normal_agent
        if self.samples_hidden_cards:
            ladder["hard"] = hard_agent
            ladder["search"] = hard_agent
            ladder["expert"] = expert_agent
        return ladder

    @property
    def agent_names(self) -> list[str]:
        """The agents this game offers: ``random``, then the ladder ``easy``, ``normal``,
        ``hard`` (where the game has a greedy agent and samples hidden cards), then the rest."""
        names = set(self.agents) | set(self._ladder())
        ladder = [name for name in ("random", "easy", "normal", "hard", "expert")
                  if name in names]
        return [*ladder, *sorted(names - set(ladder))]

    def agent_factory(self, name: str) -> AgentFactory:
        """The factory for agent ``name``; ``ValueError`` naming the valid ones otherwise. A
        game's own ``agents`` table wins over the generic ladder."""
        factory = self.agents.get(name) or self._ladder().get(name)
        if factory is None:
            raise ValueError(
                f"{self.name} has no agent {name!r}; agents: {', '.join(self.agent_names)}")
        return factory


def agent_parameters(factory: AgentFactory) -> list[str]:
    """The keyword parameters an agent factory takes beyond ``(game, seat, seed)``."""
    parameters = list(inspect.signature(factory).parameters.values())[3:]
    return [p.name for p in parameters
            if p.kind in (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)]


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
        in a shuffle drawn from ``seed``). Without a seed one is drawn and kept in the record."""
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 63)
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
        """Start a match; ``hands`` stops it after that many hands whatever the game's own end."""
        from cardkit.match import Match

        if seed is None:
            seed = random.SystemRandom().randrange(1 << 63)
        return Match(self, seed, hands)

    def agent(self, name: str, seat: int = 0, seed: int = 0, **params: Any) -> Agent:
        """A new agent of the named kind for ``seat``, with its parameters (e.g.
        ``game.agent("hard", seat=1, iterations=200)``). ``ValueError`` naming the valid
        agents or parameters for an unknown name, an unknown parameter or a bad value."""
        factory = self.definition.agent_factory(name)
        if params:
            valid = agent_parameters(factory)
            unknown = sorted(set(params) - set(valid))
            if unknown:
                takes = f"takes {', '.join(valid)}" if valid else "takes no parameters"
                raise ValueError(f"agent {name!r} of {self.name} has no parameter "
                                 f"{unknown[0]!r}; it {takes}")
        return factory(self, seat, derive_seed(seed, "agent", seat), **params)

    def __repr__(self) -> str:
        return f"<Game {self.name} players={self.players}>"
