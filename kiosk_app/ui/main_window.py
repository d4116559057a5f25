"""The main window: the test-mode band, the stacked screens, the notice line, drag-and-drop,
and the keyboard: Enter presses the focused button, Esc goes back where that is safe
(``ESCAPE_GOES_BACK``), each screen starts with the focus where ``_focus_screen`` puts it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QObject,
    QPoint,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeyEvent,
    QResizeEvent,
    QShowEvent,
    QWindow,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QDialog,
    QFileDialog,
    QMainWindow,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from kiosk_app.app.capture.files import IMAGE_SUFFIXES, image_paths_from_mime
from kiosk_app.display_settings import DisplaySettings
from kiosk_app.flow.stages import Stage
from kiosk_app.kinds import CheckKind
from kiosk_app.text import QT_TRANSLATE_NOOP
from kiosk_app.ui import theme
from kiosk_app.ui.accessibility import FocusRingFollower, announce, first_tab_stop
from kiosk_app.ui.geometry import MIN_WINDOW_SIZE, SCREEN_MARGINS
from kiosk_app.ui.i18n import current_language, install_language
from kiosk_app.ui.messages import translate_message
from kiosk_app.ui.ready_screen import ReadyScreen
from kiosk_app.ui.widgets import BANNER_ICON_PX, forget_clipboard, label

if TYPE_CHECKING:
    from kiosk_app.app.kiosk import KioskCore
    from kiosk_app.app.session import Session
    from kiosk_app.config import Settings
    from kiosk_app.flow.customer import BilledAgain
    from kiosk_app.flow.models import (
        CanadaFormData,
        ErrorReport,
        FieldProblem,
        LicenceSummary,
        ResultView,
    )
    from kiosk_app.flow.watchlist import WatchAlert
    from kiosk_app.ui.billing_widgets import ConfirmBilledDialog
    from kiosk_app.ui.canada_form import CanadaFormScreen
    from kiosk_app.ui.error_screen import ErrorScreen
    from kiosk_app.ui.listed_screen import ListedScreen
    from kiosk_app.ui.result_screen import ResultScreen
    from kiosk_app.ui.working_screen import WorkingScreen

TEST_MODE_TEXT = QT_TRANSLATE_NOOP("Window", "TEST MODE — results are not real")
NOTICE_MS = 6000
# Where Esc goes back, by screen: nowhere from Ready, and never while a
# check runs (its answer may already be billed); a result and an error go on to the next
# customer (the wipe), the form back to Ready. Admin screens are dialogs: Esc closes them.
ESCAPE_GOES_BACK: dict[Stage, Callable[[Session], None]] = {
    Stage.RESULT: lambda session: session.wipe(),
    Stage.ERROR: lambda session: session.wipe(),
    Stage.CANADA_FORM: lambda session: session.back_to_ready(),
}
# Screens whose first control takes the focus when they show (a form is there to be typed
# in); Ready gives it to the check for the card held, if any; every other screen takes the
# focus itself, so a second Enter presses nothing.
FOCUS_FIRST_CONTROL = frozenset({Stage.CANADA_FORM})
_ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
# The notice lies over the top left of the screens (most of the title; never the top right
# corner, where the Ready screen's language and samples are), this share of the window wide.
# Over, not in the layout: nothing the clerk can tap moves when it comes or goes, and taps go
# through it. On the Working screen it starts beside Cancel, which sits in that corner (the
# notice shown there says "press Cancel").
NOTICE_WIDTH_SHARE = 0.55
NOTICE_TOP_PX = 4
NOTICE_GAP_PX = 16


class MainWindow(QMainWindow):
    """Shows the session's stage; every screen has one control back to Ready.

    Made around a core, or first without one (``core`` None: the Ready screen as ``display``
    says, painted before the settings are validated and the core is made) and given its core
    by :meth:`attach_core`; keys typed meanwhile are held and passed on then.
    """

    announced = Signal(str)  # what was just announced to a screen reader
    core_attached = Signal()
    first_painted = Signal()  # the Ready screen was painted (once)

    core: KioskCore
    session: Session

    def __init__(
        self,
        core: KioskCore | None,
        kiosk_mode: bool = False,
        display: DisplaySettings | None = None,
    ) -> None:
        super().__init__()
        self._attached = False
        self._held_keys: _KeyHold | None = None
        self.kiosk_mode = kiosk_mode  # kept in step by KioskMode (kiosk_mode.py), which locks down
        self.setWindowTitle(QCoreApplication.translate("Window", "ID check"))
        self.setObjectName("MainWindow")
        self.setMinimumSize(MIN_WINDOW_SIZE)
        self.setAcceptDrops(True)
        self.scales = (1.0, 1.0)
        if core is not None:
            settings = core.settings
            display = DisplaySettings(
                text_size=settings.text_size,
                high_contrast=settings.high_contrast,
                test_mode=core.test_mode,
                enabled_checks=tuple(core.session.flow.enabled_checks()),
            )
        display = display or DisplaySettings()
        self.text_size = display.text_size
        self.high_contrast = display.high_contrast
        self.setStyleSheet(
            theme.stylesheet(high_contrast=self.high_contrast, text_scale=self.text_size / 100)
        )

        # Only the Ready screen before the first paint; the others once it is done (or as soon
        # as something asks for one: see _later_screens).
        samples = core.session.flow.demo_samples() if core is not None else []
        self.ready = ReadyScreen(list(display.enabled_checks), None, samples)
        self.ready.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # holds the focus, no Tab stop
        self.stack = QStackedWidget()
        self.stack.addWidget(self.ready)
        self._screens: dict[Stage, QWidget] = {Stage.READY: self.ready}
        self._later: _LaterScreens | None = None

        self.test_band = label(
            QCoreApplication.translate("Window", TEST_MODE_TEXT), "TestModeBand", wrap=False
        )
        self.test_band.setVisible(display.test_mode)
        self.notice = label("", "Notice")
        self.notice.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.notice.hide()
        self._notice_timer = QTimer(self)
        self._notice_timer.setSingleShot(True)
        self._notice_timer.timeout.connect(self.notice.hide)

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.test_band)
        layout.addWidget(self.stack, 1)
        self.notice.setParent(central)
        self.setCentralWidget(central)
        self.ready.set_language(current_language())
        self._rehearsed = False
        self.confirm_dialog: ConfirmBilledDialog | None = None
        self.picker: QDialog | None = None  # the Open button's dialog, while it is open
        self.focus_ring = FocusRingFollower(self)
        self.focus_ring.set_high_contrast(self.high_contrast)
        if core is not None:
            self._take_core(core)

    def attach_core(self, core: KioskCore) -> None:
        """Take the core of a window made without one: the validated settings replace the
        display settings it was painted with (checks, band, text size, theme, language, the
        samples of a demo). Then start the core and call :meth:`release_held_keys`."""
        if self._attached:
            raise RuntimeError("the window has its core already")
        self._take_core(core)
        self.ready.set_samples(self.session.flow.demo_samples())
        self.apply_settings(core.settings)
        self._restore_default_language()

    def has_core(self) -> bool:
        """True once the window has its core."""
        return self._attached

    def release_held_keys(self) -> None:
        """Pass on the keys typed before the core came (the wedge sees a scan typed then)."""
        held, self._held_keys = self._held_keys, None
        if held is not None:
            held.release()

    def _take_core(self, core: KioskCore) -> None:
        # The window owns the core: deleted with it, on the GUI thread (a parentless core in a
        # reference cycle was freed by the cyclic collector on a worker thread: SIGSEGV).
        core.setParent(self)
        self.core = core
        self.session = core.session
        self._attached = True
        self._connect()
        self.ready.set_inputs(core.input_statuses())
        self.ready.camera.follow(core)
        if self.isVisible():
            self._watch_window()
        self.core_attached.emit()

    def _watch_window(self) -> None:
        self.core.wedge.watch(self.windowHandle())
        self.core.idle.watch(self.windowHandle())

    def _connect(self) -> None:
        s = self.session
        s.stage_changed.connect(self._show_stage)
        s.licence_changed.connect(self.ready.set_licence)
        s.licence_changed.connect(self._show_working_licence)
        s.licence_changed.connect(self._drop_old_result)
        s.scan_loaded.connect(self.ready.set_scan_loaded)
        s.checks_refused.connect(self.ready.set_refused_checks)
        s.card_routed.connect(self.ready.set_card)
        s.confirm_requested.connect(self.confirm_billed_again)
        s.working.connect(self._show_task)
        s.canada_form_requested.connect(self._prefill_canada_form)
        s.canada_form_problem.connect(self._show_form_problem)
        s.result_ready.connect(self._show_result)
        s.result_ready.connect(self._announce_result)
        s.error_raised.connect(self._show_error)
        s.error_raised.connect(self._announce_error)
        s.listed.connect(self._show_alert)
        s.notice.connect(self.show_notice)
        s.retry_countdown.connect(self._show_countdown)
        s.wiped.connect(self._clear_screens)
        s.wiped.connect(self.notice.hide)
        s.wiped.connect(self._close_picker)
        s.wiped.connect(self._refocus)
        self.core.settings_applied.connect(self.apply_settings)
        self.core.inputs_changed.connect(self.ready.set_inputs)
        s.metrics.counting_changed.connect(self.ready.set_counting_alarm)
        self.ready.check_requested.connect(s.run_check)
        self.ready.open_requested.connect(self.open_picture)
        self.ready.sample_requested.connect(s.try_sample)
        self.ready.language_requested.connect(self.switch_language)
        s.wiped.connect(self._restore_default_language)

    def _later_screens(self) -> _LaterScreens:
        """The screens after Ready, made (and wired to the session) on first use."""
        if self._later is None:
            self._later = later = _LaterScreens.make()
            for stage, screen in later.by_stage().items():
                self.stack.addWidget(screen)
                screen.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # holds the focus, no Tab stop
                self._screens[stage] = screen
            later.result.banner.set_icon_px(round(BANNER_ICON_PX * self.scales[1]))
            s = self.session
            later.working.cancel_requested.connect(s.cancel)
            later.result.new_customer_requested.connect(s.wipe)
            later.result.other_check_requested.connect(s.back_to_ready)
            later.result.retry_now_requested.connect(s.retry_canada_now)
            later.canada_form.submitted.connect(self._submit_canada)
            later.canada_form.back_requested.connect(s.back_to_ready)
            later.error.start_again_requested.connect(s.wipe)
            later.error.service_read_requested.connect(s.read_by_service)
            later.listed.continue_requested.connect(s.continue_listed)
            later.listed.new_customer_requested.connect(s.wipe)
        return self._later

    def _screen(self, stage: Stage) -> QWidget:
        """The screen of ``stage`` (the later ones are made when first asked for)."""
        return self._screens.get(stage) or self.screens[stage]

    @property
    def screens(self) -> dict[Stage, QWidget]:
        """Every screen by its stage (made now if they were not yet)."""
        self._later_screens()
        return self._screens

    @property
    def working(self) -> WorkingScreen:
        """The Working screen."""
        return self._later_screens().working

    @property
    def result(self) -> ResultScreen:
        """The Result screen."""
        return self._later_screens().result

    @property
    def canada_form(self) -> CanadaFormScreen:
        """The Canadian licence form."""
        return self._later_screens().canada_form

    @property
    def error(self) -> ErrorScreen:
        """The Error screen."""
        return self._later_screens().error

    @property
    def listed(self) -> ListedScreen:
        """The watchlist alert screen."""
        return self._later_screens().listed

    # The session's signals for the later screens: a signal sent before they exist makes them.
    def _show_working_licence(self, licence: LicenceSummary | None) -> None:
        self.working.set_licence(licence)

    def _show_task(self, text: str) -> None:
        self.working.set_task(text)

    def _prefill_canada_form(self, data: CanadaFormData) -> None:
        self.canada_form.prefill(data)

    def _show_result(self, view: ResultView) -> None:
        self.result.show_result(view)

    def _show_error(self, report: ErrorReport) -> None:
        self.error.show_error(report)

    def _show_alert(self, alert: WatchAlert) -> None:
        self.listed.show_alert(alert)

    def _show_countdown(self, seconds: int) -> None:
        self.result.set_countdown(seconds)

    def confirm_billed_again(self, request: BilledAgain) -> None:
        """Ask the clerk before running again a check the card had (billed again)."""
        from kiosk_app.ui.billing_widgets import ConfirmBilledDialog

        if self.confirm_dialog is not None:
            self.confirm_dialog.reject()
        dialog = ConfirmBilledDialog(request, self)
        dialog.confirmed.connect(self._run_confirmed)
        dialog.kept.connect(self.session.keep_result)
        dialog.finished.connect(self._confirm_closed)
        self.confirm_dialog = dialog
        dialog.open()

    def _run_confirmed(self, kind: CheckKind) -> None:
        self.session.run_check(kind, confirmed=True)

    def _confirm_closed(self) -> None:
        dialog, self.confirm_dialog = self.confirm_dialog, None
        if dialog is not None:
            dialog.deleteLater()

    def switch_language(self, language: str) -> None:
        """Show the interface in ``language`` now (every screen follows Qt's LanguageChange);
        the settings' language comes back at the next start."""
        install_language(language)
        self.ready.set_language(current_language())

    def _restore_default_language(self) -> None:
        # Each customer starts in the desk's language (Settings.language).
        if not self._attached:
            return
        default = self.core.settings.language
        if current_language() != default:
            self.switch_language(default)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Follow a change of the interface language (title and test band)."""
        if event.type() == QEvent.Type.LanguageChange:
            self.setWindowTitle(QCoreApplication.translate("Window", "ID check"))
            self.test_band.setText(QCoreApplication.translate("Window", TEST_MODE_TEXT))
        super().changeEvent(event)

    def current_stage(self) -> Stage:
        """The stage whose screen is showing."""
        current = self.stack.currentWidget()
        return next(stage for stage, screen in self._screens.items() if screen is current)

    def show_notice(self, text: str) -> None:
        """A short message over the top of the screens (hidden after a few seconds)."""
        self.notice.setText(translate_message(text))
        self._place_notice()
        self.notice.show()
        self.notice.raise_()
        self._notice_timer.start(NOTICE_MS)

    def _place_notice(self) -> None:
        left = self._notice_left()
        width = min(
            round(self.width() * NOTICE_WIDTH_SHARE), self.width() - left - SCREEN_MARGINS[2]
        )
        self.notice.ensurePolished()
        height = max(self.notice.heightForWidth(width), self.notice.sizeHint().height())
        top = self.stack.geometry().top() + NOTICE_TOP_PX
        self.notice.setGeometry(left, top, width, height)

    def _notice_left(self) -> int:
        """Where the notice starts: the screens' left margin, or beside Working's Cancel."""
        later, parent = self._later, self.notice.parentWidget()
        if later is None or parent is None or self.stack.currentWidget() is not later.working:
            return SCREEN_MARGINS[0]
        layout = later.working.layout()
        if layout is not None:
            layout.activate()  # Cancel where it is about to be drawn
        cancel = later.working.cancel_button
        return cancel.mapTo(parent, QPoint(cancel.width(), 0)).x() + NOTICE_GAP_PX

    def open_picture(self) -> None:
        """The Open button: choose a picture of the back of the licence.

        In kiosk mode a :class:`PicturePicker` (read-only, confined to the scan and Pictures
        folders, no history written); on an ordinary desktop Qt's file dialog, read-only (no
        renaming, deleting or new folders through it). Both open without blocking: the choice
        arrives as a signal, so the event loop (camera, wedge, idle wipe) runs meanwhile.
        """
        from kiosk_app.ui.picture_picker import PicturePicker, picture_folders

        self._close_picker()
        picker: QDialog
        if self.kiosk_mode:
            kiosk_picker = PicturePicker(
                picture_folders(self.core.settings.watch_folder), parent=self
            )
            kiosk_picker.chosen.connect(self.core.files.submit_path)
            picker = kiosk_picker
        else:
            picker = self._desktop_file_dialog()
        picker.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.picker = picker
        picker.open()

    def _desktop_file_dialog(self) -> QFileDialog:
        dialog = QFileDialog(
            self,
            QCoreApplication.translate("Window", "Open a picture of the back of the licence"),
            "",
            QCoreApplication.translate("Window", "Images (%1);;All files (*)").replace(
                "%1", " ".join(f"*{suffix}" for suffix in IMAGE_SUFFIXES)
            ),
        )
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setOption(QFileDialog.Option.ReadOnly)
        dialog.fileSelected.connect(lambda name: self.core.files.submit_path(Path(name)))
        return dialog

    def _close_picker(self) -> None:
        if self.picker is not None and shiboken6.isValid(self.picker):
            self.picker.close()
        self.picker = None

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt override
        """Accept drags that carry a local image file."""
        if image_paths_from_mime(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt override
        """A dropped picture starts the flow like Open."""
        if not self._attached:
            event.ignore()
        elif self.core.files.submit_mime(event.mimeData()):
            event.acceptProposedAction()
        else:
            self.show_notice(self.core.files.status)
            event.ignore()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Scale text and spacing to the window: everything fits on a small screen, a large
        one shows a bigger verdict (``theme.layout_scales``)."""
        super().resizeEvent(event)
        self._restyle()

    def setVisible(self, visible: bool) -> None:  # noqa: N802 - Qt override
        """Before a show, style for the size the window is about to have: its widgets are
        then polished once, not polished again by the resize that follows the show."""
        if visible and not self.isVisible():
            self._restyle(size=self._size_to_come())
        super().setVisible(visible)

    def _size_to_come(self) -> QSize:
        screen = self.screen()
        if self.windowState() & Qt.WindowState.WindowFullScreen and screen is not None:
            return screen.geometry().size()
        return self.size()

    def _restyle(self, force: bool = False, size: QSize | None = None) -> None:
        """The stylesheet for the window's size (or ``size``), the admin's text size and
        theme."""
        size = size or self.size()
        scales = theme.layout_scales(size.width(), size.height())
        if scales != self.scales or force:
            self.scales = scales
            self.setStyleSheet(
                theme.stylesheet(
                    *scales, high_contrast=self.high_contrast, text_scale=self.text_size / 100
                )
            )
            if self._later is not None:
                self._later.result.banner.set_icon_px(round(BANNER_ICON_PX * scales[1]))
        if self.notice.isVisible():
            self._place_notice()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Enter presses the focused button; Esc goes back where that is safe.

        Keys reach the window only when the focused control did not use them (a line edit
        takes its own Enter, the form its Esc). A scanner's Enter never gets here: the wedge
        holds every key of a scan.
        """
        key = event.key()
        plain = not (event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier)
        if key in _ENTER_KEYS and plain and not event.isAutoRepeat():
            focused = self.focusWidget()
            if isinstance(focused, QAbstractButton) and focused.isEnabled():
                focused.click()
                return
        if key == Qt.Key.Key_Escape and plain and not event.isAutoRepeat() and self._attached:
            action = ESCAPE_GOES_BACK.get(self.current_stage())
            if action is not None:
                action(self.session)
                return
        super().keyPressEvent(event)

    def _announce_result(self) -> None:
        self._announce(self.result.banner, self.result.banner.spoken_text())

    def _announce_error(self) -> None:
        self._announce(self.error, self.error.spoken_text())

    def _announce(self, widget: QWidget, text: str) -> None:
        announce(widget, text)
        self.announced.emit(text)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        """On first show, lay out and render the busy screens once, while nobody waits."""
        super().showEvent(event)
        if self._attached:
            self._watch_window()
        elif self._held_keys is None and self.windowHandle() is not None:
            self._held_keys = _KeyHold(self.windowHandle())
        if not self._rehearsed:
            self._rehearsed = True
            self._focus_screen(self.current_stage())  # not Qt's first control: Enter is inert
            _AfterFirstPaint(self.ready, self._after_first_paint)

    def _after_first_paint(self) -> None:
        self.first_painted.emit()  # a window made without its core gets it here
        if self._attached:
            self._rehearse()

    def _rehearse(self) -> None:
        from kiosk_app.ui.result_screen import rehearsal_view

        # Making the other screens, then laying out, polishing and rasterising the Result
        # screen's reusable rows for the first time costs the GUI thread tens of milliseconds;
        # pay it once the Ready screen is painted, not when the clerk's result arrives. The
        # rehearsal shows made-up values and is cleared at once.
        if self.session.stage is not Stage.READY:
            return
        self.result.show_result(rehearsal_view())
        self.result.finish_filling()
        for screen in (self.result, self.working, self.canada_form, self.error):
            screen.grab()
        self.result.clear()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        """Stop the sources and timers and wait for every worker before closing (whoever
        holds the window deletes it afterwards, on the GUI thread: :func:`launch.delete_now`)."""
        if self._attached:
            self.core.shutdown()
        super().closeEvent(event)

    def apply_settings(self, settings: Settings) -> None:
        """Follow the admin's new settings: check buttons, default check, test-mode band,
        text size and theme."""
        self.ready.set_checks(self.session.flow.enabled_checks())
        self.ready.set_card(self.ready.routing)
        self.test_band.setVisible(self.core.test_mode)
        if (settings.text_size, settings.high_contrast) != (self.text_size, self.high_contrast):
            self.text_size = settings.text_size
            self.high_contrast = settings.high_contrast
            self.focus_ring.set_high_contrast(settings.high_contrast)
            self._restyle(force=True)

    def _show_form_problem(self, problem: FieldProblem) -> None:
        self.canada_form.show_problems([problem])

    def _submit_canada(self, data: CanadaFormData) -> None:
        self.canada_form.show_problems(self.session.submit_canada(data))

    def _show_stage(self, stage: Stage) -> None:
        self.stack.setCurrentWidget(self._screen(stage))
        self._focus_screen(stage)
        if self.notice.isVisible():
            self._place_notice()  # off Cancel, when the Working screen came

    def _refocus(self) -> None:
        # Clearing the screens may have put the focus on a field of a hidden one.
        self._focus_screen(self.current_stage())

    def _focus_screen(self, stage: Stage) -> None:
        """Put the focus on the screen just shown: never left on a control of a hidden one."""
        screen = self._screen(stage)
        focused = self.focusWidget()
        if stage in FOCUS_FIRST_CONTROL:
            if focused is not None and screen.isAncestorOf(focused) and focused.isVisible():
                return  # the form chose (its first empty field)
            target = first_tab_stop(screen) or screen
        elif stage is Stage.READY:
            # The check for the card held is the default: Enter runs it. No card: nothing.
            target = self.ready.recommended_button() or screen
        else:
            target = screen
        target.setFocus(Qt.FocusReason.OtherFocusReason)

    def _drop_old_result(self, licence: object) -> None:
        # The session forgot the customer (a new scan, a sample): the result kept on its hidden
        # screen for "Another check" is not the next customer's.
        if licence is None and self.result.view is not None:
            self.result.clear()
        if licence is None and self.confirm_dialog is not None:
            self.confirm_dialog.reject()  # the question was about the card just forgotten

    def _clear_screens(self) -> None:
        if self.confirm_dialog is not None:
            self.confirm_dialog.reject()
        self.notice.clear()
        forget_clipboard()
        if self._later is not None:
            self._later.clear()
        self.ready.set_licence(None)
        self.ready.set_scan_loaded(False)


class _KeyHold(QObject):
    """Holds the keys typed into a window until :meth:`release` sends them on, in order."""

    def __init__(self, window: QWindow) -> None:
        super().__init__(window)
        self._window = window
        self._held: list[QEvent] = []
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Keep a copy of each key press and release (with its time stamp); consume it."""
        if event.type() in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            self._held.append(event.clone())
            return True
        return False

    def release(self) -> None:
        """Send the held keys to the window, as if typed now (they pass the new filters)."""
        self._window.removeEventFilter(self)
        held, self._held = self._held, []
        for event in held:
            QCoreApplication.sendEvent(self._window, event)
        self.deleteLater()


class _AfterFirstPaint(QObject):
    """Calls ``then`` once, on the event loop's next turn after ``widget`` is first painted."""

    def __init__(self, widget: QWidget, then: Callable[[], None]) -> None:
        super().__init__(widget)
        self._then = then
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """On the first Paint: schedule ``then`` and go (never consumes the event). The call
        is dropped if ``widget`` is deleted first (a window closed right after its first paint)."""
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, watched, self._then)
            self.deleteLater()
        return False


@dataclass(frozen=True)
class _LaterScreens:
    """The screens a customer reaches after Ready."""

    working: WorkingScreen
    result: ResultScreen
    canada_form: CanadaFormScreen
    error: ErrorScreen
    listed: ListedScreen

    @classmethod
    def make(cls) -> _LaterScreens:
        """New screens (their modules are loaded now, not before the first window)."""
        from kiosk_app.ui.canada_form import CanadaFormScreen
        from kiosk_app.ui.error_screen import ErrorScreen
        from kiosk_app.ui.listed_screen import ListedScreen
        from kiosk_app.ui.result_screen import ResultScreen
        from kiosk_app.ui.working_screen import WorkingScreen

        return cls(
            WorkingScreen(), ResultScreen(), CanadaFormScreen(), ErrorScreen(), ListedScreen()
        )

    def by_stage(self) -> dict[Stage, QWidget]:
        """Each screen by the stage that shows it."""
        return {
            Stage.WORKING: self.working,
            Stage.RESULT: self.result,
            Stage.CANADA_FORM: self.canada_form,
            Stage.ERROR: self.error,
            Stage.LISTED: self.listed,
        }

    def clear(self) -> None:
        """Forget the customer on every one of them."""
        self.working.set_task("")
        self.result.clear()
        self.error.clear()
        self.listed.clear()
        self.canada_form.clear()
        self.working.set_licence(None)
