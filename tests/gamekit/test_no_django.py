"""The kit is pure Python: importing it (and an engine built on it) loads no Django."""

import subprocess
import sys

IMPORTS = "import gamekit.engine, gamekit.saves, gamekit.seats, tiles.engine, cards.engine"


def test_importing_the_kit_and_the_engines_loads_no_django():
    code = f"{IMPORTS}, tarot.engine, sys; print(sorted(m for m in sys.modules if 'django' in m))"
    found = subprocess.run(
        [sys.executable, "-c", f"import sys; {code}"], capture_output=True, text=True, check=True
    )

    assert found.stdout.strip() == "[]"
