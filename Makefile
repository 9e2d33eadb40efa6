# Two commands: `make run` and `make test` (see README.md).
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint format messages compilemessages clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

compilemessages: $(STAMP)
	DEBUG=$${DEBUG:-1} $(PY) manage.py compilemessages --ignore=$(VENV) -v 0

run: $(STAMP) compilemessages
	DEBUG=$${DEBUG:-1} $(PY) manage.py migrate --noinput -v 0
	DEBUG=$${DEBUG:-1} $(VENV)/bin/daphne -b 127.0.0.1 -p 8000 config.asgi:application

test: $(STAMP) compilemessages
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) -m pytest $(PYTEST_ARGS)

# Refresh the catalogues from the code (then translate ru and pt).
messages: $(STAMP)
	DEBUG=$${DEBUG:-1} $(PY) manage.py makemessages -l ru -l pt --no-obsolete --ignore=$(VENV) --ignore=static/vendor --ignore=bench --ignore=tests --ignore=staticfiles

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

clean:
	rm -rf $(VENV) staticfiles db.sqlite3
