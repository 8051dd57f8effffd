"""The model's boundary with the outside world: what comes in and what goes out.

The engines (``ruleproof.model.<game>``) compute; the modules here read and write, and nothing else
in ``model/`` opens a file:

* :mod:`~ruleproof.model.io.inputs` — one loader per kind of input file, with bounded sizes and
  errors that name the file and the JSON path;
* :mod:`~ruleproof.model.io.readings` — reading files (a user's interpretation of the rules);
* :mod:`~ruleproof.model.io.records` — game records: their format, schema and replay;
* :mod:`~ruleproof.model.io.codec` — states and moves to and from JSON;
* :mod:`~ruleproof.model.io.outputs` — atomic writes that replace a file only when asked (``--force``).
"""
