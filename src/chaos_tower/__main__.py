"""``python -m chaos_tower`` is the ``chaos-tower`` command."""

from .app.cli import main

raise SystemExit(main())
