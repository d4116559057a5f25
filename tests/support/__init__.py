"""Helpers shared by the tests: clock fakes, Qt waits and input, the GUI and admin fixtures,
capture fakes. Test modules import from here, never from each other; the fixtures are
registered for the whole suite by ``pytest_plugins`` in ``tests/conftest.py``."""
