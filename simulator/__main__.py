"""`python -m simulator ...` is the same as the `simulator` command."""
import sys

from .cli import main

sys.exit(main())
