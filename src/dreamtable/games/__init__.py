"""One package per game: rules, components, notation, rendering and evaluation side by side."""
