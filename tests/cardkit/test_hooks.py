"""One hook convention, checked when a game or a variant is built (issue #12 §4)."""

from __future__ import annotations

import pickle

import pytest

import cardkit
from cardkit.values.hooks import HookError, Hooks


def test_every_installed_game_follows_the_convention() -> None:
    """Every hook of every installed game takes the state (or a documented context) first."""
    for name in cardkit.available_games():
        hooks = cardkit.registry.game_definition(name).hooks
        for hook in hooks.names():
            shown = hooks.signature(hook)
            assert shown.startswith((f"{hook}(state", f"{hook}(context")), (name, shown)


def test_a_hook_that_does_not_take_the_state_first_is_refused() -> None:
    def settle(options, players, winner):  # the old Tonk style
        return winner

    with pytest.raises(HookError, match=r"'settle' must take the hand's state first"):
        Hooks(settle=settle)


def test_a_replacement_that_does_not_fit_names_the_hook_and_its_signature() -> None:
    tonk = cardkit.registry.game_definition("tonk")
    with pytest.raises(HookError) as error:
        tonk.variant(hooks=tonk.hooks.replace(settle_drop=lambda base, state: None))
    message = str(error.value)
    assert "settle_drop(state, dropper, counts)" in message
    assert "(base, state, dropper, counts)" in message
    with pytest.raises(HookError, match="no hook 'settle_dorp'"):
        tonk.hooks.replace(settle_dorp=lambda base, *args: None)


def test_a_replacement_that_fits_wraps_the_hook() -> None:
    tonk = cardkit.registry.game_definition("tonk")

    def doubled(base, state, dropper, counts):
        ending, winners, transfers = base(state, dropper, counts)
        return ending, winners, [t for t in transfers for _ in range(2)]

    variant = tonk.variant(name="tonk-doubled", hooks=tonk.hooks.replace(settle_drop=doubled))
    state = variant.configure(players=2).new_hand(seed=1)
    plain = tonk.configure(players=2).new_hand(seed=1)
    state.apply("drop")  # the first player may drop before drawing
    plain.apply("drop")
    assert state.result is not None and plain.result is not None
    assert state.result.ending == plain.result.ending
    assert len(state.result.transfers) == 2 * len(plain.result.transfers) > 0


def _settle(state, winner):
    return ("settle", winner)


def _names(state):  # a hook that shares a method's name
    return "hook"


def test_hooks_are_attributes_after_replace_add_and_pickling() -> None:
    """Each hook is read as an attribute (states do so at every turn): the function itself after
    building, replacing, adding and a pickle round trip; a hook named like a method of Hooks
    leaves the method alone; unknown names still fail with the list of hooks."""
    hooks = Hooks(settle=_settle, names=_names)
    settle = _settle
    assert hooks.settle is settle
    assert hooks.names() == ["names", "settle"]  # the method, not the hook
    louder = hooks.replace(settle=lambda base, state, winner: (*base(state, winner), "!"))
    assert louder.settle(None, 1) == ("settle", 1, "!")
    assert hooks.settle(None, 1) == ("settle", 1)  # the original is unchanged
    more = louder.add(deal_check=lambda state: True)
    assert more.deal_check(None) is True and more.settle(None, 2) == ("settle", 2, "!")
    copied = pickle.loads(pickle.dumps(hooks))
    assert copied.settle is settle and copied.names() == ["names", "settle"]
    with pytest.raises(AttributeError, match="no hook 'setle'; hooks: names, settle"):
        hooks.setle  # noqa: B018
    with pytest.raises(AttributeError, match="immutable"):
        hooks.settle = settle
