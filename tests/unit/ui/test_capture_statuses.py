"""The capture sources' statuses go through the translation: marked in the source, shown in French.

``test_i18n.py`` runs lupdate over ``kiosk_app/app`` (capture sources included) and
``kiosk_app/flow``, so a marked status without a French translation fails there; this file fails
when a status is not marked at all (an English literal, an f-string or a ``.format`` handed to
``set_status``: a status with a name is a ``Message``), and checks that statuses with a port,
folder or file name come out in French with the name kept. No module of the app or flow layer
translates.
"""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from kiosk_app.app.capture import statuses
from kiosk_app.app.capture.camera import BUSY, NO_CAMERA, READY
from kiosk_app.app.capture.statuses import STATUS_TEMPLATES
from kiosk_app.text import Message
from kiosk_app.ui.messages import translate_message

CAPTURE = Path(__file__).resolve().parents[3] / "kiosk_app" / "app" / "capture"
MARKER = "QT_TRANSLATE_NOOP"


def _unmarked_texts(tree: ast.AST) -> list[str]:
    """Unmarked English handed to ``set_status`` or set as ``display_name``: a literal without a
    marker, an f-string, or text built with ``.format`` instead of a ``Message``."""
    found = []
    for node in ast.walk(tree):
        values: list[ast.expr] = []
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "set_status":
            values = list(node.args)
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "display_name" for t in node.targets
        ):
            values = [node.value]
        for value in values:
            for inner in ast.walk(value):
                if isinstance(inner, ast.Call) and getattr(inner.func, "id", "") == MARKER:
                    break
                formatted = (
                    isinstance(inner, ast.Call) and getattr(inner.func, "attr", "") == "format"
                )
                if (
                    formatted
                    or isinstance(inner, ast.JoinedStr)
                    or (isinstance(inner, ast.Constant) and isinstance(inner.value, str))
                ):
                    found.append(ast.unparse(value))
                    break
    return found


@pytest.mark.parametrize("path", sorted(CAPTURE.glob("*.py")), ids=lambda p: p.name)
def test_every_status_and_input_name_is_marked_for_translation(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert _unmarked_texts(tree) == [], (
        "mark these with QT_TRANSLATE_NOOP('messages', ...) or a template of "
        "kiosk_app/app/capture/statuses.py, then run lupdate (CONTRIBUTING.md)"
    )


def test_the_check_catches_an_unmarked_status() -> None:
    tree = ast.parse(
        'self.set_status(f"Ready on {port}")\ndisplay_name = "Camera"\n'
        "self.set_status(SERIAL_READY.format(port=name))\n"
        "self.set_status(Message(SERIAL_READY, port=name))\n"
    )
    assert len(_unmarked_texts(tree)) == 3


APP = CAPTURE.parent
FLOW = APP.parent / "flow"


@pytest.mark.parametrize(
    "path", sorted([*APP.rglob("*.py"), *FLOW.rglob("*.py")]), ids=lambda p: p.name
)
def test_the_app_layer_never_translates(path: Path) -> None:
    calls = [
        ast.unparse(node)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") in {"translate", "tr"}
    ]
    assert calls == [], "hand the UI a marked sentence or a Message; only kiosk_app.ui translates"


def test_fixed_statuses_show_in_french(french: None) -> None:
    assert translate_message(NO_CAMERA).startswith("Aucune caméra branchée")
    assert translate_message(READY).startswith("Prête")
    assert translate_message(BUSY).startswith("Utilisée par un autre programme")
    assert translate_message("Camera") == "Caméra"


def test_every_template_shows_in_french_with_its_names_kept(french: None) -> None:
    for template in STATUS_TEMPLATES:
        names = [n[1] for n in string.Formatter().parse(template) if n[1]]
        values = {name: f"X{index}" for index, name in enumerate(names)}
        english = template.format(**values)
        french_text = translate_message(Message(template, **values))
        assert french_text != english, template
        for value in values.values():
            assert value in french_text, (template, french_text)


def test_names_are_shown_as_they_are_and_a_nested_sentence_is_translated(french: None) -> None:
    ready = Message(
        statuses.SERIAL_READY_NOTE,
        port="COM3 (USB)",
        problem=Message(statuses.TERMINATOR_NOT_UNDERSTOOD),
    )
    assert translate_message(ready) == (
        "Prêt sur COM3 (USB) (réglage du terminateur incompris\u202f: pause seulement)"
    )
    assert (
        translate_message(Message(statuses.FOLDER_READ, name="{scan} 1.png")) == "{scan} 1.png lu"
    )
    assert (
        translate_message(Message(statuses.FILE_NOT_IMAGE, suffix=Message(statuses.NO_EXTENSION)))
        == "Ce n'est pas un fichier image\u202f: aucune extension"
    )


def test_english_statuses_are_unchanged_without_the_translation() -> None:
    text = Message(statuses.SERIAL_DISCONNECTED, port="/dev/ttyACM0")
    assert translate_message(text) == "Disconnected (/dev/ttyACM0) — reconnecting"
    assert translate_message("Read a.png, but something else") == "Read a.png, but something else"
