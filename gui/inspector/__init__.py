"""The inspector: typed editors for the selected element's properties."""
