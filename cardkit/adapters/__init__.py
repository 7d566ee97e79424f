"""Research adapters.

The stable import paths of :mod:`cardkit.frontends.adapters`, in the front ends:
``cardkit.adapters.pettingzoo``, ``cardkit.adapters.gymnasium`` and ``cardkit.adapters.openspiel``.
"""
