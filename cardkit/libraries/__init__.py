"""The card libraries."""
