"""The built-in question generators. Importing this package registers them.

Hand evaluation needs only the holding tables; the auction and scoring generators register
themselves when ``bridgelab.auction`` and ``bridgelab.scoring`` are there.
"""

from importlib.util import find_spec

from . import hands  # noqa: F401

if find_spec("bridgelab.auction") is not None:
    from . import auctions  # noqa: F401
if find_spec("bridgelab.scoring") is not None:
    from . import scoring  # noqa: F401
