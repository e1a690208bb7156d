"""Entry point of the bundled app: with no arguments it opens the desktop app."""

import multiprocessing
import sys

from computescore.cli import main

if __name__ == "__main__":
    # The importer parses vendor files in a child process; frozen apps need this.
    multiprocessing.freeze_support()
    sys.exit(main())
