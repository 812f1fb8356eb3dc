"""The shared table: one server holds the game, each device joins one seat.

:mod:`.wire` holds the table's messages (the bot protocol's view and events, plus joining
and presence); :mod:`.table` is one table and its game, without sockets; :mod:`.server`
serves many tables on one ``websockets`` port and :mod:`.host` is ``canasta host``.
"""
