"""A study on a Dask cluster gives the same answer as on this machine, for the same seed."""

import pandas as pd
import pytest

from bridgelab import stats


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("distributed")  # imported here: collecting stays quick
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_dask_path_equals_local_path(client):
    args = dict(measures=["N hcp", "NS fit S", "E pattern"], n=8_000, seed=42, chunk_size=1_000)
    local = stats.study(**args)
    on_cluster = stats.study(**args, client=client)
    pd.testing.assert_frame_equal(local, on_cluster)
    assert len(client.scheduler_info()["workers"]) == 2


def test_dask_runs_constraints_written_as_functions(client):
    def strong_north(batch):
        return batch.evaluate("hcp")[:, 0] >= 20

    args = dict(measures=["N hcp"], n=600, seed=9, where=strong_north, chunk_size=200)
    on_cluster = stats.study(**args, client=client)
    assert on_cluster["value"].min() >= 20
    pd.testing.assert_frame_equal(stats.study(**args, workers=2), on_cluster)


def test_double_dummy_study_on_dask_equals_local(client):
    pytest.importorskip("endplay")
    from bridgelab.analysis.stats import dd_study

    args = dict(n=6, seed=3, declarers="NE", strains=("S", "NT"), chunk_size=3)
    local = dd_study(**args, workers=1)
    on_cluster = dd_study(**args, client=client)
    pd.testing.assert_frame_equal(local, on_cluster)
    assert (on_cluster.groupby("measure")["count"].sum() == 6).all()
