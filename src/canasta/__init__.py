"""canasta: classic partnership Canasta in the terminal."""

__version__ = "0.1.0"
