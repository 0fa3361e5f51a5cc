"""A throwaway PostgreSQL server for tests: `initdb` + `pg_ctl` in a temporary folder.

Theory of operation: `TempCluster.start()` finds the server binaries (`$CURSORD_PG_BINDIR`, `initdb` on
PATH, or the newest `/usr/lib/postgresql/*/bin`), initialises a cluster with trust authentication in a
fresh folder and starts it listening only on a unix socket in that folder (no TCP port to collide on).
`initdb` refuses to run as root, so under root the cluster belongs to an unprivileged system user
(`CLUSTER_USER`, created if missing) and the binaries run through `runuser`. For tests durability is
off (`fsync`, `synchronous_commit`, `full_page_writes`): the data is thrown away with the folder; a
benchmark starts it with `durable=True`, PostgreSQL's defaults.

A test suite starts one cluster per session and gives each test its own database (`new_database`,
an empty copy of `template0`), so tests never see each other's rows. `stop()` stops the server and
removes the folder.
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

import attrs

#: the unprivileged user that owns the cluster when the tests run as root
CLUSTER_USER = "cursord-pgtest"
SUPERUSER = "cursord"
PORT = 5432  # only names the socket file: the server listens on no TCP port


class PostgresUnavailable(RuntimeError):
    """The PostgreSQL server binaries are not installed (the message says where they were looked for)."""


def find_bindir() -> Path:
    """The folder holding `initdb` and `pg_ctl`; raises `PostgresUnavailable`."""
    given = os.environ.get("CURSORD_PG_BINDIR")
    candidates = [Path(given)] if given else []
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).parent)
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True)
    candidates.extend(Path(p) for p in versions)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    raise PostgresUnavailable(
        "PostgreSQL server binaries (initdb, pg_ctl) not found in $CURSORD_PG_BINDIR, on PATH or in "
        "/usr/lib/postgresql/*/bin; install the server (apt-get install postgresql)"
    )


def _ensure_user(name: str) -> None:
    try:
        pwd.getpwnam(name)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
            check=True,
            capture_output=True,
        )


@attrs.define
class TempCluster:
    bindir: Path
    folder: Path
    run_as: str | None  # the user the server runs as (None: this process's user)
    _databases: itertools.count[int] = attrs.field(factory=lambda: itertools.count(1))
    running: bool = False

    @classmethod
    def start(cls, *, durable: bool = False) -> TempCluster:
        bindir = find_bindir()
        run_as = None
        if os.geteuid() == 0:
            _ensure_user(CLUSTER_USER)
            run_as = CLUSTER_USER
        folder = Path(tempfile.mkdtemp(prefix="cursord-pg-"))
        cluster = cls(bindir, folder, run_as)
        try:
            if run_as is not None:
                entry = pwd.getpwnam(run_as)
                os.chown(folder, entry.pw_uid, entry.pw_gid)
            cluster._run(
                "initdb", "-D", str(cluster.data), "-U", SUPERUSER, "--auth=trust", "--no-sync",
                "--encoding=UTF8", "--locale=C",
            )
            options = f"-c listen_addresses='' -c unix_socket_directories='{folder}' -c port={PORT}"
            options += " -c max_connections=200"
            if not durable:
                options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            cluster._run("pg_ctl", "-D", str(cluster.data), "-l", str(folder / "server.log"), "-w", "-o", options,
                         "start")
            cluster.running = True
        except BaseException:
            cluster.stop()
            raise
        return cluster

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def url(self, database: str = "postgres", password: str | None = None) -> str:
        """A URL for `database` over the cluster's socket (trust auth ignores `password`)."""
        user = SUPERUSER if password is None else f"{SUPERUSER}:{password}"
        return f"postgresql://{user}@/{database}?host={self.folder}&port={PORT}"

    def new_database(self) -> str:
        """Create an empty database; returns its name."""
        name = f"test_{os.getpid()}_{next(self._databases)}"
        self.sql(f'CREATE DATABASE "{name}" TEMPLATE template0')
        return name

    def sql(self, statement: str, database: str = "postgres") -> str:
        """Run one statement with psql-free psycopg; returns the first column of the first row, if any."""
        import psycopg

        with psycopg.connect(self.url(database), autocommit=True) as conn:
            cursor = conn.execute(statement.encode())
            row = cursor.fetchone() if cursor.description else None
            return "" if row is None else str(row[0])

    def stop(self) -> None:
        if self.running:
            self.running = False
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)
        shutil.rmtree(self.folder, ignore_errors=True)

    def _run(self, program: str, *args: str, check: bool = True) -> None:
        command = [str(self.bindir / program), *args]
        if self.run_as is not None:
            command = ["runuser", "-u", self.run_as, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.folder)
        if check and done.returncode != 0:
            raise RuntimeError(f"{program} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")
