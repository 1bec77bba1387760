"""The solo game of Tower of CHAOS: state, actions and rules, one module per manual section.

=====================  ==============================================
module                 manual section
=====================  ==============================================
:mod:`.prep`           preparation 準備 (``TOC-PREP``), ZAP reset (``TOC-ZAP-04`` to ``06``)
:mod:`.placement`      play start, playing (``TOC-START``, ``TOC-PLAY``), step placement
:mod:`.progress`       progress Ⅰ–Ⅳ (``TOC-PROG1``..``4``): moving, flipping, fighting
:mod:`.items`          icons, carry, normal and rare items (``TOC-ITEM``, ``CARRY``, ``NORMAL``, ``RARE``)
:mod:`.steps`          steps (``TOC-STEP``), leaving ZAP (``TOC-ZAP-07``)
:mod:`.engine`         legal actions, apply, GameOver (``TOC-OVER-01``)
:mod:`.over`           GameOver by a forced walk round a closed circuit (``TOC-OVER-01``, ``closed_walk``)
=====================  ==============================================
"""
