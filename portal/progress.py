"""Progress of a long command-line task (a registry import, an index build), stage by stage.

Why: importing a 1,000,000-vehicle registry takes ~20 s and used to print nothing
until the end.  On a terminal each stage draws a bar that redraws in place
(``operadoras  [#####-----]  48%  3,1 de 6,4 MB``); anywhere else — CI logs, a file,
a pipe — carriage returns would make a mess, so each stage prints one plain line
when it ends, and nothing while it runs.  In both cases the line a stage ends with
is the same summary, given by the caller's ``describe(stage)``.

No Flask and no knowledge of what the stages are: the task tells ``start(name,
total)``, ``advance(done)`` and ``finish(stage)`` (the protocol of
``portal.storage.registry_import.Progress``), and this module draws.
"""

from __future__ import annotations

import sys
import time
from typing import Any, Callable, TextIO

BAR_WIDTH = 24
REDRAW_EVERY = 0.1  # seconds between two redraws of the bar


def number(value: float, decimals: int = 0) -> str:
    """A number as Brazilians write it: 1.000.000 and 3,1."""
    text = f"{value:,.{decimals}f}"
    return text.replace(",", "\0").replace(".", ",").replace("\0", ".")


def megabytes(size: int) -> str:
    return f"{number(size / (1024 * 1024), 1)} MB"


class StageProgress:
    """Draws the stages of a task on ``file`` (stderr by default).

    ``describe(stage)`` gives the line printed when a stage ends; ``unit`` says how
    ``total`` and ``advance`` count ("bytes" shows megabytes, anything else a count).
    ``tty`` forces the terminal mode on or off (tests); by default it is the file's."""

    def __init__(self, describe: Callable[[Any], str], *, file: TextIO | None = None, tty: bool | None = None,
                 units: dict[str, str] | None = None):
        self.describe = describe
        self.file = file or sys.stderr
        isatty = getattr(self.file, "isatty", None)
        self.tty = tty if tty is not None else bool(isatty and isatty())
        self.units = units or {}
        self.name, self.total, self.done, self.drawn_at = "", None, 0, 0.0

    def start(self, name: str, total: int | None) -> None:
        self.name, self.total, self.done, self.drawn_at = name, total, 0, 0.0
        if self.tty:
            self._draw(force=True)

    def advance(self, done: int) -> None:
        self.done = done
        if self.tty:
            self._draw()

    def finish(self, stage: Any) -> None:
        if self.tty:
            self.done = self.total or self.done
            self._draw(force=True)
            self.file.write("\r\x1b[K")  # the bar gives way to the summary
        self.file.write(self.describe(stage) + "\n")
        self.file.flush()

    def bar(self) -> str:
        """The bar as it is drawn now (without the carriage return)."""
        label = f"{self.name:<11}"
        if not self.total:
            return f"{label} …"
        fraction = min(max(self.done / self.total, 0.0), 1.0)
        filled = int(fraction * BAR_WIDTH)
        if self.units.get(self.name) == "bytes":
            amount = f"{megabytes(self.done)} de {megabytes(self.total)}"
        else:
            amount = f"{number(self.done)} de {number(self.total)}"
        return f"{label} [{'#' * filled}{'-' * (BAR_WIDTH - filled)}] {int(fraction * 100):3d}%  {amount}"

    def _draw(self, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.drawn_at < REDRAW_EVERY:
            return
        self.drawn_at = now
        self.file.write("\r" + self.bar() + "\x1b[K")
        self.file.flush()
