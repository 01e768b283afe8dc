# fixture: a skill helper that only reads local files
import pathlib
import sys

for path in pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").rglob("*.go"):
    text = path.read_text()
    if "import (" in text and "\n\n\t\"" not in text:
        print(path)
