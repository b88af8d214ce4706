"""Research adapters over the engine contract: OpenSpiel games, PettingZoo and Gymnasium
environments for every registered game (optional extra `ludoteca[research]`).

Each adapter module imports its library on import, so `import ludoteca` never needs them.
"""
