"""Tower of CHAOS (CHAOSの塔): the card model, its vocabulary and checks, and the game's modes.

=====================  ==============================================
module                 what
=====================  ==============================================
:mod:`.cards`          the card set as typed, frozen records
:mod:`.vocabulary`     the closed vocabulary of effects and conditions
:mod:`.checks`         what the JSON Schema cannot say about a set
:mod:`.lints`          likely mistakes in a set
:mod:`.solo`           the solo game
:mod:`.vs`             the VS modes (2 players, 3 to 5 players)
=====================  ==============================================
"""
