"""The committed spec is the code's spec, and the docs work without a network."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import api, create_app
from tests.helpers import database_url

SPEC = Path(__file__).resolve().parent.parent / "openapi" / "openapi.json"
REGENERATE = "flask --app scorekeeper openapi write --format=json openapi/openapi.json"


def test_committed_spec_matches_the_code(app: Flask) -> None:
    generated = json.loads(json.dumps(app.extensions["scorekeeper.api"].spec.to_dict()))
    committed = json.loads(SPEC.read_text(encoding="utf-8"))
    assert generated == committed, f"openapi/openapi.json is stale; run: {REGENERATE}"


def test_an_app_reuses_the_spec_built_with_the_same_settings(tmp_path: Path) -> None:
    """The spec is built by the first app of a process and served the same by the next ones;
    other API_* or OPENAPI_* settings build another."""
    api._SPECS.clear()
    first, second = (create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path)})
                     for _ in range(2))
    assert second.extensions["scorekeeper.api"].spec is first.extensions["scorekeeper.api"].spec
    served = second.test_client().get("/openapi.json").get_json()
    assert served == json.loads(SPEC.read_text(encoding="utf-8"))
    other = create_app({"TESTING": True, "DATABASE_URL": database_url(tmp_path),
                        "API_VERSION": "9.9.9"}).test_client().get("/openapi.json").get_json()
    assert other["info"]["version"] == "9.9.9"
    assert other["paths"] == served["paths"]


def test_spec_is_served_and_documents_the_contract(client: FlaskClient) -> None:
    spec = client.get("/openapi.json").get_json()
    paths = spec["paths"]
    for path in ("/api/v1/variants", "/api/v1/variants/{key}", "/api/v1/games",
                 "/api/v1/games/{game_id}", "/api/v1/games/{game_id}/hands",
                 "/api/v1/games/{game_id}/hands/{number}", "/api/v1/games/{game_id}/history"):
        assert path in paths
    post_hand = paths["/api/v1/games/{game_id}/hands"]["post"]
    assert {"401", "403", "404", "409", "412", "422", "201"} <= set(post_hand["responses"])
    assert post_hand["security"] == [{"gameToken": []}]
    headers = {p["name"] for p in parameters(spec, post_hand) if p["in"] == "header"}
    assert headers == {"If-Match", "Idempotency-Key", "Accept-Language"}
    assert "lang" in {p["name"] for p in parameters(spec, post_hand) if p["in"] == "query"}
    assert spec["components"]["securitySchemes"]["gameToken"]["scheme"] == "bearer"


def test_docs_page_loads_its_assets_from_the_app(client: FlaskClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "https://" not in html.replace("https://swagger.io", "")
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css"):
        assert f"/docs/assets/{asset}" in html
        served = client.get(f"/docs/assets/{asset}")
        assert served.status_code == 200
        assert len(served.get_data()) > 10_000
        served.close()


def test_docs_page_runs_no_inline_script(client: FlaskClient) -> None:
    """Swagger UI starts from a script file, so the page's policy allows scripts from the app
    alone: an injected inline script would not run."""
    page = client.get("/docs")
    policy = dict(directive.strip().split(" ", 1)
                  for directive in page.headers["Content-Security-Policy"].split(";"))
    assert policy["script-src"] == "'self'"
    assert "'none'" in (policy["default-src"], policy["frame-ancestors"])
    html = page.get_data(as_text=True)
    assert re.findall(r"<script(?![^>]*\bsrc=)", html) == []  # no inline script
    scripts = re.findall(r'<script src="([^"]+)"', html)
    assert scripts[-1] == "/assets/docs.js"
    script = client.get(scripts[-1])
    assert "SwaggerUIBundle(" in script.get_data(as_text=True)
    script.close()
    spec_url = re.search(r'data-spec-url="([^"]+)"', html)
    assert spec_url is not None and client.get(spec_url[1]).get_json()["openapi"] == "3.0.3"


def test_every_request_body_has_an_example() -> None:
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    missing = [f"{method.upper()} {path}" for path, operations in spec["paths"].items()
               for method, operation in operations.items()
               if isinstance(operation, dict) and "requestBody" in operation
               and not any(media.get("example") is not None or media.get("examples")
                           for media in operation["requestBody"]["content"].values())]
    assert missing == []


def test_the_import_example_imports(client: FlaskClient) -> None:
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    body = spec["paths"]["/api/v1/games/import"]["post"]["requestBody"]["content"][
        "application/json"]["example"]
    response = client.post("/api/v1/games/import", json=body)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["scores"] == [30, 200]


def test_every_operation_has_its_own_name_for_generated_clients() -> None:
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    names = [operation.get("operationId") for operations in spec["paths"].values()
             for method, operation in operations.items() if method != "parameters"]
    assert None not in names
    assert len(set(names)) == len(names) == 84
    assert all(name[0].islower() and name.isalnum() for name in names)


def parameters(spec: dict[str, Any], operation: dict[str, Any]) -> list[dict[str, Any]]:
    """An operation's parameters, each shared one (`$ref`) looked up in components."""
    shared = spec["components"].get("parameters", {})
    return [shared[p["$ref"].rsplit("/", 1)[1]] if "$ref" in p else p
            for p in operation.get("parameters", [])]


def test_every_operation_speaks_the_language_asked_for() -> None:
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if method != "parameters":
                names = {(p["in"], p["name"]) for p in parameters(spec, operation)}
                assert {("query", "lang"), ("header", "Accept-Language")} <= names, (method, path)


def test_reads_that_answer_304_document_if_none_match() -> None:
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if method != "parameters" and "304" in operation["responses"]:
                headers = [p["name"] for p in parameters(spec, operation)
                           if p["in"] == "header"]
                assert headers == ["If-None-Match", "Accept-Language"], (method, path)


METHODS = ("get", "put", "post", "delete", "patch", "head", "options")


def schemas_in(document: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every object in the spec, by where it is."""
    if isinstance(document, dict):
        found = [(path, document)]
        for key, value in document.items():
            found += schemas_in(value, f"{path}/{key}")
        return found
    if isinstance(document, list):
        return [hit for at, value in enumerate(document)
                for hit in schemas_in(value, f"{path}/{at}")]
    return []


def test_the_spec_suits_strict_client_generators() -> None:
    """What Spectral checks (tests/test_quality.py), checked without Node too: `nullable` only
    beside a `type` (OpenAPI 3.0), every operation described, info with a description and a
    contact, a server, and no component nothing uses."""
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    loose = [at for at, schema in schemas_in(spec)
             if schema.get("nullable") is True and "type" not in schema]
    assert not loose, loose
    undescribed = [f"{method} {path}" for path, item in spec["paths"].items()
                   for method, operation in item.items()
                   if method in METHODS and not operation.get("description")]
    assert not undescribed, undescribed
    assert spec["info"]["description"] and spec["info"]["contact"]
    assert spec["servers"] == [{"url": "/", "description": "the server this spec is served by"}]
    assert "PaginationMetadata" not in spec["components"]["schemas"]
