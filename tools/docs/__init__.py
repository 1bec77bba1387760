"""The generator of the docs' reference pages, split by job.

* :mod:`.citations`: the ONE rule-ID scanner, whose ID patterns come from the rule
  registries (``id_pattern`` in ``src/chaos_tower/rules/*.yaml``); the tests use it too;
* :mod:`.trace`: what cites each rule (code, tests) and the events emitted with it;
* :mod:`.rules`, :mod:`.crest`: the rule pages and the coverage table;
* :mod:`.schema`: the schema pages; :mod:`.cardbook`, :mod:`.card_pages`: the card pages;
* :mod:`.build`: generating, writing and checking everything (``tools/gen_docs.py``).

Nothing here is imported by the package.
"""
