"""`python -m iotyun …`: the same as the `iotyun` command (a gateway's supervisor starts its agent this way, from the
release it runs)."""

import sys

from iotyun.cli import main

sys.exit(main())
