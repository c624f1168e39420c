"""Babel's CLDR locale data, kept to what the portal formats (issue #12: < 80 MB per worker).

The interface formats dates (``format_date``), money (``format_currency``,
``get_currency_symbol``) and numbers (``format_decimal``) in pt_BR, en and es.
Babel loads each locale whole, and keeps its parents (root, pt) as separate merged
copies: ~5 MB per worker for the three, nearly all of it names of languages,
territories, time zones and units in each language, which the portal never shows.
:func:`slim` keeps, for each of the three, the keys those formats read
(:data:`LOCALE_KEYS`) and lets the parents go.  Nothing can go missing: a key that
was left out is read back from Babel's own files the first time anything asks for
it (:class:`_SlimLocaleData`), so every Babel function still answers as before —
``tests/test_worker_memory.py`` compares the formats with and without.
"""

from __future__ import annotations

from babel import Locale, localedata

# What babel.dates and babel.numbers read of a locale for the portal's formats.
LOCALE_KEYS = frozenset({
    "character_order", "compact_currency_formats", "compact_decimal_formats", "currency_formats", "currency_names",
    "currency_names_plural", "currency_symbols", "currency_unit_patterns", "date_formats", "datetime_formats",
    "datetime_formats_relative", "datetime_skeletons", "day_period_rules", "day_periods", "days", "decimal_formats",
    "default_numbering_system", "eras", "interval_formats", "list_patterns", "locale_id", "measurement_systems",
    "months", "number_symbols", "numbering_systems", "ordinal_form", "percent_formats", "plural_form", "quarters",
    "scientific_formats", "time_formats", "week_data", "zone_formats",
})


class _SlimLocaleData(dict):
    """A locale's data with some keys left out; a missing one is loaded from Babel's files."""

    def __init__(self, name: str, data: dict):
        super().__init__((key, value) for key, value in data.items() if key in LOCALE_KEYS)
        self.name = name

    def __missing__(self, key):
        full = _load_whole(self.name)
        if key not in full:
            raise KeyError(key)
        self[key] = full[key]
        return self[key]

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        return dict.__contains__(self, key) or key in _load_whole(self.name)


def _load_whole(name: str) -> dict:
    """The locale's whole data, loaded afresh (the slim copy stays in Babel's cache)."""
    cache = localedata._cache
    with localedata._cache_lock:
        slim_copy = cache.pop(name, None)
        parents = set(cache)
        try:
            return localedata.load(name)
        finally:
            for extra in set(cache) - parents:
                del cache[extra]  # the parents it loaded go again
            if slim_copy is not None:
                cache[name] = slim_copy


def slim(codes) -> None:
    """Keep only :data:`LOCALE_KEYS` of each locale in ``codes`` (e.g. ``["pt_BR", "en", "es"]``)."""
    cache = getattr(localedata, "_cache", None)
    if not isinstance(cache, dict) or not hasattr(localedata, "_cache_lock"):  # another Babel: left as it is
        return
    with localedata._cache_lock:
        for code in codes:
            name = str(Locale.parse(code))
            if not isinstance(cache.get(name), _SlimLocaleData):
                cache[name] = _SlimLocaleData(name, localedata.load(name))
        for name in [n for n in cache if not isinstance(cache[n], _SlimLocaleData)]:
            del cache[name]  # parents (root, pt): loaded again only if another locale is asked for
