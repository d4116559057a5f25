"""Local storage without personal data (usage counters). No Qt."""
