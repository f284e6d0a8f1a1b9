"""The package's version is pipeline's, written once in the repository's product_version.h."""

import re
from pathlib import Path

from setuptools import setup

HEADER = Path(__file__).resolve().parents[2] / "Sources" / "CProductVersion" / "include" / "product_version.h"


def product_version() -> str:
    found = re.search(r'#define PIPELINE_PRODUCT_VERSION "([^"]+)"', HEADER.read_text())
    if not found:
        raise RuntimeError(f"{HEADER} defines no PIPELINE_PRODUCT_VERSION")
    return found.group(1)


setup(version=product_version())
