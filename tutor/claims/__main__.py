import sys

from tutor.claims.update import main  # the pool's workers pickle tutor.claims.update's names, not __main__'s

sys.exit(main())
