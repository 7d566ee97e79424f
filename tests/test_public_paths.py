"""Every import path plugins were written against still imports (docs/plugins.md, docs/api.md,
the example plugins): each module's public names before the layers, from its old path (now a
face of the layer module that holds it)."""

from __future__ import annotations

import importlib

import pytest

#: The public names (``__all__``) of each module before the package was split into layers.
BEFORE_THE_LAYERS: dict[str, str] = {
    "cardkit.actions": "Action parse_action",
    "cardkit.agents": "Agent AgentFactory RandomAgent choose_action random_agent",
    "cardkit.cache": "BoundedCache",
    "cardkit.cards": (
        "ALL_CARDS Card CardSet JOKERS Rank STANDARD_CARDS Suit card_mask card_tuple "
        "cards_of_mask format_cards parse_cards"
    ),
    "cardkit.climbing": (
        "BeatRule ClimbingRules Combination ComboType HandCombinations all_combinations "
        "beat_threshold beating_combinations beats beats_normally classify "
        "combination_of_mask combination_sort_key combinations_of_type sequence_groups"
    ),
    "cardkit.deck": (
        "DeckSpec FORTY_CARD_SPANISH STANDARD_52 WITH_JOKERS_54 deal_round_robin "
        "derive_seed"
    ),
    "cardkit.encoding": (
        "ActionCatalogue CombinationAbstraction GameEncoding ObservationEncoding Plane "
        "SeatPlanes base_planes card_action_keys cards_named_by encoding_for "
        "fallback_encoding hit_keys meld_keys taken_from_pile"
    ),
    "cardkit.errors": "IllegalAction RecordError",
    "cardkit.game": (
        "Game GameDefinition HandContext MatchOutcome MatchRules VariantExample "
        "agent_parameters rotating_dealer_match"
    ),
    "cardkit.hooks": "HookError Hooks",
    "cardkit.lazy": "lazy_names",
    "cardkit.match": "Match",
    "cardkit.options": "Option OptionSet Preset",
    "cardkit.records": "HandRecord MatchRecord load_record parse_record replay save_record",
    "cardkit.registry": (
        "GameAbout GameInfo available_games game_definition game_infos load_game "
        "name_clashes plugin_errors register unregister"
    ),
    "cardkit.results": "Result Transfer net_payoffs",
    "cardkit.sampling": (
        "PileEvidence Redeal chain_refiner exchange_chain linear_log_weight redeal_hidden"
    ),
    "cardkit.state": "Phase State phases",
    "cardkit.testing": (
        "ConformanceError ConformanceReport check_game check_hand check_policy view_cards"
    ),
    "cardkit.validate": (
        "MAX_DEPTH MAX_NUMBER check_depth check_int check_number check_seat check_text "
        "kind_name require"
    ),
    "cardkit.views": "View seat_name",
    "cardkit.melds": (
        "Arrangement DEFAULT_RULES LayoffResult Meld MeldRules all_melds best_arrangement "
        "best_with_layoffs can_lay_off classify deadwood_cards deadwood_value deadwood_within "
        "deadwood_without_each hand_mask lay_off layoff_positions"
    ),
    "cardkit.search": (
        "Budget DEFAULT_TIME_LIMIT MistakenAgent Sampler SearchAgent easy_agent "
        "hard_agent normal_agent search_agent"
    ),
    "cardkit.lab": (
        "Chunk DaskBackend Difference LabInterrupted LabResult LocalBackend Metric Plan "
        "SerialBackend Variant compare_metrics compute_metrics fewest_cards_evaluation "
        "make_backend parse_assignments play_hand run_chunk run_experiment summarise "
        "variant_from_text"
    ),
    "cardkit.net": (
        "Address Connection NetError ObservedSeat PROTOCOL_VERSION RemoteMatch "
        "RemoteState decode_view encode_view parse_address spectator_view"
    ),
    "cardkit.adapters.pettingzoo": "CardkitAEC env",
    "cardkit.adapters.gymnasium": "CardkitEnv make_env register_all",
    "cardkit.adapters.openspiel": "CardkitSpielGame CardkitSpielState load_game register_all",
}

#: Public names a module defined outside its ``__all__`` (a plugin could import them too).
OUTSIDE_ALL: dict[str, str] = {
    "cardkit.encoding": (
        "EncodingError FALLBACK_OVERFLOW FALLBACK_SURVEY_HANDS History LogReader NamedCards "
        "TakenFromPile"
    ),
}


@pytest.mark.parametrize("module", sorted(BEFORE_THE_LAYERS))
def test_every_public_name_imports_from_its_old_path(module: str) -> None:
    face = importlib.import_module(module)
    missing = [name for name in BEFORE_THE_LAYERS[module].split() if not hasattr(face, name)]
    assert not missing, f"{module} lost {', '.join(missing)}"
    assert set(BEFORE_THE_LAYERS[module].split()) <= set(face.__all__)


@pytest.mark.parametrize("module", sorted(OUTSIDE_ALL))
def test_the_names_defined_outside_all_import_from_the_old_path_too(module: str) -> None:
    face = importlib.import_module(module)
    missing = [name for name in OUTSIDE_ALL[module].split() if not hasattr(face, name)]
    assert not missing, f"{module} lost {', '.join(missing)}"


def test_the_encoding_error_names_its_public_path() -> None:
    from cardkit.encoding import EncodingError

    assert EncodingError.__module__ == "cardkit.encoding"


def test_a_face_hands_on_the_very_objects_of_its_layer() -> None:
    from cardkit.cards import Card
    from cardkit.game import GameDefinition
    from cardkit.values.cards import Card as LayerCard

    assert Card is LayerCard
    assert GameDefinition.__module__ == "cardkit.engine.definition"
