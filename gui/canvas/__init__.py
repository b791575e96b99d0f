"""The canvas: scene, view, items and tools."""
