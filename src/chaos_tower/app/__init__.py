"""The programs: the ``chaos-tower`` command line, terminal play (:mod:`chaos_tower.app.play`), replays,
pictures to files.

The only package that reads the terminal or writes files on a person's behalf (besides the
card-set readers of :mod:`chaos_tower.cardsets`).
"""
