# The two commands of the README: `make lab` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: lab lessons test test-fast lint fuzz app install-lab install-test install-app system-deps clean

# Debian programs the tests use: chromium (the browser test and handout PDFs, with DejaVu for
# the suit symbols) and dealer (a peer for the PBN and speed comparisons). Installed when we
# are root on Debian; otherwise the tests that need them say so and skip.
APT_PACKAGES := chromium dealer fonts-dejavu-core

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Each extra is installed once, and again when pyproject.toml changes.
install-lab: $(VENV)/.lab-installed
$(VENV)/.lab-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[lab]'
	touch $@

install-test: $(VENV)/.test-installed
$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

# Root (as in containers) must say so to Jupyter; nobody else needs the flag.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

# Opens the first lesson in LESSON_LANG (en, et, sr, cs, ms). JupyterLab's own settings for a
# class (lessons/jupyterlab-overrides.json: no "Jupyter news?" pop-up over the lesson) go into
# this environment only.
LESSON_LANG ?= en
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings
lab: install-lab
	mkdir -p $(LAB_SETTINGS) && cp lessons/jupyterlab-overrides.json $(LAB_SETTINGS)/overrides.json
	$(BIN)/jupyter lab --notebook-dir=notebooks $(ROOT_FLAG) \
		--LabApp.default_url=/lab/tree/$(LESSON_LANG)/01_cards_and_tricks.ipynb $(LAB_ARGS)

# Rebuild notebooks/<lang>/ from lessons/ and the lessons.po catalogues, and run them.
lessons: install-test
	$(BIN)/python lessons/build.py extract
	$(BIN)/python lessons/build.py build --stale

install-app: $(VENV)/.app-installed
$(VENV)/.app-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app]'
	touch $@

# The student quiz app for a class: one process (Solara) serving every student; it prints the
# students' address and the teacher's page (with its token). Serve a class on the network with
#   make app CLASS=4b APP_ARGS="--host 0.0.0.0 --roster roster.csv"
CLASS    ?= my-class
APP_ARGS ?=
app: install-app
	$(BIN)/python -m bridgelab.app --class "$(CLASS)" $(APP_ARGS)

# The play page for one learner (a hand with the coach), served by Voila on port 8867; a class
# plays in the class app's "Play a hand" tab (`make app`).
install-play: $(VENV)/.play-installed
$(VENV)/.play-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[voila]'
	touch $@
PLAY_ARGS ?= --port=8867
play: install-play
	$(BIN)/voila app/play.ipynb $(ROOT_FLAG) $(PLAY_ARGS)

system-deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing Debian packages:$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	else echo "note: Debian packages$$missing are missing; the tests that need them will skip"; fi

# The layers (import-linter), then every test, notebook and docstring example (bridgelab/).
RUFF_PATHS := bridgelab tests benchmarks lessons conftest.py
lint: install-test
	$(BIN)/lint-imports
	$(BIN)/ruff check $(RUFF_PATHS)
	$(BIN)/ruff format --check $(RUFF_PATHS)

test: install-test system-deps lint
	$(BIN)/python -m pytest -n 2 tests bridgelab
	$(BIN)/python -m pytest --nbval notebooks

# The edit-test loop: no notebooks, browsers, peers or slow tests (see CONTRIBUTING.md).
test-fast: install-test
	$(BIN)/python -m pytest -q -x -n 2 -p no:nbval -p no:cacheprovider --ignore=tests/browser -m "not slow and not peer and not browser and not notebook" tests

# A long fuzz session over every reader of text (hypothesis; FUZZ_EXAMPLES inputs per reader,
# at most FUZZ_BUDGET seconds each, FUZZ_SEED for another session): prints the counts and each
# kind of finding once; exits 1 if there is any finding.
FUZZ_EXAMPLES ?= 3000
FUZZ_SEED ?= 19
FUZZ_BUDGET ?= 300
fuzz: install-test
	$(BIN)/python tests/fuzz_run.py --examples $(FUZZ_EXAMPLES) --seed $(FUZZ_SEED) --budget $(FUZZ_BUDGET)

clean:
	rm -rf $(VENV) build *.egg-info
