"""``python -m ruleproof.checkers.certcheck CERT [--json]``: exit 0 valid, 1 rejected, 2 malformed."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from ruleproof.checkers.certcheck import CertificateFormatError, check_certificate, load_certificate


def main(argv: Sequence[str] | None = None) -> int:
    """Check the certificate files named on the command line."""
    args = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in args
    paths = [a for a in args if a != "--json"]
    if not paths:
        sys.stderr.write("usage: python -m ruleproof.checkers.certcheck CERT.json [...] [--json]\n")
        return 2
    worst = 0
    for path in paths:
        try:
            result = check_certificate(load_certificate(path))
        except CertificateFormatError as exc:
            sys.stderr.write(f"error: {exc}\n")
            worst = 2
            continue
        if as_json:
            sys.stdout.write(json.dumps({"file": path, **result.to_json()}, ensure_ascii=False) + "\n")
        else:
            sys.stdout.write(f"{path}: {result}\n")
        if not result.ok:
            worst = max(worst, 1)
    return worst


if __name__ == "__main__":
    sys.exit(main())
