"""Card data survives every conversion: records ⇄ plain data ⇄ JSON/YAML text ⇄ files.

The built-in set is the fixed example; hypothesis supplies cards of every kind.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import strategies as cards_st
from chaos_tower import TowerCardSet, check_cardset, load_cardset
from chaos_tower.cardsets.converter import converter
from chaos_tower.cardsets.safeload import JsonPath, parse_bytes
from chaos_tower.cardsets.schema import schema_issues
from chaos_tower.tower.cards import (
    MonsterCard,
    NormalItem,
    RareItem,
    Rebright,
    RoomCard,
    Sides,
    SimpleItem,
    StepCard,
)
from chaos_tower.tower.vocabulary import Condition, Effect, Elements

# The unions as plain values: cattrs takes them, its type hints only take classes.
CONDITION: Any = Condition
EFFECT: Any = Effect

REPO = Path(__file__).resolve().parents[2]
BUILTIN = REPO / "carddata" / "tower"

# A card set with every required section and no cards: a frame to put one card in.
FRAME: dict[str, Any] = {
    "header": {"game": "tower", "name": "frame", "version": "1", "language": "en"},
    "sheet": {"columns": 5, "rows": 5, "slots": [], "life": {"min": 0, "max": 8},
              "element": {"min": 0, "max": 8}},
    "number": {"floors": [{"floor": 1, "extra_da": 0}]},
    "rebright": {"id": "rebright", "name": "Rebright", "values": {}, "da": {"f": "-", "r": "wall",
                                                                        "b": "wall", "l": "wall"}},
    "rooms": [], "monsters": [], "steps": [], "normal_items": [], "rare_items": [],
}

# (strategy, schema $defs entry, record type, section of a card set)
KINDS = [
    pytest.param(cards_st.room_cards, "room", RoomCard, "rooms", id="room"),
    pytest.param(cards_st.monster_cards, "monster", MonsterCard, "monsters", id="monster"),
    pytest.param(cards_st.step_cards, "step", StepCard, "steps", id="step"),
    pytest.param(cards_st.normal_items, "normal_item", NormalItem, "normal_items", id="normal"),
    pytest.param(cards_st.rare_items, "rare_item", RareItem, "rare_items", id="rare"),
    pytest.param(cards_st.simple_items, "item", SimpleItem, "items", id="item"),
    pytest.param(cards_st.rebrights, "rebright", Rebright, "rebright", id="rebright"),
]

# The codes of problems that say the loader could not read or type the data, as
# opposed to the semantic checks, which generated cards (whose references point
# nowhere) are expected to fail.
UNREADABLE_CODES = {"schema", "structure", "yaml-syntax", "json-syntax", "unreadable"}


# Characters JSON carries raw in a string but the YAML reader underneath the safe
# reader refuses (DEL, C1 controls, U+FFFE/F) or reads as a line break (NEL).
# See test_raw_del_and_nel_in_a_json_string below.
_YAML_UNSAFE = re.compile("[\x7f-\x9f\ufffe\uffff]")


def _json_text(data: Any) -> str:
    """JSON without ASCII escaping, except for the characters the YAML reader cannot take raw."""
    text = json.dumps(data, ensure_ascii=False)
    # Outside strings JSON has none of these characters, so escaping them keeps the meaning.
    return _YAML_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _paths(data: Any, path: JsonPath = ()) -> set[JsonPath]:
    """Every JSON path in ``data``, the root included."""
    out = {path}
    if isinstance(data, dict):
        for key, value in data.items():
            out |= _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out |= _paths(value, (*path, index))
    return out


# -- the built-in set ----------------------------------------------------------------
@pytest.fixture(scope="module")
def builtin() -> TowerCardSet:
    return load_cardset()


@pytest.fixture(scope="module")
def builtin_data(builtin: TowerCardSet) -> dict[str, Any]:
    data: dict[str, Any] = converter().unstructure(builtin)
    return data


def test_builtin_is_the_checkout_carddata(builtin: TowerCardSet) -> None:
    assert load_cardset(str(BUILTIN)) == builtin
    assert load_cardset(BUILTIN) == builtin


def test_builtin_counts(builtin: TowerCardSet) -> None:
    assert (len(builtin.rooms), len(builtin.monsters), len(builtin.steps),
            len(builtin.normal_items), len(builtin.rare_items)) == (25, 20, 5, 5, 5)


def test_builtin_structure_of_unstructure_is_equal(builtin: TowerCardSet,
                                                   builtin_data: dict[str, Any]) -> None:
    assert converter().structure(builtin_data, TowerCardSet) == builtin


def test_builtin_unstructured_passes_the_schema(builtin_data: dict[str, Any]) -> None:
    assert schema_issues("tower-cardset", builtin_data) == []


def test_builtin_unstructured_is_plain_json(builtin_data: dict[str, Any]) -> None:
    # json.dumps refuses anything but plain data (tuples would pass, so compare too).
    assert json.loads(json.dumps(builtin_data)) == builtin_data


def test_builtin_through_a_json_file(builtin: TowerCardSet, builtin_data: dict[str, Any],
                                     tmp_path: Path) -> None:
    path = tmp_path / "tower.json"
    path.write_text(json.dumps(builtin_data, ensure_ascii=False, indent=1), encoding="utf-8")
    assert load_cardset(path) == builtin


def test_builtin_through_a_yaml_file(builtin: TowerCardSet, builtin_data: dict[str, Any],
                                     tmp_path: Path) -> None:
    path = tmp_path / "tower.yaml"
    path.write_text(cards_st.yaml_text(builtin_data), encoding="utf-8")
    assert load_cardset(path) == builtin


def test_builtin_split_differently_is_the_same_set(builtin: TowerCardSet,
                                                   builtin_data: dict[str, Any],
                                                   tmp_path: Path) -> None:
    # One file per section, list sections split across two files: the join is the same set.
    for key, value in builtin_data.items():
        if isinstance(value, list) and len(value) > 1:
            half = len(value) // 2
            (tmp_path / f"{key}-1.json").write_text(json.dumps({key: value[:half]}))
            (tmp_path / f"{key}-2.json").write_text(json.dumps({key: value[half:]}))
        else:
            (tmp_path / f"{key}.yaml").write_text(cards_st.yaml_text({key: value}), encoding="utf-8")
    assert load_cardset(tmp_path) == builtin


# -- generated cards -----------------------------------------------------------------
# Cards are big examples; these counts keep the module to a minute or so on a slow machine.
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FEWER = settings(SETTINGS, max_examples=25)


@pytest.mark.parametrize(("strategy", "definition", "kind", "section"), KINDS)
@SETTINGS
@given(data=st.data())
def test_generated_cards_pass_the_schema_and_survive(strategy: Any, definition: str, kind: type,
                                                     section: str, data: st.DataObject) -> None:
    card = data.draw(strategy())
    plain = converter().unstructure(card)
    assert cards_st.schema_errors(definition, plain) == []
    # Through JSON text too, so the data is plain (lists, not tuples; no enums).
    plain = json.loads(json.dumps(plain))
    assert converter().structure(plain, kind) == card
    # And in a whole document, as the loader validates it.
    document = {**FRAME, section: plain if section == "rebright" else [plain]}
    assert schema_issues("tower-cardset", document) == []


@pytest.mark.parametrize(("strategy", "definition", "kind", "section"), KINDS)
@FEWER
@given(data=st.data())
def test_generated_dicts_structure_and_unstructure_back(strategy: Any, definition: str,
                                                        kind: type, section: str,
                                                        data: st.DataObject) -> None:
    plain = data.draw(strategy(as_dict=True))
    assert cards_st.schema_errors(definition, plain) == []
    assert converter().unstructure(converter().structure(plain, kind)) == plain


@SETTINGS
@given(condition=cards_st.conditions(max_depth=3))
def test_conditions_survive_as_the_union(condition: Any) -> None:
    plain = converter().unstructure(condition, Condition)
    assert cards_st.schema_errors("vocabulary:condition", plain) == []
    assert converter().structure(plain, CONDITION) == condition


@SETTINGS
@given(effect=cards_st.effects())
def test_effects_survive_as_the_union(effect: Any) -> None:
    plain = converter().unstructure(effect, Effect)
    assert cards_st.schema_errors("vocabulary:effect", plain) == []
    assert converter().structure(plain, EFFECT) == effect


@SETTINGS
@given(sides=cards_st.sides(min_paths=0), elements=cards_st.elements())
def test_sides_and_elements_survive(sides: Sides, elements: Elements) -> None:
    assert converter().structure(converter().unstructure(sides), Sides) == sides
    assert converter().structure(converter().unstructure(elements), Elements) == elements


@pytest.mark.parametrize("min_paths", range(5))
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_sides_have_the_paths_asked_for(min_paths: int, data: st.DataObject) -> None:
    assert data.draw(cards_st.sides(min_paths=min_paths)).paths() >= min_paths


@pytest.mark.parametrize(("strategy", "definition", "kind", "section"), KINDS)
@FEWER
@given(data=st.data(), as_json=st.booleans())
def test_generated_cards_survive_the_safe_reader(strategy: Any, definition: str, kind: type,
                                                 section: str, data: st.DataObject,
                                                 as_json: bool) -> None:
    # Card data written as JSON or YAML text reads back equal, with a position for every value.
    plain = data.draw(strategy(as_dict=True))
    document = {section: plain if section == "rebright" else [plain]}
    if not as_json:
        # ruamel's emitter writes NEL raw in a quoted scalar, and its reader folds it.
        assume("\x85" not in json.dumps(document, ensure_ascii=False))
    text = _json_text(document) if as_json else cards_st.yaml_text(document)
    parsed, problems = parse_bytes(text.encode("utf-8"), file="card", json_mode=as_json)
    assert problems == []
    assert parsed is not None
    assert parsed.data == document
    assert set(parsed.positions) == _paths(document)
    assert all(line >= 1 and column >= 1 for line, column in parsed.positions.values())


@pytest.mark.parametrize(("strategy", "definition", "kind", "section"), KINDS)
@settings(SETTINGS, max_examples=15)
@given(data=st.data())
def test_generated_cards_load_past_schema_and_structure(strategy: Any, definition: str,
                                                        kind: type, section: str,
                                                        data: st.DataObject,
                                                        tmp_path_factory: pytest.TempPathFactory
                                                        ) -> None:
    # The loader reads, validates and types every generated card; only the semantic
    # checks may object (the card's references point at cards that are not there).
    plain = data.draw(strategy(as_dict=True))
    document = {**FRAME, section: plain if section == "rebright" else [plain]}
    path = tmp_path_factory.mktemp("card") / "set.json"
    path.write_text(_json_text(document), encoding="utf-8")
    cards, problems = check_cardset(path)
    assert not {p.code for p in problems} & UNREADABLE_CODES, problems
    if cards is not None:  # e.g. a lone step that summons Rebright makes a valid set
        assert converter().unstructure(getattr(cards, section)) == document[section]


# -- the schema and the converter agree ----------------------------------------------
def test_an_integral_float_da_is_accepted_or_refused_by_the_schema(
        builtin_data: dict[str, Any], tmp_path: Path) -> None:
    data = json.loads(json.dumps(builtin_data))
    data["rooms"][0]["front"]["da"]["f"] = 1.0
    path = tmp_path / "tower.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    cards, problems = check_cardset(path)
    # Either reading 1.0 as 1, or a schema problem located at the side; not a
    # "structure" problem about the whole set.
    assert cards is not None or [(p.code, p.path) for p in problems] == [
        ("schema", "rooms[0].front.da.f")]


@pytest.mark.parametrize("char", ["\x7f", "\x85", "\x9f", "\ufffe"])
def test_raw_del_and_nel_in_a_json_string(char: str) -> None:
    text = json.dumps({"name": f"a{char}b"}, ensure_ascii=False)
    parsed, problems = parse_bytes(text.encode("utf-8"), file="card.json", json_mode=True)
    assert problems == []
    assert parsed is not None
    assert parsed.data == json.loads(text)
