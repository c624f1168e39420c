"""One reader of people's words, shared by the chat, the complaint form and the messaging channels.

- ``lexicon``: the vocabulary as data (knowledge/lexicon.yaml): slang, everyday words → the law's
  words, festivals and relative days.
- ``dates``: the date of the facts in everyday words.
- ``stories``: a passenger's story + place + date → the rows of the fine tables it describes
  (``knowledge/infractions.py``), with a fitted, calibrated confidence, or "cannot classify".
"""
