"""Compiled UI message catalogs, one module per language (tools/build_i18n.py)."""
