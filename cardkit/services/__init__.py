"""The services."""
