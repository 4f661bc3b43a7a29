import sys

from .cli.cli import main

sys.exit(main())
