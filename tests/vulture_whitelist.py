"""Names vulture (the dead-code check in the test command) cannot see being used.

Each line names code that Qt, the standard library, requests/urllib3, pydantic, keyring or a
child process calls by name. When vulture reports something that is really used, add it here
with the reason; when it reports dead code, delete the code instead. Arguments a signature
requires (``exc_type``, ``signum``...) are listed in ``ignore_names`` in pyproject.toml.
"""

from PySide6.QtWidgets import QStyleOptionComboBox

import kiosk_app
from kiosk_app.api.deadline import _WatchedHTTPPool
from kiosk_app.app.capture.folder import FileState
from kiosk_app.app.capture.wedge import WedgeScanner
from kiosk_app.barcode.deskew import SymbolEstimate
from kiosk_app.bench import soak
from kiosk_app.config import Settings, _SettingsFileSource
from kiosk_app.simulator.handlers import SimulatorRequestHandler
from kiosk_app.simulator.server import _TrackingServer
from kiosk_app.storage.watchlist import Entry
from kiosk_app.ui.camera_preview import CameraPreview
from kiosk_app.ui.main_window import MainWindow
from kiosk_app.ui.widgets import FlowLayout

# Qt calls these overrides (every eventFilter of the package shares the name).
WedgeScanner.eventFilter
CameraPreview.paintEvent
MainWindow.dragEnterEvent
MainWindow.dropEvent
FlowLayout.takeAt
FlowLayout.itemAt
FlowLayout.expandingDirections

# A style option's fields, read by the Qt style it is handed to (tests/support/touch.py).
QStyleOptionComboBox.editable
QStyleOptionComboBox.subControls

# http.server / socketserver read these class attributes and call these hooks.
SimulatorRequestHandler.protocol_version
SimulatorRequestHandler.server_version
SimulatorRequestHandler.sys_version
SimulatorRequestHandler.disable_nagle_algorithm
SimulatorRequestHandler.close_connection
SimulatorRequestHandler.log_message
SimulatorRequestHandler.do_POST
SimulatorRequestHandler.do_PUT
SimulatorRequestHandler.do_DELETE
_TrackingServer.daemon_threads
_TrackingServer.block_on_close
_TrackingServer.allow_reuse_address
_TrackingServer.process_request
_TrackingServer.handle_error

# urllib3 builds connections from this class attribute.
_WatchedHTTPPool.ConnectionCls

# pydantic calls the validators and the settings-sources hook.
Settings._migrate_default_check
Settings._choice_is_enabled
Settings._clerk_checks_only
Settings._desk_id_is_plain
Entry._plain_line
Settings._empty_minimum_age_is_none
Settings._text_size_from_text
Settings.settings_customise_sources

# Compared as a whole (dataclass equality): a file that changed is seen by its mtime.
FileState.mtime_ns

# The deskew estimate's evidence (how many tiles agreed): read when tuning, not by the code.
SymbolEstimate.tiles

# Started in a child process by name: python -c "...; serve_simulator()".
soak.serve_simulator

# Python calls a module's __getattr__ for a name it lacks (kiosk_app.__version__, on first use).
kiosk_app.__getattr__

# pydantic-settings calls it (an override of its file reading; the keyword is its signature's).
_SettingsFileSource._read_files

# Unused when vulture was adopted (new that day); their owners use them soon or remove them.
from kiosk_app.bench import synthetic  # noqa: E402

synthetic.camera_cases

# pytest-xdist calls it on its schedulers (the unit of work of a node id).
from tests.support.worker_groups import SharedWorkScheduling  # noqa: E402

SharedWorkScheduling._split_scope

# The import system and pytest's assert rewriting read it (tests/conftest.py sets it).
import sys  # noqa: E402

sys.dont_write_bytecode
