"""The rulebooks: each genre in its player's words, with a checker from its rules alone."""
