"""Play over a network: a WebSocket server that alone holds the cards, and a client API.

- :class:`~cardkit.net.server.Server` hosts tables (``cardkit serve``); only it holds the
  match; each seat gets its view and legal moves, spectators what every seat sees.
- :class:`~cardkit.net.client.Connection` is one seat's (or a spectator's) link to a table,
  reconnecting by itself; :class:`~cardkit.net.remote.RemoteMatch` turns it into a match the
  play screen can run (``cardkit join``, ``cardkit watch``).
- :mod:`cardkit.net.codec` turns views, results and moves into JSON and back;
  :mod:`cardkit.net.protocol` holds the protocol's constants (docs/protocol.md).

The ``websockets`` library (the ``net`` extra) is imported only when a connection is made.

::

    from cardkit.frontends.net import Connection, RemoteMatch
    connection = Connection("ws://127.0.0.1:8765/tonk#TOKEN")
    match = RemoteMatch(connection, connection.open())
    state = match.current
    if state.current_player == match.seat:
        state.apply(state.legal_actions()[0])
"""

from __future__ import annotations

from cardkit.frontends.net.client import Connection, NetError
from cardkit.frontends.net.codec import decode_view, encode_view, spectator_view
from cardkit.frontends.net.protocol import PROTOCOL_VERSION, Address, parse_address
from cardkit.frontends.net.remote import ObservedSeat, RemoteMatch, RemoteState

__all__ = [
    "PROTOCOL_VERSION",
    "Address",
    "Connection",
    "NetError",
    "ObservedSeat",
    "RemoteMatch",
    "RemoteState",
    "decode_view",
    "encode_view",
    "parse_address",
    "spectator_view",
]
