"""The values layer."""
