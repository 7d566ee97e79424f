"""``python -m cardkit_cli``: the same as the ``cardkit`` console script."""

from cardkit_cli.main import main

if __name__ == "__main__":
    main()
