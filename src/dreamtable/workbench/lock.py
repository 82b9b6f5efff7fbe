"""One writer per results file: a run holds ``X.jsonl.lock`` beside its output while it writes.

Two ``simulate`` runs on one ``--out`` would both play the missing seeds and append duplicates
that ``report`` counts twice, so the second run is refused with a message naming the lock. The
lock is an ``flock`` on the lock file: the operating system releases it when the process ends,
however it ends, so a crashed or killed run never leaves a stale lock behind.
"""

from __future__ import annotations

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from .results import ResultsError


def lock_path_for(path: Path) -> Path:
    """The lock file of a results file."""
    return path.with_name(path.name + ".lock")


@contextmanager
def output_lock(path: Path) -> Iterator[Path]:
    """Hold the lock of ``path`` while the block runs; ``ResultsError`` if another run holds it."""
    lock = lock_path_for(path)
    lock.parent.mkdir(parents=True, exist_ok=True)
    descriptor = _acquire(path, lock)
    try:
        yield lock
    finally:
        # Unlink before unlocking: a run that opened this file meanwhile then holds a lock on a
        # name that is gone, which _acquire notices (the inode check), and opens the new one.
        lock.unlink(missing_ok=True)
        os.close(descriptor)  # releases the flock


def _acquire(path: Path, lock: Path) -> int:
    """The open, locked lock file, with this process's id in it."""
    for _ in range(10):
        try:
            descriptor = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise ResultsError(f"cannot create the lock file {lock} beside {path}: {error.strerror or error}") from None
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(descriptor, 64, 0).decode("ascii", "replace").strip() or "unknown"
            os.close(descriptor)
            raise ResultsError(f"{path} is being written by another run (process {holder} holds {lock}); "
                               "wait for it to finish or choose another --out") from None
        try:
            same = os.fstat(descriptor).st_ino == os.stat(lock).st_ino
        except FileNotFoundError:
            same = False
        if same:
            os.ftruncate(descriptor, 0)
            os.pwrite(descriptor, f"{os.getpid()}\n".encode("ascii"), 0)  # who holds it, for the message above
            return descriptor
        os.close(descriptor)  # the previous holder removed this file as we opened it: take the new one
    raise ResultsError(f"cannot take the lock {lock} of {path}: other runs keep taking it; choose another --out")
