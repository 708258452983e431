"""An HTTP server on 127.0.0.1 that records every request it gets, for the write commit callback tests.

Each request is appended to the --requests file as one JSON line: {"method", "path", "headers" (name -> value, as
sent), "body" (text)}. The path decides the answer: /fail answers 500 with a short text body, /hang records the
request and never answers (the client's timeout must end it), anything else answers 200 with an empty body.

    python3 callback_server.py --port P --requests R   # serves on 127.0.0.1:P until killed
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def make_handler(requests_path: str, lock: threading.Lock):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):  # quiet
            pass

        def record(self, body: bytes) -> None:
            line = {
                "method": self.command,
                "path": self.path,
                "headers": {name: value for name, value in self.headers.items()},
                "body": body.decode("utf-8", errors="replace"),
            }
            with lock, open(requests_path, "a", encoding="utf-8") as out:
                out.write(json.dumps(line) + "\n")

        def answer(self, status: int, text: str) -> None:
            data = text.encode()
            self.send_response(status)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def handle_any(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            self.record(self.rfile.read(length))
            if self.path.startswith("/hang"):
                time.sleep(3600)
            elif self.path.startswith("/fail"):
                self.answer(500, "callback receiver is down for maintenance")
            else:
                self.answer(200, "")

        do_POST = handle_any
        do_GET = handle_any
        do_PUT = handle_any

    return Handler


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--requests", required=True)
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(args.requests, threading.Lock()))
    server.daemon_threads = True
    server.serve_forever()


if __name__ == "__main__":
    main()
