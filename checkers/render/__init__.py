"""Pictures of game states: small SVG helpers shared by the per-game renderers."""
