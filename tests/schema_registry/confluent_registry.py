"""A schema registry speaking the Confluent Schema Registry REST protocol (v1), on 127.0.0.1.

No registry server is served by the package registries this project may use (Confluent's is not on Maven
Central, Karapace and Apicurio are not either), so the tests run this one. It is protocol-faithful for what
Hudi's SchemaRegistryProvider and Confluent's clients use: the media type
application/vnd.schemaregistry.v1+json, POST /subjects/{subject}/versions (register; the same schema again
returns its id), GET /subjects, GET /subjects/{subject}/versions, GET /subjects/{subject}/versions/{version|
latest} ({"subject", "version", "id", "schema"}; "schemaType" only for non-Avro schemas, as Confluent omits it
for AVRO), GET /schemas/ids/{id}, and Confluent's error bodies ({"error_code": 40401, "message": "Subject 'x' not
found."}, 40402 for a version, 40403 for an id, 42201 for a bad schema). With --user user:password every request
needs that Basic Authorization header (401 otherwise, as Confluent's basic-auth realm answers).

    python3 confluent_registry.py --port-file F [--user u:p] [--preload subject=schema.avsc ...]
    # registers the preloaded schemas, writes the chosen port to F, serves until killed
"""

from __future__ import annotations

import argparse
import base64
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MEDIA_TYPE = "application/vnd.schemaregistry.v1+json"


class Registry:
    def __init__(self):
        self.lock = threading.Lock()
        self.schemas: list[tuple[str, str]] = []  # id - 1 -> (schema text, type)
        self.subjects: dict[str, list[int]] = {}  # subject -> ids by version

    def register(self, subject: str, schema: str, schema_type: str) -> int:
        with self.lock:
            key = (schema, schema_type)
            if key in self.schemas:
                schema_id = self.schemas.index(key) + 1
            else:
                self.schemas.append(key)
                schema_id = len(self.schemas)
            versions = self.subjects.setdefault(subject, [])
            if schema_id not in versions:
                versions.append(schema_id)
            return schema_id


def make_handler(registry: Registry, user: str | None):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):  # quiet
            pass

        def reply(self, status: int, body) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", MEDIA_TYPE)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def error(self, status: int, code: int, message: str) -> None:
            self.reply(status, {"error_code": code, "message": message})

        def authorized(self) -> bool:
            if user is None:
                return True
            expected = "Basic " + base64.b64encode(user.encode()).decode()
            if self.headers.get("Authorization") == expected:
                return True
            self.send_response(401)
            self.send_header("WWW-Authenticate", 'Basic realm="SchemaRegistry"')
            self.send_header("Content-Length", "0")
            self.end_headers()
            return False

        def version_body(self, subject: str, version: int, schema_id: int) -> dict:
            schema, schema_type = registry.schemas[schema_id - 1]
            body = {"subject": subject, "version": version, "id": schema_id, "schema": schema}
            if schema_type != "AVRO":
                body["schemaType"] = schema_type
            return body

        def do_GET(self):  # noqa: N802
            if not self.authorized():
                return
            parts = [p for p in self.path.split("?")[0].split("/") if p]
            with registry.lock:
                if parts == ["subjects"]:
                    return self.reply(200, sorted(registry.subjects))
                if len(parts) == 3 and parts[:2] == ["schemas", "ids"]:
                    schema_id = int(parts[2]) if parts[2].isdigit() else 0
                    if not 1 <= schema_id <= len(registry.schemas):
                        return self.error(404, 40403, "Schema not found")
                    schema, schema_type = registry.schemas[schema_id - 1]
                    body = {"schema": schema}
                    if schema_type != "AVRO":
                        body["schemaType"] = schema_type
                    return self.reply(200, body)
                if len(parts) >= 3 and parts[0] == "subjects" and parts[2] == "versions":
                    subject = parts[1]
                    if subject not in registry.subjects:
                        return self.error(404, 40401, f"Subject '{subject}' not found.")
                    versions = registry.subjects[subject]
                    if len(parts) == 3:
                        return self.reply(200, list(range(1, len(versions) + 1)))
                    wanted = parts[3]
                    index = len(versions) if wanted in ("latest", "-1") else int(wanted) if wanted.isdigit() else 0
                    if not 1 <= index <= len(versions):
                        return self.error(404, 40402, f"Version {wanted} not found.")
                    return self.reply(200, self.version_body(subject, index, versions[index - 1]))
            self.error(404, 404, "HTTP 404 Not Found")

        def do_POST(self):  # noqa: N802
            if not self.authorized():
                return
            parts = [p for p in self.path.split("?")[0].split("/") if p]
            length = int(self.headers.get("Content-Length", "0"))
            try:
                body = json.loads(self.rfile.read(length) or b"{}")
                schema = body["schema"]
                json.loads(schema) if body.get("schemaType", "AVRO") in ("AVRO", "JSON") else None
            except (ValueError, KeyError, TypeError):
                return self.error(422, 42201, "Invalid schema")
            if len(parts) == 3 and parts[0] == "subjects" and parts[2] == "versions":
                schema_id = registry.register(parts[1], schema, body.get("schemaType", "AVRO"))
                return self.reply(200, {"id": schema_id})
            self.error(404, 404, "HTTP 404 Not Found")

    return Handler


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--user", help="user:password required as Basic auth")
    parser.add_argument("--preload", action="append", default=[], help="subject=schema file, registered first")
    args = parser.parse_args()
    registry = Registry()
    for entry in args.preload:
        subject, path = entry.split("=", 1)
        with open(path) as schema:
            registry.register(subject, json.dumps(json.load(schema)), "AVRO")
    server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(registry, args.user))
    with open(args.port_file + ".tmp", "w") as out:
        out.write(str(server.server_address[1]))
    import os
    os.replace(args.port_file + ".tmp", args.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
