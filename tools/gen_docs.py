"""Generate the reference pages of the docs from the project's sources of truth.

    python tools/gen_docs.py              # (re)write docs/rules, docs/schema, docs/cards
    python tools/gen_docs.py --out DIR    # write DIR/rules, DIR/schema, DIR/cards instead
    python tools/gen_docs.py --check      # write nothing; exit 1 if a committed page is stale

The pages are plain MyST Markdown (and small SVG drawings), committed;
``tests/test_generated_docs.py`` fails when they no longer match what this script
writes. The work is done by the package ``tools/docs/``, split by job (see its
``__init__``): the one rule-ID scanner (``tools/docs/citations.py``, its patterns
taken from the rule registries), the trace of code, tests and events, and the rule,
schema and card pages. Sources:

* the rule registries, ``chaos_tower.rulebook.registries()`` (ID patterns, section
  titles, rules);
* the rule IDs cited in ``src/chaos_tower`` (with the enclosing function or
  class, found with :mod:`ast`) and in ``tests`` (with the test functions);
* the events emitted with each rule: literal event calls and ``Outcome(..., rule=...)``
  in the source, and the events of seeded random games;
* the JSON schemas in ``schemas/``;
* the built-in card sets, ``chaos_tower.load_cardset()``.

The output is deterministic: no dates, no line numbers, no absolute paths, every
list sorted, and the random games seeded.
"""

from __future__ import annotations

import sys
from pathlib import Path

_TOOLS = str(Path(__file__).resolve().parent)
if _TOOLS not in sys.path:  # tools/ is not a package: make tools/docs importable as `docs`
    sys.path.insert(0, _TOOLS)

from docs.build import check, generate, main, write  # noqa: E402
from docs.citations import cited_ids, find_ids, named_ids, subclauses  # noqa: E402
from docs.common import OUTPUTS  # noqa: E402
from docs.trace import Traceability, trace  # noqa: E402

__all__ = [
    "OUTPUTS",
    "Traceability",
    "check",
    "cited_ids",
    "find_ids",
    "generate",
    "main",
    "named_ids",
    "subclauses",
    "trace",
    "write",
]

if __name__ == "__main__":
    raise SystemExit(main())
