"""``python -m computescore`` runs the command line (and, with no command, the app)."""

from computescore.cli import main

raise SystemExit(main())
