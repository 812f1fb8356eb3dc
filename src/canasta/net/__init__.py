"""The shared table: one server holds the game, each device joins one seat.

:mod:`.wire` holds the table's messages (the bot protocol's view and events, plus joining
and presence); the server and the client are built on the ``websockets`` library.
"""
