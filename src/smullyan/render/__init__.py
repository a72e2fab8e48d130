"""Rendering: English questions, strategy trees (text, JSON, Mermaid). Never part of solving."""
