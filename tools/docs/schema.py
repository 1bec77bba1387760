"""The schema pages (``docs/schema``): one page per JSON schema in ``schemas/``, and the vocabulary."""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from chaos_tower.crest.cards import CREST_EFFECT_TYPES
from chaos_tower.tower import vocabulary as vc

from .common import GENERATED, SCHEMAS, code, esc, page, prose, table, toctree


class SchemaDoc(NamedTuple):
    stem: str
    data: dict[str, Any]


def _schemas() -> list[SchemaDoc]:
    return [
        SchemaDoc(p.name.removesuffix(".schema.json"), json.loads(p.read_text(encoding="utf-8")))
        for p in sorted(SCHEMAS.glob("*.schema.json"))
    ]


def schema_label(stem: str, name: str | None = None) -> str:
    return f"schema-{stem}" + (f"-{name.lower()}" if name else "")


class SchemaSet:
    def __init__(self, schemas: list[SchemaDoc]) -> None:
        self.schemas = schemas
        # A schema file has no $id: references name the other files by file name.
        self.by_file = {f"{s.stem}.schema.json": s for s in schemas}

    def resolve(self, ref: str, here: SchemaDoc) -> tuple[SchemaDoc, str] | None:
        base, _, pointer = ref.partition("#")
        target = self.by_file.get(base) if base else here
        if target is None or not pointer.startswith("/$defs/"):
            return None
        name = pointer.removeprefix("/$defs/")
        return (target, name) if name in target.data.get("$defs", {}) else None

    def top_property(self, ref: str, here: SchemaDoc) -> tuple[SchemaDoc, str] | None:
        """A reference to a schema's top-level property (``tower-cardset.schema.json#/properties/rooms``)."""
        base, _, pointer = ref.partition("#")
        target = self.by_file.get(base) if base else here
        name = pointer.removeprefix("/properties/")
        if target is None or not pointer.startswith("/properties/") or name not in target.data["properties"]:
            return None
        return target, name

    def link(self, ref: str, here: SchemaDoc) -> str:
        found = self.resolve(ref, here)
        if found is None:
            prop = self.top_property(ref, here)
            if prop is not None:
                title = prop[0].data.get("title", prop[0].stem)
                return f"{{ref}}`{prop[1]} of {esc(title)} <{schema_label(prop[0].stem, 'top')}>`"
            return code(ref)
        target, name = found
        return f"{{ref}}`{name} <{schema_label(target.stem, name)}>`"

    def type_text(self, node: dict[str, Any], here: SchemaDoc) -> str:
        if "$ref" in node:
            return self.link(node["$ref"], here)
        if "oneOf" in node and "type" not in node:
            return " or ".join(self.type_text(branch, here) for branch in node["oneOf"])
        if "const" in node:
            return (
                f"{type(node['const']).__name__.replace('str', 'string')} {code(json.dumps(node['const']))}"
            )
        kind = node.get("type", "any")
        if isinstance(kind, list):
            kind = " or ".join(kind)
        if kind == "array" and isinstance(node.get("items"), dict):
            return f"array of {self.type_text(node['items'], here)}"
        return str(kind)

    def bounds(self, node: dict[str, Any], here: SchemaDoc) -> str:
        parts = []
        low, high = node.get("minimum"), node.get("maximum")
        if low is not None and high is not None:
            parts.append(f"{low} … {high}")
        elif low is not None:
            parts.append(f"≥ {low}")
        elif high is not None:
            parts.append(f"≤ {high}")
        for lo_key, hi_key, what in (("minLength", "maxLength", "length"), ("minItems", "maxItems", "items")):
            lo, hi = node.get(lo_key), node.get(hi_key)
            if lo is not None and hi is not None:
                parts.append(f"{what} {lo} … {hi}")
            elif lo is not None:
                parts.append(f"{what} ≥ {lo}")
            elif hi is not None:
                parts.append(f"{what} ≤ {hi}")
        if node.get("uniqueItems"):
            parts.append("unique items")
        if "pattern" in node:
            parts.append(f"pattern {code(node['pattern'])}")
        if "enum" in node:
            parts.append("one of " + ", ".join(code(v) for v in node["enum"]))
        if "oneOf" in node and "type" not in node:
            for branch in node["oneOf"]:
                inner = self.bounds(branch, here)
                if inner:
                    parts.append(f"{self.type_text(branch, here)}: {inner}")
        if node.get("type") == "array" and isinstance(node.get("items"), dict):
            inner = self.bounds(node["items"], here)
            if inner:
                parts.append(f"each: {inner}")
        if "$ref" in node:
            found = self.resolve(node["$ref"], here)
            if found is not None:
                target_doc, name = found
                target = target_doc.data["$defs"][name]
                if target.get("type") != "object" and "$ref" not in target:
                    parts.append(self.bounds(target, target_doc))
        return "; ".join(p for p in parts if p)

    def shape_rule(self, node: dict[str, Any]) -> str:
        """An object's ``oneOf`` of required properties, as "exactly one of"."""
        branches = node.get("oneOf")
        if not isinstance(branches, list) or "properties" not in node:
            return ""
        names = [b.get("required", [None])[0] for b in branches]
        if all(isinstance(n, str) for n in names):
            return "Exactly one of " + ", ".join(code(n) for n in names) + " is given."
        return f"One of {len(branches)} shapes."

    def def_block(
        self, doc: SchemaDoc, name: str, node: dict[str, Any], level: str = "###", via: str | None = None
    ) -> str:
        """One ``$defs`` entry; ``via``: the tagged definition (``effect``) that dispatches to this shape."""
        lines = [f"({schema_label(doc.stem, name)})=", f"{level} {code(name)}", ""]
        lines += [prose(node.get("description", "(no description)")), ""]
        facts = [f"**Type:** {self.type_text(node, doc)}"]
        bounds = self.bounds(node, doc)
        if bounds:
            facts.append(f"**Bounds:** {bounds}")
        if node.get("type") == "object":
            facts.append("**Other properties:** " + self.others(node))
        lines += [" · ".join(facts), ""]
        shape = self.shape_rule(node)
        if shape:
            lines += [shape, ""]
        lines += examples_block(node)
        if via is not None:
            lines += [
                f"A shape of {{ref}}`{via} <{schema_label(doc.stem, via)}>`, which requires "
                + ", ".join(code(r) for r in doc.data["$defs"][via].get("required", []))
                + ".",
                "",
            ]
        if "properties" in node:
            required_by = {}
            if via is not None:
                required_by = {r: via for r in doc.data["$defs"][via].get("required", [])}
            lines.append(self.properties_table(doc, node, required_by))
        return "\n".join(lines).rstrip()

    @staticmethod
    def others(node: dict[str, Any]) -> str:
        if node.get("additionalProperties", True) is False:
            return "not allowed"
        if "allOf" in node:
            return "as the shape for its tag allows"
        return "allowed"

    def properties_table(
        self, doc: SchemaDoc, node: dict[str, Any], required_by: dict[str, str] | None = None
    ) -> str:
        required = set(node.get("required", []))
        required_by = required_by or {}
        rows = []
        for prop, spec in node["properties"].items():
            description = spec.get("description")
            if description is None and "$ref" in spec:
                found = self.resolve(spec["$ref"], doc)
                top = self.top_property(spec["$ref"], doc)
                if found is not None:
                    description = found[0].data["$defs"][found[1]].get("description")
                elif top is not None:
                    target = top[0].data["properties"][top[1]]
                    description = target.get("description")
                    if description is None and "$ref" in target:
                        inner = self.resolve(target["$ref"], top[0])
                        description = inner[0].data["$defs"][inner[1]].get("description") if inner else None
            rows.append(
                [
                    code(prop),
                    self.type_text(spec, doc),
                    self.bounds(spec, doc),
                    "yes"
                    if prop in required
                    else f"yes (by {code(required_by[prop])})"
                    if prop in required_by
                    else "no",
                    prose(description or ""),
                ]
            )
        return table(["property", "type", "bounds", "required", "description"], rows)


def examples_block(node: dict[str, Any]) -> list[str]:
    """A schema node's ``examples``, as the YAML a card file would hold."""
    lines = []
    for example in node.get("examples", []):
        lines += ["**Example:**", "", "```yaml", _yaml_text(example).rstrip(), "```", ""]
    return lines


def _yaml_text(data: Any) -> str:
    from io import StringIO

    from ruamel.yaml import YAML

    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.sort_base_mapping_type_on_output = False  # in the order the schema lists them
    yaml.allow_unicode = True
    yaml.width = 100
    out = StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def _tag_map(node: dict[str, Any], key: str) -> dict[str, str]:
    """``op`` or ``test`` value -> the ``$defs`` name its ``if``/``then`` points to."""
    found = {}
    for branch in node.get("allOf", []):
        value = branch.get("if", {}).get("properties", {}).get(key, {}).get("const")
        ref = branch.get("then", {}).get("$ref", "")
        if value is not None and ref.startswith("#/$defs/"):
            found[value] = ref.removeprefix("#/$defs/")
    return found


def _records(types: tuple[type, ...], key: str) -> dict[str, str]:
    return {getattr(t, key): f"{t.__module__}.{t.__qualname__}" for t in types}


def schema_pages() -> dict[str, str]:
    schemas = _schemas()
    known = SchemaSet(schemas)
    pages: dict[str, str] = {}
    index_rows = []
    for doc in schemas:
        data = doc.data
        source = f"schemas/{doc.stem}.schema.json"
        defs: dict[str, Any] = data.get("$defs", {})
        body = [
            GENERATED.format(source=source),
            f"({schema_label(doc.stem)})=",
            f"# {esc(data.get('title', doc.stem))}",
            prose(data.get("description", "")),
            table(
                ["file", "refer to it as", "JSON Schema"],
                [[code(source), code(f"{doc.stem}.schema.json"), code(data.get("$schema", ""))]],
            ),
        ]
        body += examples_block(data)
        if "properties" in data:
            body += [
                f"({schema_label(doc.stem, 'top')})=",
                "## Top-level properties",
                " · ".join(
                    [
                        f"**Type:** {known.type_text(data, doc)}",
                        "**Other properties:** " + known.others(data),
                    ]
                ),
                known.properties_table(doc, data),
            ]
        effect_map = _tag_map(defs.get("effect", {}), "op")
        test_map = _tag_map(defs.get("condition", {}), "test")
        effects = [n for n in defs if n == "effect" or n.startswith("op-")]
        conditions = [n for n in defs if n in ("condition", "when") or n.startswith("test-")]
        others = [n for n in defs if n not in effects and n not in conditions]
        if doc.stem == "crest-cardset":
            # Crest Duel's own closed vocabulary: effects only, tagged by `op`.
            plain_defs = [n for n in defs if n not in effect_map.values() and n != "effect"]
            body += ["## Basic types", *(known.def_block(doc, n, defs[n]) for n in plain_defs)]
            body += ["## Effects (`op`)", _vocabulary_table(effect_map, "op", CREST_EFFECT_TYPES, doc)]
            via_op = {target: "effect" for target in effect_map.values()}
            shapes = ["effect", *effect_map.values()]
            body += [known.def_block(doc, n, defs[n], via=via_op.get(n)) for n in shapes]
        elif effects or conditions:
            body += ["## Basic types", *(known.def_block(doc, n, defs[n]) for n in others)]
            body += ["## Conditions (`test`)", _vocabulary_table(test_map, "test", vc.CONDITION_TYPES, doc)]
            via_test = {target: "condition" for target in test_map.values()}
            body += [known.def_block(doc, n, defs[n], via=via_test.get(n)) for n in conditions]
            body += ["## Effects (`op`)", _vocabulary_table(effect_map, "op", vc.EFFECT_TYPES, doc)]
            via_op = {target: "effect" for target in effect_map.values()}
            body += [known.def_block(doc, n, defs[n], via=via_op.get(n)) for n in effects]
        elif defs:
            body += ["## Definitions", *(known.def_block(doc, n, defs[n]) for n in defs)]
        pages[f"{doc.stem}.md"] = page(body)
        index_rows.append(
            [
                f"{{doc}}`{esc(data.get('title', doc.stem))} <{doc.stem}>`",
                code(source),
                str(len(data.get("properties", {}))),
                str(len(defs)),
            ]
        )
    pages["index.md"] = page(
        [
            GENERATED.format(source="schemas/*.schema.json"),
            "(schema-index)=",
            "# Schemas",
            "A card set is checked against these JSON Schemas (draft 2020-12) before it is read into "
            f"typed records ({code('chaos_tower.tower.cards')}, {code('chaos_tower.tower.vocabulary')}). "
            "Every property "
            "below carries the schema's own description; the card-set schema refers to the vocabulary "
            "schema for effects (`op`) and conditions (`test`).",
            "The files have no `$id`: each is named by its file name, and refers to another by a relative "
            "reference (`tower-vocabulary.schema.json#/$defs/effect`), so editors and other validators "
            "(check-jsonschema) use them as they are, from the folder they sit in. A whole set in one file "
            "follows a `*-cardset` schema; one file of a set split across a directory (such as "
            "`carddata/tower/rooms.yaml`) follows the `*-cardset-part` schema, which allows any of the "
            "sections and requires none. Each built-in card file names its schema on its first line, "
            "`# yaml-language-server: $schema=../../schemas/tower-cardset-part.schema.json`, which the YAML "
            "language server (VS Code and other editors) reads to complete and check the file; "
            "`chaos-tower init DIR` makes a copy whose first lines point at schemas copied beside it. "
            "`chaos-tower schema NAME --bundle` prints a schema with every schema it uses inside it, as one "
            "file for tools that take a single file.",
            table(["schema", "file", "top-level properties", "definitions"], index_rows),
            toctree([doc.stem for doc in schemas] + ["observation"]),
        ]
    )
    return pages


def _vocabulary_table(mapping: dict[str, str], key: str, types: tuple[type, ...], doc: SchemaDoc) -> str:
    records = _records(types, key.upper())
    rows = [
        [
            code(value),
            f"{{ref}}`{target} <{schema_label(doc.stem, target)}>`",
            code(records[value]) if value in records else "–",
        ]
        for value, target in mapping.items()
    ]
    return table([f"`{key}`", "shape", "Python record"], rows)
