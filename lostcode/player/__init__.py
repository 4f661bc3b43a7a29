"""What a player can work out and do: the deduction assistant and the bots."""
