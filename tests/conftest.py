"""Shared fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

import chaos_tower as ct

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def cards() -> ct.TowerCardSet:
    """The built-in Tower card set."""
    return ct.load_cardset()
