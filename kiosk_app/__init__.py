"""ID-check kiosk: reads the PDF417 barcode of a North American licence and verifies it."""

__version__ = "0.1.0"
