"""Local storage without personal data: usage counters, the admin PIN hash, atomic writes. No Qt."""
