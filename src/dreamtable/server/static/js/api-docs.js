// The API reference page (/docs): Swagger UI, shipped by the swagger-ui-bundle package and served at
// /docs/assets, drawing this server's /openapi.json. A file of its own, since the page allows no inline script.
window.SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true });
