"""The PBN and LIN reader as it was before it was made fast (commit 05a5cad, the first reader
with lenient reading, faithful writing and LIN in full: 5.2 s for a 10 MB PBN file), kept
only so that benchmarks/bench_io.py can time it against the package's reader in one run.

pbn.py, lin.py and record.py are that commit's bridgelab/io files, with the relative imports
of the package written as absolute ones (``from bridgelab.model...``); they run on today's
model and rules. Not part of the package, not linted, not to be changed.
"""
