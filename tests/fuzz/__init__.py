"""Fuzzing harnesses (atheris) and hostile-input figures; run by hand, not by pytest."""
