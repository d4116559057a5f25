"""Reusable widgets: buttons, the verdict banner, per-field match rows, the local-parse panel."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QVBoxLayout,
    QWidget,
)

from kiosk_app.api.outcome import FieldOutcome, MatchCategory
from kiosk_app.flow.models import AGE_BADGES, LicenceSummary
from kiosk_app.kinds import Verdict
from kiosk_app.ui import theme
from kiosk_app.ui.field_labels import field_label, field_value
from kiosk_app.ui.messages import finding_text, key_field_label
from kiosk_app.ui.plain_text import PlainLabel, plain_value
from kiosk_app.ui.service_text import service_sentence, service_value
from kiosk_app.ui.touch import touch_scroll, viewport_of

translate = QCoreApplication.translate

BANNER_ICON_PX = 88
LONG_VERDICT_CHARS = 18
# Between the chips of a FlowLayout.
FLOW_SPACING_PX = 8
# QPushButton's room between its icon and its text.
ICON_TEXT_GAP_PX = 4


def is_language_change(event: QEvent) -> bool:
    """True for the event Qt sends every widget when the interface language changes."""
    return event.type() == QEvent.Type.LanguageChange


def set_style_property(widget: QWidget, name: str, value: str) -> bool:
    """Set a dynamic property the stylesheet selects on, and re-polish the widget.

    Re-polishing costs the GUI thread a style-rule match and may re-lay out the widget, so it
    is skipped when the property already has that value. True when the value changed.
    """
    if widget.property(name) == value:
        return False
    widget.setProperty(name, value)
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)
    return True


class WrappingButton(QPushButton):
    """A push button whose words go onto more lines, and the button higher, when it is given
    less width than they need on one line (a narrow slot, a large text size, a long
    translation): a button's label is never cut nor elided.

    ``text()`` is the words as set, on one line; the size hint's width is the one-line width,
    the least width the widest word's, and the hint's height that of the lines the current
    width needs (a button of fixed height grows as its words wrap).
    """

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._words = ""
        # A new number of lines changes the height the button asks for. It is found while a
        # layout sets the geometry, when Qt drops a new geometry request: ask afterwards.
        self._regeometry = QTimer(self)
        self._regeometry.setSingleShot(True)
        self._regeometry.setInterval(0)
        self._regeometry.timeout.connect(self.updateGeometry)
        # Not of fixed height: a row of buttons is as high as its highest (wrapped) one, where
        # fixed ones would hold it to the lowest.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setText(text)

    def text(self) -> str:
        """The words, on one line."""
        return self._words

    def setText(self, text: str) -> None:  # noqa: N802 - Qt name
        """New words, wrapped for the current width."""
        self._words = text
        self._wrap()

    def _outer(self, lines: list[str]) -> QSize:
        """The button's size around ``lines`` (as QPushButton sizes one line of text)."""
        option = QStyleOptionButton()
        self.initStyleOption(option)
        metrics = self.fontMetrics()
        text = "\n".join(lines)
        option.text = text
        size = metrics.size(Qt.TextFlag.TextShowMnemonic, text or "XXXX")
        width, height = (size.width() if text else 0), size.height()
        if not self.icon().isNull():
            width += self.iconSize().width() + ICON_TEXT_GAP_PX
            height = max(height, self.iconSize().height())
        if self.menu() is not None:
            option.rect.setSize(QSize(width, height))
            width += self.style().pixelMetric(
                QStyle.PixelMetric.PM_MenuButtonIndicator, option, self
            )
        return self.style().sizeFromContents(
            QStyle.ContentsType.CT_PushButton, option, QSize(width, height), self
        )

    def _lines(self, width: int) -> list[str]:
        """The words broken into lines (at spaces) that fit a button ``width`` wide."""
        words = self._words.split(" ")
        lines: list[str] = []
        for word in words:
            joined = f"{lines[-1]} {word}" if lines else word
            if lines and self._outer([joined]).width() > width:
                lines.append(word)
            elif lines:
                lines[-1] = joined
            else:
                lines.append(word)
        return lines

    def _wrap(self) -> None:
        lines = (
            self._lines(self.width())
            if self._outer([self._words]).width() > self.width()
            else [self._words]
        )
        shown = "\n".join(lines)
        if shown != super().text():
            super().setText(shown)
            self._regeometry.start()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """One line's width; the height of the lines shown at the current width."""
        one_line = self._outer([self._words])
        return QSize(one_line.width(), self._outer(super().text().split("\n")).height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """The widest word's width (every word on a line of its own)."""
        words = self._words.split(" ")
        return QSize(max(self._outer([w]).width() for w in words), self.sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """A new width: the words wrap again."""
        super().resizeEvent(event)
        self._wrap()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new font (the stylesheet's scale or text size): the words wrap again."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._wrap()


def big_button(
    text: str, name: str = "", icon: str | None = None, wrap: bool = True
) -> QPushButton:
    """A touch-sized push button (>= 44 px, styled by ``name``) whose words wrap rather than
    being cut (:class:`WrappingButton`); ``wrap=False`` for a key of a grid (a letter, a code)."""
    button = WrappingButton(text) if wrap else QPushButton(text)
    if name:
        button.setObjectName(name)
    if icon:
        button.setIcon(theme.icon(icon))
        button.setIconSize(QSize(28, 28))
    button.setMinimumHeight(theme.MIN_TOUCH_PX + 12)
    button.setAccessibleName(text)
    return button


def set_button_text(button: QPushButton, text: str) -> None:
    """A button's text and accessible name (after a change of language)."""
    button.setText(text)
    button.setAccessibleName(text)


def label(text: str = "", name: str = "", selectable: bool = False, wrap: bool = True) -> QLabel:
    """A plain-text label (never markup: see :mod:`kiosk_app.ui.plain_text`) with an object
    name for the stylesheet, optionally selectable."""
    widget = PlainLabel(text)
    if name:
        widget.setObjectName(name)
    widget.setWordWrap(wrap)
    if selectable:
        widget.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
    return widget


def icon_label(name: str, size: int) -> QLabel:
    """A label showing an icon."""
    widget = PlainLabel()
    widget.setPixmap(theme.pixmap(name, size))
    widget.setFixedSize(size, size)
    widget.setObjectName(f"icon-{name}")
    return widget


_copied: list[int] = []  # hash of what the kiosk last put on the clipboard (never the text)


def copy_to_clipboard(text: str) -> None:
    """Put ``text`` on the clipboard (message and trace id for support calls)."""
    QGuiApplication.clipboard().setText(text)
    _copied[:] = [hash(text)]


def forget_clipboard() -> None:
    """The wipe: empty the clipboard if it still holds what the kiosk put there (only that)."""
    clipboard = QGuiApplication.clipboard()
    if _copied and hash(clipboard.text()) == _copied[0]:
        clipboard.clear()
    _copied.clear()


class VerdictBanner(QFrame):
    """The large coloured verdict: icon, words, advice; readable from three metres."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("VerdictBanner")
        # Never squeezed below its words' height: the field rows beside it scroll instead.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.icon = PlainLabel()
        self.title = label("", "VerdictTitle")
        # The second line: why the banner is not a plain pass (kiosk_app.flow.reasons).
        self.reason = label("", "VerdictReason")
        self.advice = label("", "VerdictAdvice")
        text = QVBoxLayout()
        text.addWidget(self.title)
        text.addWidget(self.reason)
        text.addWidget(self.advice)
        row = QHBoxLayout(self)
        row.setContentsMargins(24, 16, 24, 16)
        row.setSpacing(24)
        row.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignVCenter)
        row.addLayout(text, 1)
        self.verdict: Verdict | None = None
        self.look: theme.Look | None = None
        self.icon_px = BANNER_ICON_PX

    def show_verdict(
        self,
        verdict: Verdict,
        advice: str = "",
        look: theme.Look | None = None,
        words: str = "",
        reason: str = "",
    ) -> None:
        """Colour, icon and words of ``verdict`` (or of ``look``, with ``words`` if given), and
        the ``reason`` on the second line."""
        look = look or theme.VERDICT_LOOKS[verdict]
        self.verdict = verdict
        self.look = look
        if set_style_property(self, "verdict", look.key):
            for text in (self.title, self.reason, self.advice):  # colour follows the look
                text.style().unpolish(text)
                text.style().polish(text)
        self.icon.setPixmap(theme.pixmap(look.icon, self.icon_px))
        self.icon.setObjectName(f"icon-{look.icon}")
        shown = words or look.translated_words
        # A long verdict ("Signature valid — licence EXPIRED") in a smaller size, on one line
        # where the screen allows.
        set_style_property(self.title, "long", "true" if len(shown) > LONG_VERDICT_CHARS else "")
        self.title.setText(shown)
        self.reason.setText(reason)
        self.reason.setVisible(bool(reason))
        self.advice.setText(advice)
        self.advice.setVisible(bool(advice))
        spoken = f"{shown} — {reason}" if reason else shown
        self.setAccessibleName(translate("Widgets", "Verdict: {words}").format(words=spoken))
        self.setAccessibleDescription(advice)

    def spoken_text(self) -> str:
        """What a screen reader announces: the banner's words, reason and advice."""
        if self.verdict is None:
            return ""
        return "\n".join(t for t in (self.accessibleName(), self.advice.text()) if t)

    def set_icon_px(self, size: int) -> None:
        """The icon's size (larger on large screens)."""
        self.icon_px = size
        if self.look is not None and self.verdict is not None:
            self.icon.setPixmap(theme.pixmap(self.look.icon, size))

    def clear(self) -> None:
        """Forget the verdict."""
        self.verdict = None
        self.look = None
        self.title.clear()
        self.reason.clear()
        self.reason.hide()
        self.advice.clear()
        self.icon.clear()
        self.setAccessibleName("")
        self.setAccessibleDescription("")


class MatchRow(QFrame):
    """One per-field result: caption, value, icon and words (and the service's message).

    Rows are reused from one result to the next (``set_result``): building widgets is what
    costs the GUI thread time, updating their text and colour is cheap.
    """

    def __init__(self, result: FieldOutcome | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("MatchRow")
        self.look = theme.MATCH_LOOKS[MatchCategory.NONE]
        self.caption = label(wrap=True)
        self.value = label(selectable=True)
        self.words = label("", "MatchWords", wrap=False)
        self.icon = icon_label(self.look.icon, 32)
        self.message = label("", "Muted", selectable=True)
        grid = QGridLayout(self)
        grid.setContentsMargins(12, 6, 12, 6)
        grid.addWidget(self.icon, 0, 0, 2, 1, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.caption, 0, 1)
        grid.addWidget(self.words, 0, 2, Qt.AlignmentFlag.AlignRight)
        grid.addWidget(self.value, 1, 1, 1, 2)
        grid.addWidget(self.message, 2, 1, 1, 2)
        grid.setColumnStretch(1, 1)
        if result is not None:
            self.set_result(result)

    def set_result(self, result: FieldOutcome) -> None:
        """Show one field's result: our label for the field (never the service's English
        caption), the status words from the one table (``theme.MATCH_LOOKS``), the service's
        sentence translated when known."""
        look = theme.MATCH_LOOKS[result.match]
        if look is not self.look or self.property("match") is None:
            self.look = look
            set_style_property(self, "match", look.key)
            self.icon.setPixmap(theme.pixmap(look.icon, 32))
            self.icon.setObjectName(f"icon-{look.icon}")
        # Always set: a reused row keeps its look across a language switch.
        self.words.setText(look.translated_words)
        name = result.field_name
        self.caption.setText(plain_value(field_label(name) if name else result.caption or "—"))
        value = service_value(name, field_value(name, result.value or ""))
        self.value.setText(plain_value(value or "—"))
        self.message.setText(service_sentence(result.message or ""))
        self.message.setVisible(bool(result.message))
        self.setAccessibleName(f"{self.caption.text()}: {look.translated_words}")

    def clear(self) -> None:
        """Drop the shown values (the row stays for reuse)."""
        for widget in (self.caption, self.value, self.message):
            widget.clear()
        self.setAccessibleName("")


class FlowLayout(QLayout):
    """Widgets left to right at their size hints, going on to a new line where the width ends
    (a row of chips that wraps rather than widening its column)."""

    def __init__(self, spacing: int = FLOW_SPACING_PX) -> None:
        super().__init__()
        self._items: list[QLayoutItem] = []
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 - Qt override
        """Qt's hook for addWidget."""
        self._items.append(item)

    def count(self) -> int:
        """How many items."""
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt override
        """The item at ``index`` (None past the end)."""
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt override
        """Remove and return the item at ``index``."""
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 - Qt override
        """Never more than the items need."""
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        """Its height depends on its width (the lines it takes)."""
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        """The height of the lines at ``width``."""
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt override
        """Place the items in lines."""
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Every item on one line."""
        shown = [item.sizeHint() for item in self._items if not item.isEmpty()]
        width = sum(size.width() for size in shown) + self.spacing() * max(len(shown) - 1, 0)
        return QSize(width, max((size.height() for size in shown), default=0))

    def minimumSize(self) -> QSize:  # noqa: N802 - Qt override
        """The widest item (one item a line)."""
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        return size

    def _place(self, rect: QRect, move: bool) -> int:
        x, y, line_height = rect.x(), rect.y(), 0
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint()
            if x > rect.x() and x + hint.width() > rect.right() + 1:
                x, y, line_height = rect.x(), y + line_height + self.spacing(), 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self.spacing()
            line_height = max(line_height, hint.height())
        return y + line_height - rect.y()


class LicencePanel(QFrame):
    """The local parse of the scanned barcode: name, birth date, age badges, expiry."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Panel")
        self.heading = label("", "SectionTitle")
        self.name = label("", "LicenceName", selectable=True)
        self.born = label("", selectable=True)
        self.age = label("")
        self.majority = label("", "Badge", wrap=False)
        self.badges = [label("", "Badge", wrap=False) for _ in AGE_BADGES]
        self.expiry = label("", selectable=True)
        self.expired = label("", "Expired", wrap=False)
        # Advice from the local checks, not a verdict: what the read lacks, what looks unusual.
        self.incomplete = label("", "Expired")
        self.consistency = label("", "SectionTitle")
        self.findings = label("")
        for advice in (self.incomplete, self.consistency, self.findings):
            advice.setTextFormat(Qt.TextFormat.PlainText)
        self._licence: LicenceSummary | None = None  # re-shown in a new language; wipe clears
        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 12, 18, 12)
        # What the clerk needs at a glance comes first (a small screen scrolls the rest): the
        # name, EXPIRED, the age and its chips; then the dates and the local checks' advice.
        layout.addWidget(self.heading)
        layout.addWidget(self.name)
        layout.addWidget(self.expired, 0, Qt.AlignmentFlag.AlignLeft)
        age_row = QHBoxLayout()
        age_row.addWidget(self.age)
        age_row.addWidget(self.majority)
        age_row.addStretch(1)
        layout.addLayout(age_row)
        # The chips go onto a second line in a narrow column (a large text size).
        badge_row = FlowLayout()
        for badge in self.badges:
            badge_row.addWidget(badge)
        layout.addLayout(badge_row)
        layout.addWidget(self.born)
        layout.addWidget(self.expiry)
        layout.addWidget(self.incomplete)
        layout.addWidget(self.consistency)
        layout.addWidget(self.findings)
        layout.addStretch(1)
        self.retranslate()

    def retranslate(self) -> None:
        """Set the texts in the interface language (and re-show the licence in it)."""
        self.expired.setText(translate("Widgets", "EXPIRED"))
        self.show_licence(self._licence)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Follow a change of the interface language."""
        if is_language_change(event):
            self.retranslate()
        super().changeEvent(event)

    def show_licence(self, licence: LicenceSummary | None) -> None:
        """Show a licence, or clear every field (None)."""
        self._licence = licence
        self.heading.setText(
            translate("Widgets", "Read by the service from the picture")
            if licence is not None and licence.read_by_service
            else translate("Widgets", "Read from the barcode")
        )
        if licence is None:
            self.hide()
            for widget in (self.name, self.born, self.age, self.majority, self.expiry,
                           self.incomplete, self.consistency, self.findings):  # fmt: skip
                widget.clear()
            for badge in self.badges:
                badge.clear()
            self.expired.hide()
            return
        self.name.setText(
            plain_value(licence.full_name)
            if licence.full_name
            else translate("Widgets", "(no name in the barcode)")
        )
        self.born.setText(
            translate("Widgets", "Born: {date}").format(date=_day(licence.date_of_birth))
        )
        self.age.setText(
            translate("Widgets", "Age: {age}").format(age=licence.age)
            if licence.age is not None
            else translate("Widgets", "Age: unknown")
        )
        _badge(
            self.majority,
            licence.of_age,
            f"{licence.age_of_majority}+",
            translate("Widgets", "UNDER {age}").format(age=licence.age_of_majority),
        )
        for badge, years in zip(self.badges, AGE_BADGES, strict=True):
            _badge(badge, licence.is_over(years), f"{years}+ ✓", f"{years}+ ✗")
        self.expiry.setText(_expiry_text(licence))
        self.expired.setVisible(licence.expired)
        self._show_advice(licence)
        # Shown once filled: showing re-lays out every visible ancestor at once.
        self.show()

    def _show_advice(self, licence: LicenceSummary) -> None:
        """The incomplete-read line and the consistency advice (one sentence per finding)."""
        missing = ", ".join(key_field_label(field) for field in licence.missing_fields)
        self.incomplete.setText(
            translate("Widgets", "Incomplete read, missing: {fields}. Check the card itself.")
            .format(fields=missing) if missing else ""
        )  # fmt: skip
        self.incomplete.setVisible(bool(missing))
        count = len(licence.consistency_notes)
        if not licence.consistency_checked:
            heading = ""
        elif count == 0:
            heading = translate("Widgets", "Barcode consistent")
        elif count == 1:
            heading = translate("Widgets", "1 thing looks unusual")
        else:
            heading = translate("Widgets", "{count} things look unusual").format(count=count)
        self.consistency.setText(heading)
        self.consistency.setVisible(bool(heading))
        sentences = [finding_text(finding) for finding in licence.consistency_notes]
        self.findings.setText("\n".join(f"• {sentence}" for sentence in sentences))
        self.findings.setVisible(bool(sentences))


def _badge(widget: QLabel, state: bool | None, yes: str, no: str) -> None:
    if state is None:
        widget.setText(translate("Widgets", "age unknown"))
        set_style_property(widget, "state", "unknown")
    else:
        widget.setText(yes if state else no)
        set_style_property(widget, "state", "ok" if state else "no")


def _day(value: date | None) -> str:
    return value.isoformat() if value else translate("Widgets", "unknown")


def _expiry_text(licence: LicenceSummary) -> str:
    text = translate("Widgets", "Expires: {date}").format(date=_day(licence.expiry_date))
    days = licence.days_to_expiry
    if licence.expired and days is not None:
        return translate("Widgets", "{expires} — expired {days} day(s) ago").format(
            expires=text, days=abs(days)
        )
    if licence.expires_in_days is not None:  # within the admin's window (expiry_warning_days)
        return translate("Widgets", "{expires} — in {days} day(s)").format(
            expires=text, days=licence.expires_in_days
        )
    return text


class WrappingScroll(QScrollArea):
    """A vertical scroll area for a column of word-wrapped labels: the column is never shorter
    than its text needs at the width it gets (Qt's scroll area would squeeze it instead), so it
    scrolls rather than cuts a line."""

    def __init__(self, widget: QWidget, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(widget)
        widget.installEventFilter(self)
        touch_scroll(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """The column's text or width changed: hold it to the height its text needs."""
        column = self.widget()
        if watched is column and event.type() in (
            QEvent.Type.LayoutRequest,
            QEvent.Type.Resize,
            QEvent.Type.Show,
            QEvent.Type.StyleChange,
        ):
            self.hold_height()
            layout = column.layout()
            if event.type() in (QEvent.Type.Resize, QEvent.Type.Show) and layout is not None:
                # Resized while hidden (a new scroll bar), a column keeps its lines' old
                # geometry once shown: lay it out at its size now.
                layout.invalidate()
                layout.activate()
        return super().eventFilter(watched, event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """The viewport's width changed: the column's height follows."""
        super().resizeEvent(event)
        self.hold_height()

    def hold_height(self) -> None:
        """Set the column's least height to what its text needs at the viewport's width."""
        column = self.widget()
        if column is None or not column.hasHeightForWidth():
            return
        width = viewport_of(self).width()
        needed = column.heightForWidth(width)
        if needed > 0 and column.minimumHeight() != needed:
            column.setMinimumHeight(needed)
