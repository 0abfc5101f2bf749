"""`python -m simulator ...` is the same as the `simulator` command."""
import sys

from simulator.cli.main import main

sys.exit(main())
