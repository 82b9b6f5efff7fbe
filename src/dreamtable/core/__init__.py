"""The game-independent core: the contract, visibility, RNG, records, errors and testing kit."""
