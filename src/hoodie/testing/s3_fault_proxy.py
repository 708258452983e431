#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""An HTTP proxy in front of a real S3 server (moto) that injects the faults object
stores show: throttling, connections reset in the middle of an upload, failed requests.

    s3_fault_proxy.py --port P --upstream http://127.0.0.1:M [--fault RULE]...

RULE is METHOD:REGEX:ACTION:COUNT. A request whose method is METHOD (or `*`) and whose
target (path and query) matches REGEX (re.search) gets ACTION instead of an answer from
upstream, COUNT times (-1: always); the first rule that matches and has faults left wins.
ACTION is one of
  slowdown  503 with S3's SlowDown error (what S3 answers when throttling);
  error500  500 with S3's InternalError;
  reset     half the request body read, then the connection reset (an RST, as a dropped
            connection mid-upload looks to the client).
Every other request goes to upstream unchanged, one connection per request. Each
request is logged on standard error as "<method> <target> <action or 'pass'>".
Standard library only; used by the tests (hoodie/testing/s3_fault_proxy.h).
"""

from __future__ import annotations

import argparse
import re
import socket
import socketserver
import struct
import sys
import threading
from urllib.parse import urlparse

ERRORS = {
    "slowdown": (503, "Slow Down", "SlowDown", "Please reduce your request rate."),
    "error500": (500, "Internal Server Error", "InternalError",
                 "We encountered an internal error. Please try again."),
}


class Rule:
    def __init__(self, text: str):
        method, pattern, action, count = text.split(":", 3)
        if action not in ("slowdown", "error500", "reset"):
            raise SystemExit(f"unknown fault action {action!r} in {text!r}")
        self.method = method
        self.pattern = re.compile(pattern)
        self.action = action
        self.left = int(count)

    def take(self, method: str, target: str) -> bool:
        if self.left == 0 or (self.method != "*" and self.method != method):
            return False
        if not self.pattern.search(target):
            return False
        if self.left > 0:
            self.left -= 1
        return True


class Proxy(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, port: int, upstream: tuple[str, int], rules: list[Rule]):
        super().__init__(("127.0.0.1", port), Handler)
        self.upstream = upstream
        self.rules = rules
        self.lock = threading.Lock()

    def fault_for(self, method: str, target: str) -> str | None:
        with self.lock:
            for rule in self.rules:
                if rule.take(method, target):
                    return rule.action
        return None


def read_head(stream) -> bytes:
    """The request line and headers, up to and with the blank line; b"" at EOF."""
    lines = []
    while True:
        line = stream.readline(65536)
        if not line:
            return b""
        lines.append(line)
        if line in (b"\r\n", b"\n"):
            return b"".join(lines)


def read_body(stream, headers: dict[str, str]) -> bytes:
    """The request body as sent (chunked framing kept)."""
    if headers.get("transfer-encoding", "").lower() == "chunked":
        raw = []
        while True:
            size_line = stream.readline(65536)
            raw.append(size_line)
            size = int(size_line.split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while True:  # trailers, then the blank line
                    trailer = stream.readline(65536)
                    raw.append(trailer)
                    if trailer in (b"\r\n", b"\n", b""):
                        return b"".join(raw)
            raw.append(stream.read(size + 2))
    length = int(headers.get("content-length", "0") or "0")
    return stream.read(length) if length else b""


class Handler(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        while True:
            head = read_head(self.rfile)
            if not head:
                return
            request_line, *header_lines = head.decode("latin-1").split("\r\n")
            method, target, _ = request_line.split(" ", 2)
            headers = {}
            for line in header_lines:
                if ":" in line:
                    name, value = line.split(":", 1)
                    headers[name.strip().lower()] = value.strip()
            action = self.server.fault_for(method, target)
            print(f"{method} {target} {action or 'pass'}", file=sys.stderr, flush=True)
            if action == "reset":
                length = int(headers.get("content-length", "0") or "0")
                self.rfile.read(length // 2)
                # SO_LINGER 0: close sends an RST, not a FIN.
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                           struct.pack("ii", 1, 0))
                return
            body = read_body(self.rfile, headers)
            if action is not None:
                self.answer_error(action, target)
                continue
            self.forward(head, body)
            return  # upstream closed the connection after its answer

    def answer_error(self, action: str, target: str) -> None:
        status, reason, code, message = ERRORS[action]
        xml = (f'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>{code}</Code>'
               f"<Message>{message}</Message><Resource>{target}</Resource>"
               "<RequestId>hoodie-fault-proxy</RequestId></Error>").encode()
        self.wfile.write(
            f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/xml\r\n"
            f"Content-Length: {len(xml)}\r\n\r\n".encode() + xml)
        self.wfile.flush()

    def forward(self, head: bytes, body: bytes) -> None:
        # One connection per request: upstream closes it after answering, which ends the
        # answer whatever its framing.
        lines = head.decode("latin-1").split("\r\n")
        kept = [line for line in lines[1:] if line and
                not line.lower().startswith(("connection:", "keep-alive:"))]
        rebuilt = "\r\n".join([lines[0], *kept, "Connection: close", "", ""]).encode("latin-1")
        with socket.create_connection(self.server.upstream) as upstream:
            upstream.sendall(rebuilt + body)
            while True:
                chunk = upstream.recv(65536)
                if not chunk:
                    break
                self.wfile.write(chunk)
        self.wfile.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--upstream", required=True)
    parser.add_argument("--fault", action="append", default=[])
    args = parser.parse_args()
    upstream = urlparse(args.upstream)
    proxy = Proxy(args.port, (upstream.hostname, upstream.port),
                  [Rule(text) for text in args.fault])
    proxy.serve_forever()


if __name__ == "__main__":
    main()
