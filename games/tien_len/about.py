"""What ``cardkit games`` lists of Tiến Lên without importing the game: the
``cardkit.game_about`` entry point names this module; the definition reads the same values."""

#: One line for listings.
SUMMARY = "The Vietnamese climbing game: beat the top, chop 2s with bombs, shed first."
#: The player counts the game supports, and its default.
PLAYER_COUNTS = (2, 3, 4)
DEFAULT_PLAYERS = 4
