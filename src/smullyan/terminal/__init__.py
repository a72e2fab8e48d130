"""Terminal faces beyond the batch command line: the game of `smullyan play` (`terminal.game`).

Named `terminal`, not `play`, so that `smullyan.play` stays the API's function that starts a game.
"""
