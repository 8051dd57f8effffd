"""Everything that checks: conformance, validation, fuzzing, Z3, proofs, the CLI."""
