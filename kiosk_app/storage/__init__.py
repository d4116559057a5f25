"""Local storage without personal data: usage counters, the admin PIN hash, metrics. No Qt."""
