// Starts Swagger UI on this service's description (index.html says why this is not micronaut-openapi's page).
window.ui = SwaggerUIBundle({
  url: '/openapi/auth-service.yml',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  plugins: [SwaggerUIBundle.plugins.DownloadUrl],
  layout: 'StandaloneLayout',
  deepLinking: true,
  tagsSorter: 'alpha',
  validatorUrl: null,
});
