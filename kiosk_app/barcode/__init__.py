"""Local barcode decoding (zxing-cpp) and AAMVA parsing. Imports no Qt."""
