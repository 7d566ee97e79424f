"""What ``cardkit games`` lists of Gin rummy without importing the game: the
``cardkit.game_about`` entry point names this module; the definition reads the same values."""

#: One line for listings.
SUMMARY = "Gin rummy for three (box, captain and sitter) or two players."
#: The player counts the game supports, and its default.
PLAYER_COUNTS = (2, 3)
DEFAULT_PLAYERS = 3
