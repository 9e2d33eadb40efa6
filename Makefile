# Two commands: `make run` and `make test` (see README.md).
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

define COMPILE_WITH_POLIB
import pathlib, polib
for po in pathlib.Path('.').glob('**/LC_MESSAGES/*.po'):
    if '.venv' not in po.parts:
        polib.pofile(str(po)).save_as_mofile(str(po.with_suffix('.mo')))
endef
export COMPILE_WITH_POLIB

.PHONY: run test screenshots lint format messages compilemessages clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet '.[dev]'
	touch $(STAMP)

# GNU gettext's msgfmt when the machine has it; polib (pure Python) otherwise.
compilemessages: $(STAMP)
	@if command -v msgfmt >/dev/null; then \
		DEBUG=$${DEBUG:-1} $(PY) manage.py compilemessages --ignore=$(VENV) -v 0; \
	else \
		$(PY) -c "$$COMPILE_WITH_POLIB"; \
	fi

run: $(STAMP) compilemessages
	DEBUG=$${DEBUG:-1} $(PY) manage.py migrate --noinput -v 0
	DEBUG=$${DEBUG:-1} $(VENV)/bin/daphne -b 127.0.0.1 -p 8000 config.asgi:application

test: $(STAMP) compilemessages
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) -m pytest --numprocesses=auto --maxprocesses=4 --dist=worksteal $(PYTEST_ARGS)

# The pictures in docs/screenshots, taken again by the browser tests (a plain `make test`
# writes none, so that a test run leaves the checkout as it was).
screenshots: $(STAMP) compilemessages
	E2E_PICTURES=docs/screenshots $(PY) -m pytest -q tests/e2e $(PYTEST_ARGS)

# Refresh the catalogues from the code (then translate ru and pt).
messages: $(STAMP)
	DEBUG=$${DEBUG:-1} $(PY) manage.py makemessages -l ru -l pt --no-obsolete --ignore=$(VENV) --ignore=static/vendor --ignore=bench --ignore=tests --ignore=staticfiles

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

clean:
	rm -rf $(VENV) staticfiles db.sqlite3
