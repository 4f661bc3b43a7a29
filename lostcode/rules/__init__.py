"""The rules of the game: state, moves, engine, what each player may see."""
