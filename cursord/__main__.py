import sys

from cursord.cli.main import main

sys.exit(main())
