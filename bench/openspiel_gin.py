"""A cardkit agent against OpenSpiel's simple gin rummy bot, OpenSpiel refereeing.

    python bench/openspiel_gin.py --agent normal --deals 200
    python bench/openspiel_gin.py --agent expert --deals 60 --param iterations=600

OpenSpiel's ``gin_rummy`` (default parameters: knock card 10, gin bonus 25, undercut bonus 25)
plays every hand; cardkit mirrors each step on its own engine and checks after every step that
both agree (hands, up-card, stock size, whose turn, the legal moves where they are comparable,
and at the end the deadwood counts and the score), stopping with :class:`Disagreement` if not.
One seat is the cardkit agent, choosing from its cardkit view; the other is OpenSpiel's
``SimpleGinRummyBot`` (``pyspiel.make_simple_gin_rummy_bot``), the reference player of the
EAAI gin rummy challenge. Every deal is played twice, the cardkit agent first as player 0
(the non-dealer, who acts first) and then as player 1 (duplicate format), and the table gives the
agent's points per hand (OpenSpiel's return: the hand's score, plus for the scorer, minus for
the other) with its 95 % interval over deals, the share of decided hands it won, its time per
decision and how often the bridge had to step in (see "the wall" below).

**The deal.** The bridge draws every chance outcome itself, from a shuffled deck per deal:
OpenSpiel deals ten cards to player 0, ten to player 1, one up-card, then the stock in draw
order; cardkit's deck is stacked to the same cards (cardkit deals one at a time, the non-dealer
first, so player 0 is cardkit's non-dealer, seat 0, and player 1 the dealer, seat 1).

**The rules: where they differ and how cardkit is set to match.**

- Options: ``knock_limit`` 10, ``gin_bonus`` 25, ``undercut_bonus`` 25, ``big_gin_bonus`` off
  (OpenSpiel has no big gin: an eleven-card gin discards and scores as gin) are cardkit's
  two-player defaults; ``discard_taken_card_same_turn = true`` (OpenSpiel lets a player throw
  back the card just taken) and ``draw_stock_remaining = 1`` (see the wall) are set.
- **Equal deadwood** (K = D, no gin) scores nothing in OpenSpiel; cardkit calls it an undercut
  (§9.3). The bridge's cardkit variant replaces the ``hand_score`` hook to score it 0.
- **The knocker's melds and the defender's lay-offs** are moves in OpenSpiel and automatic in
  cardkit (the knocker's best arrangement, the defender's best lay-offs). When the cardkit seat
  knocks, cardkit's own choice (the ``best_result`` arrangement) is played into OpenSpiel meld
  by meld; when it defends, cardkit's best own melds and lay-offs are. The simple bot lays the
  least-deadwood melds and never lays off: the bridge's cardkit variant takes the bot's melds
  through the ``knocker_arrangements`` and ``defender_showdown`` hooks, so both engines score
  the hand the bot actually showed.
- **Knocking with eleven cards**: OpenSpiel allows the knock when a shortcut estimate of the
  best discard's deadwood is within the limit (it can overestimate: tests/games/gin_rummy/
  test_openspiel.py), cardkit when the exact one is. The agent is offered only the knocks both
  allow, with discards OpenSpiel accepts.
- **The wall**: in OpenSpiel a discard that leaves two cards in the stock ends the hand unless
  the next player takes that discard and knocks at once; cardkit's default voids the hand at
  that discard. With ``draw_stock_remaining = 1`` cardkit plays on, and the bridge offers the
  next player only OpenSpiel's choices: take the discard (offered only when the knock is then
  legal) and knock, or "draw stock", which stands for OpenSpiel's pass (cardkit then throws the
  first card and the hand is dead in both). An agent that takes the discard and then chooses a
  plain discard is overruled with the knock that leaves the least deadwood; the table counts
  these.
- OpenSpiel's guards against endless play (a card taken and thrown straight back by both
  players in turn; 50 up-card draws) have no cardkit rule; they raise :class:`Disagreement` if
  ever reached.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pyspiel
from cardkit_games.gin_rummy.rules import RULES

import cardkit
from cardkit.engine.agents import Agent
from cardkit.engine.capabilities import Belief
from cardkit.engine.registry import game_definition
from cardkit.engine.state import State
from cardkit.libraries.melds import (
    Arrangement,
    LayoffResult,
    Meld,
    best_with_layoffs,
    classify,
    deadwood_value,
)
from cardkit.services.search.sampler import Sampler
from cardkit.values.actions import Action
from cardkit.values.cards import ALL_CARDS, Card, CardSet
from cardkit.values.deck import derive_seed

__all__ = ["Bridge", "Disagreement", "bridge_game", "ending_kind", "endings", "main", "to_cardkit",
           "to_openspiel"]

#: OpenSpiel suit s, c, d, h -> cardkit suit index (clubs 0, diamonds 1, hearts 2, spades 3)
SUIT_TO_CARDKIT = (3, 0, 1, 2)
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56
UTILS = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
Phase = pyspiel.gin_rummy.Phase
#: OpenSpiel's meld number of each meld, by its cards (OpenSpiel numbers)
MELD_IDS = {frozenset(cards): number for number, cards in UTILS.int_to_meld.items()}


class Disagreement(RuntimeError):
    """The two engines disagree: a rule difference the bridge does not cover, or a bug."""


def to_cardkit(card: int) -> Card:
    """The cardkit card of an OpenSpiel card number."""
    return ALL_CARDS[SUIT_TO_CARDKIT[card // 13] * 13 + card % 13]


def to_openspiel(card: Card) -> int:
    """The OpenSpiel card number of a cardkit card."""
    return SUIT_TO_CARDKIT.index(card.index // 13) * 13 + card.index % 13


def _cards(numbers: Sequence[int]) -> CardSet:
    return CardSet(to_cardkit(n) for n in numbers)


class Plan:
    """What the referee settled for the showdown about to be mirrored: the knocker's melds
    (None: cardkit's own choice) and the defender's own melds when it laid off nothing
    (None: cardkit's best defence)."""

    def __init__(self) -> None:
        self.knocker_melds: tuple[Meld, ...] | None = None
        self.defender_melds: tuple[Meld, ...] | None = None

    def clear(self) -> None:
        """Back to cardkit's own choices (play-outs inside a search see no plan)."""
        self.knocker_melds = None
        self.defender_melds = None


def bridge_game(plan: Plan) -> cardkit.Game:
    """Two-player cardkit gin set to OpenSpiel's rules (see the module docstring), its
    showdown following ``plan`` when one is set."""
    gin = game_definition("gin-rummy")

    def knocker_arrangements(base: Callable[..., list[Arrangement]], state: State,
                             knocker: int) -> list[Arrangement]:
        if plan.knocker_melds is None:
            return base(state, knocker)
        melded = 0
        for meld in plan.knocker_melds:
            melded |= meld.mask
        hand = state.hands[knocker]  # type: ignore[attr-defined]
        dead = tuple(card for card in hand if not card.mask & melded)
        return [Arrangement(plan.knocker_melds, dead, sum(RULES.value(c) for c in dead))]

    def defender_showdown(base: Callable[..., LayoffResult], state: State, defender: int,
                          table_melds: tuple[Meld, ...]) -> LayoffResult:
        if plan.defender_melds is None:
            return base(state, defender, table_melds)
        melded = 0
        for meld in plan.defender_melds:
            melded |= meld.mask
        hand = state.hands[defender]  # type: ignore[attr-defined]
        dead = tuple(card for card in hand if not card.mask & melded)
        return LayoffResult(plan.defender_melds, (), dead, sum(RULES.value(c) for c in dead),
                            tuple(table_melds))

    def hand_score(base: Callable[..., tuple[str, int, str]], state: State, ending: str,
                   knocker_deadwood: int, defender_deadwood: int) -> tuple[str, int, str]:
        if ending == "knock" and knocker_deadwood == defender_deadwood:
            return "defender", 0, "undercut"  # OpenSpiel: equal deadwood scores nothing
        return base(state, ending, knocker_deadwood, defender_deadwood)

    hooks = gin.hooks.replace(knocker_arrangements=knocker_arrangements,
                              defender_showdown=defender_showdown, hand_score=hand_score)
    variant = gin.variant(name="gin-rummy-openspiel", hooks=hooks)
    return variant.configure(players=2, discard_taken_card_same_turn=True,
                             draw_stock_remaining=1)


def _meld(numbers: Sequence[int]) -> Meld:
    meld = classify([to_cardkit(n) for n in numbers], RULES)
    assert meld is not None
    return meld


def _meld_ids(meld: Meld) -> list[int]:
    """OpenSpiel's meld actions for a cardkit meld: its runs are at most five cards long, so a
    longer run is laid in pieces (three cards from the low end until five or fewer are left)."""
    cards = [to_openspiel(card) for card in meld.cards]
    if meld.kind == "run":
        cards.sort()
    pieces = []
    while len(cards) > 5:
        pieces.append(cards[:3])
        cards = cards[3:]
    pieces.append(cards)
    return [MELD_BASE + MELD_IDS[frozenset(piece)] for piece in pieces]


def ask(agent: Agent, state: State, seat: int, legal: Sequence[Action]) -> Action:
    """The agent's move among ``legal`` (a subset of the state's legal moves), as
    :func:`cardkit.agents.choose_action` asks it: the view, and a sampler for a search."""
    if len(legal) == 1:
        return legal[0]
    view = state.view(seat)
    if getattr(agent, "uses_samples", False):
        declared = state.game.definition.capability(Belief)
        belief = declared.build if declared and getattr(agent, "uses_belief", False) else None
        sampler = Sampler(state, seat, agent.rng, belief=belief)  # type: ignore[attr-defined]
        return agent.choose_with_samples(view, legal, sampler)[0]  # type: ignore[attr-defined]
    return agent.choose(view, legal)


class Bridge:
    """One hand at a time: OpenSpiel referees, cardkit mirrors (see the module docstring)."""

    def __init__(self, agent_name: str, params: dict[str, Any]) -> None:
        self.plan = Plan()
        self.game = bridge_game(self.plan)
        self.spiel = pyspiel.load_game("gin_rummy")
        self.agent_name = agent_name
        self.params = params
        self.overrides = 0
        self.times: list[float] = []

    # ----- one hand ---------------------------------------------------------------------------

    def play(self, deal: int, seat: int) -> dict[str, Any]:
        """Play deal ``deal`` with the cardkit agent as OpenSpiel player ``seat``; the record."""
        order = list(range(52))
        random.Random(derive_seed(2026, "openspiel-gin", deal)).shuffle(order)
        self.order = order
        self.next_card = 0
        self.os = self.spiel.new_initial_state()
        self._chance()
        deck = [None] * 52
        for i in range(10):
            deck[2 * i] = to_cardkit(order[i])          # player 0: cardkit's non-dealer
            deck[2 * i + 1] = to_cardkit(order[10 + i])  # player 1: the dealer
        for i in range(20, 52):
            deck[i] = to_cardkit(order[i])
        self.ck = self.game.new_hand(seed=derive_seed(2026, "openspiel-gin", deal), deck=deck)
        if self.ck.non_dealer != 0:  # type: ignore[attr-defined]
            raise Disagreement("cardkit's non-dealer is not seat 0")
        self.seat = seat
        self.agent = self.game.agent(self.agent_name, seat, derive_seed(deal, "agent"),
                                     **self.params)
        self.bot = pyspiel.make_simple_gin_rummy_bot(self.spiel.get_parameters(), 1 - seat)
        self.plan.clear()
        self._check()
        while not self.os.is_terminal():
            player = self.os.current_player()
            if player == seat:
                self._agent_turn()
            else:
                self._bot_turn()
            if not self.os.is_terminal():
                self._check()
        return self._finish(deal)

    def _chance(self) -> None:
        """Deal OpenSpiel's chance outcomes from the deal's deck order."""
        while self.os.is_chance_node():
            card = self.order[self.next_card]
            self.next_card += 1
            self.os.apply_action(card)

    def _os(self, action: int) -> None:
        if action not in self.os.legal_actions():
            raise Disagreement(f"OpenSpiel refuses {self.os.action_to_string(action)} "
                               f"(legal: {self.os.legal_actions()})\n{self.os}")
        self.os.apply_action(action)
        self._chance()

    def _ck(self, action: Action) -> None:
        if action not in self.ck.legal_actions():
            raise Disagreement(f"cardkit refuses {action} (legal: {self.ck.legal_actions()})")
        self.ck.apply_unchecked(action)

    def _check(self) -> None:
        """Both engines in the same position: turn, hands, stock, up-card."""
        os, ck = self.os, self.ck
        phase = os.current_phase()
        if phase in (Phase.KNOCK, Phase.LAYOFF):
            return
        if os.current_player() != ck.current_player:
            raise Disagreement(f"turn: OpenSpiel {os.current_player()}, "
                               f"cardkit {ck.current_player}")
        for player, numbers in enumerate(os.hands()):
            if _cards(numbers) != ck.hands[player]:  # type: ignore[attr-defined]
                raise Disagreement(f"hand of {player}: OpenSpiel {_cards(numbers)}, "
                                   f"cardkit {ck.hands[player]}")  # type: ignore[attr-defined]
        if os.stock_size() != len(ck.stock):  # type: ignore[attr-defined]
            raise Disagreement(f"stock: OpenSpiel {os.stock_size()}, cardkit "
                               f"{len(ck.stock)}")  # type: ignore[attr-defined]
        if phase in (Phase.FIRST_UPCARD, Phase.DRAW, Phase.WALL):
            upcard = os.upcard()
            top = ck.discards[-1] if ck.discards else None  # type: ignore[attr-defined]
            if upcard is None or to_cardkit(upcard) != top:
                raise Disagreement(f"up-card: OpenSpiel {upcard}, cardkit {top}")

    # ----- the two seats ----------------------------------------------------------------------

    def _draw_map(self) -> dict[Action, int]:
        """cardkit's draw-phase moves and their OpenSpiel actions."""
        mapping = {}
        for action in self.ck.legal_actions():
            if action.kind == "take" or action.option == "discard":
                mapping[action] = DRAW_UPCARD
            elif action.kind == "decline":
                mapping[action] = PASS
            else:
                mapping[action] = DRAW_STOCK
        return mapping

    def _timed(self, legal: Sequence[Action]) -> Action:
        started = time.process_time()  # CPU time: other work on the machine does not count
        action = ask(self.agent, self.ck, self.seat, legal)
        if len(legal) > 1:
            self.times.append(time.process_time() - started)
        return action

    def _agent_turn(self) -> None:
        phase = self.os.current_phase()
        legal_os = set(self.os.legal_actions())
        if phase in (Phase.FIRST_UPCARD, Phase.DRAW):
            mapping = self._draw_map()
            if set(mapping.values()) != legal_os:
                raise Disagreement(f"draw moves: cardkit {mapping}, OpenSpiel {legal_os}")
            action = self._timed(list(mapping))
            self._ck(action)
            self._os(mapping[action])
        elif phase == Phase.DISCARD:
            self._agent_discard(legal_os, wall=False)
        elif phase == Phase.WALL:
            self._agent_wall(legal_os)
        else:
            raise Disagreement(f"the agent's turn in OpenSpiel phase {phase}")

    def _knock_moves(self, legal_os: set[int]) -> list[Action]:
        """cardkit's knock and gin moves that OpenSpiel allows too."""
        if KNOCK not in legal_os:
            return []
        hand = self.os.hands()[self.seat]
        allowed = set(UTILS.legal_discards(hand, self.os.knock_card()))
        return [a for a in self.ck.legal_actions()
                if a.kind in ("knock", "gin") and to_openspiel(a.cards[0]) in allowed]

    def _agent_discard(self, legal_os: set[int], wall: bool) -> None:
        legal = self.ck.legal_actions()
        plain = [a for a in legal if a.kind == "discard"]
        if not wall and {to_openspiel(a.cards[0]) for a in plain} != legal_os - {KNOCK}:
            raise Disagreement(f"discards: cardkit {plain}, OpenSpiel {legal_os}")
        knocks = self._knock_moves(legal_os)
        if wall:
            action = self._timed([*plain, *knocks])
            if action.kind == "discard":  # only a knock may follow taking the wall's discard
                self.overrides += 1
                action = min(knocks, key=lambda a: (a.kind != "gin", self._left(a)))
        else:
            action = self._timed([*plain, *knocks])
        if action.kind == "discard":
            self._ck(action)
            self._os(to_openspiel(action.cards[0]))
            return
        self._agent_knocks(action)

    def _left(self, action: Action) -> int:
        hand = self.ck.hands[self.seat]  # type: ignore[attr-defined]
        return deadwood_value(hand.remove(action.cards[0]), RULES)

    def _agent_wall(self, legal_os: set[int]) -> None:
        """OpenSpiel's wall: take the discard and knock, or pass (cardkit: draw stock)."""
        mapping = self._draw_map()
        take = next(a for a, v in mapping.items() if v == DRAW_UPCARD)
        stock = next(a for a, v in mapping.items() if v == DRAW_STOCK)
        offered = [stock, take] if KNOCK in legal_os else [stock]
        action = self._timed(offered)
        if action is stock:
            self._pass_at_wall()
            return
        self._ck(take)
        self._os(KNOCK)  # OpenSpiel takes the up-card with the knock
        self._agent_discard(set(self.os.legal_actions()) | {KNOCK}, wall=True)

    def _pass_at_wall(self) -> None:
        self._os(PASS)
        self._ck(next(a for a in self.ck.legal_actions() if a.option == "stock"))
        self._ck(next(a for a in self.ck.legal_actions() if a.kind == "discard"))

    def _agent_knocks(self, action: Action) -> None:
        """The agent knocks: cardkit's arrangement into OpenSpiel, the bot's melds back."""
        trial = self.ck.clone()
        trial.apply_unchecked(action)  # cardkit's own arrangement against a best defence
        assert trial.result is not None
        melds = tuple(classify(list(map(Card.parse, m)), RULES)
                      for m in trial.result.details["knocker_melds"])
        card = to_openspiel(action.cards[0])
        if self.os.current_phase() == Phase.DISCARD:
            self._os(KNOCK)
        self._os(card)
        for meld in melds:
            for number in _meld_ids(meld):  # type: ignore[arg-type]
                self._os(number)
        self._os(PASS)
        while not self.os.is_terminal():  # the bot defends: no lay-offs, its melds
            self._os(self.bot.step(self.os))
        bot = 1 - self.seat
        if self.os.layoffs():
            raise Disagreement("the simple bot laid off")
        self.plan.knocker_melds = melds  # type: ignore[assignment]
        self.plan.defender_melds = tuple(_meld(UTILS.int_to_meld[m])
                                         for m in self.os.layed_melds()[bot])
        self._ck(action)
        self.plan.clear()

    def _bot_turn(self) -> None:
        phase = self.os.current_phase()
        move = self.bot.step(self.os)
        if phase in (Phase.FIRST_UPCARD, Phase.DRAW):
            mapping = {v: a for a, v in self._draw_map().items()}
            self._os(move)
            self._ck(mapping[move])
        elif phase == Phase.DISCARD:
            if move == KNOCK:
                self._os(KNOCK)
                self._bot_knocks()
            else:
                self._os(move)
                self._ck(next(a for a in self.ck.legal_actions()
                              if a.kind == "discard" and to_openspiel(a.cards[0]) == move))
        elif phase == Phase.WALL:
            if move == PASS:
                self._pass_at_wall()
            else:
                self._os(KNOCK)
                self._ck(next(a for a in self.ck.legal_actions() if a.option == "discard"))
                self._bot_knocks()
        else:
            raise Disagreement(f"the bot's turn in OpenSpiel phase {phase}")

    def _bot_knocks(self) -> None:
        """The bot knocks (its discard, melds and pass), the agent's best defence goes into
        OpenSpiel, and cardkit scores the knock with the bot's melds."""
        discard = self.bot.step(self.os)
        self._os(discard)
        while self.os.current_phase() == Phase.KNOCK:
            self._os(self.bot.step(self.os))
        bot = 1 - self.seat
        melds = tuple(_meld(UTILS.int_to_meld[m]) for m in self.os.layed_melds()[bot])
        card = to_cardkit(discard)
        move = next((a for a in self.ck.legal_actions()
                     if a.kind in ("knock", "gin") and a.cards[0] == card), None)
        if move is None:
            raise Disagreement(f"cardkit has no knock with {card} "
                               f"(legal: {self.ck.legal_actions()})")
        # the agent's defence, cardkit's best, laid into OpenSpiel
        hand = self.ck.hands[self.seat]  # type: ignore[attr-defined]
        gin = self.os.deadwood()[bot] == 0  # no lay-offs on gin: OpenSpiel skips that step
        defence = best_with_layoffs(hand, () if gin else melds, RULES)
        if not gin:
            for layoff in _layoff_order(defence, melds):
                self._os(to_openspiel(layoff))
            self._os(PASS)
        for meld in defence.own_melds:
            for number in _meld_ids(meld):
                self._os(number)
        self._os(PASS)
        if not self.os.is_terminal():
            raise Disagreement("OpenSpiel's hand goes on after the defence")
        self.plan.knocker_melds = melds
        self._ck(move)
        self.plan.clear()

    # ----- the end ----------------------------------------------------------------------------

    def _finish(self, deal: int) -> dict[str, Any]:
        returns = self.os.returns()
        result = self.ck.result
        if result is None:
            raise Disagreement(f"OpenSpiel ended the hand, cardkit did not "
                               f"(OpenSpiel's endless-play guard?)\n{self.os}")
        mine = result.payoffs[self.seat] - result.payoffs[1 - self.seat]
        if mine != returns[self.seat]:
            raise Disagreement(f"score: OpenSpiel {returns}, cardkit {result.payoffs} "
                               f"({result.summary})\n{self.os}")
        details = result.details
        if "knocker" in details:
            knocker = details["knocker"]
            theirs = self.os.deadwood()
            if (theirs[knocker], theirs[1 - knocker]) != (details["knocker_deadwood"],
                                                          details["defender_deadwood"]):
                raise Disagreement(f"deadwood: OpenSpiel {theirs}, cardkit "
                                   f"K={details['knocker_deadwood']} "
                                   f"D={details['defender_deadwood']}")
        return {"deal": deal, "seat": self.seat, "points": float(returns[self.seat]),
                "won": returns[self.seat] > 0, "decided": returns[self.seat] != 0,
                "ending": result.ending, "kind": ending_kind(result.details, self.seat,
                                                             result.ending),
                "turns": sum(1 for seat, _ in self.ck.history if seat == self.seat)}


def ending_kind(details: dict[str, Any], seat: int, ending: str) -> str:
    """How a hand ended, from the agent's side: ``knock``/``gin``/``undercut`` (whoever
    scored) with who ended it (``agent`` or ``bot``), or ``draw``."""
    if "knocker" not in details:
        return "draw"
    who = "agent" if details["knocker"] == seat else "bot"
    verb = {"knock": "knocks", "undercut": "knocks, undercut", "gin": "goes gin",
            "big_gin": "goes big gin"}[ending]
    return f"{who} {verb}"


def endings(records: Sequence[dict[str, Any]]) -> str:
    """A table of the hands by how they ended: how many, their mean points for the agent,
    and what they add to its points a hand."""
    lines = ["| ending | hands | share | mean points | points a hand from it | agent's turns |",
             "|---|---|---|---|---|---|"]
    kinds: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        kinds.setdefault(r["kind"], []).append(r)
    for kind, rows in sorted(kinds.items(), key=lambda item: -len(item[1])):
        total = sum(r["points"] for r in rows)
        lines.append(f"| {kind} | {len(rows)} | {len(rows) / len(records):.1%} | "
                     f"{total / len(rows):+.2f} | {total / len(records):+.2f} | "
                     f"{statistics.mean(r['turns'] for r in rows):.1f} |")
    return "\n".join(lines)


def _layoff_order(defence: LayoffResult, melds: Sequence[Meld]) -> list[Card]:
    """The defender's lay-offs in an order OpenSpiel accepts: per meld, nearest the meld first
    (a chain such as 8H then 9H onto 5H 6H 7H)."""
    ordered = []
    for index, meld in enumerate(melds):
        cards = [card for card, target in defence.layoffs if target == index]
        ranks = [c.rank or 0 for c in meld.cards]
        low, high = min(ranks), max(ranks)
        ordered += sorted(cards, key=lambda c: min(abs((c.rank or 0) - low),
                                                   abs((c.rank or 0) - high)))
    return ordered


def interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and 95 % half-width (normal approximation)."""
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, 1.96 * math.sqrt(variance / len(values))


def report(agent: str, records: list[dict[str, Any]], times: list[float], overrides: int,
           budget: str) -> str:
    """The table row: points per hand (95 % over deals), share of decided hands won, time."""
    by_deal: dict[int, list[float]] = {}
    for r in records:
        by_deal.setdefault(r["deal"], []).append(r["points"])
    points, half = interval([sum(v) / len(v) for v in by_deal.values()])
    decided = [r for r in records if r["decided"]]
    share, share_half = interval([1.0 if r["won"] else 0.0 for r in decided]) if decided \
        else (math.nan, math.nan)
    timing = (f"{statistics.median(times) * 1000:.2f} / {max(times) * 1000:.1f} ms"
              if times else "no choice")
    return (f"| {agent} vs OpenSpiel simple bot | {budget} | {len(by_deal)} deals, "
            f"{len(records)} hands | **{points:+.2f} ± {half:.2f} points** | "
            f"{share:.1%} ± {share_half:.1%} of {len(decided)} decided | {timing} | "
            f"{overrides} |")


def _job(job: tuple[int, str, dict[str, Any]]) -> tuple[list[dict[str, Any]], list[float], int]:
    deal, agent, params = job
    bridge = Bridge(agent, params)
    records = [bridge.play(deal, seat) for seat in (0, 1)]
    return records, bridge.times, bridge.overrides


def main(argv: Sequence[str] | None = None) -> None:
    """Play the deals named on the command line and print a Markdown row."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script
    from bench.agents import parse_params

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="normal")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--param", action="append", default=[],
                        help="agent parameter, e.g. --param iterations=600")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--endings", action="store_true",
                        help="also print the hands by how they ended")
    parser.add_argument("--records", metavar="FILE",
                        help="append every hand's result to FILE (JSON lines, the format "
                             "bench/agents.py --compare reads)")
    args = parser.parse_args(argv)
    params = parse_params(args.param)
    budget = ", ".join(f"{k}={v}" for k, v in params.items()) or "defaults"
    jobs = [(deal, args.agent, params)
            for deal in range(args.first_deal, args.first_deal + args.deals)]
    records: list[dict[str, Any]] = []
    times: list[float] = []
    overrides = 0
    print("| match | budget | deals | points/hand (95 %) | share | decision median / worst "
          "| wall overrides |")
    print("|---|---|---|---|---|---|---|")
    if args.workers > 1:
        import multiprocessing

        pool = multiprocessing.Pool(min(args.workers, 2))
        results = pool.imap_unordered(_job, jobs)
    else:
        results = map(_job, jobs)
    for done, (batch, batch_times, batch_overrides) in enumerate(results, start=1):
        records += batch
        if args.records:
            with open(args.records, "a", encoding="utf-8") as out:
                for record in batch:
                    out.write(json.dumps({"setup": "openspiel_gin", "net": record["points"],
                                          **record}) + "\n")
        times += batch_times
        overrides += batch_overrides
        if done % 20 == 0 and done < len(jobs):
            print("  after " + report(args.agent, records, times, overrides, budget),
                  file=sys.stderr, flush=True)
    print(report(args.agent, records, times, overrides, budget), flush=True)
    if args.endings:
        print()
        print(endings(records), flush=True)


if __name__ == "__main__":
    main()
