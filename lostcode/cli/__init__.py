"""The command line: replay, self-play, tournaments."""
