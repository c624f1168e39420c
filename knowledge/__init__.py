"""The domain: the four statutes and every rule the portal states, with no web framework.

Nothing here imports Flask or Whoosh (``search_index`` may import this package, never
the reverse), so every rule can be tested and reused without a request.  Where things are:

- **The statutes as data** — ``statutes/*.txt`` (the texts), ``laws.py`` (the catalogue:
  ids, citation names, publishers), ``places.py`` (the four places: name with its
  preposition, law, time zone, agency), ``vigencia.py`` + ``parameters/vigencia.yaml``
  (when each law and amending act took effect).
- **Parsing** — ``parser.py`` builds the tree of citable units from a text, helped by
  ``markers.py`` (what "Art. 3º", "§ 2º", an amendment note look like),
  ``acre_layout.py`` (Acre's PDF dump rejoined) and ``previous_wordings.py`` ("Nota:
  Redação Anterior" kept as history); ``units.py`` names the units (ids, labels,
  LexML URNs); ``corpus.py`` parses each law once per process.
- **The law on a date** — ``history.py``, the one module to ask (a unit's wording on a
  day, its timeline, the whole law on a day, a citation dated to the facts), built on
  ``rewind.py`` (a unit rebuilt as it stood before later amendments).
- **Rules** — ``parameters/`` (every legal number, dated and cited), ``citations.py``
  (what a statement cites), ``flows/`` (the step-by-step wizards), ``modalities.py``,
  ``complaints.py``, ``comparison.py``, ``vehicle_status.py``, ``working_days.py``,
  ``clock.py`` (a place's "today"), ``open_data.py``, ``plates.py``.
- **The assistant** — ``assistant/`` reads a message and answers from the rules above;
  ``text.py`` holds the accent folding and the translation marker shared by all.
"""
