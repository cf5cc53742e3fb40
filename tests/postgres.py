"""A throwaway PostgreSQL server for the tests and the benchmark: initdb into a temporary folder,
pg_ctl start on a Unix socket in it (no TCP port), a database per test, everything removed at the
end. Debian's package provides the binaries (`make test` installs it); PostgreSQL refuses to
run as root, so as root the cluster runs as an unprivileged user (`nobody`) that owns the folder.

    with Cluster.start() as cluster:
        url = cluster.new_database()     # postgresql://wordlist@/db1?host=/tmp/wordlist-pg-...
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import psycopg

USER = "wordlist"
UNPRIVILEGED = "nobody"  # who runs the cluster when the tests run as root


def binaries() -> Path | None:
    """The folder of initdb and pg_ctl: on the PATH, else Debian's newest /usr/lib/postgresql/N/bin."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    return Path(versions[-1]).parent if versions else None


MISSING = (
    "PostgreSQL's initdb and pg_ctl are not installed (Debian's postgresql package; `make test` installs it)"
)


class Cluster:
    """A PostgreSQL server of its own in a temporary folder, reached on its Unix socket there."""

    def __init__(self, folder: Path, bin_dir: Path, as_user: list[str]) -> None:
        self.folder, self.bin_dir, self.as_user = folder, bin_dir, as_user
        self.data = folder / "data"
        self._names = itertools.count(1)

    @classmethod
    def start(cls, *, durable: bool = False) -> Cluster:
        """Start one; `durable` keeps PostgreSQL's fsync (the benchmark), otherwise it is off
        (the tests: a killed *wordlist* server is what they test, not a power cut)."""
        bin_dir = binaries()
        if bin_dir is None:
            raise FileNotFoundError(MISSING)
        folder = Path(tempfile.mkdtemp(prefix="wordlist-pg-"))  # short: a socket path has 107 bytes
        as_user: list[str] = []
        if os.geteuid() == 0:
            user = pwd.getpwnam(UNPRIVILEGED)
            os.chown(folder, user.pw_uid, user.pw_gid)
            as_user = ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups"]
        cluster = cls(folder, bin_dir, as_user)
        try:
            cluster._run(
                "initdb", "-D", str(cluster.data), "-U", USER, "--auth=trust", "-E", "UTF8", "--no-sync"
            )
            options = f"-k {folder} -c listen_addresses='' -c max_connections=200"
            if not durable:
                options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            cluster._run(
                "pg_ctl",
                "start",
                "-w",
                "-t",
                "60",
                "-D",
                str(cluster.data),
                "-l",
                str(folder / "log"),
                "-o",
                options,
            )
        except BaseException:
            cluster.stop()
            raise
        return cluster

    def _run(self, program: str, *args: str) -> None:
        command = [*self.as_user, str(self.bin_dir / program), *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=self.folder)
        if done.returncode:
            log = self.folder / "log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{program} failed ({done.returncode}): {done.stderr[-2000:]}{tail}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@/{database}?host={self.folder}"

    def new_database(self) -> str:
        """The URL of a new, empty database of this cluster."""
        name = f"db{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            subprocess.run(
                [
                    *self.as_user,
                    str(self.bin_dir / "pg_ctl"),
                    "stop",
                    "-D",
                    str(self.data),
                    "-m",
                    "immediate",
                ],
                capture_output=True,
                timeout=60,
            )
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
