"""What ``cardkit games`` lists of Tonk without importing the game: the
``cardkit.game_about`` entry point names this module; the definition reads the same values."""

#: One line for listings.
SUMMARY = "Tonk (Tunk): a fast rummy for money: drop, tonk out, or be caught."
#: The player counts the game supports, and its default.
PLAYER_COUNTS = (2, 3, 4)
DEFAULT_PLAYERS = 2
