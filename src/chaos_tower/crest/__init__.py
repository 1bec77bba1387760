"""Crest Duel (紋章使い): a 2–6 player card duel on the same engine machinery as the Tower.

The package holds the card records (:mod:`.cards`), the semantic checks
(:mod:`.checks`), the engine split by the rules summary's sections
(:mod:`.start`, :mod:`.wield`, :mod:`.beast`, :mod:`.death`, :mod:`.players`),
the state and actions, saves, observations, text rendering and agents.
:mod:`.front` registers the game with the front door (:mod:`chaos_tower.api`).
"""
