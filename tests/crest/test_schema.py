"""The crest-cardset schema: described, closed, and in step with the card records."""

from __future__ import annotations

import json
from typing import Any

from chaos_tower.cardsets.converter import converter
from chaos_tower.cardsets.resources import schemas_dir
from chaos_tower.cardsets.schema import SCHEMA_FILES, load_schema, schema_issues, validator
from chaos_tower.crest.cards import CREST_EFFECT_TYPES, CrestCardSet


def _walk(node: Any, path: str, found: list[str], defs: dict[str, Any]) -> None:
    if isinstance(node, dict):
        for key, value in node.get("properties", {}).items():
            ref = value.get("$ref", "")
            described = "description" in value or "description" in defs.get(ref.removeprefix("#/$defs/"), {})
            if not described and "if" not in path:
                found.append(f"{path}/{key}")
        for key, value in node.items():
            _walk(value, f"{path}/{key}", found, defs)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            _walk(value, f"{path}/{index}", found, defs)


def test_every_property_is_described() -> None:
    schema = load_schema("crest-cardset")
    missing: list[str] = []
    _walk(schema, "", missing, schema["$defs"])
    assert missing == []
    assert schema["title"] == "Crest Duel card set"
    assert SCHEMA_FILES["crest-cardset"] == "crest-cardset.schema.json"
    assert (schemas_dir() / "crest-cardset.schema.json").is_file()
    validator("crest-cardset")  # checked against the 2020-12 metaschema


def test_the_effect_vocabulary_is_closed_and_matches_the_records() -> None:
    effect = load_schema("crest-cardset")["$defs"]["effect"]
    ops = set(effect["properties"]["op"]["enum"])
    assert ops == {t.OP for t in CREST_EFFECT_TYPES}  # type: ignore[attr-defined]
    branches = {b["if"]["properties"]["op"]["const"] for b in effect["allOf"]}
    assert branches == ops
    for name in ops:
        assert load_schema("crest-cardset")["$defs"][name]["additionalProperties"] is False


def test_the_built_in_set_round_trips_through_the_one_converter(crest: CrestCardSet) -> None:
    data = converter().unstructure(crest)
    assert schema_issues("crest-cardset", json.loads(json.dumps(data))) == []
    assert converter().structure(data, CrestCardSet) == crest


def test_every_card_of_the_built_in_set_is_marked_reconstructed(crest: CrestCardSet) -> None:
    ids = {card.id for card in crest.all_cards()}
    assert crest.reconstructed_ids == ids
    assert all(not r.fields for r in crest.header.reconstructed)
    assert crest.header.game == "crest" and crest.header.complete
    assert crest.deck_size == 92 and len(crest.monsters) >= 6


def test_no_engine_code_is_keyed_on_a_card_name(crest: CrestCardSet) -> None:
    """The engine reads the effect vocabulary only: no card id or name appears in its code."""
    from pathlib import Path

    import chaos_tower.crest as package

    folder = Path(package.__file__).parent
    code = "\n".join(p.read_text(encoding="utf-8") for p in folder.glob("*.py"))
    for card in crest.all_cards():
        assert f'"{card.id}"' not in code and card.name not in code, card.id


def test_the_package_reexports_the_game() -> None:
    import chaos_tower as ct
    from chaos_tower import crest as package

    state = package.new_game(ct.load_cardset(game="crest"), players=2, seed=4)
    assert package.legal_actions(state) == ct.legal_actions(state)
    assert package.dumps(state) == ct.dumps(state)
    assert isinstance(state, package.CrestState)
    try:
        package.nothing_here  # noqa: B018
    except AttributeError:
        pass
    else:
        raise AssertionError("an unknown name must raise AttributeError")
