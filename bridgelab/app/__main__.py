"""``python -m bridgelab.app --class 4b``: serve the quiz to a class (see ``server.main``)."""

import sys

from .server import main

sys.exit(main())
