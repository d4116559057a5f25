"""The Ready screen: the big instruction, which inputs are live, the checks, Open and samples."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QHBoxLayout, QMenu, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from kiosk_app.kinds import CLERK_CHECKS, CheckKind, Verdict
from kiosk_app.ui import theme
from kiosk_app.ui.action_row import BUTTON_ROWS_SPACING_PX, action_row
from kiosk_app.ui.billing_widgets import CardRoutingPanel, again_title
from kiosk_app.ui.geometry import SCREEN_MARGINS
from kiosk_app.ui.messages import check_title, shown_title, translate_message
from kiosk_app.ui.plain_text import plain_value
from kiosk_app.ui.ready_camera import ReadyCamera
from kiosk_app.ui.ready_guide import ReadyGuide
from kiosk_app.ui.touch import name_scroll_bars
from kiosk_app.ui.widgets import (
    LicencePanel,
    VerdictBanner,
    WrappingScroll,
    big_button,
    icon_label,
    is_language_change,
    label,
    set_button_text,
)

if TYPE_CHECKING:
    from kiosk_app.flow.customer import CardRouting
    from kiosk_app.flow.models import DemoSample, LicenceSummary


translate = QCoreApplication.translate

NEEDS_SCAN = (CheckKind.SIGNATURE, CheckKind.DVS_PARSE)
CHECK_SPACING_PX = 8
READY_SPACING_PX = 8
# Each check's share of the row of check buttons, by the length of its longest title
# (French, "again (billed)" included): fixed, so a check has its slot whatever the card.
CHECK_SLOT_SHARES = {CheckKind.SIGNATURE: 30, CheckKind.DVS_PARSE: 29, CheckKind.CANADA: 41}


class ReadyScreen(QWidget):
    """Waiting for a customer; shows the local parse once a licence is read."""

    check_requested = Signal(CheckKind)
    open_requested = Signal()
    sample_requested = Signal(str)
    language_requested = Signal(str)  # "en" / "fr"

    def __init__(
        self,
        checks: list[CheckKind],
        default_check: CheckKind | None,
        samples: list[DemoSample],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ReadyScreen")
        self.title = label("", "ScreenTitle")
        self._loaded = False
        self._licence_held = False
        self._refused: frozenset[CheckKind] = frozenset()
        self._statuses: dict[str, str] = {}
        self._language = "en"
        # Named in the language it switches to, so a customer can find it.
        self.language_button = big_button("Français", icon=None)
        self.language_button.setObjectName("LanguageButton")
        self.language_button.clicked.connect(self._toggle_language)
        self.inputs = label("", "Muted")
        # For the administrator: checks are being sent but not counted (a full disk).
        self.counting_alarm = label("", "CountingAlarm")
        self.counting_alarm.hide()
        self.panel = LicencePanel()
        # Under the desk's minimum age: the verdict before any check, full width.
        self.age_banner = VerdictBanner()
        self.age_banner.hide()
        self._licence: LicenceSummary | None = None
        self.action_hint = label("", "Muted")
        self.routing: CardRouting | None = None
        self.routing_panel = CardRoutingPanel()
        self.routing_panel.check_again_requested.connect(self.check_requested)
        self.check_buttons: dict[CheckKind, QPushButton] = {}
        actions = QHBoxLayout()
        actions.setSpacing(CHECK_SPACING_PX)
        self._actions = actions
        self._scan_held = False
        self._add_check_buttons(checks, default_check)
        self.open_button = big_button("", icon="open")
        self.open_button.clicked.connect(self.open_requested)
        # The bottom row holds Open alone, at the left: its right part stays empty, for that is
        # where the other screens put New customer, Start again, Back and their
        # forward action (a tap meant for them never lands on a Ready control). The language
        # and the samples sit in the top right corner, which no other screen uses.
        tools = action_row([self.open_button])
        self._corner = corner = QHBoxLayout()
        corner.setSpacing(12)
        self.sample_button: QPushButton | None = None
        corner.addWidget(self.language_button)
        self.set_samples(samples)

        # The instruction beside the corner, the live inputs under both (the whole width: a
        # large text size wraps them onto fewer lines); the under-age banner takes their place.
        self.head = QWidget()
        head = QHBoxLayout(self.head)
        head.setContentsMargins(0, 0, 0, 0)
        head.addWidget(icon_label("scan", 72), 0, Qt.AlignmentFlag.AlignTop)
        head.addWidget(self.title, 1)
        self.camera = ReadyCamera()  # shown when the kiosk has a camera
        self.camera.camera_shown.connect(self._update_guide)
        self.guide = ReadyGuide(self.camera)
        # The licence read scrolls rather than squeezes: a notice, the under-age banner or a
        # small screen never make its name, age or EXPIRED illegible.
        self.panel_scroll = panel_scroll = WrappingScroll(self.panel, "PanelScroll")
        body = QHBoxLayout()
        body.setSpacing(24)
        body.addWidget(self.guide, 3)
        body.addWidget(panel_scroll, 2)

        top = QHBoxLayout()
        top.setSpacing(16)
        top.addWidget(self.head, 1)
        top.addLayout(corner)
        # At the right, also while the under-age banner hides the instruction.
        top.setAlignment(corner, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignRight)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(*SCREEN_MARGINS)
        layout.setSpacing(READY_SPACING_PX)
        layout.addLayout(top)
        layout.addWidget(self.inputs)
        layout.addWidget(self.age_banner)
        layout.addWidget(self.counting_alarm)
        layout.addLayout(body, 1)
        layout.addWidget(self.routing_panel)
        layout.addWidget(self.action_hint)
        buttons = QVBoxLayout()
        buttons.setSpacing(BUTTON_ROWS_SPACING_PX)
        buttons.addLayout(actions)
        buttons.addWidget(tools)
        layout.addLayout(buttons)
        self.set_licence(None)
        self.retranslate()

    def retranslate(self) -> None:
        """Set every text in the interface language."""
        self._title_buttons()
        self.routing_panel.retranslate()
        set_button_text(self.open_button, translate("Ready", "Open picture…"))
        name_scroll_bars(self.panel_scroll, translate("Ready", "Scroll the licence details"))
        self._title_samples()
        self.set_inputs(self._statuses)
        self.set_scan_loaded(self._loaded)
        self._show_age(self._licence)
        self.counting_alarm.setText(
            translate(
                "Ready",
                "Usage is not being counted: the kiosk cannot write its usage database (is "
                "the disk full?). Checks are still sent and billed. Tell the administrator.",
            )
        )

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        """Shown again: the focus goes to the recommended check (if any)."""
        super().showEvent(event)
        self._mark_recommended()

    def set_language(self, language: str) -> None:
        """The interface language now showing; the button offers the other one."""
        self._language = language
        set_button_text(self.language_button, "English" if language == "fr" else "Français")

    def _toggle_language(self) -> None:
        self.language_requested.emit("en" if self._language == "fr" else "fr")

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Follow a change of the interface language."""
        if is_language_change(event):
            self.retranslate()
        super().changeEvent(event)

    def set_samples(self, samples: list[DemoSample]) -> None:
        """Offer ``samples`` by a "Try a sample" button before the language (once; none: no
        button)."""
        if samples and self.sample_button is None:
            self.sample_button = self._sample_button(samples)
            self._corner.insertWidget(0, self.sample_button)
            self._title_samples()

    def _title_samples(self) -> None:
        if self.sample_button is not None:
            set_button_text(self.sample_button, translate("Ready", "Try a sample"))
            for action in self.sample_menu.actions():
                sample = self._samples[str(action.data())]
                action.setText(f"{sample.title}  ({check_title(sample.check)})")

    def _sample_button(self, samples: list[DemoSample]) -> QPushButton:
        button = big_button("", icon="sample")
        menu = QMenu(button)
        self._samples = {sample.key: sample for sample in samples}
        for sample in samples:
            action = menu.addAction(sample.title)
            action.setData(sample.key)
            action.triggered.connect(lambda _=False, k=sample.key: self.sample_requested.emit(k))
        button.setMenu(menu)
        self.sample_menu = menu
        return button

    def _add_check_buttons(self, checks: list[CheckKind], default_check: CheckKind | None) -> None:
        # One slot per check, always in the same order and of the same share of the row: a
        # check the card is not offered leaves its slot empty, so the others never move from
        # card to card.
        self._default_check = default_check
        for kind in sorted(checks, key=CLERK_CHECKS.index):
            button = big_button("")
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            policy = button.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            button.setSizePolicy(policy)
            button.clicked.connect(lambda _=False, k=kind: self.check_requested.emit(k))
            self.check_buttons[kind] = button
            self._actions.addWidget(button, CHECK_SLOT_SHARES[kind])
        self._mark_recommended()

    @property
    def recommended(self) -> CheckKind | None:
        """The check for the card held (the routing's), else the desk's default check."""
        if self.routing is not None and self.routing.route.check is not None:
            return self.routing.route.check
        return self._default_check

    def recommended_button(self) -> QPushButton | None:
        """The recommended check's button, when it is shown and can be pressed."""
        kind = self.recommended
        button = self.check_buttons.get(kind) if kind is not None else None
        if button is None or button.isHidden() or not button.isEnabled():
            return None
        return button

    def _mark_recommended(self) -> None:
        """The primary style on the recommended check only; the focus on it when shown."""
        recommended = self.recommended
        for kind, button in self.check_buttons.items():
            name = "Primary" if kind is recommended else ""
            if button.objectName() != name:
                button.setObjectName(name)
                button.style().unpolish(button)
                button.style().polish(button)
        focused = self.recommended_button()
        if focused is not None and self.isVisible():
            focused.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_checks(self, checks: list[CheckKind], default_check: CheckKind | None = None) -> None:
        """Rebuild the check buttons after the admin changed the enabled or default check."""
        for button in self.check_buttons.values():
            self._actions.removeWidget(button)
            button.deleteLater()
        self.check_buttons = {}
        self._add_check_buttons(checks, default_check)
        self._title_buttons()
        self.set_scan_loaded(self._scan_held)

    def set_card(self, routing: CardRouting | None) -> None:
        """The card held: only its checks are offered, those it had say "billed again"."""
        self.routing = routing
        self.routing_panel.show_routing(routing)
        self._title_buttons()
        self._mark_recommended()

    def _title_buttons(self) -> None:
        routing = self.routing
        for kind, button in self.check_buttons.items():
            done = routing is not None and kind in routing.done
            set_button_text(button, again_title(kind) if done else check_title(kind))
            refused = kind in self._refused  # shown disabled: the clerk sees why
            button.setVisible(routing is None or kind in routing.route.offered or refused)

    def set_inputs(self, statuses: dict[str, str]) -> None:
        """Which inputs are live: ``{"Barcode scanner (keyboard)": "Listening", ...}``."""
        self._statuses = dict(statuses)
        parts = [
            translate("Ready", "{input}: {status}").format(
                input=translate_message(name), status=plain_value(translate_message(status))
            )
            for name, status in statuses.items()
        ]
        self.inputs.setText(
            translate("Ready", "Live inputs — {inputs}").format(inputs=" · ".join(parts))
        )

    def set_counting_alarm(self, failed: bool) -> None:
        """Show (or clear) the "usage not being counted" alarm."""
        self.counting_alarm.setVisible(failed)

    def set_licence(self, licence: LicenceSummary | None) -> None:
        """Show the locally parsed licence (None clears the panel)."""
        self.panel.show_licence(licence)
        self.panel_scroll.setVisible(licence is not None)
        self.panel_scroll.hold_height()
        self._licence = licence
        self._licence_held = licence is not None
        self._show_age(licence)
        self._update_guide()

    def _show_age(self, licence: LicenceSummary | None) -> None:
        """The under-age banner for the licence read (hidden when old enough, or none)."""
        if licence is None or licence.under_age is None:
            self._hide_age()
            return
        # The verdict table and the age rules come with the first licence under age, not with
        # the first window.
        from kiosk_app.flow.verdict_table import VERDICT_RULES, ready_verdict, under_age_reason

        shown = ready_verdict(licence)
        if shown is None:
            self._hide_age()
            return
        self.age_banner.show_verdict(
            Verdict.FAILED,
            translate("Verdict", VERDICT_RULES[0].advice),
            theme.BANNER_LOOKS[shown.look],
            shown_title(shown),
            translate_message(under_age_reason(licence.under_age)),
        )
        self.head.hide()
        self.inputs.hide()
        self.age_banner.show()

    def _hide_age(self) -> None:
        self.age_banner.clear()
        self.age_banner.hide()
        self.head.show()
        self.inputs.show()

    def _update_guide(self) -> None:
        self.guide.show_state(self._licence_held, self.camera.live)

    def set_refused_checks(self, refused: frozenset[CheckKind]) -> None:
        """Disable the checks the held scan cannot feed (a repaired wedge scan: signature)."""
        self._refused = frozenset(refused)
        self.set_scan_loaded(self._loaded)

    def set_scan_loaded(self, loaded: bool) -> None:
        """Enable the checks that need a scan once a barcode is held."""
        self._loaded = loaded
        self._scan_held = loaded
        if not loaded:
            self._refused = frozenset()
        for kind, button in self.check_buttons.items():
            button.setEnabled((loaded or kind not in NEEDS_SCAN) and kind not in self._refused)
        self._mark_recommended()
        if not loaded:
            self.title.setText(translate("Ready", "Scan the back of the licence"))
            needs = [check_title(k) for k in self.check_buttons if k in NEEDS_SCAN]
            joined = translate("Ready", " and ").join(needs)
            self.action_hint.setText(
                translate("Ready", "{checks} start after a scan.").format(checks=joined)
                if needs
                else ""
            )
        elif self._refused:
            self.title.setText(translate("Ready", "Licence read — choose a check"))
            self.action_hint.setText(
                translate(
                    "Ready",
                    "The scanner changed some characters, so the signature cannot be checked "
                    "on this scan: use the camera, or set the scanner to send control "
                    "characters. The other checks still work.",
                )
            )
        else:
            self.title.setText(translate("Ready", "Licence read — choose a check"))
            self.action_hint.setText(
                translate("Ready", "Scan again to start over with another licence.")
            )
