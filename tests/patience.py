"""How long a test waits for another process or a browser: a hang guard, never a verdict.

A test that waits for output (pexpect), for a child process (``subprocess``)
or for a page (Selenium's ``WebDriverWait``) needs a bound, or a real hang
would hold the run until pytest-timeout's last resort (24 hours). The bound
must never decide a result on a slow or busy machine (the charter: no verdict
depends on load), so every such wait uses this one generous number, ten
minutes; ``RULEPROOF_TEST_PATIENCE`` (seconds) raises or lowers it. On an idle
machine each wait ends in well under a second or a few seconds.

What is *not* covered here: a test whose subject is a time (issue 35's
"Ctrl-C stops the command within two seconds") states its own bound beside
its assertion.

>>> PATIENCE >= 60
True
"""

from __future__ import annotations

import os

#: Seconds any single wait of a test may take before the test fails as hung.
PATIENCE: float = float(os.environ.get("RULEPROOF_TEST_PATIENCE", "600"))
