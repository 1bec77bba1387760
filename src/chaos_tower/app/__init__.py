"""The application layer: what reads the terminal and files (terminal play: :mod:`chaos_tower.app.play`)."""
