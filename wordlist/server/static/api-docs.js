// /docs: Swagger UI on the server's /openapi.json, started here rather than inline (the page's
// content security policy runs no inline script). SwaggerUIBundle comes from /docs/assets.
/* global SwaggerUIBundle */
SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
