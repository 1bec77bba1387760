"""The capabilities every mode provides through the front door (issue 12)."""
