"""Reed-Solomon over GF(929): codewords made by pdf417gen's encoder (an independent
implementation), damaged at random within and beyond the code's bound."""

from __future__ import annotations

import random

import pytest
from pdf417gen.error_correction import compute_error_correction_code_words

from kiosk_app.barcode.reed_solomon import (
    FIELD,
    UncorrectableError,
    correct,
    correct_with_candidates,
    syndromes,
)

SPARE = 2
SEEDS = range(40)


def _codeword(rng: random.Random) -> tuple[list[int], int]:
    """A random valid codeword sequence and its error correction codeword count."""
    level = rng.randint(1, 5)
    data = [rng.randrange(FIELD) for _ in range(rng.randint(3, 150))]
    return data + list(compute_error_correction_code_words(data, level)), 2 ** (level + 1)


def _damaged(
    rng: random.Random, word: list[int], erasures: int, errors: int
) -> tuple[list[int], list[int]]:
    """``word`` with ``erasures`` values replaced at the returned positions and ``errors``
    values changed elsewhere."""
    positions = rng.sample(range(len(word)), erasures + errors)
    received = list(word)
    for index in positions[:erasures]:
        received[index] = rng.randrange(FIELD)
    for index in positions[erasures:]:
        received[index] = (word[index] + rng.randrange(1, FIELD)) % FIELD
    return received, positions[:erasures]


def test_an_encoded_word_has_zero_syndromes() -> None:
    word, num_ec = _codeword(random.Random(5))
    assert not any(syndromes(word, num_ec))
    word[3] = (word[3] + 1) % FIELD
    assert any(syndromes(word, num_ec))


@pytest.mark.parametrize("seed", SEEDS)
def test_erasures_and_errors_within_the_bound_are_corrected(seed: int) -> None:
    rng = random.Random(seed)
    word, num_ec = _codeword(rng)
    budget = min(num_ec - SPARE, len(word) - 1)
    errors = rng.randint(0, budget // 2)
    erasures = rng.randint(0, budget - 2 * errors)
    received, erased = _damaged(rng, word, erasures, errors)
    assert correct(received, num_ec, erased, spare=SPARE) == word


@pytest.mark.parametrize("seed", SEEDS)
def test_only_erasures_up_to_the_bound_are_corrected(seed: int) -> None:
    rng = random.Random(seed)
    word, num_ec = _codeword(rng)
    erasures = min(num_ec - SPARE, len(word) - 1)
    received, erased = _damaged(rng, word, erasures, 0)
    assert correct(received, num_ec, erased, spare=SPARE) == word


@pytest.mark.parametrize("seed", SEEDS)
def test_damage_beyond_the_bound_is_refused_never_miscorrected(seed: int) -> None:
    rng = random.Random(seed)
    word, num_ec = _codeword(rng)
    # One more erasure, or one more error, than the spare syndromes allow.
    errors = rng.randint(0, (num_ec - SPARE) // 2)
    erasures = num_ec - SPARE - 2 * errors + rng.choice((1, 2))
    if erasures + errors >= len(word):
        pytest.skip("a word too short for this damage")
    received, erased = _damaged(rng, word, erasures, errors)
    with pytest.raises(UncorrectableError):
        correct(received, num_ec, erased, spare=SPARE)


@pytest.mark.parametrize("seed", SEEDS)
def test_heavy_damage_never_comes_back_as_another_codeword(seed: int) -> None:
    rng = random.Random(seed)
    word, num_ec = _codeword(rng)
    errors = min(len(word) - 1, rng.randint(num_ec // 2, num_ec))
    received, _erased = _damaged(rng, word, 0, errors)
    with pytest.raises(UncorrectableError):
        correct(received, num_ec, spare=SPARE)


@pytest.mark.parametrize(
    ("codewords", "num_ec", "erasures"),
    [
        ([1, 2, 3], 4, []),  # fewer codewords than error correction
        ([1, 2, 929, 4, 5, 6], 2, []),  # a value outside the field
        ([1, 2, 3, 4, 5, 6], 2, [6]),  # an erasure outside the word
        ([1, 2, 3, 4, 5, 6], 4, [0, 1, 2]),  # more erasures than allowed with the spare
    ],
)
def test_malformed_input_is_refused(codewords: list[int], num_ec: int, erasures: list[int]) -> None:
    with pytest.raises(UncorrectableError):
        correct(codewords, num_ec, erasures, spare=SPARE)


def _listed(
    rng: random.Random, word: list[int], unknown: list[int], size: int, truthful: bool = True
) -> dict[int, list[int] | None]:
    """For each unknown index, ``size`` possible values (the true one among them when
    ``truthful``)."""
    listed: dict[int, list[int] | None] = {}
    for index in unknown:
        others = [value for value in range(FIELD) if value != word[index]]
        values = rng.sample(others, size - 1 if truthful else size)
        if truthful:
            values.append(word[index])
        rng.shuffle(values)
        listed[index] = values
    return listed


@pytest.mark.parametrize("seed", range(12))
def test_more_unknowns_than_ec_are_solved_from_their_possible_values(seed: int) -> None:
    rng = random.Random(seed)
    data = [rng.randrange(FIELD) for _ in range(120)]
    word = data + list(compute_error_correction_code_words(data, 4))  # 32 EC codewords
    unknown = rng.sample(range(len(word)), 32 + rng.randint(-4, 8))
    received = [0 if index in unknown else value for index, value in enumerate(word)]
    listed = _listed(rng, word, unknown, rng.randint(2, 4))
    assert correct_with_candidates(received, 32, listed) == word


def test_a_true_value_missing_from_its_list_is_refused() -> None:
    rng = random.Random(3)
    data = [rng.randrange(FIELD) for _ in range(120)]
    word = data + list(compute_error_correction_code_words(data, 4))
    unknown = rng.sample(range(len(word)), 38)
    listed = _listed(rng, word, unknown, 3)
    listed[unknown[0]] = _listed(rng, word, unknown[:1], 3, truthful=False)[unknown[0]]
    with pytest.raises(UncorrectableError):
        correct_with_candidates(word, 32, listed)


@pytest.mark.parametrize(
    ("unknowns", "size", "erased"),
    [
        (32, 3, 32),  # as many erasures as EC codewords: nothing left to check by
        (60, 4, 0),  # too many combinations to try
        (34, 8, 30),  # erased unknowns (any value) leave too little to check a solution by
    ],
)
def test_unknowns_without_enough_to_check_are_refused(
    unknowns: int, size: int, erased: int
) -> None:
    rng = random.Random(9)
    data = [rng.randrange(FIELD) for _ in range(120)]
    word = data + list(compute_error_correction_code_words(data, 4))
    unknown = rng.sample(range(len(word)), unknowns)
    listed = _listed(rng, word, unknown, size)
    for index in unknown[:erased]:
        listed[index] = None
    with pytest.raises(UncorrectableError):
        correct_with_candidates(word, 32, listed)
