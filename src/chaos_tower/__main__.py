"""``python -m chaos_tower`` is the ``chaos-tower`` command."""

from .cli import main

raise SystemExit(main())
