"""moto's S3 server with authentication on, for the s3a interop cases (tests/interop/test_s3a.py).

Run by the interpreter of .venv-services/ (scripts/setup-services.sh installs the pinned `moto[server]`
there), not by pytest: `python moto_s3_server.py BUCKET`. It serves on 127.0.0.1 on a port the kernel
picks, creates an IAM user allowed `s3:*` with one access key, creates BUCKET, then turns authentication
on: from then on moto checks every request's SigV4 signature against that key, so a client that sends
other credentials, or none, gets 403. It prints one JSON line (`store`: endpoint, region, access key,
secret key, bucket; `moto`: its version) and serves until its standard input closes.

moto recomputes each signature with botocore from the request it received, and two things in that
recomputation differ from what S3 (and every AWS SDK) signs; both are corrected here, in this process
only, before the server starts (see `sign_as_s3_does`):

1. botocore never signs `user-agent` (SIGNED_HEADERS_BLACKLIST), so moto leaves the header out of the
   canonical request even when the client listed it in SignedHeaders. The AWS SDK for Java v1 inside
   hadoop-aws 3.3.4 does list it (`amz-sdk-invocation-id;amz-sdk-request;amz-sdk-retry;content-type;
   host;user-agent;x-amz-content-sha256;x-amz-date`), so every Spark s3a request failed with 403.
2. moto takes the path and query from werkzeug's decoded URL (`prefix=t/.hoodie/` where the client sent
   and signed `prefix=t%2F.hoodie%2F`, `part=p1` where it signed `part%3Dp1`), and botocore uses them as
   they are. Every listing with a `/` in its prefix or delimiter, and every key with `=` (hive-style
   partitions), failed with SignatureDoesNotMatch, for hadoop-aws and for hoodie's AWS SDK for C++ alike.
   The fix re-encodes path and query in SigV4's canonical form (RFC 3986 unreserved characters kept).
"""

from __future__ import annotations

import json
import sys
from importlib import metadata
from urllib.parse import quote, unquote

REGION = "us-east-1"
USER = "hoodie-interop"
UNRESERVED = "-_.~"


def canonical_path_and_query(path: str) -> str:
    """SigV4's canonical URI and query string of a decoded `path?query`: every byte but the unreserved
    ones percent-encoded (`/` kept in the path), as the AWS SDKs encode them when they sign."""
    path, sep, query = path.partition("?")
    out = quote(unquote(path), safe="/" + UNRESERVED)
    if sep:
        pairs = (pair.partition("=") for pair in query.split("&"))
        out += "?" + "&".join(f"{quote(unquote(k), safe=UNRESERVED)}={quote(unquote(v), safe=UNRESERVED)}"
                              for k, _, v in pairs)
    return out


def sign_as_s3_does() -> None:
    """The two corrections of the module docstring, applied to the pinned moto and botocore; each asserts
    the internals it changes, so that an upgrade that moves them fails here and not as a 403 later."""
    import botocore.auth
    from moto.iam import access_control

    assert "user-agent" in botocore.auth.SIGNED_HEADERS_BLACKLIST, "botocore changed its unsigned headers"
    botocore.auth.SIGNED_HEADERS_BLACKLIST.remove("user-agent")

    request_class = access_control.IAMRequestBase
    create_aws_request = request_class._create_aws_request

    def _create_aws_request(self):
        self._path = canonical_path_and_query(self._path)
        return create_aws_request(self)

    request_class._create_aws_request = _create_aws_request


def main(bucket: str) -> None:
    sign_as_s3_does()
    import boto3
    from moto import settings
    from moto.server import ThreadedMotoServer

    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    endpoint = f"http://{host}:{port}"
    # Authentication is still off (moto's default): any credentials set the server up.
    setup = {"endpoint_url": endpoint, "region_name": REGION, "aws_access_key_id": "setup",
             "aws_secret_access_key": "setup"}
    iam = boto3.client("iam", **setup)
    iam.create_user(UserName=USER)
    iam.put_user_policy(UserName=USER, PolicyName="s3", PolicyDocument=json.dumps({
        "Version": "2012-10-17",
        "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}))
    key = iam.create_access_key(UserName=USER)["AccessKey"]
    boto3.client("s3", **setup).create_bucket(Bucket=bucket)
    settings.INITIAL_NO_AUTH_ACTION_COUNT = 0  # every later request is authenticated
    store = {"endpoint": endpoint, "region": REGION, "access_key": key["AccessKeyId"],
             "secret_key": key["SecretAccessKey"], "bucket": bucket}
    print(json.dumps({"store": store, "moto": metadata.version("moto")}), flush=True)
    sys.stdin.read()
    server.stop()


if __name__ == "__main__":
    main(sys.argv[1])
