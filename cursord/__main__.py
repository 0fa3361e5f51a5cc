import sys

from cursord.cli import main

sys.exit(main())
