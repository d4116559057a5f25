"""The admin settings, behind the PIN: every :class:`kiosk_app.config.Settings` field, validated
on save with each message beside its field, saved in a worker; secrets masked; connection test;
the usage panel; and the only Exit kiosk / Quit application buttons.

Fields are laid out from the model itself: booleans become check boxes, ``Literal``/enum fields
drop-down lists, the enabled checks a row of check boxes, everything else a text box validated
by pydantic (numbers too, so the message the admin reads is the model's own constraint). A
field this file does not place lands on an "Other" tab, so a new setting is never hidden.

The API token and the legacy auth key are never put in a widget: the boxes start empty with the
masked value (``••••abcd``) as placeholder, and only a newly typed value replaces the stored one
(through :mod:`kiosk_app.secrets`, never ``settings.json``); the box is emptied once saved.

Changing where the secrets go (an address, the proxy or the CA bundle) never sends the stored
ones there before an admin re-enters the PIN and saves: Save asks for the PIN again, and Test
connection on the unsaved destination uses only a token typed on screen
(:func:`kiosk_app.app.admin.connection_test_settings`).
"""

from __future__ import annotations

import math
import typing
from enum import Enum
from typing import Any, Final

from pydantic.fields import FieldInfo
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from kiosk_app.app.admin import (
    SECRET_FIELDS,
    AdminServices,
    connection_test_settings,
    describe_error,
    mask,
    needs_pin_to_save,
    secrets_location,
    validate_settings,
    with_secrets,
)
from kiosk_app.config import (
    WHOLE_FILE,
    Settings,
    managed_file_problems,
    managed_keys,
    settings_file_problems,
)
from kiosk_app.kinds import CLERK_CHECKS, CheckKind
from kiosk_app.ui import theme
from kiosk_app.ui.admin.pin_pad import PinPad
from kiosk_app.ui.admin.record_panel import RecordPanel
from kiosk_app.ui.admin.usage_panel import UsagePanel
from kiosk_app.ui.messages import check_title, translate_message
from kiosk_app.ui.plain_text import PlainLabel
from kiosk_app.ui.touch import name_scroll_bars, touch_combo, touch_scroll
from kiosk_app.ui.widgets import FlowLayout, big_button, label

MIN_FIELD_PX: Final = 44
# The narrowest a field may get beside its label; where the widest label leaves it less, every
# label goes above its field.
FIELD_BESIDE_MIN_PX: Final = 320
# lupdate finds strings only under this name (translate, tr), not under an alias.
translate = QCoreApplication.translate

TABS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    (
        "service",
        (
            "base_url",
            "dvs_url",
            "parse_url",
            "api_token",
            "auth_key",
            "connect_timeout_s",
            "read_timeout_s",
            "ca_bundle",
            "proxy_url",
            "test_mode",
        ),
    ),
    (
        "checks",
        (
            "enabled_checks",
            "us_cards",
            "canadian_licences",
            "auto_check_on_scan",
            "picture_fallback",
            "repeat_window_min",
            "age_of_majority",
            "minimum_age",
            "expiry_warning_days",
        ),
    ),
    (
        "inputs",
        (
            "wedge_max_key_gap_ms",
            "wedge_min_length",
            "camera_enabled",
            "camera_id",
            "camera_resolution",
            "camera_video",
            "serial_port",
            "serial_baud",
            "serial_data_bits",
            "serial_parity",
            "serial_stop_bits",
            "serial_terminator",
            "serial_idle_gap_ms",
            "watch_folder",
            "watch_folder_keep",
        ),
    ),
    (
        "kiosk",
        (
            "kiosk_mode",
            "idle_timeout_s",
            "sounds",
            "language",
            "text_size",
            "high_contrast",
            "billing_quota_monthly",
            "billing_quota_mode",
            "desk_id",
            "metrics_dir",
            "compliance_record",
            "compliance_retention_days",
        ),
    ),
)


def tab_titles() -> dict[str, str]:
    """The tabs' titles."""
    return {
        "service": translate("SettingsDialog", "Service"),
        "checks": translate("SettingsDialog", "Checks"),
        "inputs": translate("SettingsDialog", "Inputs"),
        "kiosk": translate("SettingsDialog", "Kiosk"),
        "other": translate("SettingsDialog", "Other"),
        "usage": translate("SettingsDialog", "Usage"),
        "record": translate("SettingsDialog", "Compliance record"),
    }


def field_labels() -> dict[str, str]:
    """Each setting's label (a field missing here shows its name)."""
    return {
        "base_url": translate("SettingsDialog", "Check service address"),
        "dvs_url": translate("SettingsDialog", "Document verification address"),
        "parse_url": translate("SettingsDialog", "Legacy parsing service address"),
        "api_token": translate("SettingsDialog", "API token"),
        "auth_key": translate("SettingsDialog", "Legacy auth key"),
        "ca_bundle": translate("SettingsDialog", "Extra CA bundle file"),
        "proxy_url": translate("SettingsDialog", "HTTPS proxy"),
        "connect_timeout_s": translate("SettingsDialog", "Connect time limit (s)"),
        "read_timeout_s": translate("SettingsDialog", "Answer time limit (s)"),
        "enabled_checks": translate("SettingsDialog", "Checks offered"),
        "us_cards": translate("SettingsDialog", "US cards"),
        "canadian_licences": translate("SettingsDialog", "Canadian licences"),
        "auto_check_on_scan": translate("SettingsDialog", "Run the card's check on every scan"),
        "repeat_window_min": translate(
            "SettingsDialog", "Same card again within N minutes: not re-checked (0: off)"
        ),
        "picture_fallback": translate(
            "SettingsDialog", "Unreadable picture: let the service read it (billed)"
        ),
        "billing_quota_mode": translate("SettingsDialog", "When the monthly quota is reached"),
        "wedge_max_key_gap_ms": translate("SettingsDialog", "Scanner key gap (ms)"),
        "wedge_min_length": translate("SettingsDialog", "Shortest scan (characters)"),
        "idle_timeout_s": translate("SettingsDialog", "Idle wipe after (s)"),
        "age_of_majority": translate("SettingsDialog", "Age of majority"),
        "minimum_age": translate(
            "SettingsDialog", "Minimum age: younger customers are never a pass (empty: none)"
        ),
        "expiry_warning_days": translate(
            "SettingsDialog", "Say “expires in N days” within N days (0: never)"
        ),
        "sounds": translate("SettingsDialog", "Sounds"),
        "language": translate("SettingsDialog", "Language"),
        "text_size": translate("SettingsDialog", "Text size"),
        "high_contrast": translate("SettingsDialog", "High contrast (white on black)"),
        "kiosk_mode": translate("SettingsDialog", "Start in kiosk mode"),
        "test_mode": translate("SettingsDialog", "Test mode (results are not real)"),
        "billing_quota_monthly": translate(
            "SettingsDialog", "Monthly quota of billable checks (0: none)"
        ),
        "camera_enabled": translate("SettingsDialog", "Use a camera"),
        "camera_id": translate("SettingsDialog", "Camera (empty: the first one)"),
        "camera_resolution": translate("SettingsDialog", "Camera resolution (WIDTHxHEIGHT)"),
        "camera_video": translate("SettingsDialog", "Video file instead of a camera (demo)"),
        "serial_port": translate("SettingsDialog", "Serial scanner port"),
        "serial_baud": translate("SettingsDialog", "Serial speed (baud)"),
        "serial_data_bits": translate("SettingsDialog", "Serial data bits"),
        "serial_parity": translate("SettingsDialog", "Serial parity"),
        "serial_stop_bits": translate("SettingsDialog", "Serial stop bits"),
        "serial_terminator": translate("SettingsDialog", "Serial end-of-scan suffix"),
        "serial_idle_gap_ms": translate("SettingsDialog", "Serial silence ending a scan (ms)"),
        "watch_folder": translate("SettingsDialog", "Watched folder"),
        "watch_folder_keep": translate("SettingsDialog", "Keep read files (move to processed/)"),
        "metrics_dir": translate(
            "SettingsDialog", "Prometheus metrics folder (node_exporter textfile; empty: none)"
        ),
        "desk_id": translate(
            "SettingsDialog", "Desk name in logs and metrics (empty: the host name)"
        ),
        "compliance_record": translate(
            "SettingsDialog", "Keep a compliance record (what was shown, never who)"
        ),
        "compliance_retention_days": translate(
            "SettingsDialog", "Compliance record kept for (days)"
        ),
    }


def choice_titles() -> dict[str, dict[str, str]]:
    """The titles of the choices of the per-country checks and the quota mode."""
    none = translate("SettingsDialog", "none")
    parse = translate("SettingsDialog", "parse")
    return {
        "us_cards": {
            "signature": translate("SettingsDialog", "signature"),
            "parse": parse,
            "none": none,
        },
        "canadian_licences": {
            "registry": translate("SettingsDialog", "registry"),
            "parse": parse,
            "none": none,
        },
        "serial_parity": {
            "none": none,
            "even": translate("SettingsDialog", "even"),
            "odd": translate("SettingsDialog", "odd"),
            "space": translate("SettingsDialog", "space"),
            "mark": translate("SettingsDialog", "mark"),
        },
        "picture_fallback": {
            "off": translate("SettingsDialog", "off"),
            "document-verification": translate("SettingsDialog", "document verification"),
            "legacy-parse-image": translate("SettingsDialog", "legacy ParseImage"),
        },
        "text_size": {
            str(size): translate("SettingsDialog", "%1 %").replace("%1", str(size))
            for size in theme.TEXT_SIZES
        },
        "billing_quota_mode": {
            "warn": translate("SettingsDialog", "warn the clerk"),
            "block": translate("SettingsDialog", "block billable checks"),
        },
    }


def language_names() -> dict[str, str]:
    """The languages offered."""
    return {"en": "English", "fr": "Français"}


def constraint_hint(info: FieldInfo) -> str:
    """``"1 – 60"``, ``"≥ 0"`` or ``""`` from the field's numeric constraints."""
    low = next((getattr(m, "ge", None) for m in info.metadata if hasattr(m, "ge")), None)
    high = next((getattr(m, "le", None) for m in info.metadata if hasattr(m, "le")), None)
    if low is not None and high is not None:
        return f"{low:g} – {high:g}"
    if low is not None:
        return f"≥ {low:g}"
    if high is not None:
        return f"≤ {high:g}"
    return ""


# --- editors ---------------------------------------------------------------------------------


class FieldEditor:
    """One setting's widget: reads and writes the value in the model's terms."""

    def __init__(self, widget: QWidget) -> None:
        self.widget = widget

    def value(self) -> Any:
        """The value as typed (pydantic validates it)."""
        raise NotImplementedError

    def set_value(self, value: Any) -> None:
        """Show ``value``."""
        raise NotImplementedError


class TextEditor(FieldEditor):
    """A text box (text, numbers)."""

    def __init__(self, hint: str) -> None:
        self.edit = QLineEdit()
        self.edit.setMinimumHeight(MIN_FIELD_PX)
        if hint:
            self.edit.setPlaceholderText(hint)
            self.edit.setToolTip(hint)
        super().__init__(self.edit)

    def value(self) -> Any:
        """The text, trimmed."""
        return self.edit.text().strip()

    def set_value(self, value: Any) -> None:
        """Show ``value`` as text (whole floats without ``.0``; None as an empty box)."""
        if value is None:
            value = ""
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        self.edit.setText(str(value))


class BoolEditor(FieldEditor):
    """A check box."""

    def __init__(self, text: str) -> None:
        self.box = QCheckBox(text)
        self.box.setMinimumHeight(MIN_FIELD_PX)
        super().__init__(self.box)

    def value(self) -> Any:
        """Ticked or not."""
        return self.box.isChecked()

    def set_value(self, value: Any) -> None:
        """Tick when ``value`` is true."""
        self.box.setChecked(bool(value))


class ChoiceEditor(FieldEditor):
    """A drop-down list of ``{value: title}``."""

    def __init__(self, choices: dict[str, str]) -> None:
        self.combo = touch_combo(QComboBox())
        self.combo.setMinimumHeight(MIN_FIELD_PX)
        for value, title in choices.items():
            self.combo.addItem(title, value)
        super().__init__(self.combo)

    def value(self) -> Any:
        """The chosen value."""
        return self.combo.currentData()

    def set_value(self, value: Any) -> None:
        """Select ``value``."""
        index = self.combo.findData(str(value.value if isinstance(value, Enum) else value))
        if index >= 0:
            self.combo.setCurrentIndex(index)


class ChecksEditor(FieldEditor):
    """One check box per check kind, going onto further lines where the width ends."""

    def __init__(self) -> None:
        container = QWidget()
        row = FlowLayout()
        container.setLayout(row)
        self.boxes: dict[CheckKind, QCheckBox] = {}
        for kind in CLERK_CHECKS:
            box = QCheckBox(check_title(kind))
            box.setMinimumHeight(MIN_FIELD_PX)
            self.boxes[kind] = box
            row.addWidget(box)
        super().__init__(container)

    def value(self) -> Any:
        """The ticked checks."""
        return [kind.value for kind, box in self.boxes.items() if box.isChecked()]

    def set_value(self, value: Any) -> None:
        """Tick the checks in ``value``."""
        chosen = {CheckKind(v) for v in value}
        for kind, box in self.boxes.items():
            box.setChecked(kind in chosen)


def editor_for(name: str, info: FieldInfo, title: str) -> FieldEditor:
    """The editor that suits the field's type."""
    annotation = info.annotation
    if annotation is bool:
        return BoolEditor(title)
    if name == "language":
        return ChoiceEditor(language_names())
    if name == "enabled_checks":
        return ChecksEditor()
    if name in choice_titles():
        return ChoiceEditor(choice_titles()[name])
    if isinstance(annotation, type) and issubclass(annotation, CheckKind):
        return ChoiceEditor({k.value: check_title(k) for k in CLERK_CHECKS})
    if typing.get_origin(annotation) is typing.Literal:
        return ChoiceEditor({str(a): str(a) for a in typing.get_args(annotation)})
    return TextEditor(constraint_hint(info))


class RowLabel(PlainLabel):
    """A field's label, as wide as its words on one line: beside its field it never wraps, and
    above it (a narrow tab) it takes the row's width and wraps only where that ends."""

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """The words on one line."""
        margins = self.contentsMargins()
        # Laid out in fractions of a pixel: rounded up, and a pixel for the last glyph's edge.
        words = math.ceil(QFontMetricsF(self.font()).horizontalAdvance(self.text())) + 1
        width = words + margins.left() + margins.right() + 2 * self.margin()
        return QSize(width, self.heightForWidth(width))


class FormPage(QWidget):
    """A tab's rows (a :class:`QFormLayout`): labels beside their fields where the tab's
    visible width leaves each field its minimum width (at least ``FIELD_BESIDE_MIN_PX``) after
    the widest label, every label
    above its field otherwise (large text, long French labels), so the tab scrolls down and
    never sideways. The choice follows the width of the scroll area's viewport, not the page's
    own (which a row too wide for the viewport would widen)."""

    def __init__(self) -> None:
        super().__init__()
        self.form = QFormLayout(self)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        self._viewport: QWidget | None = None

    def follow(self, viewport: QWidget) -> None:
        """Choose the rows' arrangement from ``viewport``'s width as it changes."""
        self._viewport = viewport
        viewport.installEventFilter(self)
        self.fit(viewport.width())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """The viewport was resized, or the text's size changed: choose again."""
        if watched is self._viewport and event.type() == QEvent.Type.Resize:
            self.fit(self._viewport.width())
        return False

    def event(self, event: QEvent) -> bool:
        """Before laying out again (a label's words or font changed): choose again."""
        if event.type() == QEvent.Type.LayoutRequest and self._viewport is not None:
            self.fit(self._viewport.width())
        return super().event(event)

    def fit(self, width: int) -> None:
        """Labels beside their fields if ``width`` leaves the fields room, above them if not."""
        form = self.form
        labels = [
            item.widget()
            for row in range(form.rowCount())
            if (item := form.itemAt(row, QFormLayout.ItemRole.LabelRole)) is not None
        ]
        fields = [
            item.minimumSize().width()
            for row in range(form.rowCount())
            if (item := form.itemAt(row, QFormLayout.ItemRole.FieldRole)) is not None
        ]
        widest = max((widget.sizeHint().width() for widget in labels if widget), default=0)
        field = max([FIELD_BESIDE_MIN_PX, *fields])
        margins = form.contentsMargins()
        room = width - margins.left() - margins.right() - form.horizontalSpacing()
        beside = widest + field <= room
        policy = (
            QFormLayout.RowWrapPolicy.DontWrapRows
            if beside
            else QFormLayout.RowWrapPolicy.WrapAllRows
        )
        if form.rowWrapPolicy() != policy:
            form.setRowWrapPolicy(policy)


# --- the dialog ------------------------------------------------------------------------------


DIALOG_SIZE = QSize(1000, 760)


def fitting_dialog_size(parent: QWidget | None, text_size: int = 100) -> QSize:
    """The dialog's size: its own grown with the admin's ``text_size`` (percent), or the kiosk
    window's when that is smaller."""
    text_scale = max(1.0, text_size / 100)
    if parent is None:
        return DIALOG_SIZE * text_scale
    window = parent.window().size()
    # The window's stylesheet scales its text (theme.layout_scales): on a large screen the
    # dialog grows with it (never shrinks below its own size: a small screen bounds it).
    scale = max(1.0, theme.layout_scales(window.width(), window.height())[0])
    return (DIALOG_SIZE * (scale * text_scale)).boundedTo(window)


class SettingsDialog(QDialog):
    """The admin settings; ``saved(Settings)`` once written (the kiosk then applies them)."""

    saved = Signal(Settings)
    exit_kiosk_requested = Signal()
    quit_requested = Signal()
    change_pin_requested = Signal()
    diagnostics_requested = Signal()
    watchlist_requested = Signal()
    window_opened = Signal(QDialog)  # a dialog this one opened (the PIN pad), once shown

    def __init__(
        self,
        settings: Settings,
        services: AdminServices,
        kiosk_active: bool = False,
        demo: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("SettingsDialog")
        self.setWindowTitle(self.tr("Administrator settings"))
        self.setModal(True)
        self.resize(fitting_dialog_size(parent, settings.text_size))
        # Inside the kiosk the window's stylesheet cascades; on its own, bring the theme.
        own = "" if parent is not None else theme.stylesheet()
        self.setStyleSheet(own + "\nQCheckBox::indicator { width: 28px; height: 28px; }")
        self._services = services
        self._settings = settings
        self._demo = demo
        self.pin_pad: PinPad | None = None  # asking the PIN again before a new destination
        self.editors: dict[str, FieldEditor] = {}
        self.errors: dict[str, QLabel] = {}
        self.secret_edits: dict[str, QLineEdit] = {}
        self._tab_of: dict[str, int] = {}
        # Set by the managed file: shown, never editable here.
        self.managed = managed_keys(settings)
        self.managed_notes: dict[str, QLabel] = {}

        self.tabs = QTabWidget()
        self._build_tabs()
        self.usage = UsagePanel(services, settings.billing_quota_monthly)
        # Scrolls like the other tabs, so the dialog fits a 1024x600 screen.
        self.usage_scroll = touch_scroll(QScrollArea())
        self.usage_scroll.setWidgetResizable(True)
        self.usage_scroll.setWidget(self.usage)
        self._add_scrolling_tab(self.usage_scroll, tab_titles()["usage"])
        self.record = RecordPanel(
            services, settings.compliance_record, settings.compliance_retention_days
        )
        self.record_scroll = touch_scroll(QScrollArea())
        self.record_scroll.setWidgetResizable(True)
        self.record_scroll.setWidget(self.record)
        self._add_scrolling_tab(self.record_scroll, tab_titles()["record"])
        self.tabs.currentChanged.connect(self._tab_changed)
        self.status = label("", "Muted")
        self.status.setAccessibleName(self.tr("Settings status"))
        self.connection_result = label("", "Muted", selectable=True)
        self.connection_result.setAccessibleName(self.tr("Connection test result"))

        self.save_button = big_button(self.tr("Save"), "Primary")
        self.save_button.clicked.connect(self.save)
        self.test_button = big_button(self.tr("Test connection"))
        self.test_button.clicked.connect(self.test_connection)
        self.pin_button = big_button(self.tr("Change PIN"))
        self.pin_button.clicked.connect(self.change_pin_requested)
        self.diagnostics_button = big_button(self.tr("Diagnostics"))
        self.diagnostics_button.clicked.connect(self.diagnostics_requested)
        self.watchlist_button = big_button(self.tr("Watchlist"))
        self.watchlist_button.clicked.connect(self.watchlist_requested)
        self.exit_kiosk_button = big_button(self.tr("Exit kiosk"))
        self.exit_kiosk_button.setEnabled(kiosk_active)
        self.exit_kiosk_button.clicked.connect(self.exit_kiosk_requested)
        self.quit_button = big_button(self.tr("Quit application"), "Danger")
        self.quit_button.clicked.connect(self.quit_requested)
        self.close_button = big_button(self.tr("Close"))
        self.close_button.clicked.connect(self.reject)

        # A second line of buttons rather than cut words on a narrow screen or in large text.
        actions = FlowLayout()
        for button in (
            self.save_button,
            self.test_button,
            self.pin_button,
            self.diagnostics_button,
            self.watchlist_button,
        ):
            actions.addWidget(button)
        leave = QHBoxLayout()
        for button in (self.exit_kiosk_button, self.quit_button):
            leave.addWidget(button)
        leave.addStretch(1)
        leave.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        if demo:
            layout.addWidget(
                label(self.tr("Demo: changes apply to this run only; nothing is saved."), "Notice")
            )
        self.file_notice = label(self._file_notice_text(settings), "Notice")
        self.file_notice.setAccessibleName(self.tr("Settings file problem"))
        self.file_notice.setVisible(bool(self.file_notice.text()))
        layout.addWidget(self.file_notice)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.connection_result)
        layout.addWidget(self.status)
        layout.addLayout(actions)
        layout.addLayout(leave)
        self.show_settings(settings)
        self._show_file_problems(settings)

    # --- building ----------------------------------------------------------------------------

    def _add_scrolling_tab(self, scroll: QScrollArea, title: str) -> int:
        """Add ``scroll`` as the tab ``title``, its scroll bars named after it; its index."""
        name_scroll_bars(scroll, self.tr("Scroll the %1 tab").replace("%1", title))
        return self.tabs.addTab(scroll, title)

    def _build_tabs(self) -> None:
        fields = Settings.model_fields
        placed = {name for _tab, names in TABS for name in names}
        groups = [(key, [n for n in names if n in fields]) for key, names in TABS]
        other = [n for n in fields if n not in placed]
        if other:
            groups.append(("other", other))
        titles = tab_titles()
        for key, names in groups:
            page = FormPage()
            for name in names:
                self._add_row(page.form, name, fields[name])
            scroll = touch_scroll(QScrollArea())
            scroll.setWidgetResizable(True)
            scroll.setWidget(page)
            page.follow(scroll.viewport())
            index = self._add_scrolling_tab(scroll, titles[key])
            for name in names:
                self._tab_of[name] = index
        if "ca_bundle" in self.editors:
            self._secrets_note_row()

    def _add_row(self, form: QFormLayout, name: str, info: FieldInfo) -> None:
        title = field_labels().get(name, name)
        error = label("", "FieldError")
        error.setAccessibleName(self.tr("Problem with %1").replace("%1", title))
        error.hide()
        self.errors[name] = error
        if name in SECRET_FIELDS:
            widget: QWidget = self._secret_edit(name, title)
        else:
            editor = editor_for(name, info, title)
            self.editors[name] = editor
            widget = editor.widget
        widget.setAccessibleName(title)
        # The field with its message and note under it, so the row is no wider than the field.
        field = QWidget()
        column = QVBoxLayout(field)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(widget)
        column.addWidget(error)
        if name in self.managed:
            widget.setEnabled(False)
            note = label(self.tr("Set by your IT department"), "Muted")
            note.setAccessibleName(self.tr("%1 is set by your IT department").replace("%1", title))
            self.managed_notes[name] = note
            column.addWidget(note)
        if isinstance(widget, QCheckBox):
            form.addRow(field)  # the box's own words are its label
        else:
            title_label = RowLabel(title)
            title_label.setWordWrap(True)
            title_label.setBuddy(widget)
            form.addRow(title_label, field)

    def _secret_edit(self, name: str, title: str) -> QLineEdit:
        edit = QLineEdit()
        edit.setMinimumHeight(MIN_FIELD_PX)
        edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.secret_edits[name] = edit
        return edit

    def _secrets_note_row(self) -> None:
        note = label(
            self.tr("Token and auth key are kept in: %1").replace(
                "%1", translate_message(secrets_location(self._services))
            ),
            "Muted",
        )
        page = self.tabs.widget(self._tab_of["ca_bundle"])
        inner = page.widget() if isinstance(page, QScrollArea) else None
        if inner is not None:
            form = inner.layout()
            if isinstance(form, QFormLayout):
                form.addRow(note)

    # --- showing -----------------------------------------------------------------------------

    def show_settings(self, settings: Settings) -> None:
        """Fill the form from ``settings`` (secrets only as masked placeholders)."""
        self._settings = settings
        for name, editor in self.editors.items():
            editor.set_value(getattr(settings, name))
        for name, edit in self.secret_edits.items():
            current = getattr(settings, name).get_secret_value()
            edit.clear()
            edit.setPlaceholderText(
                self.tr("%1 — type a new one to replace it").replace("%1", mask(current))
                if current
                else self.tr("not set — type one to store it")
            )

    def _file_notice_text(self, settings: Settings) -> str:
        """What the admin must know about ``settings.json`` ("" when it loaded cleanly)."""
        notes = [self._managed_notice_text(settings)]
        problems = settings_file_problems(settings)
        keys = [p.key for p in problems]
        if any(p.key == WHOLE_FILE for p in problems):
            notes.append(
                self.tr(
                    "The settings file could not be used, so the kiosk started with the default "
                    "settings. Save to write a valid file."
                )
            )
        elif keys:
            names = ", ".join(field_labels().get(key, key) for key in keys)
            notes.append(
                self.tr(
                    "Some values in the settings file could not be used; their defaults are in "
                    "effect: %1. Save to write valid values."
                ).replace("%1", names)
            )
        return "\n".join(n for n in notes if n)

    def _managed_notice_text(self, settings: Settings) -> str:
        """Which keys of the IT department's managed file are ignored ("" when none)."""
        problems = managed_file_problems(settings)
        if any(p.key == WHOLE_FILE for p in problems):
            return self.tr(
                "Your IT department's managed settings file could not be used; it is ignored."
            )
        if not problems:
            return ""
        names = ", ".join(field_labels().get(p.key, p.key) for p in problems)
        return self.tr(
            "Some values in your IT department's managed settings file could not be used and "
            "are ignored: %1."
        ).replace("%1", names)

    def _show_file_problems(self, settings: Settings) -> None:
        keys = [p.key for p in settings_file_problems(settings) if p.key != WHOLE_FILE]
        if keys:
            note = self.tr("The value in the settings file could not be used; default shown.")
            self.show_problems(dict.fromkeys(keys, note))

    def show_problems(self, problems: dict[str, str]) -> None:
        """Each message beside its field; the first offending field's tab is shown."""
        for name, error in self.errors.items():
            message = translate_message(problems.get(name, ""))
            error.setText(message)
            error.setVisible(bool(message))
        placed = [n for n in problems if n in self.errors]
        if placed:
            first = min(placed, key=lambda n: (self._tab_of.get(n, 0), list(self.errors).index(n)))
            self.tabs.setCurrentIndex(self._tab_of.get(first, 0))
        unplaced = [
            self.tr("%1: %2").replace("%1", n).replace("%2", translate_message(m))
            for n, m in problems.items()
            if n not in self.errors
        ]
        if unplaced:
            self.status.setText("; ".join(unplaced))

    # --- collecting --------------------------------------------------------------------------

    def _typed_secret(self, name: str) -> str | None:
        text = self.secret_edits[name].text().strip() if name in self.secret_edits else ""
        return text or None

    def collect(self) -> tuple[Settings | None, dict[str, str]]:
        """The form as validated settings, or ``None`` and a message per offending field."""
        values = {name: editor.value() for name, editor in self.editors.items()}
        token = self._typed_secret("api_token")
        key = self._typed_secret("auth_key")
        current = self._settings
        values = with_secrets(
            values,
            token if token is not None else current.api_token.get_secret_value(),
            key if key is not None else current.auth_key.get_secret_value(),
        )
        return validate_settings(values)

    # --- actions -----------------------------------------------------------------------------

    def save(self) -> None:
        """Validate; on success save in a worker (demo: apply only)."""
        settings, problems = self.collect()
        self.show_problems(problems)
        if settings is None:
            self.status.setText(
                self.tr("Not saved: %1 setting(s) need attention.").replace(
                    "%1", str(len(problems))
                )
            )
            return
        if needs_pin_to_save(self._settings, settings):
            self._ask_pin_then_store(settings)
            return
        self._store(settings)

    def _ask_pin_then_store(self, settings: Settings) -> None:
        pad = PinPad(self._services, parent=self)
        pad.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        pad.unlocked.connect(lambda: self._store(settings))
        pad.rejected.connect(self._pin_refused)
        self.pin_pad = pad
        self.status.setText(
            self.tr("The token would go to a new address: enter the administrator PIN to save.")
        )
        pad.open()
        self.window_opened.emit(pad)

    def _pin_refused(self) -> None:
        self.status.setText(self.tr("Not saved: the PIN is needed to change the service address."))

    def _store(self, settings: Settings) -> None:
        if self._demo:
            self._saved(settings, None)
            self.status.setText(self.tr("Applied to this demo run (not saved)."))
            return
        self._busy(True)
        self.status.setText(self.tr("Saving…"))
        self._services.save(
            settings,
            self._typed_secret("api_token"),
            self._typed_secret("auth_key"),
            lambda path: self._saved(settings, path),
            self._save_failed,
        )

    def _saved(self, settings: Settings, _path: object) -> None:
        self._busy(False)
        self.status.setText(self.tr("Saved."))
        self.show_settings(settings)
        self.usage.quota = settings.billing_quota_monthly
        self.record.show_state(settings.compliance_record, settings.compliance_retention_days)
        self.saved.emit(settings)

    def _save_failed(self, error: BaseException) -> None:
        self._busy(False)
        self.status.setText(
            self.tr("Not saved: %1").replace("%1", translate_message(describe_error(error)))
        )

    def test_connection(self) -> None:
        """Run a harmless request with the values on screen (in a worker)."""
        settings, problems = self.collect()
        self.show_problems(problems)
        if settings is None:
            self.connection_result.setText(self.tr("Fix the settings marked first."))
            return
        allowed = connection_test_settings(
            self._settings,
            settings,
            self._typed_secret("api_token"),
            self._typed_secret("auth_key"),
        )
        if allowed is None:
            self.connection_result.setText(
                self.tr(
                    "Not tested: the stored token goes to a new address only once the settings "
                    "are saved with the PIN. Type the token above to test with it."
                )
            )
            return
        self.test_button.setEnabled(False)
        self.connection_result.setText(self.tr("Testing the connection…"))
        self._services.test_connection(allowed, self._tested, self._test_failed)

    def _tested(self, message: object) -> None:
        self.test_button.setEnabled(True)
        self.connection_result.setText(self.tr("Connection OK: %1").replace("%1", str(message)))

    def _test_failed(self, error: BaseException) -> None:
        self.test_button.setEnabled(True)
        self.connection_result.setText(
            self.tr("Connection failed: %1").replace("%1", translate_message(describe_error(error)))
        )

    def _busy(self, busy: bool) -> None:
        self.save_button.setEnabled(not busy)

    def _tab_changed(self, index: int) -> None:
        if self.tabs.widget(index) is self.usage_scroll:
            self.usage.refresh()
        if self.tabs.widget(index) is self.record_scroll:
            self.record.show_problem()

    def done(self, result: int) -> None:
        """Closing forgets any typed secret."""
        for edit in self.secret_edits.values():
            edit.clear()
        super().done(result)
