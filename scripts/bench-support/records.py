#!/usr/bin/env python3
"""Holds scripts/bench's rows to their records, and prints the table.

Reads the rows on standard input, one a line, cells split by "|": the thirteen cells of the table
up to the goal, the verdict, then three cells the table does not show: the figure the row is held
to (its ratio, or its own figure where it has no other side), "lower" or "higher" (which way is
better; empty for a row without a goal, which has no record), and the relative noise of that
figure measured from the row's own repeated runs (0 when unknown).

The records file (JSON) holds, for each row and each machine (its CPU model and core count), the
row's best figure there, the noise of the run that set it, and the commit and date it came from
(a row's entry written before records were kept per machine, one record naming its machine, is
read as that machine's). A row is a regression when its figure is more than
15 % worse than its record, beyond the noise (twice the relative spread of the runs, this run's
or the record's, whichever is larger: a record set by a lucky run of a noisy row is not a
standard the next run of it can be held to more tightly): `figure > record × (1.15 + 2 × noise)`
for a row where lower is better. A regression's result is "REGRESSION", whatever its goal says. A
figure better than the record becomes the record, with the commit, when the bench ran in full
(not --quick) from a tree without changes. A row is judged against this machine's record only;
on a machine without one, another machine's is shown, and this run's figure may become this
machine's first record.

Usage: records.py RECORDS_FILE COMMIT MACHINE MAY_RECORD(yes/no) < rows
Prints the markdown table, then a line naming the regressions (or saying there are none), and
exits 0; the table's "record" column shows each row's record and where it came from.
"""
import datetime
import json
import sys

TOLERANCE = 0.15
HEADER = ["row", "pipeline wall ms", "CPU ms", "start-up ms", "ms/frame", "other side", "wall ms", "CPU ms",
          "start-up ms", "ms/frame", "same work", "ratio", "goal", "result", "record"]


def per_machine(entry):
    """A row's records by machine, from either form of its entry."""
    if entry is None:
        return {}
    if "figure" in entry:
        return {entry.get("machine", ""): entry}
    return entry


def judged(row, records, machine):
    """The row's record cell and result, and its figure when that is a new record."""
    measure, verdict, figure, way, noise = row[0], row[13], row[14], row[15], row[16]
    if way not in ("lower", "higher"):
        return "—", verdict, None
    try:
        value, spread = float(figure), float(noise or 0)
    except ValueError:
        return "—", verdict, None
    kept = per_machine(records.get(measure))
    record = kept.get(machine)
    if record is None:
        others = [f"{r['figure']:g} at {r['commit']}" for r in kept.values()]
        return ("none yet here" + (f" ({'; '.join(others)} on another machine)" if others else "")), verdict, value
    best, spread = record["figure"], max(spread, record.get("noise", 0))
    where = f"{best:g} at {record['commit']}"
    if way == "lower":
        limit, worse = best * (1 + TOLERANCE + 2 * spread), value / best - 1 if best else 0
        regressed, better = value > limit, value < best
    else:
        limit, worse = best / (1 + TOLERANCE + 2 * spread), 1 - value / best if best else 0
        regressed, better = value < limit, value > best
    if regressed:
        return f"{where}; {100 * worse:.0f} % worse, beyond {limit:.3g}", "REGRESSION", None
    return where, verdict, value if better else None


def main():
    path, commit, machine, may_record = sys.argv[1:5]
    try:
        with open(path) as file:
            records = json.load(file)["rows"]
    except FileNotFoundError:
        records = {}
    rows = [line.rstrip("\n").split("|") for line in sys.stdin if line.strip()]
    table, regressions, changed = [], [], False
    for row in rows:
        row += [""] * (17 - len(row))
        cell, verdict, new = judged(row, records, machine)
        noise = float(row[16] or 0)
        table.append(row[:13] + [verdict, cell])
        if verdict == "REGRESSION":
            regressions.append(row[0])
        if new is not None and may_record == "yes" and not commit.endswith("-dirty") and commit != "unknown":
            kept = per_machine(records.get(row[0]))
            kept[machine] = {"figure": new, "noise": noise, "commit": commit,
                             "date": datetime.date.today().isoformat(), "machine": machine}
            records[row[0]] = dict(sorted(kept.items()))
            changed = True
    cells = [HEADER, [""] * len(HEADER)] + table
    widths = [max(len(line[i]) for line in cells) for i in range(len(HEADER))]
    numeric = {1, 2, 3, 4, 6, 7, 8, 9, 11}
    cells[1] = [("-" * (width - 1) + ":") if i in numeric else "-" * width for i, width in enumerate(widths)]
    for line in cells:
        print("| " + " | ".join(cell.ljust(width) for cell, width in zip(line, widths)) + " |")
    print()
    if regressions:
        print(f"regressions against the records ({path}): {len(regressions)}: " + "; ".join(regressions))
    else:
        print(f"regressions against the records ({path}): none")
    if changed:
        with open(path, "w") as file:
            json.dump({"rows": dict(sorted(records.items()))}, file, indent=1, ensure_ascii=False)
            file.write("\n")
        print(f"new records written to {path} (commit {commit})")


if __name__ == "__main__":
    main()
