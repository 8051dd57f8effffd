"""Every file the tool writes goes through :func:`write_atomic`.

A write never leaves a half-written file: the data goes to a temporary file in
the target's own folder (so the final rename stays on one file system), is
flushed and ``fsync``-ed, and is then renamed over the target in one step; the
folder is ``fsync``-ed too so that the rename survives a crash. A process
killed at any moment leaves either the old file or the complete new one (and
at worst a stray ``.NAME.*.tmp`` file, never the target half written).

An existing target is replaced only with ``force=True`` (the command line's
``--force``); every failure is an :class:`OutputError` (exit code 2) that
names the file and the reason.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomic(folder / "a.txt", "one\\n")
>>> write_atomic(folder / "a.txt", "two\\n")
Traceback (most recent call last):
...
ruleproof.model.io.outputs.OutputError: ...a.txt: the file exists; give --force to replace it
>>> write_atomic(folder / "a.txt", "two\\n", force=True)
>>> (folder / "a.txt").read_text()
'two\\n'
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from ruleproof.spec.errors import RuleproofError


class OutputError(RuleproofError, OSError):
    """A file could not be written (it exists without ``--force``, or the system refused)."""


def check_target(path: str | Path, force: bool = False) -> Path:
    """Refuse a target before any work is done: it exists (without ``force``) or is not a file.

    :raises OutputError: naming the file.
    """
    p = Path(path)
    try:
        return _checked_target(p, force)
    except (OSError, ValueError) as exc:  # a name the system refuses (too long, a NUL byte) is bad input
        if isinstance(exc, OutputError):
            raise
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise OutputError(f"{str(p)[:200]!r}: not a file name this system can write: {reason}") from None


def _checked_target(p: Path, force: bool) -> Path:
    if "\x00" in str(p):
        raise OutputError(f"{str(p)[:200]!r}: a file name cannot hold a NUL byte")
    if p.is_dir():
        raise OutputError(f"{p}: is a folder; give a file name")
    if (p.exists() or p.is_symlink()) and not force:
        raise OutputError(f"{p}: the file exists; give --force to replace it")
    if p.exists() and not p.is_file():
        raise OutputError(f"{p}: not a regular file; only regular files are replaced")
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise OutputError(f"{p}: the folder {str(parent)!r} does not exist")
    return p


def write_atomic(path: str | Path, data: str | bytes, *, force: bool = False) -> None:
    """Write ``data`` (text is UTF-8) to ``path`` atomically.

    :raises OutputError: the target exists without ``force``, is a folder or
        not a regular file, or the system refused the write.
    """
    p = check_target(path, force)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    parent = p.parent if str(p.parent) else Path(".")
    tmp = ""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=parent)
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(handle.fileno(), _mode_for(p))
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        if not force and p.exists():
            raise OutputError(f"{p}: the file appeared while writing; give --force to replace it")
        os.replace(tmp, p)
        tmp = ""
        _sync_folder(parent)
    except OutputError:
        raise
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise OutputError(f"{p}: cannot write the file: {reason}") from None
    finally:
        if tmp:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _mode_for(target: Path) -> int:
    """The permissions of the file replaced, else those a new file gets (0o666 less the umask)."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _sync_folder(folder: Path) -> None:
    """Make the rename durable (folders cannot be opened for sync on every system)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
