"""The framework floor: a bare Flask app answering a small JSON "hello".

``benchmarks/http_load.py`` serves it with gunicorn (same worker class, worker
count and keep-alive as the portal) in the same run as the portal, and divides
every portal endpoint's throughput by this one's.  Nothing else lives here: no
extensions, no hooks, no session, so the ratio shows what the portal adds.
"""

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello():
    return {"hello": "world"}
