"""The faces of the split packages (cardkit/climbing.py, cardkit/encoding.py) keep every name a
plugin could import from the single module each replaced: its ``__all__`` and the public names
it defined outside it (an error class, the log readers, the fallback's sizes)."""

from __future__ import annotations

import importlib

import pytest

NAMES = {
    "cardkit.climbing": [
        "BeatRule", "ClimbingRules", "Combination", "ComboType", "HandCombinations",
        "all_combinations", "beat_threshold", "beating_combinations", "beats", "beats_normally",
        "classify", "combination_of_mask", "combination_sort_key", "combinations_of_type",
        "sequence_groups",
    ],
    "cardkit.encoding": [
        "ActionCatalogue", "CombinationAbstraction", "GameEncoding", "ObservationEncoding",
        "Plane", "SeatPlanes", "base_planes", "card_action_keys", "cards_named_by",
        "encoding_for", "fallback_encoding", "hit_keys", "meld_keys", "taken_from_pile",
        # defined there, outside __all__
        "EncodingError", "FALLBACK_OVERFLOW", "FALLBACK_SURVEY_HANDS", "History", "LogReader",
        "NamedCards", "TakenFromPile",
    ],
}


@pytest.mark.parametrize("face", sorted(NAMES))
def test_a_face_keeps_every_name_of_the_module_it_replaced(face: str) -> None:
    module = importlib.import_module(face)
    missing = [name for name in NAMES[face] if not hasattr(module, name)]
    assert not missing, f"{face} no longer exports {missing}"
    exported = set(module.__all__)
    assert set(NAMES[face]) <= exported  # and ``import *`` brings them all


def test_the_encoding_error_names_its_public_path() -> None:
    from cardkit.encoding import EncodingError

    assert EncodingError.__module__ == "cardkit.encoding"
