"""ComputeScore: compare AI compute vendors on what really decides the deal."""

__version__ = "0.1.0"
