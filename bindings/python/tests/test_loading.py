"""Which library the package opens: its own, never another project's of a similar name."""

from __future__ import annotations

import glob
import os
import shutil
from pathlib import Path

import pytest

from uipipeline import _library as c

EXECUTABLE = os.environ.get("PIPELINE_EXECUTABLE", "pipeline")


def test_only_its_own_file_name_is_looked_for(monkeypatch):
    monkeypatch.delenv(c.LIBRARY_VARIABLE, raising=False)
    assert c.candidates(), "nowhere to look"
    assert {Path(path).name for path in c.candidates()} == {"libuipipeline.so"}


def test_the_folder_of_the_pipeline_on_path_is_searched(monkeypatch):
    command = shutil.which(EXECUTABLE)
    assert command, f"{EXECUTABLE} is not on PATH"
    folder = Path(command).resolve().parent
    monkeypatch.delenv(c.LIBRARY_VARIABLE, raising=False)
    monkeypatch.setenv("PATH", str(folder))
    monkeypatch.setenv("PKG_CONFIG_PATH", "/nonexistent")
    places = [Path(path) for path in c.candidates()]
    beside = [folder / "libuipipeline.so", folder.parent / "lib" / "libuipipeline.so"]
    assert any(place in places and place.is_file() for place in beside), places


def test_another_projects_library_is_refused_with_the_reason(monkeypatch):
    # Debian's libpipeline1 (man-db's process-pipeline library): `make test` installs it.
    debian = sorted(glob.glob("/usr/lib/*/libpipeline.so.1") + glob.glob("/usr/lib/libpipeline.so.1"))
    if not debian:
        pytest.skip("Debian's libpipeline1 is not installed")
    monkeypatch.setenv(c.LIBRARY_VARIABLE, debian[0])
    with pytest.raises(ImportError, match="not pipeline's library") as caught:
        c.load_library()
    assert debian[0] in str(caught.value)
