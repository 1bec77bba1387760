"""A throw-away PostgreSQL cluster for the tests: Debian's initdb and pg_ctl, a unix socket in a
temporary folder, no TCP port. As root, the cluster runs as the ``postgres`` system user (PostgreSQL
refuses to run as root). Without PostgreSQL the tests skip, except under CI, where they fail."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

BIN = Path("/usr/lib/postgresql/15/bin")


def _bin() -> Path | None:
    if (BIN / "initdb").exists():
        return BIN
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def _ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """A running cluster; yields its ``postgresql://`` URL (database ``postgres``, user ``ct``)."""
    where = _bin()
    if where is None:
        if _ci():
            pytest.fail(
                "PostgreSQL (initdb, pg_ctl) is missing, and CI must run these tests (apt-get postgresql)"
            )
        pytest.skip("PostgreSQL is not installed (these tests run, and must pass, under CI)")
    root = Path(tempfile.mkdtemp(prefix="ct-pg-"))
    data, sock = root / "data", root / "sock"
    sock.mkdir()
    prefix: list[str] = []
    if os.geteuid() == 0:
        os.chmod(root, 0o755)
        shutil.chown(root, "postgres")
        shutil.chown(sock, "postgres")
        # runuser lives in /usr/sbin, which a root shell's PATH may leave out
        runuser = shutil.which("runuser") or shutil.which("runuser", path="/usr/sbin:/sbin") or "runuser"
        prefix = [runuser, "-u", "postgres", "--"]
    run = lambda *args: subprocess.run([*prefix, *args], check=True, capture_output=True, text=True)  # noqa: E731
    try:
        run(str(where / "initdb"), "-D", str(data), "-A", "trust", "-U", "ct", "--no-sync", "-E", "UTF8")
        options = f"-k {sock} -c listen_addresses='' -c fsync=off -c max_connections=50"
        run(str(where / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(root / "log"), "-w", "start")
        try:
            yield f"postgresql://ct@/postgres?host={sock}"
        finally:
            subprocess.run(
                [*prefix, str(where / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                capture_output=True,
            )
    finally:
        shutil.rmtree(root, ignore_errors=True)
