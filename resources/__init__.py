"""Data files shipped with ComputeScore (read through ``computescore.resources_access``)."""
