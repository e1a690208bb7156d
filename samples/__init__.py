"""Illustrative vendor quotes shipped for the demo workspace and the import tests."""
