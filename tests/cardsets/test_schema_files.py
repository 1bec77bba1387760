"""The published schemas work outside the library, as they are (issue 17).

check-jsonschema (an independent validator) is run as a subprocess, from a
directory outside the checkout, on every built-in card file with the schema its
yaml-language-server modeline names, and on broken copies, which must fail.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry
from ruamel.yaml import YAML

from chaos_tower.cardsets.resources import carddata_dir, schemas_dir
from chaos_tower.cardsets.schema import SCHEMA_FILES, bundle, load_schema, registry, schema_issues, validator
from jsonschema_cli import check_jsonschema, modeline_schema

REPO = Path(__file__).resolve().parents[2]
MINIMAL_FIXTURE = REPO / "tests" / "data" / "good" / "minimal.yaml"
SPLIT_SETS = {"tower": "tower-cardset-part", "crest": "crest-cardset-part"}
WHOLE_SETS = {"tower-minimal": "tower-cardset", "crest-minimal": "crest-cardset"}


def _built_in_files() -> list[Path]:
    folders = (*SPLIT_SETS, *WHOLE_SETS)
    return sorted(path for folder in folders for path in (carddata_dir() / folder).glob("*.yaml"))


def test_every_built_in_file_names_its_schema_in_a_modeline() -> None:
    files = _built_in_files()
    assert len(files) == 7 + 5 + 2
    for file in files:
        folder = file.parent.name
        expected = SPLIT_SETS.get(folder) or WHOLE_SETS[folder]
        # Split files name the schema of one file of a set; a one-file set names the whole-set schema.
        assert modeline_schema(file) == (schemas_dir() / SCHEMA_FILES[expected]).resolve(), file


def test_check_jsonschema_passes_every_built_in_file(tmp_path: Path) -> None:
    by_schema: dict[Path, list[Path]] = {}
    for file in _built_in_files():
        by_schema.setdefault(modeline_schema(file), []).append(file)
    by_schema.setdefault(schemas_dir() / SCHEMA_FILES["tower-cardset"], []).append(MINIMAL_FIXTURE)
    assert len(by_schema) == 4
    for schema, files in by_schema.items():
        result = check_jsonschema(schema, files, tmp_path)
        assert result.returncode == 0, (schema.name, result.stdout, result.stderr)
        assert "ok -- validation done" in result.stdout


def _yaml() -> YAML:
    yaml = YAML()  # round trip: the copy keeps its comments, modeline included
    yaml.width = 4096
    return yaml


def _first(node: Any, key: str) -> dict[str, Any] | None:
    """The first mapping, depth first, that has ``key``."""
    if isinstance(node, dict):
        if key in node:
            return node
        children: list[Any] = list(node.values())
    elif isinstance(node, list):
        children = node
    else:
        return None
    for child in children:
        found = _first(child, key)
        if found is not None:
            return found
    return None


def _broken_copies(file: Path, into: Path) -> dict[Path, str]:
    """Copies of ``file``, each broken one way, with a text that its error must show."""
    yaml = _yaml()
    copies: dict[Path, str] = {}

    def write(how: str, data: Any, shows: str) -> None:
        target = into / f"{file.parent.name}-{file.stem}-{how}.yaml"
        with target.open("w", encoding="utf-8") as out:
            yaml.dump(data, out)
        copies[target] = shows

    data = yaml.load(file.read_text(encoding="utf-8"))
    data["no_such_section"] = 1
    write("extra-section", data, "no_such_section")
    data = yaml.load(file.read_text(encoding="utf-8"))
    holder = _first(data, "id")
    assert holder is not None, file
    holder["id"] = 7
    write("id-not-a-string", data, "7")
    data = yaml.load(file.read_text(encoding="utf-8"))
    effect = _first(data, "op")
    if effect is not None:  # an effect is checked through the vocabulary: a reference between files
        effect["op"] = "no-such-op"
        write("unknown-op", data, "no-such-op")
    return copies


def test_check_jsonschema_fails_broken_copies_of_every_built_in_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    broken.mkdir()
    by_schema: dict[Path, dict[Path, str]] = {}
    for file in [*_built_in_files(), MINIMAL_FIXTURE]:
        whole = schemas_dir() / "tower-cardset.schema.json"
        schema = whole if file == MINIMAL_FIXTURE else modeline_schema(file)
        by_schema.setdefault(schema, {}).update(_broken_copies(file, broken))
    assert sum(len(c) for c in by_schema.values()) >= 3 * 10
    for schema, copies in by_schema.items():
        result = check_jsonschema(schema, sorted(copies), tmp_path)
        assert result.returncode == 1, (schema.name, result.stdout, result.stderr)
        # Every copy fails for its own break, not for an unresolvable schema.
        assert "Schema validation errors were encountered" in result.stdout, result.stdout
        failing = {line.split("::")[0].strip() for line in result.stdout.splitlines() if "::" in line}
        assert failing == {str(copy) for copy in copies}, result.stdout
        for copy, shows in copies.items():
            lines = [line for line in result.stdout.splitlines() if line.strip().startswith(f"{copy}::")]
            assert any(shows in line for line in lines), (copy.name, lines)


def test_a_file_of_a_split_set_fails_the_whole_set_schema_but_passes_its_own() -> None:
    rooms = _yaml().load((carddata_dir() / "tower" / "rooms.yaml").read_text(encoding="utf-8"))
    assert any("header" in issue.message for issue in schema_issues("tower-cardset", rooms))
    assert schema_issues("tower-cardset-part", rooms) == []


@pytest.mark.parametrize("game", ["tower", "crest"])
def test_the_part_schema_offers_exactly_the_whole_sets_sections(game: str) -> None:
    whole, part = load_schema(f"{game}-cardset"), load_schema(f"{game}-cardset-part")
    assert list(part["properties"]) == list(whole["properties"])
    for key, node in part["properties"].items():
        assert node == {"$ref": f"{SCHEMA_FILES[f'{game}-cardset']}#/properties/{key}"}
    assert "required" not in part
    assert part["additionalProperties"] is False


def test_each_built_in_file_passes_its_part_schema_in_the_library() -> None:
    for game, name in SPLIT_SETS.items():
        for file in sorted((carddata_dir() / game).glob("*.yaml")):
            data = _yaml().load(file.read_text(encoding="utf-8"))
            assert schema_issues(name, json.loads(json.dumps(data))) == [], file


def test_the_shipped_files_carry_no_id_that_a_tool_would_resolve_wrongly() -> None:
    # An absolute $id would send relative refs to a server; a relative one is resolved by
    # check-jsonschema from the working directory. So a file is named by its file name.
    for name, file in SCHEMA_FILES.items():
        schema = load_schema(name)
        assert "$id" not in schema, name
        refs = _refs(schema)
        outside = {ref.partition("#")[0] for ref in refs} - {""}
        assert outside <= set(SCHEMA_FILES.values()) - {file}, (name, outside)


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return own + [ref for value in node.values() for ref in _refs(value)]
    if isinstance(node, list):
        return [ref for value in node for ref in _refs(value)]
    return []


def _examples(node: Any, pointer: str = "") -> list[tuple[str, Any]]:
    """Every ``examples`` entry of a schema, with the JSON pointer of the node that holds it."""
    found: list[tuple[str, Any]] = []
    if isinstance(node, dict):
        found += [(pointer, example) for example in node.get("examples", [])]
        for key, value in node.items():
            if key != "examples":
                found += _examples(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _examples(value, f"{pointer}/{index}")
    return found


MAIN_RECORDS = {
    "tower-cardset": [
        *("header", "sheet", "number", "rebright"),
        *("room", "monster", "step", "normal_item", "rare_item", "item"),
    ],
    "tower-vocabulary": ["effect", "condition"],
    "crest-cardset": ["header", "mark", "monster", "crest", "ring", "spell", "effect"],
}


@pytest.mark.parametrize("name", sorted(MAIN_RECORDS))
def test_the_main_records_have_examples_that_are_valid(name: str) -> None:
    schema = load_schema(name)
    for record in MAIN_RECORDS[name]:
        assert schema["$defs"][record].get("examples"), f"{name}: {record} has no examples"
    examples = _examples(schema)
    assert len(examples) >= len(MAIN_RECORDS[name])
    for pointer, example in examples:
        check = Draft202012Validator({"$ref": f"{SCHEMA_FILES[name]}#{pointer}"}, registry=registry())
        errors = [error.message for error in check.iter_errors(example)]
        assert errors == [], (name, pointer, example)


def test_the_replay_schema_has_a_valid_example() -> None:
    schema = load_schema("replay")
    assert schema.get("examples")
    for example in schema["examples"]:
        assert list(Draft202012Validator(schema, registry=registry()).iter_errors(example)) == []


@pytest.mark.parametrize("name", sorted(SCHEMA_FILES))
def test_a_bundle_is_one_self_contained_file(name: str) -> None:
    bundled = bundle(name)
    Draft202012Validator.check_schema(bundled)
    refs = _refs(bundled)
    assert refs or name == "replay"
    for ref in refs:
        # Each reference is a JSON pointer into the bundle itself: nothing to look up elsewhere.
        assert ref.startswith("#/"), (name, ref)
        node: Any = bundled
        for step in ref[2:].split("/"):
            node = node[step]
        assert isinstance(node, dict), (name, ref)


def test_a_bundle_judges_files_as_the_schemas_do(tmp_path: Path) -> None:
    plain = _yaml().load(MINIMAL_FIXTURE.read_text(encoding="utf-8"))
    data = json.loads(json.dumps(plain))
    lone = Draft202012Validator(bundle("tower-cardset"), registry=Registry())
    assert list(lone.iter_errors(data)) == []
    data["rooms"][1]["front"]["effects"][0]["op"] = "no-such-op"
    data["monsters"][0]["id"] = 7
    found = {(e.json_path, e.message) for e in lone.iter_errors(data)}
    assert found == {(e.json_path, e.message) for e in validator("tower-cardset").iter_errors(data)}
    assert {path for path, _ in found} == {"$.rooms[1].front.effects[0].op", "$.monsters[0].id"}
    # And an outside tool reads the bundle alone, away from the other schema files.
    schema = tmp_path / "tower-cardset-part.bundle.json"
    schema.write_text(json.dumps(bundle("tower-cardset-part")), encoding="utf-8")
    result = check_jsonschema(schema, sorted((carddata_dir() / "tower").glob("*.yaml")), tmp_path)
    assert result.returncode == 0, (result.stdout, result.stderr)


@pytest.mark.parametrize("name", sorted(SCHEMA_FILES))
def test_every_shipped_schema_is_valid_against_the_metaschema(name: str) -> None:
    """schema.validator() no longer checks this at run time (issue 13: loading), so the tests do."""
    Draft202012Validator.check_schema(load_schema(name))
