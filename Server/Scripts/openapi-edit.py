#!/usr/bin/env python3
"""Reads the OpenAPI document compiled into the service (Sources/SwitchyardService/OpenAPIDocument.swift),
applies an edit given as Python code on `doc` (a dict), and writes it back, formatted the same way.

    Server/Scripts/openapi-edit.py 'doc["paths"]["/x"] = {...}'
"""
import json, os, sys

here = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(here, "..", "Sources", "SwitchyardService", "OpenAPIDocument.swift")
source = open(path).read()
start = source.index('##"""\n') + len('##"""\n')
end = source.index('\n"""##')
doc = json.loads(source[start:end])
exec(sys.argv[1] if len(sys.argv) > 1 else "", {"doc": doc, "json": json})
text = json.dumps(doc, indent=2, ensure_ascii=False)
assert '"""##' not in text
open(path, "w").write(source[:start] + text + source[end:])
