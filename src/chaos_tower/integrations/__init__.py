"""Adapters to other ecosystems: :mod:`.openspiel` (OpenSpiel) and :mod:`.pettingzoo` (AEC environments).

Each needs its optional extra (``pip install "chaos-tower[openspiel]"`` or
``"chaos-tower[pettingzoo]"``) and is imported by name; importing this package
imports neither.
"""
