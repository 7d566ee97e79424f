"""The front ends."""
