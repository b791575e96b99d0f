"""Archipelago's domain: designs, parts, files, metrics and templates. Pure Python, no Qt."""
