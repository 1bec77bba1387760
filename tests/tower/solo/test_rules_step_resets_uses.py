"""An item that resets uses (``TOC-STEP-05``), written as card data: the term ``reset_uses``.

使用時、carryエリアに使用回数をリセットするアイテムがあるか確認: no printed item resets uses, so
the built-in set has none; a set of one's own may give one, with the trigger ``on_step`` (checked
in carry when a step is used) or ``on_use`` (from a slot, every other set item). Here the Harpy
Plume of a copy of the built-in set also resets uses when a step is used.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import chaos_tower as ct
from chaos_tower.cardsets.resources import carddata_dir

from .items_steps_helpers import BESIONT_ROWS

PLUME_EFFECT = "      - {op: life, trigger: on_step, add: 1}\n"
RESET = "      - {op: reset_uses, trigger: on_step}\n"


def _cards(tmp_path: Path, effect: str = RESET) -> ct.TowerCardSet:
    target = tmp_path / "tower"
    shutil.copytree(carddata_dir() / "tower", target)
    items = target / "items.yaml"
    text = items.read_text(encoding="utf-8")
    assert text.count(PLUME_EFFECT) == 1
    items.write_text(text.replace(PLUME_EFFECT, PLUME_EFFECT + effect), encoding="utf-8")
    return ct.load_cardset(target)


def _position(cards: ct.TowerCardSet, **fields: str) -> ct.State:
    floor = "/".join(",".join(row.split()) for row in BESIONT_ROWS)
    words = [f"floor={floor}", "player=1,0", "life=5", *(f"{k}={v}" for k, v in fields.items())]
    return ct.from_notation(" ".join(words), cards)


def test_TOC_STEP_05_a_carried_item_that_resets_uses_acts_when_a_step_is_used(tmp_path: Path) -> None:
    """TOC-STEP-05: with the Plume carried, using Besiont brings a Ring Of Vulcan set in front with
    1 use left and a Potion Of Life set in rear with 1 back to their full counters (4 and 2);
    without the Plume they stay."""
    cards = _cards(tmp_path)
    slots = "front-1:normal.ring-of-vulcan:1,rear-1:normal.potion-of-life:1"
    carried = _position(cards, carry="item.harpy-plume", slots=slots)
    after = ct.apply(carried, ct.parse_action(carried, "step step.besiont 0,0 r0"))
    game = after.game
    counters = dict(zip(game.slot_ids, after.counters, strict=True))
    ring = game.items[game.item_index["normal.ring-of-vulcan"]]
    potion = game.items[game.item_index["normal.potion-of-life"]]
    assert (counters["front-1"], counters["rear-1"]) == (ring.front_counters, potion.rear_counters)
    assert (ring.front_counters, potion.rear_counters) == (4, 2)
    assert any(e.kind == "reset" and "full again" in e.text for e in after.events)
    plain = _position(cards, slots=slots)
    kept = ct.apply(plain, ct.parse_action(plain, "step step.besiont 0,0 r0"))
    assert kept.counters == plain.counters


def test_TOC_STEP_05_reset_uses_is_checked_like_every_term(tmp_path: Path) -> None:
    """TOC-STEP-05: the term needs no choice, so it may act on a step; in force ('while_carried')
    it would never act, and the card checks refuse it, naming the file."""
    assert _cards(tmp_path).header.name
    with pytest.raises(ct.CardSetError, match="reset_uses"):
        _cards(tmp_path / "bad", "      - {op: reset_uses, trigger: while_carried}\n")
