# The two commands of the README: `make lab` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: lab test install-lab install-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install-lab: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[lab]'

install-test: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'

# Root (as in containers) must say so to Jupyter; nobody else needs the flag.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: install-lab
	$(BIN)/jupyter lab --notebook-dir=notebooks $(ROOT_FLAG) $(LAB_ARGS)

test: install-test
	$(BIN)/python -m pytest --nbval tests notebooks

clean:
	rm -rf $(VENV) build *.egg-info
