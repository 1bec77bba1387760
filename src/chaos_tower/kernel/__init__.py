"""The kernel: what every game shares, naming no game (issue 12).

Errors, the save envelope, game options as data, the seeded random numbers, fast record
rebuilding, named tensor layouts, small shape checks and the one-line notation's words. Nothing
here imports a game, the card-set readers or anything else of chaos_tower outside the kernel.
"""
