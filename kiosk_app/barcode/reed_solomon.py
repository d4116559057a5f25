"""Reed-Solomon decoding of PDF417 codewords over GF(929), with erasures.

A PDF417 symbol's codewords (length descriptor, data, padding, then ``num_ec`` error
correction codewords) form a Reed-Solomon code over the prime field GF(929) whose generator
polynomial has the roots 3, 3**2, ..., 3**num_ec; the first codeword is the coefficient of the
highest power. Such a code corrects ``e`` erasures (codewords known to be lost, at known
positions) and ``t`` errors (wrong codewords at unknown positions) as long as
``e + 2 * t <= num_ec``. zxing-cpp's decoder takes no erasures, so a glare band that wipes a
codeword column in every row is beyond it while well within the code.

:func:`correct` asks for more than the code's bound: ``spare`` syndromes must be left over
after the correction, so the corrected word is checked by syndromes the correction did not
use; a word beyond that is refused (:class:`UncorrectableError`), never "corrected" into
another codeword.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

__all__ = ["FIELD", "UncorrectableError", "correct", "correct_with_candidates", "syndromes"]

#: The field's size: codeword values are 0..928.
FIELD = 929
#: The generator's roots are powers of this primitive element of GF(929).
GENERATOR = 3


class UncorrectableError(ValueError):
    """The codewords hold more damage than the correction may undo."""


def _inverse(value: int) -> int:
    """The multiplicative inverse of a non-zero field element."""
    return pow(value, FIELD - 2, FIELD)


def _evaluate(poly: Sequence[int], x: int) -> int:
    """``poly`` (lowest degree first) at ``x``."""
    result = 0
    for coefficient in reversed(poly):
        result = (result * x + coefficient) % FIELD
    return result


def _multiply(left: Sequence[int], right: Sequence[int]) -> list[int]:
    """The product of two polynomials (lowest degree first)."""
    product = [0] * (len(left) + len(right) - 1)
    for i, a in enumerate(left):
        if a:
            for j, b in enumerate(right):
                product[i + j] = (product[i + j] + a * b) % FIELD
    return product


def _trimmed(poly: list[int]) -> list[int]:
    """``poly`` without zero coefficients of its highest powers (at least one coefficient)."""
    while len(poly) > 1 and poly[-1] == 0:
        poly.pop()
    return poly


def syndromes(codewords: Sequence[int], num_ec: int) -> list[int]:
    """The received word at 3**1 .. 3**num_ec (all zero for a codeword)."""
    return [_evaluate(codewords[::-1], pow(GENERATOR, i, FIELD)) for i in range(1, num_ec + 1)]


def _berlekamp_massey(sequence: Sequence[int]) -> list[int]:
    """The shortest connection polynomial (lowest degree first, constant 1) generating
    ``sequence``."""
    current, previous = [1], [1]
    length, shift, last_discrepancy = 0, 1, 1
    for n, value in enumerate(sequence):
        discrepancy = value
        for i in range(1, length + 1):
            if i < len(current):
                discrepancy = (discrepancy + current[i] * sequence[n - i]) % FIELD
        if discrepancy == 0:
            shift += 1
            continue
        factor = discrepancy * _inverse(last_discrepancy) % FIELD
        updated = current + [0] * max(0, len(previous) + shift - len(current))
        for i, coefficient in enumerate(previous):
            updated[i + shift] = (updated[i + shift] - factor * coefficient) % FIELD
        if 2 * length <= n:
            previous, current = current, updated
            length, last_discrepancy, shift = n + 1 - length, discrepancy, 1
        else:
            current = updated
            shift += 1
    result = _trimmed(current)
    if len(result) - 1 != length:
        raise UncorrectableError("the error locator does not match the syndromes")
    return result


def correct(
    codewords: Sequence[int], num_ec: int, erasures: Sequence[int] = (), spare: int = 2
) -> list[int]:
    """The codeword nearest ``codewords`` (values at the ``erasures`` indices are ignored).

    Raises :class:`UncorrectableError` unless ``erasures + 2 * errors <= num_ec - spare`` and
    the corrected word has all syndromes zero."""
    count = len(codewords)
    if not 0 < num_ec < count < FIELD or spare < 0:
        raise UncorrectableError("not a PDF417 codeword count")
    if any(not 0 <= value < FIELD for value in codewords):
        raise UncorrectableError("a codeword value outside GF(929)")
    erased = sorted(set(erasures))
    if any(not 0 <= index < count for index in erased):
        raise UncorrectableError("an erasure outside the codewords")
    budget = num_ec - spare
    if len(erased) > budget:
        raise UncorrectableError("more erasures than the correction may undo")
    received = list(codewords)
    for index in erased:
        received[index] = 0
    syndrome = syndromes(received, num_ec)
    if not any(syndrome):
        return received if not erased else _checked(received, num_ec)
    # Locators: the codeword at index i is the coefficient of x**(count - 1 - i).
    erasure_locator = [1]
    for index in erased:
        erasure_locator = _multiply(
            erasure_locator, [1, -pow(GENERATOR, count - 1 - index, FIELD) % FIELD]
        )
    # Forney syndromes: the erasures divided out, what is left locates the errors.
    modified = _multiply(syndrome, erasure_locator)[:num_ec]
    error_locator = _berlekamp_massey(modified[len(erased) :])
    errors = len(error_locator) - 1
    if len(erased) + 2 * errors > budget:
        raise UncorrectableError("more damage than the correction may undo")
    locator = _multiply(erasure_locator, error_locator)
    evaluator = _multiply(syndrome, locator)[:num_ec]
    derivative = [(i * locator[i]) % FIELD for i in range(1, len(locator))]
    found = 0
    for index in range(count):
        x_inverse = _inverse(pow(GENERATOR, count - 1 - index, FIELD))
        if _evaluate(locator, x_inverse):
            continue
        found += 1
        denominator = _evaluate(derivative, x_inverse)
        if denominator == 0:
            raise UncorrectableError("a repeated root of the error locator")
        magnitude = -_evaluate(evaluator, x_inverse) * _inverse(denominator) % FIELD
        received[index] = (received[index] - magnitude) % FIELD
    if found != len(locator) - 1:
        raise UncorrectableError("the error locator's roots are not all codeword positions")
    return _checked(received, num_ec)


def _checked(word: list[int], num_ec: int) -> list[int]:
    """``word`` when all its syndromes are zero, else :class:`UncorrectableError`."""
    if any(syndromes(word, num_ec)):
        raise UncorrectableError("the corrected word is not a codeword")
    return word


def _solve_square(matrix: list[list[int]]) -> list[list[int]]:
    """The inverse of a square matrix over GF(929) (Gauss-Jordan); raises
    :class:`UncorrectableError` when it is singular."""
    size = len(matrix)
    rows = [[*row, *(int(i == j) for j in range(size))] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = next((r for r in range(column, size) if rows[r][column]), None)
        if pivot is None:
            raise UncorrectableError("singular erasure system")
        rows[column], rows[pivot] = rows[pivot], rows[column]
        scale = _inverse(rows[column][column])
        rows[column] = [value * scale % FIELD for value in rows[column]]
        for r in range(size):
            factor = rows[r][column]
            if r != column and factor:
                rows[r] = [
                    (a - factor * b) % FIELD for a, b in zip(rows[r], rows[column], strict=True)
                ]
    return [row[size:] for row in rows]


def correct_with_candidates(
    codewords: Sequence[int],
    num_ec: int,
    candidates: Mapping[int, Sequence[int] | None],
    max_combinations: int = 1 << 20,
    max_false_solutions: float = 1e-6,
) -> list[int]:
    """The one codeword that agrees with ``codewords`` outside ``candidates`` and takes one
    of its listed values at each of those indices (``None``: any value, an erasure).

    The unknowns beyond ``num_ec`` with the fewest values (a glare band half over two codeword
    columns leaves a few values possible for each) are tried in every combination (at most
    ``max_combinations``), the others solved from the syndromes for each, and a combination
    stands when those take listed values too and all syndromes are zero. Raises
    :class:`UncorrectableError` unless exactly one combination stands and a wrong one would
    stand by chance less often than ``max_false_solutions`` (the listed values' share of the
    field, and one in 929 per syndrome left unused, over the combinations tried)."""
    count = len(codewords)
    unknown = sorted(candidates)
    if not 0 < num_ec < count < FIELD or any(not 0 <= i < count for i in unknown):
        raise UncorrectableError("not a PDF417 codeword count")

    def size(index: int) -> int:
        values = candidates[index]
        return FIELD if values is None else len(values)

    by_size = sorted(unknown, key=size)
    free = by_size[: max(0, len(unknown) - num_ec)]
    solved = by_size[len(free) :]
    equations = len(solved)
    combinations = float(np.prod([float(size(i)) for i in free]))
    if combinations > max_combinations:
        raise UncorrectableError("too many combinations of possible values")
    chance = combinations * float(np.prod([size(i) / FIELD for i in solved]))
    chance *= float(FIELD) ** -(num_ec - equations)
    if chance > max_false_solutions:
        raise UncorrectableError("too few listed values to check a solution by")
    received = [0 if i in candidates else value for i, value in enumerate(codewords)]
    if not unknown:
        return _checked(received, num_ec)
    degrees = count - 1 - np.arange(count)
    powers = _POWERS[(np.arange(1, equations + 1)[:, None] * degrees[None, :]) % (FIELD - 1)]
    inverse = np.array(_solve_square(powers[:, solved].tolist()), dtype=np.int64)
    known = np.array(syndromes(received, num_ec)[:equations], dtype=np.int64)
    free_columns = powers[:, free]
    # H_solved u_solved = -(known + H_free u_free), so u_solved = base + gain u_free.
    base = (-inverse @ known) % FIELD
    gain = (-inverse @ free_columns) % FIELD
    lists = [np.asarray(candidates[i], dtype=np.int64) for i in free]
    checks = [
        (column, np.isin(np.arange(FIELD), np.asarray(listed, dtype=np.int64)))
        for column, listed in enumerate(candidates[i] for i in solved)
        if listed is not None
    ]
    solutions: list[np.ndarray] = []
    total = int(combinations)
    for first in range(0, total, _CHUNK):
        tried = _combinations(lists, first, min(total, first + _CHUNK))
        values = (base[None, :] + tried @ gain.T) % FIELD
        stands = np.ones(len(tried), dtype=bool)
        for column, allowed in checks:
            stands &= allowed[values[:, column]]
        solutions.extend(np.concatenate((tried[row], values[row])) for row in np.nonzero(stands)[0])
        if len(solutions) > 1:
            break
    if len(solutions) != 1:
        raise UncorrectableError("no single combination of possible values solves the word")
    word = list(received)
    for index, value in zip([*free, *solved], solutions[0], strict=True):
        word[index] = int(value)
    return _checked(word, num_ec)


# 3**k in GF(929) for k = 0 .. 927.
_POWERS = np.array([pow(GENERATOR, k, FIELD) for k in range(FIELD - 1)], dtype=np.int64)
# Combinations of possible values evaluated at once (memory: this times num_ec integers).
_CHUNK = 1 << 15


def _combinations(lists: Sequence[np.ndarray], first: int, stop: int) -> np.ndarray:
    """Rows ``first`` .. ``stop - 1`` of the table of every combination of one value from each
    of ``lists`` (the last list's value changing fastest)."""
    indices = np.arange(first, stop, dtype=np.int64)
    table = np.zeros((len(indices), len(lists)), dtype=np.int64)
    for column in range(len(lists) - 1, -1, -1):
        size = len(lists[column])
        table[:, column] = lists[column][indices % size]
        indices //= size
    return table
