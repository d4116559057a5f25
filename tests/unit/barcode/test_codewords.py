"""The codeword matrix read from pictures of symbols whose codewords are known: rendered by
pdf417gen from chosen codewords, or by zxing-cpp from a payload (then checked by its
syndromes)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from pdf417gen.codes import CODES
from pdf417gen.encoding import encode_high, encode_rows
from pdf417gen.rendering import render_image
from PIL import Image

from kiosk_app.barcode.codewords import (
    CODEWORD_MODULES,
    CodewordMatrix,
    cluster_lookup,
    matching_codewords,
    read_matrix,
)
from kiosk_app.barcode.reed_solomon import syndromes
from kiosk_app.bench import synthetic
from tests.unit.barcode.images import LICENCE_PAYLOAD

PAPER, INK = 236, 24


def _elements(pattern: int) -> list[int]:
    """The widths of a 17-module pattern's bars and spaces, first module first."""
    bits = format(pattern, f"0{CODEWORD_MODULES}b")
    widths = [1]
    for before, after in itertools.pairwise(bits):
        if before == after:
            widths[-1] += 1
        else:
            widths.append(1)
    return widths


@pytest.mark.parametrize("cluster", [0, 1, 2])
def test_every_cluster_pattern_is_four_bars_and_four_spaces_of_17_modules(cluster: int) -> None:
    for pattern in CODES[cluster]:
        assert pattern >> (CODEWORD_MODULES - 1) == 1  # begins with a bar
        assert pattern & 1 == 0  # ends with a space
        widths = _elements(pattern)
        assert len(widths) == 8 and max(widths) <= 6


def test_the_lookup_gives_each_pattern_its_cluster_and_value() -> None:
    lookup = cluster_lookup()
    assert len(lookup) == 3 * 929  # no pattern in two clusters
    assert lookup[CODES[1][417]] == (1, 417)


def test_modules_seen_narrow_a_codeword_down_to_the_values_matching_them() -> None:
    bits = np.array([c == "1" for c in format(CODES[2][600], "017b")])
    known = np.ones(CODEWORD_MODULES, dtype=bool)
    assert list(matching_codewords(2, bits, known)) == [600]
    known[:8] = False
    matches = matching_codewords(2, bits, known)
    assert 600 in matches and len(matches) > 1


def _symbol(
    rng: random.Random, columns: int, level: int, module_px: int, row_modules: int = 3
) -> tuple[np.ndarray, list[int]]:
    """A pdf417gen render of a random payload's codewords on paper, and those codewords."""
    payload = bytes(rng.randrange(256) for _ in range(rng.randint(20, 120)))
    codewords = list(encode_high(payload, columns, level))
    rows = [codewords[i : i + columns] for i in range(0, len(codewords), columns)]
    image = render_image(
        list(encode_rows(rows, columns, level)), scale=module_px, ratio=row_modules, padding=24
    )
    grey = np.asarray(image.convert("L"))
    return np.where(grey < 128, INK, PAPER).astype(np.uint8), codewords


# (columns, error correction level, pixels per module)
SYMBOLS = [(3, 2, 3), (7, 4, 3), (12, 5, 2), (5, 3, 4), (18, 2, 3)]


@pytest.mark.parametrize(("columns", "level", "module_px"), SYMBOLS)
def test_a_clean_symbol_is_read_codeword_for_codeword(
    columns: int, level: int, module_px: int
) -> None:
    pixels, codewords = _symbol(random.Random(columns), columns, level, module_px)
    matrix = read_matrix(pixels, np.zeros(pixels.shape[1], dtype=bool))
    assert matrix is not None
    assert (matrix.columns, matrix.ec_level) == (columns, level)
    assert matrix.rows == len(codewords) // columns
    assert matrix.codewords == codewords
    assert not matrix.erasures and not matrix.upside_down


def test_a_symbol_upside_down_is_read_turned() -> None:
    pixels, codewords = _symbol(random.Random(1), 6, 3, 3)
    matrix = read_matrix(pixels[::-1, ::-1], np.zeros(pixels.shape[1], dtype=bool))
    assert matrix is not None and matrix.upside_down
    assert matrix.codewords == codewords


def test_zxing_cpp_s_symbol_reads_as_a_codeword_of_its_level() -> None:
    card = np.asarray(synthetic.card(LICENCE_PAYLOAD))
    matrix = read_matrix(card, np.zeros(card.shape[1], dtype=bool))
    assert matrix is not None
    assert matrix.ec_level == int(synthetic.LICENCE_EC_LEVEL)
    assert not matrix.erasures
    assert not any(syndromes(matrix.codewords, matrix.num_ec))


def _hidden(pixels: np.ndarray, left: int, right: int) -> tuple[np.ndarray, np.ndarray]:
    """``pixels`` with the columns ``left`` .. ``right`` washed out, and the unknown mask."""
    washed = pixels.copy()
    washed[:, left:right] = 255
    unknown = np.zeros(pixels.shape[1], dtype=bool)
    unknown[left:right] = True
    return washed, unknown


def _column_of(matrix: CodewordMatrix, x: float) -> int:
    """The data column under the picture's column ``x``."""
    return int((x - matrix.left) / matrix.module // CODEWORD_MODULES) - 2


@pytest.mark.parametrize(("left_module", "width_modules"), [(60, 14), (75, 8), (100, 20)])
def test_codewords_under_unknown_columns_are_erased_or_guessed_never_misread(
    left_module: int, width_modules: int
) -> None:
    pixels, codewords = _symbol(random.Random(4), 7, 4, 3)
    left = 24 + 3 * left_module
    washed, unknown = _hidden(pixels, left, left + 3 * width_modules)
    matrix = read_matrix(washed, unknown)
    assert matrix is not None
    assert matrix.rows * matrix.columns == len(codewords)
    first, last = _column_of(matrix, left), _column_of(matrix, left + 3 * width_modules - 1)
    touched = range(first, last + 1)
    for index, value in enumerate(matrix.codewords):
        if index in matrix.erasures:
            assert index % matrix.columns in touched
            assert codewords[index] in matrix.candidates.get(index, (codewords[index],))
        else:
            assert value == codewords[index]
    assert len(matrix.erasures) >= matrix.rows  # the fully hidden column at least


def test_no_symbol_no_matrix() -> None:
    paper = np.full((200, 400), PAPER, dtype=np.uint8)
    assert read_matrix(paper, np.zeros(400, dtype=bool)) is None
    text = np.asarray(Image.new("L", (400, 200), PAPER))
    text = text.copy()
    text[50:60, 20:380] = INK
    assert read_matrix(text, np.zeros(400, dtype=bool)) is None


@pytest.mark.parametrize("hidden_modules", [(5, 20), (10, 34), (0, 40)])
def test_a_symbol_whose_start_pattern_is_hidden_is_read_from_its_stop_patterns(
    hidden_modules: tuple[int, int],
) -> None:
    pixels, codewords = _symbol(random.Random(8), 6, 3, 3)
    left, right = (24 + 3 * module for module in hidden_modules)
    washed, unknown = _hidden(pixels, left, right)
    matrix = read_matrix(washed, unknown)
    assert matrix is not None
    assert (matrix.columns, matrix.ec_level) == (6, 3)
    assert abs(matrix.left - 24) < 1.5 and abs(matrix.module - 3) < 0.05
    for index, value in enumerate(matrix.codewords):
        if index in matrix.erasures:
            assert index % matrix.columns == 0  # only the first data column reaches the band
        else:
            assert value == codewords[index]
