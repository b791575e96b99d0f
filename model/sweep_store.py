"""Where a sweep's results go, written as they arrive so an interrupted sweep loses
nothing it finished.

A sweep called ``OUT`` keeps four files side by side:

- ``OUT.sweep.json`` — what is swept (:class:`~model.sweep_plan.SweepSpec`, with the base
  design itself), so ``--resume`` and the GUI's Explore dialog can rebuild any point;
- ``OUT.jsonl`` — the journal: one JSON object per finished point, appended and flushed
  the moment the point returns (the source of truth while the sweep runs);
- ``OUT.csv`` and ``OUT.parquet`` — the table, one row per point in point order,
  columns ``point``, ``status``, ``reason``, ``seconds``, the axes (``param.NAME``) and
  every figure (:mod:`model.figures`); written from the journal when the sweep ends or
  is interrupted. A figure a point lacks is empty (CSV) or null (Parquet).

``status`` is ``ok``, ``failed`` (the design could not be built or computed; ``reason``
says why) or ``over budget`` (the point ran past its time budget; the figures the
engine did compute are kept).
"""

from __future__ import annotations

import csv
import json
import math
import os
from pathlib import Path
from typing import Any, TextIO

from model.atomic_file import replacing, replacing_text, write_bytes
from model.reports.csv_safe import csv_field, needs_neutralising
from model.sweep_plan import SweepError, SweepSpec

LEAD_COLUMNS = ("point", "status", "reason", "seconds")
OK, FAILED, OVER_BUDGET = "ok", "failed", "over budget"

Row = dict[str, Any]


def _json_safe(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


class SweepStore:
    """The files of one sweep (see the module docstring)."""

    def __init__(self, out: str | os.PathLike[str]) -> None:
        stem = str(out)
        for suffix in (".csv", ".parquet", ".jsonl", ".sweep.json"):
            if stem.endswith(suffix):
                stem = stem[: -len(suffix)]
                break
        self.stem = Path(stem)
        self.spec_path = Path(stem + ".sweep.json")
        self.journal_path = Path(stem + ".jsonl")
        self.csv_path = Path(stem + ".csv")
        self.parquet_path = Path(stem + ".parquet")
        self._journal: TextIO | None = None

    # ------------------------------------------------------------ spec
    def exists(self) -> bool:
        """True when a sweep was started here."""
        return self.spec_path.exists()

    def start(self, spec: SweepSpec) -> None:
        """Begin a new sweep here: write the spec, empty the journal."""
        if self.stem.parent and not self.stem.parent.exists():
            raise SweepError(f"the folder {self.stem.parent} does not exist")
        text = json.dumps(spec.to_json(), indent=1, ensure_ascii=False) + "\n"
        try:
            write_bytes(self.spec_path, text.encode("utf-8"))
            self.journal_path.write_text("", encoding="utf-8")
        except OSError as error:
            raise SweepError(f"cannot write {self.spec_path}: {error.strerror or error}") \
                from None

    def read_spec(self) -> SweepSpec:
        """The spec of the sweep started here (SweepError when there is none)."""
        try:
            data = json.loads(self.spec_path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise SweepError(f"there is no sweep to resume at {self.stem}"
                             f" ({self.spec_path.name} is missing)") from None
        except (OSError, ValueError) as error:
            raise SweepError(f"cannot read {self.spec_path}: {error}") from None
        return SweepSpec.from_json(data)

    # --------------------------------------------------------- journal
    def rows(self) -> list[Row]:
        """Every point finished so far (the last record of a point wins; a line cut
        short by an interruption is skipped)."""
        by_point: dict[int, Row] = {}
        try:
            with self.journal_path.open(encoding="utf-8") as stream:
                for line in stream:
                    try:
                        row = json.loads(line)
                    except ValueError:
                        continue
                    if isinstance(row, dict) and isinstance(row.get("point"), int):
                        by_point[row["point"]] = row
        except FileNotFoundError:
            return []
        return [by_point[k] for k in sorted(by_point)]

    def append(self, row: Row) -> None:
        """Add a finished point to the journal, on disk at once."""
        if self._journal is None:
            self._journal = self.journal_path.open("a", encoding="utf-8")
            if _ends_cut_short(self.journal_path):  # a line cut by an interruption
                self._journal.write("\n")
        safe = {k: _json_safe(v) for k, v in row.items()}
        self._journal.write(json.dumps(safe, ensure_ascii=False) + "\n")
        self._journal.flush()

    def close(self) -> None:
        """Close the journal."""
        if self._journal is not None:
            self._journal.close()
            self._journal = None

    # ---------------------------------------------------------- tables
    def write_tables(self, spec: SweepSpec) -> list[str]:
        """Write the CSV and Parquet tables from the journal; returns the columns."""
        rows = self.rows()
        columns = table_columns(spec, rows)
        _write_csv(self.csv_path, columns, rows)
        _write_parquet(self.parquet_path, columns, rows)
        return columns


def _ends_cut_short(path: Path) -> bool:
    """True when the file's last line has no newline (its writer was stopped)."""
    with path.open("rb") as stream:
        if stream.seek(0, os.SEEK_END) == 0:
            return False
        stream.seek(-1, os.SEEK_END)
        return stream.read(1) != b"\n"


def table_columns(spec: SweepSpec, rows: list[Row]) -> list[str]:
    """The table's columns: the lead columns, the axes, then every figure in the order
    first seen."""
    columns = [*LEAD_COLUMNS, *(a.column for a in spec.axes)]
    seen = set(columns)
    for row in rows:
        for key in row:
            if key not in seen:
                seen.add(key)
                columns.append(key)
    return columns


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


def _write_csv(path: Path, columns: list[str], rows: list[Row]) -> None:
    try:
        with replacing_text(path, newline="") as stream:
            # element names reach the header and reasons: never as spreadsheet formulas
            stream.write(",".join(csv_field(c) for c in columns) + "\n")
            for row in rows:
                stream.write(",".join(csv_field(_cell(row.get(c))) for c in columns) + "\n")
    except OSError as error:
        raise SweepError(f"cannot write {path}: {error.strerror or error}") from None


def _arrow_column(values: list[Any]) -> Any:
    import pyarrow as pa

    present = [v for v in values if v is not None]
    if present and all(isinstance(v, bool) for v in present):
        return pa.array(values, type=pa.bool_())
    if present and all(isinstance(v, int) and not isinstance(v, bool) for v in present):
        return pa.array(values, type=pa.int64())
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in present):
        return pa.array([None if v is None else float(v) for v in values], type=pa.float64())
    return pa.array([None if v is None else str(v) for v in values], type=pa.string())


def _write_parquet(path: Path, columns: list[str], rows: list[Row]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.table({c: _arrow_column([row.get(c) for row in rows]) for c in columns})
    try:
        with replacing(path, ".parquet") as temporary:
            pq.write_table(table, temporary)
    except OSError as error:
        raise SweepError(f"cannot write {path}: {error.strerror or error}") from None


def read_table(path: str | os.PathLike[str]) -> tuple[list[str], list[Row]]:
    """A sweep's CSV table read back: the columns and each row with numbers as floats
    or ints, ``true``/``false`` as bools and empty cells as None."""
    try:
        with open(path, encoding="utf-8", newline="") as stream:
            reader = csv.reader(stream)
            columns = [_unquote(c) for c in next(reader, [])]
            rows = [{c: _parse_cell(_unquote(v)) for c, v in zip(columns, line, strict=False)}
                    for line in reader]
    except OSError as error:
        raise SweepError(f"cannot read {path}: {error.strerror or error}") from None
    except (csv.Error, UnicodeDecodeError) as error:
        raise SweepError(f"{path} is not a sweep table: {error}") from None
    if "point" not in columns:
        raise SweepError(f"{path} is not a sweep table (it has no 'point' column)")
    return columns, rows


def _unquote(cell: str) -> str:
    """A cell as it was before :func:`csv_field` put a ``'`` in front of it."""
    if cell.startswith("'") and needs_neutralising(cell[1:]):
        return cell[1:]
    return cell


def _parse_cell(text: str) -> Any:
    if text == "":
        return None
    if text in ("true", "false"):
        return text == "true"
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text
