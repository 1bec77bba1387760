"""The cards the manual prints are in the built-in set exactly, field by field.

Each expectation below is transcribed from ``shared/manual/chaos-tower.ja.txt``
and names the clause it comes from. A card the manual gives must not be marked
reconstructed except for the fields the manual leaves out.
"""

from __future__ import annotations

import pytest

from chaos_tower import TowerCardSet
from chaos_tower.tower.cards import NormalItem, RareItem, StepCard
from chaos_tower.tower.checks import FULL_SET_COUNTS
from chaos_tower.tower.vocabulary import (
    AllAttributesOnFloor,
    AllOf,
    Attribute,
    CombatDa,
    Corner,
    DaAdd,
    DaNullify,
    Effect,
    ElementChoice,
    FloorUp,
    Life,
    LivingMonstersAtLeast,
    MonsterElementAdd,
    MoveCard,
    NeighbourMonster,
    NeighboursOfOneAttribute,
    Rearrange,
    RebrightValue,
    ResetCard,
    Scope,
    StepsUsed,
    SummonRebright,
    Teleport,
    Trigger,
)

CARRIED = Trigger.WHILE_CARRIED
USE = Trigger.ON_USE
G, W, V, S, D = (Attribute.G, Attribute.W, Attribute.V, Attribute.S, Attribute.D)

# name -> (rule id, n-text, carry effects, front (text, effects, counters), rear (...))
NORMAL_ITEMS: dict[str, tuple[str, str, tuple[Effect, ...], tuple[str, tuple[Effect, ...], int],
                              tuple[str, tuple[Effect, ...], int]]] = {
    "Armor Of Gnom": (
        "TOC-NORMAL-09A", "Gnomのda無効化",
        (DaNullify(trigger=CARRIED, scope=Scope(name="Gnom")),),
        ("monsterと戦闘時da+2する。", (CombatDa(trigger=USE, add=2),), 4),
        ("monsterと戦闘時da+5する。", (CombatDa(trigger=USE, add=5),), 2),
    ),
    "Potion Of Life": (
        "TOC-NORMAL-09B", "Ondineのda無効化",
        (DaNullify(trigger=CARRIED, scope=Scope(name="Ondine")),),
        ("lifeを+3する。", (Life(trigger=USE, add=3),), 4),
        ("lifeを+7する。", (Life(trigger=USE, add=7),), 2),
    ),
    "Ring Of Vulcan": (
        "TOC-NORMAL-09C", "Vulcanのda無効化",
        (DaNullify(trigger=CARRIED, scope=Scope(name="Vulcan")),),
        ("playerのelement1つを+2できる。", (ElementChoice(trigger=USE, add=2),), 4),
        ("playerのelement1つを+5できる。", (ElementChoice(trigger=USE, add=5),), 2),
    ),
    "Sack Of Fly": (
        "TOC-NORMAL-09D", "Silvestreのda無効化",
        (DaNullify(trigger=CARRIED, scope=Scope(name="Silvestre")),),
        ("da無効化し、好きな場所へ移動可能。", (Teleport(trigger=USE),), 4),
        ("全カードから1つをリセット、～preparation～準備の状態に戻せる。", (ResetCard(trigger=USE),), 2),
    ),
    "Sword Of Light": (
        "TOC-NORMAL-09E", "floor上の全da+1",
        (DaAdd(trigger=CARRIED, add=1, scope=Scope(cards="any")),),
        ("floor上の1枚を自由に移動可能。", (MoveCard(trigger=USE),), 4),
        ("floor上の全てplayer含め自由に再配置可能。", (Rearrange(trigger=USE),), 2),
    ),
}

# name -> (rule id, r-text, carry effects, set text, set effects)
RARE_ITEMS: dict[str, tuple[str, str, tuple[Effect, ...], str, tuple[Effect, ...]]] = {
    "Power Of Guard": (
        "TOC-RARE-08A", "monsterのda+2", (DaAdd(trigger=CARRIED, add=2, scope=Scope(cards="monster")),),
        "RebrightのG0", (RebrightValue(trigger=USE, attributes=(G,), set=0),),
    ),
    "Power Of Destiny": (
        "TOC-RARE-08B", "step使用でlifeを強制的に8にする。", (Life(trigger=Trigger.ON_STEP, set=8),),
        "RebrightのW0", (RebrightValue(trigger=USE, attributes=(W,), set=0),),
    ),
    "Power Of Robust": (
        "TOC-RARE-08C", "monsterの全属性+2", (MonsterElementAdd(trigger=CARRIED, add=2),),
        "RebrightのV0", (RebrightValue(trigger=USE, attributes=(V,), set=0),),
    ),
    "Power Of Addition": (
        "TOC-RARE-08D", "step使用でlife+2", (Life(trigger=Trigger.ON_STEP, add=2),),
        "RebrightのS0", (RebrightValue(trigger=USE, attributes=(S,), set=0),),
    ),
    "Sword Of Black": (
        "TOC-RARE-08E", "全属性の全da+2", (DaAdd(trigger=CARRIED, add=2, scope=Scope(cards="any")),),
        "Rebrightの全属性+5", (RebrightValue(trigger=USE, attributes=(G, W, V, S, D), add=5),),
    ),
}

STEP_IDS = ("step.besiont", "step.marnit", "step.elerint", "step.piant")
# name -> (rule id, condition, placement, effects on entering)
STEPS = {
    "Besiont": ("TOC-STEP-11A", Corner(), "path", (FloorUp(trigger=Trigger.ON_ENTER, add=1),)),
    "Marnit": ("TOC-STEP-11B", LivingMonstersAtLeast(count=2), "anywhere",
               (FloorUp(trigger=Trigger.ON_ENTER, add=1),)),
    "Elerint": ("TOC-STEP-11C", NeighboursOfOneAttribute(count=2), "path",
                (FloorUp(trigger=Trigger.ON_ENTER, add=1),)),
    "Piant": ("TOC-STEP-11D", NeighbourMonster(state="any"), "path",
              (FloorUp(trigger=Trigger.ON_ENTER, add=1),)),
    "Seqlrith": ("TOC-STEP-11E", AllOf(of=(StepsUsed(steps=STEP_IDS), AllAttributesOnFloor())), "path",
                 (SummonRebright(trigger=Trigger.ON_ENTER),)),
}


def _by_name(items: tuple[NormalItem, ...] | tuple[RareItem, ...] | tuple[StepCard, ...],
             name: str) -> NormalItem | RareItem | StepCard:
    matches = [item for item in items if item.name == name]
    assert len(matches) == 1, f"{name} appears {len(matches)} times"
    return matches[0]


@pytest.mark.parametrize("name", sorted(NORMAL_ITEMS))
def test_normal_items_match_manual_TOC_NORMAL_09(cards: TowerCardSet, name: str) -> None:
    rule, n_text, carry, front, rear = NORMAL_ITEMS[name]
    item = _by_name(cards.normal_items, name)
    assert isinstance(item, NormalItem), rule
    assert (item.carry.text, item.carry.effects, item.carry.counters) == (n_text, carry, None), rule
    assert (item.set_front.text, item.set_front.effects, item.set_front.counters) == front, rule
    assert (item.set_rear.text, item.set_rear.effects, item.set_rear.counters) == rear, rule


def test_sack_of_fly_keeps_the_manuals_typo_note_TOC_NORMAL_09D(cards: TowerCardSet) -> None:
    item = _by_name(cards.normal_items, "Sack Of Fly")
    assert isinstance(item, NormalItem)
    assert item.note == "※Flayは誤記です"


@pytest.mark.parametrize("name", sorted(RARE_ITEMS))
def test_rare_items_match_manual_TOC_RARE_08(cards: TowerCardSet, name: str) -> None:
    rule, r_text, carry, set_text, set_effects = RARE_ITEMS[name]
    item = _by_name(cards.rare_items, name)
    assert isinstance(item, RareItem), rule
    assert (item.carry.text, item.carry.effects, item.carry.counters) == (r_text, carry, None), rule
    # "制限なし" in both set slots: no effect-counters (TOC-RARE-07).
    assert (item.set.text, item.set.effects, item.set.counters) == (set_text, set_effects, None), rule


@pytest.mark.parametrize("name", sorted(STEPS))
def test_steps_match_manual_TOC_STEP_11(cards: TowerCardSet, name: str) -> None:
    rule, condition, placement, effects = STEPS[name]
    step = _by_name(cards.steps, name)
    assert isinstance(step, StepCard), rule
    assert step.condition == condition, rule
    assert step.placement == placement, rule
    assert step.effects == effects, rule


def test_manual_cards_reconstruct_only_missing_fields(cards: TowerCardSet) -> None:
    manual_ids = {c.id for c in (*cards.steps, *cards.normal_items, *cards.rare_items)}
    allowed = {"step_element", "da", "vs", "recipe"}
    for entry in cards.header.reconstructed:
        if entry.card in manual_ids:
            assert entry.fields, f"{entry.card} is printed in the manual; only fields may be reconstructed"
            assert set(entry.fields) <= allowed, entry


def test_box_contents_TOC_PREP_03_to_06(cards: TowerCardSet) -> None:
    """内容物: 25 rooms, 20 monsters, 5 steps, 5 normal items, 5 rare items."""
    assert cards.header.complete
    for section, count in FULL_SET_COUNTS.items():
        assert len(getattr(cards, section)) == count, section


def test_all_reset_values_TOC_PREP_11_12_15(cards: TowerCardSet) -> None:
    sheet = cards.sheet
    assert sheet.start_element == 4  # TOC-PREP-12: elementカードの4を上にして
    assert sheet.start_life == 4  # TOC-PREP-15: lifeカードの初期値は4
    assert sheet.carry_limit == 5  # TOC-PREP-11: 最大5つまで設置可能


def test_number_card_floor_four_adds_minus_one_TOC_ZAP_03(cards: TowerCardSet) -> None:
    extra = {mark.floor: mark.extra_da for mark in cards.number.floors}
    assert [extra[f] for f in (1, 2, 3, 4)] == [0, 0, 0, -1]


def test_every_attribute_among_rooms_and_monsters_TOC_STEP_11E(cards: TowerCardSet) -> None:
    present = {c.attribute for c in (*cards.rooms, *cards.monsters)}
    assert present == set(Attribute)


def test_spirits_named_by_items_are_monsters_TOC_NORMAL_09(cards: TowerCardSet) -> None:
    names = {m.name for m in cards.monsters}
    assert {"Gnom", "Ondine", "Vulcan", "Silvestre"} <= names


def test_reconstructed_cards_are_declared(cards: TowerCardSet) -> None:
    declared = cards.reconstructed_ids
    for card in (*cards.rooms, *cards.monsters, *cards.items, cards.rebright):
        assert card.id in declared, f"{card.id} is not in the manual and must be marked reconstructed"


def test_TOC_START_C_a_room_has_name_attribute_element_vs_text_and_da(cards: TowerCardSet) -> None:
    for room in cards.rooms:
        assert room.name and room.attribute in set(Attribute)
        for face in (room.front, room.back):
            assert face.da.paths() >= 1
            assert isinstance(face.text, str)
        # room-element and VS value are vectors over the five attributes
        assert len(room.front.room_element.as_tuple()) == len(room.vs.as_tuple()) == 5


def test_TOC_START_D_a_monster_has_name_attribute_element_vs_m_text_and_da(cards: TowerCardSet) -> None:
    """TOC-START-D (Parts of a monster card)."""
    for monster in cards.monsters:
        assert monster.name and monster.m_text and monster.attribute in set(Attribute)
        assert monster.front.monster_element.items(), monster.id  # something can pay for a fight
        assert monster.front.da.paths() >= 1 and monster.back.da.paths() >= 1


def test_TOC_START_F_five_attributes_G_W_V_S_D() -> None:
    """TOC-START-F (The five attributes)."""
    assert [a.value for a in Attribute] == ["G", "W", "V", "S", "D"]


def test_TOC_START_H_monster_element_is_the_price_of_a_fight(cards: TowerCardSet) -> None:
    """TOC-START-H (Monster-element)."""
    import chaos_tower as ct

    game = ct.new_game(cards).game
    gnom = next(m for m in cards.monsters if m.name == "Gnom")
    table = game.table[game.card_index(gnom.id)]
    assert table.front.element == gnom.front.monster_element.as_tuple()


def test_TOC_START_I_every_card_and_item_has_a_vs_value(cards: TowerCardSet) -> None:
    """TOC-START-I (VS value)."""
    for card in (*cards.rooms, *cards.monsters, *cards.normal_items, *cards.rare_items):
        assert card.vs.items(), f"{card.id} has no VS value"


def test_TOC_START_K_m_text_is_the_name_in_katakana(cards: TowerCardSet) -> None:
    """TOC-START-K (M-text, the katakana name)."""
    import re

    katakana = re.compile(r"[\u30A0-\u30FF・ー]+\Z")
    for monster in cards.monsters:
        assert katakana.match(monster.m_text), (monster.name, monster.m_text)


def test_TOC_START_O_monster_sides_turn_like_room_sides() -> None:
    """TOC-START-O (Directions of a monster's da)."""
    from chaos_tower.tower.solo.geometry import side_facing

    # The same mapping serves both kinds of card: side s faces direction (s + rotation) % 4.
    for rotation in range(4):
        assert [side_facing(d, rotation) for d in range(4)] == [(d - rotation) % 4 for d in range(4)]


def test_no_control_characters_reach_card_texts(cards: TowerCardSet) -> None:
    """Folded YAML text (>-) must come out joined by spaces, with no parser markers left in it."""
    from collections.abc import Iterator
    from typing import Any

    from chaos_tower.cardsets.converter import converter

    def strings(value: Any) -> Iterator[str]:
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for key, inner in value.items():
                yield key
                yield from strings(inner)
        elif isinstance(value, list):
            for inner in value:
                yield from strings(inner)

    found = [s for s in strings(converter().unstructure(cards)) if any(ord(c) < 32 and c != "\n" for c in s)]
    assert found == []
