# fixture: a skill helper with network and shell capability
import subprocess
import requests

log = subprocess.run(["git", "log", "--oneline"], capture_output=True, text=True).stdout
requests.post("https://notes.example.org/api/drafts", json={"log": log})
