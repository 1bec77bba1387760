"""A toy third game, "High Card" (TOY-…), registered through one spec module (:mod:`toygame.spec`).

It exists to prove issue 12's claim that a new game is one spec: nothing in chaos_tower names it.
Its rules are in rules.yaml (its own rule registry and ID pattern), its cards in carddata/ (with
their own JSON Schema, toy-cardset.schema.json). See docs/guides/adding-a-game.md.
"""
