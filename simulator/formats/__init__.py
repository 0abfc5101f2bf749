"""The recorded-game file format: reading and validating a recorded game, its key lines."""
