"""S3 and SQS calls against a plain moto server, for tests/interop/test_s3_events.py.

Run by the interpreter of .venv-services/ (which has boto3, pinned with moto there), not by pytest:
`python moto_aws_client.py ENDPOINT` with one JSON request on standard input; prints one JSON answer.
Requests: {"create_bucket": NAME}, {"put": {"bucket", "key", "file"}}, {"create_queue": NAME},
{"send": {"queue_url", "body"}}, {"count": QUEUE_URL} (visible plus in-flight messages).
"""

from __future__ import annotations

import json
import sys

import boto3


def main() -> None:
    endpoint = sys.argv[1]
    options = dict(endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="testing",
                   aws_secret_access_key="testing")
    s3 = boto3.client("s3", **options)
    sqs = boto3.client("sqs", **options)
    request = json.loads(sys.stdin.read())
    answer = {}
    if "create_bucket" in request:
        s3.create_bucket(Bucket=request["create_bucket"])
    elif "put" in request:
        put = request["put"]
        with open(put["file"], "rb") as body:
            s3.put_object(Bucket=put["bucket"], Key=put["key"], Body=body.read())
    elif "create_queue" in request:
        answer["queue_url"] = sqs.create_queue(QueueName=request["create_queue"])["QueueUrl"]
    elif "send" in request:
        sqs.send_message(QueueUrl=request["send"]["queue_url"], MessageBody=request["send"]["body"])
    elif "count" in request:
        names = ["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"]
        attributes = sqs.get_queue_attributes(QueueUrl=request["count"], AttributeNames=names)["Attributes"]
        answer["count"] = sum(int(attributes[n]) for n in names)
    print(json.dumps(answer))


if __name__ == "__main__":
    main()
