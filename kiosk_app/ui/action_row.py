"""The bottom row of buttons every screen shares: tools at the left, the screen's next step,
and the way back to Ready in a cell of fixed width at the far right.

* the left cell: the screen's secondary tools (Open picture, Copy details, Another check);
* the forward cell: the screen's own next step (Check licence, Let the service read the
  picture), against the back cell;
* the back cell, ``BACK_STRETCH`` percent of the row wide at its right end, filled by the way
  back to Ready that forgets the customer (New customer, Start again): the same place and
  size everywhere.

The Ready screen leaves the forward and back cells empty (its language and samples sit in the
top corner). So a tap meant for one screen's primary action lands, if the screen changed
meanwhile, on nothing or on the same kind of action: New customer on Result is never where a
Ready control is (``tests/gui/test_stable_layout.py`` measures every move between screens).
The ways back that keep the card sit in the top left corner instead: the Working screen's
Cancel (in the back cell it would be under New customer as the result comes) and the form's
Back (there it would be under Result's New customer, a tap away).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QWidget

# The back cell's and the rest's shares of the row (stretch factors: 26 % and 74 %): the back
# cell holds its one word ("Recommencer") with its icon at 150 % text on a 1024x600 panel.
BACK_STRETCH: Final = 26
FRONT_STRETCH: Final = 74
CELL_SPACING_PX: Final = 16
# Between the Ready screen's check buttons and the bottom row (and the band above the Result
# screen's and the form's bottom rows): the same on those screens.
BUTTON_ROWS_SPACING_PX: Final = 16


class ActionRow(QWidget):
    """The bottom row: ``left`` tools, the ``forward`` step, the ``back`` way to Ready."""

    def __init__(
        self,
        left: Sequence[QWidget] = (),
        forward: QWidget | None = None,
        back: QWidget | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ActionRow")
        # Two cells sharing the width by stretch alone (their contents' sizes ignored), so
        # the back cell is at the same place and of the same size on every screen.
        front = QWidget()
        front.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        tools = QHBoxLayout(front)
        tools.setContentsMargins(0, 0, 0, 0)
        tools.setSpacing(CELL_SPACING_PX)
        for widget in left:
            tools.addWidget(widget)
        tools.addStretch(1)
        if forward is not None:
            tools.addWidget(forward)
        self.back_cell = QWidget()
        self.back_cell.setObjectName("BackCell")
        self.back_cell.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        cell = QHBoxLayout(self.back_cell)
        cell.setContentsMargins(0, 0, 0, 0)
        if back is not None:
            back.setSizePolicy(QSizePolicy.Policy.Ignored, back.sizePolicy().verticalPolicy())
            cell.addWidget(back)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(CELL_SPACING_PX)
        row.addWidget(front, FRONT_STRETCH)
        row.addWidget(self.back_cell, BACK_STRETCH)


class ButtonHeight(QWidget):
    """Nothing to see or press: as high as ``reference`` (a button) is laid out, whatever the
    stylesheet's scale. A band of text beside it is a button row high."""

    def __init__(self, reference: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.reference = reference
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """No width; the reference button's height (its size hint, or its least height)."""
        reference = self.reference
        return QSize(0, max(reference.sizeHint().height(), reference.minimumHeight()))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """As the size hint: the band never gets lower."""
        return self.sizeHint()


def action_row(
    left: Sequence[QWidget] = (), forward: QWidget | None = None, back: QWidget | None = None
) -> ActionRow:
    """The bottom row (see :class:`ActionRow`)."""
    return ActionRow(left, forward, back)
