"""Request and response schemas: the shapes of ../shared/API.md, documented in the OpenAPI spec.
One module per resource (variants, games, hands, referee, tournaments and their brackets), and
common: what they share."""
