"""The programs: the ``chaos-tower`` command line, replays, pictures to files, the terminal.

The only package that reads the terminal or writes files on a person's behalf (besides the
card-set readers of :mod:`chaos_tower.cardsets`).
"""
