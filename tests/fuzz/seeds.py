"""Write seed corpora for the fuzzers: ``python -m tests.fuzz.seeds aamva|image DIR``.

AAMVA seeds: every synthetic sample card (all versions, US/Canadian, DL/ID) and every real
payload of the public corpus. Image seeds: small renders of a licence barcode in every format
the kiosk opens, plus the hostile images of ``tests.fuzz.hostile_images``.
"""

from __future__ import annotations

import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus" / "aamva"


def write_aamva_seeds(target: Path) -> int:
    """Write the AAMVA seeds into ``target``; returns how many."""
    from tests.aamva_factory import build_payload, sample_specs

    target.mkdir(parents=True, exist_ok=True)
    count = 0
    for name, spec in sample_specs():
        (target / f"synthetic-{name}.bin").write_bytes(build_payload(spec))
        count += 1
    for path in sorted(CORPUS.rglob("*")):
        if path.is_file() and path.suffix in (".txt", ".bin", "") and path.name != "README.md":
            (target / f"corpus-{path.parent.name}-{path.name}").write_bytes(path.read_bytes())
            count += 1
    return count


def write_image_seeds(target: Path) -> int:
    """Write the image seeds into ``target``; returns how many."""
    from tests.fuzz.hostile_images import hostile_images, small_card_images

    target.mkdir(parents=True, exist_ok=True)
    images = {**small_card_images(), **{k: v() for k, v in hostile_images().items()}}
    for name, data in images.items():
        (target / f"{name}.img").write_bytes(data)
    return len(images)


def main(argv: list[str]) -> int:
    """Entry point: ``seeds.py aamva|image DIR``."""
    if len(argv) != 2 or argv[0] not in ("aamva", "image"):
        print("usage: python -m tests.fuzz.seeds aamva|image DIR", file=sys.stderr)
        return 2
    writer = write_aamva_seeds if argv[0] == "aamva" else write_image_seeds
    print(f"{writer(Path(argv[1]))} seeds written to {argv[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
