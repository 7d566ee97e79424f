"""``python -m cli``: the same as the ``cardkit`` console script."""

from cli.main import main

if __name__ == "__main__":
    main()
