"""Canvas items, one module per element kind."""
