// Swagger UI on the app's own spec. A file, not an inline script, so the docs page's
// Content-Security-Policy allows scripts from the app alone.
"use strict";

const container = document.getElementById("swagger-ui");
window.ui = SwaggerUIBundle({
  url: container.dataset.specUrl,
  domNode: container,
  validatorUrl: null, // no badge fetched from validator.swagger.io
});
