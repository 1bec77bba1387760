"""Card sets: safe reading of untrusted files, the JSON Schemas, the converter and loading.

The only package besides :mod:`chaos_tower.app` that reads files (a user's card files, through
:mod:`.safefile`, and the packaged schemas and built-in sets, through :mod:`.resources`).
"""
