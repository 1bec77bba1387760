"""Fixtures for the Crest Duel tests."""

from __future__ import annotations

import pytest

from chaos_tower.crest.cards import CrestCardSet

from .helpers import crest_cards


@pytest.fixture(scope="session")
def crest() -> CrestCardSet:
    """The built-in Crest Duel card set."""
    return crest_cards()
