"""Subcommands of the ``bridgelab`` command, one module each (see ``bridgelab.cli``)."""
