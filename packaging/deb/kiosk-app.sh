#!/bin/sh
# /usr/bin/kiosk-app: runs the bundled kiosk in /opt/kiosk-app (same command line as the
# Python package: no arguments = the GUI, `kiosk-app self-test`, `kiosk-app --help`...).
exec /opt/kiosk-app/kiosk-app "$@"
