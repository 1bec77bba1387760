"""The colours of the five attributes, shared by every picture of the Tower (solo and VS)."""

from __future__ import annotations

__all__ = ["ATTRIBUTE_COLOURS"]

ATTRIBUTE_COLOURS = {"G": "#8d6e3f", "W": "#2e6fa8", "V": "#b83227", "S": "#2e8b57", "D": "#5b3a78"}
"""Attribute letter (``tower.vocabulary.LETTERS``) to its colour in SVG pictures."""
