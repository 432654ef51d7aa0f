"""python -m sitebuild.runtime [--force]: build the runtime bundle (see bundle.py)."""

import sys

from sitebuild.runtime.bundle import main

sys.exit(main())
