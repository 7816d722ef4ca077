"""Schemathesis against the committed OpenAPI spec, in-process: for generated and mutated requests
to every operation, no 5xx and every response as the spec says (status, content type, headers,
body), the auth checks on. The event streams are left out: they stream for minutes by design."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from scorekeeper import create_app
from tests.helpers import SHARED_DATABASE

SPEC = Path(__file__).resolve().parent.parent.parent / "openapi" / "openapi.json"
APP = create_app({"TESTING": True,
                  "DATABASE_URL": SHARED_DATABASE
                  or f"sqlite:///{tempfile.mkdtemp()}/schemathesis.sqlite"})
CONFIG = SchemathesisConfig.from_dict({"checks": {
    # A request the schema allows may still break a rule of the game: a 422 is right then.
    "positive_data_acceptance": {"enabled": False},
    # Refusing a body that is too large (413) or not JSON (415) is a refusal too.
    "negative_data_rejection": {"expected-statuses": [400, 401, 403, 404, 405, 406, 409, 412,
                                                      413, 415, 422]},
}})
schema = schemathesis.openapi.from_path(str(SPEC), config=CONFIG).exclude(path_regex=r"/events$")


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_to_its_spec(case: Any) -> None:
    # Schemathesis asks for gzip as requests does, but over WSGI no HTTP client decodes the body:
    # the plain body is checked here, the compressed one in tests/test_compression.py.
    case.call_and_validate(app=APP, headers={"Accept-Encoding": "identity"})
