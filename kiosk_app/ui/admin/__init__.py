"""The admin screens: PIN pad, settings, usage counters."""
