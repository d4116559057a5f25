"""The kiosk flow without Qt: the rules between a card read and a verdict shown.

Imports no Qt, nothing of ``kiosk_app.app`` or ``kiosk_app.ui`` (import-linter checks it, and
a test imports the package with PySide6 blocked), so every rule here runs in a unit test
without a ``QApplication``. ``kiosk_app.app.session`` binds it to Qt (signals, workers,
timers); ``kiosk-app check`` uses the same planning.

* ``stages``: the screens and the table of allowed moves between them.
* ``customer``: :class:`~kiosk_app.flow.customer.CustomerFlow`, one customer, one job at a time.
* ``models``: the view models handed to the screens (licence summary, result, error report,
  the scan held in memory).
* ``routing``: which checks suit the card (the routing table).
* ``planning``: :func:`~kiosk_app.flow.planning.plan_check`, what a check asked for does.
* ``canada``: the Canadian form's fields, inline problems, pre-fill and API input.
* ``billing``: never pay twice (the card ledger, the keyed-hash memory of recent checks) and
  the quota gate.
* ``metering``: what counts as a check, and counting it in the usage store.
* ``reports``: the Error screen's content for a failure.
* ``verdict_table``, ``reasons``, ``age``: what the Result banner says, why, and the desk's
  minimum age and expiry ahead.

Clerk-facing text is marked with :mod:`kiosk_app.text` (bottom layer) and never translated here.
"""
