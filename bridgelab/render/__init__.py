"""Text and HTML of every object: hands, deals, auctions, play, scores, scoresheets.

Rendering sits just above the model and the bridge terms, and below the rules: it reads the
objects it draws by their attributes and imports no rules module. The model and rules classes
keep a two-line ``__str__`` / ``_repr_html_`` that calls in here.
"""
