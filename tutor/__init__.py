"""tutor: the engine, rendering and scenarios of the patience rules site.

Pure standard-library Python: it runs unchanged in CPython and in Pyodide.
"""

__version__ = "0.1.0"
