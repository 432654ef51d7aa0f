"""Temporary stub: replaced by the real JSON boundary."""
import json


def handle(request):
    return {"ok": True, "echo": request}


def handle_json(text):
    return json.dumps(handle(json.loads(text)), ensure_ascii=False)
